package org.tropic.kg;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tropic.io.NoBreakSpaces;

/**
 * Reads a small UTF-8 table line by line (plain or gzip): fields split on tabs when the line has one, else on
 * commas (or, for SIF, on runs of spaces, as the core's SIF reader splits); a field wrapped in double quotes loses
 * them; spaces and no-break spaces (U+00A0) around a field are trimmed; CR before LF, blank lines and {@code #}
 * comment lines are ignored. For the tab- and comma-separated inputs that are not SemMedDB dumps (citation pairs,
 * triples, co-occurrence tables, curated graphs).
 */
final class TextTable implements Closeable {
  /** What separates the fields of a line that has no tab. */
  enum Fallback {
    COMMA,
    /** Spaces (and any other whitespace), runs of them counting as one: SIF's rule. */
    WHITESPACE
  }

  private final BufferedReader lines;
  private final Fallback fallback;
  private long line;
  private String text;
  private String[] fields;

  TextTable(Path file) throws IOException {
    this(file, Fallback.COMMA);
  }

  TextTable(Path file, Fallback fallback) throws IOException {
    this.fallback = fallback;
    this.lines = new BufferedReader(new InputStreamReader(InputFiles.open(file), StandardCharsets.UTF_8), 1 << 16);
  }

  /** Advances to the next data line; false at the end. */
  boolean next() throws IOException {
    while (true) {
      String raw = lines.readLine();
      if (raw == null) {
        return false;
      }
      line++;
      if (raw.endsWith("\r")) {
        raw = raw.substring(0, raw.length() - 1);
      }
      if (NoBreakSpaces.strip(raw).isEmpty() || raw.startsWith("#")) {
        continue;
      }
      text = raw;
      fields = raw.indexOf('\t') < 0 && fallback == Fallback.WHITESPACE ? splitWhitespace(raw) : split(raw);
      return true;
    }
  }

  /** Runs of whitespace; a no-break space around a field is trimmed, as the core's readers trim it. */
  private static String[] splitWhitespace(String raw) {
    List<String> parts = new ArrayList<>();
    for (String part : raw.strip().split("\\s+")) {
      String field = NoBreakSpaces.strip(part);
      if (!field.isEmpty()) {
        parts.add(field);
      }
    }
    return parts.toArray(String[]::new);
  }

  private static String[] split(String raw) {
    char delimiter = raw.indexOf('\t') >= 0 ? '\t' : ',';
    List<String> parts = new ArrayList<>();
    int from = 0;
    while (true) {
      int at = raw.indexOf(delimiter, from);
      String part = at < 0 ? raw.substring(from) : raw.substring(from, at);
      if (part.length() >= 2 && part.startsWith("\"") && part.endsWith("\"")) {
        part = part.substring(1, part.length() - 1);
      }
      parts.add(NoBreakSpaces.strip(part));
      if (at < 0) {
        return parts.toArray(String[]::new);
      }
      from = at + 1;
    }
  }

  /** The 1-based number of the current line. */
  long line() {
    return line;
  }

  /** The current line as read. */
  String text() {
    return text;
  }

  String[] fields() {
    return fields;
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }
}
