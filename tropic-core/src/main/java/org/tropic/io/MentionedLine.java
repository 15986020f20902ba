package org.tropic.io;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The first line of an arcs file that names a vertex, or an arc, which {@link ArcChanges} refuses once the file has
 * been read as a graph, when the lines it came from are gone: so its error can say where to look, as every other
 * bad-input error does. Finding the line is a courtesy: 0 (no line) where the file cannot be read again or no line
 * matches, and for Matrix Market and DIMACS, whose lines hold 1-based ids rather than the 0-based names.
 */
final class MentionedLine {
  private MentionedLine() {
  }

  /**
   * @param source how the file was read (format, direction)
   * @param from the vertex named, or the source of the arc
   * @param to the target of the arc, or {@code null} for a vertex named anywhere on a line
   * @return the 1-based line, or 0 when none is found
   */
  static long find(Path file, GraphSource source, String from, String to) {
    return find(file, source, from, to, source.undirected());
  }

  /**
   * As {@link #find(Path, GraphSource, String, String)}, matching an arc written {@code to from} too only where
   * {@code eitherWay}: so a caller can tell which way round a line writes an undirected edge.
   */
  static long find(Path file, GraphSource source, String from, String to, boolean eitherWay) {
    if (source.format() == GraphFormat.MATRIX_MARKET || source.format() == GraphFormat.DIMACS) {
      return 0;
    }
    try (BufferedInputStream raw = new BufferedInputStream(Files.newInputStream(file));
        BufferedReader lines = new BufferedReader(new InputStreamReader(
            Compression.sniff(raw).decompress(raw, file.toString()), StandardCharsets.UTF_8))) {
      long number = 0;
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        number++;
        String[] fields = fields(line, source.format());
        GraphFormat format = source.format();
        if (fields.length >= 2 && (to == null ? names(fields, from, format)
            : arc(fields, from, to, format) || eitherWay && arc(fields, to, from, format))) {
          return number;
        }
      }
    } catch (IOException | RuntimeException e) {
      return 0; // the error stands without its line
    }
    return 0;
  }

  private static String[] fields(String line, GraphFormat format) {
    String text = line.strip();
    if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
      text = text.substring(1).strip();
    }
    if (text.isEmpty() || text.startsWith("#") || text.startsWith("%")) {
      return new String[0];
    }
    String separator = switch (format) {
      case CSV -> ",";
      case TSV -> "\t";
      default -> text.indexOf('\t') >= 0 ? "\t" : "\\s+";
    };
    String[] fields = text.split(separator);
    for (int i = 0; i < fields.length; i++) {
      String field = NoBreakSpaces.strip(fields[i]); // as the readers trim names
      fields[i] = field.length() >= 2 && field.startsWith("\"") && field.endsWith("\"")
          ? field.substring(1, field.length() - 1) : field;
    }
    return fields;
  }

  /** Whether a line names {@code name} as a vertex: an edge list's first two fields, SIF's source and targets. */
  private static boolean names(String[] fields, String name, GraphFormat format) {
    if (fields[0].equals(name)) {
      return true;
    }
    for (int i = format == GraphFormat.SIF ? 2 : 1; i < (format == GraphFormat.SIF ? fields.length : 2); i++) {
      if (fields[i].equals(name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean arc(String[] fields, String from, String to, GraphFormat format) {
    if (!fields[0].equals(from)) {
      return false;
    }
    if (format != GraphFormat.SIF) {
      return fields[1].equals(to);
    }
    for (int i = 2; i < fields.length; i++) {
      if (fields[i].equals(to)) {
        return true;
      }
    }
    return false;
  }
}
