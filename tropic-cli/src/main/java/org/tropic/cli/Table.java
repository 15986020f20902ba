package org.tropic.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain aligned text table: numbers right-aligned, text left-aligned, a rule under the header; cells are measured
 * in terminal columns ({@link DisplayWidth}), so wide and combining characters in labels keep the columns aligned.
 */
final class Table {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  Table(String... header) {
    this.header = List.of(header);
  }

  Table row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(cells.length + " cells for " + header.size() + " columns");
    }
    List<String> row = new ArrayList<>();
    for (Object cell : cells) {
      row.add(String.valueOf(cell));
    }
    rows.add(row);
    return this;
  }

  void print(PrintWriter out) {
    int[] width = new int[header.size()];
    boolean[] numeric = new boolean[header.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = DisplayWidth.of(header.get(c));
      numeric[c] = !rows.isEmpty();
      for (List<String> row : rows) {
        width[c] = Math.max(width[c], DisplayWidth.of(row.get(c)));
        numeric[c] &= looksNumeric(row.get(c));
      }
    }
    out.println(format(header, width, numeric));
    StringBuilder rule = new StringBuilder();
    for (int c = 0; c < width.length; c++) {
      rule.append(c == 0 ? "" : "  ").append("-".repeat(width[c]));
    }
    out.println(rule);
    for (List<String> row : rows) {
      out.println(format(row, width, numeric));
    }
    out.flush();
  }

  private static String format(List<String> cells, int[] width, boolean[] numeric) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < width.length; c++) {
      String cell = cells.get(c);
      String pad = " ".repeat(width[c] - DisplayWidth.of(cell));
      line.append(c == 0 ? "" : "  ").append(numeric[c] ? pad + cell : cell + (c == width.length - 1 ? "" : pad));
    }
    return line.toString();
  }

  private static boolean looksNumeric(String s) {
    return s.matches("[-+]?(\\d[\\d,]*(\\.\\d*)?([eE][-+]?\\d+)?|∞|Infinity|inf)( ?[%×x]| [a-zA-Z/]+)?");
  }
}
