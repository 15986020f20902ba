package org.tropic.io;

import java.io.IOException;

/**
 * Bad graph input: a file that cannot be read as the graph it claims to be. The message names the input, the line
 * (1-based; 0 when the problem is not tied to one line), the offending text and what was expected there, so a user
 * can fix the file without reading code. It is an {@link IOException} because it arises while reading input, so
 * one {@code catch} covers both; callers that distinguish bad input from failing I/O (e.g. for an exit code) catch
 * this type first.
 */
public final class GraphInputException extends IOException {
  private static final int MAX_QUOTED = 160;

  private final String source;
  private final long line;
  private final String problem;
  private final String offendingText;
  private final String expected;

  /**
   * @param source the file or stream name
   * @param line the 1-based line number, or 0 if the problem is not tied to a line
   * @param problem what is wrong, e.g. {@code "weight is not a finite number"}
   * @param offendingText the text at fault (a field or a whole line), or {@code null}
   * @param expected what should have been there, or {@code null}
   */
  public GraphInputException(String source, long line, String problem, String offendingText, String expected) {
    this(format(source, line, problem, offendingText, expected), source, line, problem, offendingText, expected);
  }

  private GraphInputException(String message, String source, long line, String problem, String offendingText,
      String expected) {
    super(message);
    this.source = source;
    this.line = line;
    this.problem = problem;
    this.offendingText = offendingText;
    this.expected = expected;
  }

  private static String format(String source, long line, String problem, String text, String expected) {
    StringBuilder message = new StringBuilder(source);
    if (line > 0) {
      message.append(", line ").append(line);
    }
    message.append(": ").append(problem);
    if (text != null) {
      message.append(": '").append(quoted(text)).append('\'');
    }
    if (expected != null) {
      message.append("; expected ").append(expected);
    }
    return message.toString();
  }

  /** "1 arc", "2 arcs": a count for a message, written as a header line writes it (no thousands separators). */
  static String count(long n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  /**
   * Keeps messages readable when the offending text is a huge line, or holds control characters (a binary file's
   * bytes would otherwise reach the terminal raw): those are written as {@code \xNN}; a tab stays a tab.
   */
  static String quoted(String text) {
    String cut = text.length() <= MAX_QUOTED ? text : text.substring(0, MAX_QUOTED) + "…";
    StringBuilder shown = new StringBuilder(cut.length());
    for (int i = 0; i < cut.length(); i++) {
      char c = cut.charAt(i);
      if (c != '\t' && (c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0)) {
        shown.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
      } else {
        shown.append(c);
      }
    }
    return shown.toString();
  }

  /** This problem with {@code more} added to its message, e.g. a hint at an option that reads the file otherwise. */
  public GraphInputException withHint(String more) {
    GraphInputException hinted = new GraphInputException(getMessage() + "; " + more, source, line, problem,
        offendingText, expected);
    hinted.setStackTrace(getStackTrace());
    return hinted;
  }

  /** The file or stream name. */
  public String source() {
    return source;
  }

  /** The 1-based line number, or 0 when the problem is not tied to one line. */
  public long line() {
    return line;
  }

  /** What is wrong, without location. */
  public String problem() {
    return problem;
  }

  /** The text at fault, or {@code null}. */
  public String offendingText() {
    return offendingText;
  }

  /** What was expected instead, or {@code null}. */
  public String expected() {
    return expected;
  }
}
