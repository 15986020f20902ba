package org.tropic.cli;

import de.siegmar.fastcsv.reader.CommentStrategy;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.tropic.io.BinaryContent;
import org.tropic.io.Compression;
import org.tropic.io.GraphInputException;
import org.tropic.io.NoBreakSpaces;

/**
 * The vertex pairs of a file for {@code tropic query OUT.npy dist|path --pairs FILE}: one pair per line, a source
 * and a target name. The separator is taken from the first line that is not a comment: a tab if it has one (names
 * may then hold spaces), else a comma (CSV, quotes allowed), else runs of spaces. Lines starting with {@code #} and
 * blank lines (spaces or tabs only) are skipped, as is a leading byte-order mark; {@code -} reads standard input.
 * Names are trimmed of spaces and of no-break spaces (U+00A0), as the graph readers trim them.
 */
final class VertexPairs {
  /** One pair as written, with the line it came from for error messages. */
  record Pair(String from, String to, long line) {}

  private VertexPairs() {}

  /** The pairs of {@code file}, in file order; a line without exactly two names is refused with its number. */
  static List<Pair> read(Path file) throws IOException {
    if (Files.isDirectory(file)) { // else the JDK's bare "Is a directory", without the name, and exit code 1
      throw new IllegalArgumentException("--pairs " + file + " is a folder, not a file of vertex pairs");
    }
    String text = text(file);
    if (text.startsWith("\uFEFF")) { // a byte-order mark (Excel's "CSV UTF-8") would be part of the first name
      text = text.substring(1);
    }
    char separator = separatorOf(text);
    List<Pair> pairs = new ArrayList<>();
    try (CsvReader<CsvRecord> records = CsvReader.builder().fieldSeparator(separator)
        .commentStrategy(CommentStrategy.SKIP).commentCharacter('#').skipEmptyLines(true)
        .allowExtraFields(true).allowMissingFields(true).ofCsvRecord(text)) {
      for (CsvRecord record : records) {
        List<String> names = new ArrayList<>(2);
        for (String field : record.getFields()) {
          // with spaces as separators, a run of them gives empty fields between its spaces
          if (!(separator == ' ' && field.isEmpty())) {
            names.add(NoBreakSpaces.strip(field)); // a no-break space around a pasted name is no part of it
          }
        }
        if (names.stream().allMatch(String::isEmpty)) {
          continue; // a line of spaces (or of tabs) only: blank, though the CSV reader sees a field in it
        }
        if (names.size() != 2) {
          throw new IllegalArgumentException(nameOf(file) + ", line " + record.getStartingLineNumber()
              + ": expected two vertex names (from, to), got " + names.size() + ": " + names + " (the separator is "
              + (separator == '\t' ? "a tab" : separator == ',' ? "a comma" : "spaces")
              + ", as on the file's first pair; one file uses one)" + NoBreakSpaces.hint(names, separator));
        }
        pairs.add(new Pair(names.get(0), names.get(1), record.getStartingLineNumber()));
      }
    }
    if (pairs.isEmpty()) { // else an empty table, which reads as a query that found nothing
      throw new IllegalArgumentException(nameOf(file) + ": no vertex pairs: the input has only blank lines and '#'"
          + " comments; expected a line 'from to' per pair");
    }
    return pairs;
  }

  /** The pairs file as messages name it: standard input named as such, not as a file called "-". */
  static String nameOf(Path file) {
    return file.toString().equals("-") ? "standard input (--pairs -)" : file.toString();
  }

  private static char separatorOf(String text) {
    // the stream is lazy: only the lines up to the first pair are looked at
    String first = text.lines().filter(line -> !line.isBlank() && !line.strip().startsWith("#")).findFirst()
        .orElse("\t");
    return first.indexOf('\t') >= 0 ? '\t' : first.indexOf(',') >= 0 ? ',' : ' ';
  }

  /**
   * The file's text, gzip or xz decompressed as the graph readers do it; binary content and bytes that are not UTF-8
   * are refused with the line they are on (the JDK's decoder said only "Input length = 1", with exit code 1).
   */
  private static String text(Path file) throws IOException {
    byte[] bytes;
    try (InputStream in = Compression.decompressed(file.toString().equals("-") ? System.in
        : Files.newInputStream(file), nameOf(file))) {
      bytes = in.readAllBytes();
    }
    String expected = "a text file of vertex pairs, a line 'from to' each";
    BinaryContent.refuse(nameOf(file), Arrays.copyOf(bytes, Math.min(bytes.length, BinaryContent.HEAD_BYTES)),
        expected);
    CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult result = utf8.decode(in, out, true);
    if (result.isError()) {
      int at = in.position();
      int lineStart = at;
      while (lineStart > 0 && bytes[lineStart - 1] != '\n') {
        lineStart--;
      }
      int lineEnd = at;
      while (lineEnd < bytes.length && bytes[lineEnd] != '\n') {
        lineEnd++;
      }
      throw new GraphInputException(nameOf(file), lineNumberAt(bytes, at), String.format(Locale.ROOT,
          "not valid UTF-8 (byte 0x%02x at column %d; shown with U+FFFD for the bad bytes)", bytes[at] & 0xff,
          at - lineStart + 1), new String(bytes, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8),
          "UTF-8 text; convert the file first, e.g. iconv -f latin1 -t utf-8");
    }
    return out.flip().toString();
  }

  private static long lineNumberAt(byte[] bytes, int at) {
    long line = 1;
    for (int i = 0; i < at; i++) {
      if (bytes[i] == '\n') {
        line++;
      }
    }
    return line;
  }
}
