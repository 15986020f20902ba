package org.tropic.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with aligned columns: text columns flush left, numeric columns flush right, two spaces between
 * columns, a dashed rule under the header. Column widths fit the widest cell.
 */
final class TextTable {
  private final String[] headers;
  private final boolean[] rightAligned;
  private final List<String[]> rows = new ArrayList<>();

  /** Headers; a header starting with {@code >} marks a right-aligned column (the {@code >} is not shown). */
  TextTable(String... headers) {
    this.headers = new String[headers.length];
    this.rightAligned = new boolean[headers.length];
    for (int c = 0; c < headers.length; c++) {
      rightAligned[c] = headers[c].startsWith(">");
      this.headers[c] = rightAligned[c] ? headers[c].substring(1) : headers[c];
    }
  }

  /** Adds a row with one cell per column. */
  TextTable row(String... cells) {
    if (cells.length != headers.length) {
      throw new IllegalArgumentException(cells.length + " cells for " + headers.length + " columns");
    }
    rows.add(cells.clone());
    return this;
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  /** The table as lines, each ending in a newline, without trailing spaces. */
  String render() {
    int[] widths = new int[headers.length];
    for (int c = 0; c < headers.length; c++) {
      widths[c] = headers[c].length();
      for (String[] row : rows) {
        widths[c] = Math.max(widths[c], row[c].length());
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, headers, widths);
    String[] rule = new String[headers.length];
    for (int c = 0; c < headers.length; c++) {
      rule[c] = "-".repeat(widths[c]);
    }
    line(out, rule, widths);
    for (String[] row : rows) {
      line(out, row, widths);
    }
    return out.toString();
  }

  private void line(StringBuilder out, String[] cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.length; c++) {
      if (c > 0) {
        line.append("  ");
      }
      String pad = " ".repeat(widths[c] - cells[c].length());
      line.append(rightAligned[c] ? pad + cells[c] : cells[c] + pad);
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }
}
