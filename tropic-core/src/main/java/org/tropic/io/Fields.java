package org.tropic.io;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The fields of one line, as offsets into a byte array, split without regular expressions or allocation: by runs of
 * whitespace, by a single separator byte (tab), or as CSV (RFC 4180 quotes, {@code ""} for a quote inside). Reused
 * from line to line.
 */
final class Fields {
  private byte[] data;
  private int[] starts = new int[8];
  private int[] ends = new int[8];
  private int count;
  private byte[] unquoted = new byte[256];
  private int textAfterQuote;

  int count() {
    return count;
  }

  byte[] data() {
    return data;
  }

  int start(int i) {
    return starts[i];
  }

  int end(int i) {
    return ends[i];
  }

  boolean isEmpty(int i) {
    return starts[i] == ends[i];
  }

  /** Field {@code i} decoded as UTF-8. */
  String text(int i) {
    return new String(data, starts[i], ends[i] - starts[i], StandardCharsets.UTF_8);
  }

  /** Whether field {@code i} equals the ASCII word, ignoring case. */
  boolean equalsIgnoreCase(int i, String word) {
    int length = ends[i] - starts[i];
    if (length != word.length()) {
      return false;
    }
    for (int k = 0; k < length; k++) {
      int c = data[starts[i] + k];
      if (Character.toLowerCase(c) != Character.toLowerCase(word.charAt(k))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Splits on runs of spaces, tabs, form feeds and vertical tabs; leading and trailing ones are ignored. A no-break
   * space (U+00A0) at a field's start or end is trimmed, and a field of them only is none ({@link NoBreakSpaces}).
   */
  Fields splitWhitespace(byte[] line, int from, int to) {
    data = line;
    count = 0;
    int i = from;
    while (true) {
      while (i < to && isSpace(line[i])) {
        i++;
      }
      if (i == to) {
        return this;
      }
      int start = i;
      while (i < to && !isSpace(line[i])) {
        i++;
      }
      int end = i;
      while (start < end && isNoBreakSpace(line, start, end)) {
        start += 2;
      }
      while (end > start && isNoBreakSpace(line, end - 2, end)) {
        end -= 2;
      }
      if (start < end) {
        add(start, end);
      }
    }
  }

  /**
   * Splits on every occurrence of {@code separator}; spaces (and no-break spaces) around a field are trimmed and
   * empty fields at the end of the line (a trailing separator) dropped, so tab-separated names may contain spaces.
   */
  Fields splitOn(byte[] line, int from, int to, byte separator) {
    data = line;
    count = 0;
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || line[i] == separator) {
        addTrimmed(line, start, i);
        start = i + 1;
      }
    }
    while (count > 0 && starts[count - 1] == ends[count - 1]) {
      count--;
    }
    return this;
  }

  /**
   * Splits a comma-separated line. A field may be quoted with {@code "}; inside quotes commas are literal and
   * {@code ""} is one quote. Lines without quotes are split in place; others are unquoted into a scratch array.
   *
   * @return null if a quote is not closed on this line (records spanning lines are not supported) or a closing
   *     quote is followed by more than spaces before the next comma ({@link #textAfterQuote()} says which field)
   */
  Fields splitCsv(byte[] line, int from, int to) {
    textAfterQuote = 0;
    boolean quoted = false;
    for (int i = from; i < to; i++) {
      if (line[i] == '"') {
        quoted = true;
        break;
      }
    }
    if (!quoted) {
      return splitOn(line, from, to, (byte) ',');
    }
    if (unquoted.length < to - from) {
      unquoted = new byte[Math.max(unquoted.length * 2, to - from)];
    }
    data = unquoted;
    count = 0;
    int out = 0;
    int i = from;
    while (true) {
      i = skipBlanks(line, i, to);
      int start = out;
      if (i < to && line[i] == '"') {
        i++;
        while (true) {
          if (i == to) {
            return null;
          }
          if (line[i] == '"') {
            if (i + 1 < to && line[i + 1] == '"') {
              unquoted[out++] = '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          unquoted[out++] = line[i++];
        }
        i = skipBlanks(line, i, to);
        if (i < to && line[i] != ',') {
          // '"a"x' is no RFC 4180 field; skipping the x named the vertex 'a' without a word
          textAfterQuote = count + 1;
          return null;
        }
        add(start, out);
      } else {
        while (i < to && line[i] != ',') {
          unquoted[out++] = line[i++];
        }
        addTrimmed(unquoted, start, out);
      }
      if (i == to) {
        break;
      }
      i++;
    }
    while (count > 0 && starts[count - 1] == ends[count - 1]) {
      count--;
    }
    return this;
  }

  /** The 1-based field whose closing quote the last {@link #splitCsv} found followed by text, or 0. */
  int textAfterQuote() {
    return textAfterQuote;
  }

  /** Adds {@code line[start, end)} without the spaces, tabs and no-break spaces around it. */
  private void addTrimmed(byte[] line, int start, int end) {
    start = skipBlanks(line, start, end);
    while (end > start) {
      if (line[end - 1] == ' ' || line[end - 1] == '\t') {
        end--;
      } else if (isNoBreakSpace(line, end - 2, end)) {
        end -= 2;
      } else {
        break;
      }
    }
    add(start, end);
  }

  /** The first index from {@code i} that is not a space, a tab or a no-break space; {@code to} if none. */
  private static int skipBlanks(byte[] line, int i, int to) {
    while (i < to) {
      if (line[i] == ' ' || line[i] == '\t') {
        i++;
      } else if (isNoBreakSpace(line, i, to)) {
        i += 2;
      } else {
        break;
      }
    }
    return i;
  }

  /** Whether U+00A0 (UTF-8 {@code C2 A0}) starts at {@code i}, before {@code to}: 0xC2 is never inside another. */
  private static boolean isNoBreakSpace(byte[] line, int i, int to) {
    return i >= 0 && i + 1 < to && line[i] == (byte) 0xC2 && line[i + 1] == (byte) 0xA0;
  }

  private void add(int start, int end) {
    if (count == starts.length) {
      starts = Arrays.copyOf(starts, count * 2);
      ends = Arrays.copyOf(ends, count * 2);
    }
    starts[count] = start;
    ends[count] = end;
    count++;
  }

  static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == '\f' || c == 0x0B;
  }
}
