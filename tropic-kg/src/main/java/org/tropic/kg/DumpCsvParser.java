package org.tropic.kg;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Streams the rows of a MySQL-style delimited dump as SemMedDB ships it: latin1 bytes, fields split by a delimiter,
 * optionally enclosed in double quotes ({@code ""} inside quotes is a quote), {@code \} escaping the next byte
 * ({@code \0 \b \n \r \t \Z} as MySQL writes them, anything else — the delimiter, a quote, a newline — literally), a
 * field of exactly {@code \N} meaning NULL, rows ended by LF or CRLF. Blank lines are skipped.
 *
 * <p>Works on bytes: one reused buffer for the current row, no object per field, so rows stream at hundreds of MB/s
 * and memory stays constant. Latin1 maps each byte to one char, so field text is exact whatever the bytes.
 */
final class DumpCsvParser implements Closeable {
  private static final int BUFFER = 1 << 16;
  private static final int EOF = -1;

  private final InputStream in;
  private final byte delimiter;
  private final byte[] buffer = new byte[BUFFER];
  private int position;
  private int limit;

  private byte[] row = new byte[512];
  private int rowLength;
  private int[] starts = new int[32];
  private int[] ends = new int[32];
  private boolean[] nulls = new boolean[32];
  private int fields;
  private long nextLine = 1;
  private long rowLine;
  private String problem;

  DumpCsvParser(InputStream in, char delimiter) {
    this.in = in;
    this.delimiter = (byte) delimiter;
  }

  /** Reads the next row; false at the end of the input. */
  boolean next() throws IOException {
    while (true) {
      int c = read();
      if (c == EOF) {
        return false;
      }
      if (c == '\n') {
        nextLine++;
        continue;
      }
      if (c == '\r' && peek() == '\n') {
        continue;
      }
      position--; // the byte just read is the row's first: let the row parser see it
      parseRow();
      return true;
    }
  }

  /**
   * Parses one row from the current position. Runs of ordinary bytes are found by a tight scan of the input buffer
   * and copied at once; only quotes, backslashes, delimiters and line ends take the byte-by-byte path.
   */
  private void parseRow() throws IOException {
    rowLine = nextLine;
    rowLength = 0;
    fields = 0;
    problem = null;
    int fieldStart = 0;
    boolean quoted = false;
    boolean nullCandidate = false;
    boolean fieldOpen = true;
    byte delimiterByte = delimiter;
    while (true) {
      if (position == limit && !fill()) {
        if (quoted) {
          problem = "the input ends inside a quoted field";
        }
        endField(fieldStart, nullCandidate);
        return;
      }
      byte[] buf = buffer;
      int scan = position;
      int end = limit;
      if (quoted) {
        while (scan < end && buf[scan] != '"' && buf[scan] != '\\' && buf[scan] != '\n') {
          scan++;
        }
      } else {
        while (scan < end) {
          byte b = buf[scan];
          if (b == delimiterByte || b == '\n' || b == '\r' || b == '\\' || b == '"') {
            break;
          }
          scan++;
        }
      }
      if (scan > position) {
        appendRun(buf, position, scan);
        position = scan;
        fieldOpen = false;
        continue;
      }
      int c = buf[position++] & 0xff;
      if (quoted) {
        if (c == '"') {
          if (peek() == '"') {
            read();
            append('"');
          } else {
            quoted = false;
          }
        } else if (c == '\\') {
          nullCandidate |= escape(fieldStart);
        } else {
          nextLine++;
          append(c);
        }
      } else if (c == delimiterByte) {
        endField(fieldStart, nullCandidate);
        fieldStart = rowLength;
        nullCandidate = false;
        fieldOpen = true;
        continue;
      } else if (c == '\n') {
        nextLine++;
        endField(fieldStart, nullCandidate);
        return;
      } else if (c == '\r') {
        if (peek() != '\n') {
          append('\r');
        }
      } else if (c == '"' && fieldOpen && rowLength == fieldStart) {
        quoted = true;
      } else if (c == '\\') {
        nullCandidate |= escape(fieldStart);
      } else {
        append(c);
      }
      fieldOpen = false;
    }
  }

  private void appendRun(byte[] from, int start, int end) {
    int length = end - start;
    if (rowLength + length > row.length) {
      row = Arrays.copyOf(row, Math.max(row.length * 2, rowLength + length));
    }
    System.arraycopy(from, start, row, rowLength, length);
    rowLength += length;
  }

  /** Handles the byte after a backslash; true if it makes {@code \N} at the start of the field. */
  private boolean escape(int fieldStart) throws IOException {
    int c = read();
    boolean atStart = rowLength == fieldStart;
    switch (c) {
      case EOF -> append('\\');
      case '0' -> append(0);
      case 'b' -> append('\b');
      case 'n' -> append('\n');
      case 'r' -> append('\r');
      case 't' -> append('\t');
      case 'Z' -> append(26);
      case '\n' -> {
        nextLine++;
        append('\n');
      }
      default -> append(c);
    }
    return c == 'N' && atStart;
  }

  private void endField(int fieldStart, boolean nullCandidate) {
    if (fields == starts.length) {
      starts = Arrays.copyOf(starts, fields * 2);
      ends = Arrays.copyOf(ends, fields * 2);
      nulls = Arrays.copyOf(nulls, fields * 2);
    }
    starts[fields] = fieldStart;
    ends[fields] = rowLength;
    nulls[fields] = nullCandidate && rowLength - fieldStart == 1;
    fields++;
  }

  private void append(int c) {
    if (rowLength == row.length) {
      row = Arrays.copyOf(row, row.length * 2);
    }
    row[rowLength++] = (byte) c;
  }

  private int read() throws IOException {
    if (position == limit && !fill()) {
      return EOF;
    }
    return buffer[position++] & 0xff;
  }

  private int peek() throws IOException {
    if (position == limit && !fill()) {
      return EOF;
    }
    return buffer[position] & 0xff;
  }

  private boolean fill() throws IOException {
    int read = in.read(buffer, 0, buffer.length);
    if (read <= 0) {
      return false;
    }
    position = 0;
    limit = read;
    return true;
  }

  /** The 1-based line the current row starts on. */
  long line() {
    return rowLine;
  }

  /** A lexical fault of the current row (an unterminated quote), or {@code null}. */
  String problem() {
    return problem;
  }

  int fieldCount() {
    return fields;
  }

  boolean isNull(int field) {
    return nulls[field];
  }

  /** The field's text, {@code null} for NULL. */
  String text(int field) {
    return nulls[field] ? null : new String(row, starts[field], ends[field] - starts[field],
        StandardCharsets.ISO_8859_1);
  }

  /** The field's text up to the first {@code |} (the first of a piped list), {@code null} for NULL. */
  String firstOfList(int field) {
    if (nulls[field]) {
      return null;
    }
    int end = starts[field];
    while (end < ends[field] && row[end] != '|') {
      end++;
    }
    return new String(row, starts[field], end - starts[field], StandardCharsets.ISO_8859_1);
  }

  /** The bytes of the current row (fields unescaped); valid until the next row. */
  byte[] bytes() {
    return row;
  }

  /** Where the field starts in {@link #bytes()}. */
  int start(int field) {
    return starts[field];
  }

  /** Where the field's first {@code |}-separated element ends in {@link #bytes()}. */
  int endOfFirst(int field) {
    int end = starts[field];
    while (end < ends[field] && row[end] != '|') {
      end++;
    }
    return end;
  }

  /** Whether the field is empty (and not NULL). */
  boolean isEmpty(int field) {
    return !nulls[field] && ends[field] == starts[field];
  }

  /**
   * The field as a non-negative decimal integer below 2^31, or -1 if it is NULL, empty, or anything else.
   */
  int nonNegativeInt(int field) {
    if (nulls[field]) {
      return -1;
    }
    int from = starts[field];
    int to = ends[field];
    if (from == to || to - from > 10) {
      return -1;
    }
    long value = 0;
    for (int i = from; i < to; i++) {
      int digit = row[i] - '0';
      if (digit < 0 || digit > 9) {
        return -1;
      }
      value = value * 10 + digit;
    }
    return value > Integer.MAX_VALUE ? -1 : (int) value;
  }

  /** The first four bytes of the field as a year if they are digits, else -1 (for dates like {@code 2001 Mar}). */
  int leadingYear(int field) {
    if (nulls[field] || ends[field] - starts[field] < 4) {
      return -1;
    }
    int year = 0;
    for (int i = starts[field]; i < starts[field] + 4; i++) {
      int digit = row[i] - '0';
      if (digit < 0 || digit > 9) {
        return -1;
      }
      year = year * 10 + digit;
    }
    return year;
  }

  /** Whether the field's text equals {@code text}, ignoring ASCII case. */
  boolean equalsIgnoreCase(int field, String text) {
    return !nulls[field] && text(field).equalsIgnoreCase(text);
  }

  /** The row as read, fields rejoined by the delimiter, for messages. */
  String rowText() {
    StringBuilder text = new StringBuilder();
    for (int f = 0; f < fields && text.length() < 200; f++) {
      if (f > 0) {
        text.append((char) delimiter);
      }
      text.append(nulls[f] ? "\\N" : text(f));
    }
    return text.toString();
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
