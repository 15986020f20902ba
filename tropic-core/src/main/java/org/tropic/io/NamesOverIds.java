package org.tropic.io;

/**
 * Whether an edge list starts with column names of any spelling over integer ids: its first data line's source and
 * target are words and the next line's are integers ({@code u,v} over {@code 1,2}, an uncommented SNAP {@code
 * FromNodeId ToNodeId}). Read as an edge, such a line made two extra vertices and an arc between them without a word.
 * Decided on the first bytes of the file, before the reader starts, so the reader skips and announces it as it does
 * a header row it knows by name.
 */
final class NamesOverIds {
  private NamesOverIds() {}

  /** Whether {@code head}, the file's first bytes, starts so; false where its first two data lines are not in it. */
  static boolean startsSo(byte[] head, GraphFormat format) {
    Fields fields = new Fields();
    int at = 0;
    boolean namesSeen = false;
    while (at < head.length) {
      int end = at;
      while (end < head.length && head[end] != '\n') {
        end++;
      }
      if (end == head.length) {
        return false; // the line runs past the bytes read: no decision
      }
      int first = firstNonBlank(head, at, end);
      if (first >= 0 && head[first] != '#' && head[first] != '%') {
        Fields split = split(fields, head, at, end, format);
        if (split == null || split.count() < 2) {
          return false; // an unclosed quote, or a lone name: the reader says what is wrong
        }
        if (namesSeen) {
          return isInteger(fields, 0) && isInteger(fields, 1);
        }
        if (isInteger(fields, 0) || isInteger(fields, 1)) {
          return false;
        }
        namesSeen = true;
      }
      at = end + 1;
    }
    return false;
  }

  private static Fields split(Fields fields, byte[] data, int from, int to, GraphFormat format) {
    int end = to > from && data[to - 1] == '\r' ? to - 1 : to;
    return switch (format) {
      case CSV -> fields.splitCsv(data, from, end);
      case TSV -> fields.splitOn(data, from, end, (byte) '\t');
      default -> fields.splitWhitespace(data, from, end);
    };
  }

  private static boolean isInteger(Fields fields, int i) {
    return Numbers.parseLong(fields.data(), fields.start(i), fields.end(i)) != Numbers.NOT_AN_INTEGER;
  }

  private static int firstNonBlank(byte[] data, int from, int to) {
    for (int i = from; i < to; i++) {
      if (data[i] != ' ' && data[i] != '\t' && data[i] != '\r') {
        return i;
      }
    }
    return -1;
  }
}
