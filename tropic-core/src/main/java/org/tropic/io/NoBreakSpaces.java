package org.tropic.io;

import java.util.List;

/**
 * U+00A0, the no-break space, around and between names. Copied from a web page or a spreadsheet, it is never meant as
 * part of a label at its start or end, so it is trimmed there like a space; inside a name ({@code New York}) it
 * stays, as a space inside a tab-separated name does. It never separates fields: where it glues two names into one
 * field and the line falls short of fields, the error says so ({@link #hint}), since it looks like a space; so does
 * the error of a weighted line under a first edge line that it left without a weight.
 */
public final class NoBreakSpaces {
  /** U+00A0. */
  public static final char NO_BREAK_SPACE = '\u00A0';

  private NoBreakSpaces() {}

  /** {@code field} without the whitespace and no-break spaces at its start and end. */
  public static String strip(String field) {
    int start = 0;
    int end = field.length();
    while (start < end && blank(field.charAt(start))) {
      start++;
    }
    while (end > start && blank(field.charAt(end - 1))) {
      end--;
    }
    return field.substring(start, end);
  }

  /**
   * For an error about a line with too few fields: where one of {@code fields} holds a no-break space between two
   * names, {@code " (a no-break space (U+00A0) joins 'a' and 'b' into one field; ...)"}, else {@code ""}.
   *
   * @param separator what does separate the fields: {@code ' '} (runs of whitespace), {@code '\t'} or {@code ','}
   */
  public static String hint(List<String> fields, char separator) {
    return hint(fields, separator, "");
  }

  /**
   * As {@link #hint(List, char)}, for fields of another line than the one in error: {@code where} says which, e.g.
   * {@code "on line 1, "}, and opens the hint.
   */
  public static String hint(List<String> fields, char separator, String where) {
    for (String field : fields) {
      String name = strip(field);
      int at = name.indexOf(NO_BREAK_SPACE);
      if (at >= 0) {
        return " (" + where + "a no-break space (U+00A0) joins '" + strip(name.substring(0, at)) + "' and '"
            + strip(name.substring(at + 1)) + "' into one field: it is part of a name, not a separator; write "
            + switch (separator) {
              case '\t' -> "a tab there instead, e.g. sed 's/\\xc2\\xa0/\\t/g' IN > OUT)";
              case ',' -> "a comma there instead, e.g. sed 's/\\xc2\\xa0/,/g' IN > OUT)";
              default -> "a space there instead, e.g. sed 's/\\xc2\\xa0/ /g' IN > OUT)";
            };
      }
    }
    return "";
  }

  private static boolean blank(char c) {
    return c == NO_BREAK_SPACE || Character.isWhitespace(c);
  }
}
