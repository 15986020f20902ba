package org.tropic.io;

import java.io.IOException;

/**
 * Whether an edge list starts with column names of any spelling over integer ids: its first data line's source and
 * target are words and the next data line's are integers ({@code u,v} over {@code 1,2}, an uncommented SNAP {@code
 * FromNodeId ToNodeId}). Read as an edge, such a line made two extra vertices and an arc between them without a word.
 * A first line with a number in its weight column is an edge ({@code a b 5} over {@code 1 2 3}), as it is for the
 * biomedical names.
 *
 * <p>Decided on those two lines wherever they lie: the reader reads one data line ahead ({@link LineReader#replay}).
 * It was decided on the first 64 KiB, so the same two lines under a longer comment preamble made an edge. The rest of
 * the file must agree: a later vertex that is not an integer stops the reading ({@link #laterName}), since then line
 * 1 may as well be an edge between two named vertices.
 */
final class NamesOverIds {
  private NamesOverIds() {}

  /**
   * Whether the first data line, split into {@code fields}, may be column names over ids: two fields or more, a
   * source and target that are not integers, and no number in the weight column ({@code weightColumn}, 1-based, 0
   * for the default: the third, if present).
   */
  static boolean mayBeNames(Fields fields, int weightColumn) {
    if (fields.count() < 2 || isInteger(fields, 0) || isInteger(fields, 1)) {
      return false;
    }
    int weight = weightColumn > 0 ? weightColumn - 1 : 2;
    return weight >= fields.count() || !Numbers.isNumeral(fields, weight);
  }

  /**
   * Reads on from the current line, a first data line that {@link #mayBeNames}, to the next data line. If its source
   * and target are integers, the current line is noted as skipped column names and only the next one is handed out
   * again; otherwise both are, the current line first. Comments and blank lines in between are passed over.
   *
   * @return the current line if it was column names, else null
   */
  static LineReader.SavedLine readAhead(LineReader lines, GraphFormat format) throws IOException {
    LineReader.SavedLine first = lines.save();
    while (lines.next()) {
      int c = lines.firstNonBlank();
      if (c == -1 || c == '#' || c == '%') {
        continue;
      }
      LineReader.SavedLine second = lines.save();
      if (integerIds(lines, format)) {
        lines.skippedAsHeaderRow(first.number(), first.text());
        lines.replay(second);
        return first;
      }
      lines.replay(first, second);
      return null;
    }
    lines.replay(first);
    return null;
  }

  /**
   * The error for a vertex that is not an integer, on the current line of {@code fields}, after {@code header} was
   * read as column names over integer ids: the file is not all ids, and that line may be an edge.
   */
  static GraphInputException laterName(LineReader lines, Fields fields, LineReader.SavedLine header) {
    String name = GraphInputException.quoted(fields.text(isInteger(fields, 0) ? 1 : 0));
    return lines.lineError("vertex '" + name + "' is not an integer id, yet line " + header.number() + " (\""
        + GraphInputException.quoted(header.text()) + "\") was read as column names over integer ids",
        "integer ids on every line; pass --no-header if line " + header.number() + " is an edge, or --header if it "
            + "holds column names");
  }

  private static boolean integerIds(LineReader lines, GraphFormat format) {
    Fields fields;
    try {
      fields = EdgeListReader.split(new Fields(), lines, format);
    } catch (GraphInputException e) {
      return false; // not ids; the reader reports it on its turn
    }
    return fields != null && fields.count() >= 2 && isInteger(fields, 0) && isInteger(fields, 1);
  }

  private static boolean isInteger(Fields fields, int i) {
    return Numbers.parseLong(fields.data(), fields.start(i), fields.end(i)) != Numbers.NOT_AN_INTEGER;
  }
}
