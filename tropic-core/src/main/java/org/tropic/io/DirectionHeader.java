package org.tropic.io;

import java.util.Locale;

/**
 * Reads the direction an edge list declares in its comment header: graph-tool style {@code directed=True/False}
 * anywhere in a comment line (the stronger statement), or SNAP style, a comment that begins
 * {@code Directed graph} / {@code Undirected graph}. Free-text descriptions ("a directed, weighted network") are
 * deliberately not read.
 */
final class DirectionHeader {
  private Boolean keyValue;
  private String keyValueLine;
  private Boolean snapStyle;
  private String snapStyleLine;

  /** Looks at one comment line (marker included) that precedes the first edge. */
  void accept(String commentLine) {
    String text = commentLine.strip();
    while (!text.isEmpty() && (text.charAt(0) == '#' || text.charAt(0) == '%')) {
      text = text.substring(1);
    }
    text = text.strip();
    String lower = text.toLowerCase(Locale.ROOT);
    if (keyValue == null) {
      int at = lower.indexOf("directed=");
      if (at >= 0 && (at == 0 || !Character.isLetter(lower.charAt(at - 1)))) {
        String value = lower.substring(at + "directed=".length());
        if (value.startsWith("true") || value.startsWith("1") || value.startsWith("yes")) {
          keyValue = true;
        } else if (value.startsWith("false") || value.startsWith("0") || value.startsWith("no")) {
          keyValue = false;
        }
        if (keyValue != null) {
          keyValueLine = commentLine.strip();
        }
      }
    }
    if (snapStyle == null) {
      if (lower.startsWith("undirected graph")) {
        snapStyle = false;
      } else if (lower.startsWith("directed graph")) {
        snapStyle = true;
      }
      if (snapStyle != null) {
        snapStyleLine = commentLine.strip();
      }
    }
  }

  /** True if the header says undirected, false if directed, null if it says nothing. */
  Boolean undirected() {
    Boolean directed = keyValue != null ? keyValue : snapStyle;
    return directed == null ? null : !directed;
  }

  /** Why, quoting the deciding header line; null if the header says nothing. */
  String reason() {
    String line = keyValue != null ? keyValueLine : snapStyleLine;
    return line == null ? null : "header '" + GraphInputException.quoted(line) + "'";
  }
}
