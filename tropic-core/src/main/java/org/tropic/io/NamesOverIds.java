package org.tropic.io;

/**
 * Whether an edge list starts with column names of any spelling over integer ids: its first data line's source and
 * target are words and the next line's are integers ({@code u,v} over {@code 1,2}, an uncommented SNAP {@code
 * FromNodeId ToNodeId}). Read as an edge, such a line made two extra vertices and an arc between them without a word.
 * Decided on the first bytes of the file, before the reader starts, so the reader skips and announces it as it does
 * a header row it knows by name. A first line with a number in its weight column is an edge ({@code a b 5} over
 * {@code 1 2 3}), as it is for the biomedical names.
 */
final class NamesOverIds {
  private NamesOverIds() {}

  /**
   * Whether {@code head}, the file's first bytes, starts so; false where its first two data lines are not in it.
   * {@code weightColumn} is the 1-based weight column asked for, 0 for the default (the third, if present).
   */
  static boolean startsSo(byte[] head, GraphFormat format, int weightColumn) {
    Fields fields = new Fields();
    int at = 0;
    boolean namesSeen = false;
    // Fewer bytes than asked for are the whole file, whose last line may have no line end ('u v\n1 2').
    boolean wholeFile = head.length < GraphFormat.SNIFF_BYTES;
    while (at < head.length) {
      int end = at;
      while (end < head.length && head[end] != '\n') {
        end++;
      }
      if (end == head.length && !wholeFile) {
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
        int weight = weightColumn > 0 ? weightColumn - 1 : 2;
        if (isInteger(fields, 0) || isInteger(fields, 1)
            || weight < fields.count() && Numbers.isNumeral(fields, weight)) {
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
