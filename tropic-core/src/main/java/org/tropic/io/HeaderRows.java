package org.tropic.io;

/**
 * The note announcing a first line read as column names, worded alike by every reader (graphs, knowledge-graph
 * tables), so a user sees the same line whichever command read the file.
 */
public final class HeaderRows {
  private HeaderRows() {}

  /**
   * E.g. {@code line 1 read as a header: src dst cost}: the line's text as written, control characters shown as
   * escapes and a long line cut, as in input errors.
   */
  public static String note(long line, String text) {
    return "line " + line + " read as a header: " + GraphInputException.quoted(text);
  }
}
