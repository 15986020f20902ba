package org.tropic.io;

import java.nio.charset.StandardCharsets;

/**
 * Parses numbers straight from line bytes: integers by hand (the hot path of every format), decimals through
 * {@link Float#parseFloat} after a strict check of the characters, so Java-only spellings ({@code 1f}, {@code 0x1p3},
 * {@code Infinity}) are refused like any other non-number. Failures become {@link GraphInputException}s that quote
 * the field and the line.
 */
final class Numbers {
  /** Marks "not a plain decimal integer" from {@link #parseLong}; never a valid result there. */
  static final long NOT_AN_INTEGER = Long.MIN_VALUE;

  private Numbers() {}

  /**
   * The value of a canonical decimal integer: optional {@code -}, digits, no leading zero (except {@code 0} itself),
   * no {@code -0}, at most 18 digits. Anything else gives {@link #NOT_AN_INTEGER}.
   */
  static long parseLong(byte[] b, int from, int to) {
    boolean negative = from < to && b[from] == '-';
    int i = negative ? from + 1 : from;
    int digits = to - i;
    if (digits <= 0 || digits > 18 || (b[i] == '0' && (digits > 1 || negative))) {
      return NOT_AN_INTEGER;
    }
    long value = 0;
    for (; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return NOT_AN_INTEGER;
      }
      value = value * 10 + d;
    }
    return negative ? -value : value;
  }

  /**
   * A 1-based index in {@code 1..max} (Matrix Market rows, DIMACS nodes); leading zeros and a {@code +} are allowed.
   *
   * @param what the role of the field for the message, e.g. "row index"
   * @param range where {@code max} was declared, for the message, e.g. "the size line (line 3)"
   */
  static int parseIndex(LineReader lines, Fields fields, int field, long max, String what, String range)
      throws GraphInputException {
    byte[] b = fields.data();
    int from = fields.start(field);
    int to = fields.end(field);
    int i = from < to && b[from] == '+' ? from + 1 : from;
    long value = 0;
    boolean ok = i < to && to - i <= 18;
    for (; ok && i < to; i++) {
      int d = b[i] - '0';
      ok = d >= 0 && d <= 9;
      value = value * 10 + d;
    }
    if (!ok) {
      throw lines.fieldError(what + " is not a positive integer", fields.text(field),
          "a whole number in 1.." + max + " in column " + (field + 1));
    }
    if (value < 1 || value > max) {
      throw lines.fieldError(what + " " + value + " is outside 1.." + max + " declared by " + range,
          fields.text(field), "a whole number in 1.." + max + " in column " + (field + 1));
    }
    return (int) value;
  }

  /** A non-negative count (sizes in header lines). */
  static long parseCount(LineReader lines, Fields fields, int field, String what) throws GraphInputException {
    long value = parseLong(fields.data(), fields.start(field), fields.end(field));
    if (value == NOT_AN_INTEGER || value < 0) {
      throw lines.fieldError(what + " is not a non-negative integer", fields.text(field),
          "a whole number such as 1454 in column " + (field + 1));
    }
    return value;
  }

  /**
   * A finite float32 weight. Integers take a fast path; decimals ({@code 2.5}, {@code -1e-3}, {@code .5}) are
   * parsed exactly to the nearest float. NaN, infinities, non-numbers and values beyond the float32 range stop with
   * an error. {@code -0} becomes {@code +0} (the kernels order distances by their bits).
   */
  static float parseWeight(LineReader lines, Fields fields, int field) throws GraphInputException {
    byte[] b = fields.data();
    int from = fields.start(field);
    int to = fields.end(field);
    long integer = parseLong(b, from, to);
    if (integer != NOT_AN_INTEGER) {
      float value = (float) integer;
      if ((long) value != integer) { // above 2^24 not every integer is a float32
        lines.weightRounding().note(lines.lineNumber(), fields.text(field), value, true);
      }
      return value;
    }
    String text = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    String expected = "a finite decimal number such as 2, 0.5 or 1e-3 in column " + (field + 1);
    if (!isDecimalSyntax(b, from, to)) {
      String lower = text.toLowerCase(java.util.Locale.ROOT).replace("+", "").replace("-", "");
      if (lower.equals("nan") || lower.startsWith("inf")) {
        throw lines.fieldError("weight is not a finite number", fields.text(field), expected);
      }
      throw lines.fieldError("weight is not a number", fields.text(field), expected);
    }
    float value;
    try {
      value = Float.parseFloat(text);
    } catch (NumberFormatException e) {
      throw lines.fieldError("weight is not a number", fields.text(field), expected);
    }
    if (Float.isInfinite(value)) {
      throw lines.fieldError("weight is beyond the float32 range (±3.4e38)", fields.text(field), expected);
    }
    if (!holdsExactly(b, from, to, value)) {
      lines.weightRounding().note(lines.lineNumber(), text, value, false);
    }
    return value == 0 ? 0f : value;
  }

  /**
   * Whether float32 keeps a decimal weight at its full relative precision: every normal float does (to about 7
   * digits, the documented storage), while a non-zero weight below 1.2e-38 loses digits or becomes 0 (1e-50).
   * Digits beyond float32's 7 are not reported one by one: a file of −log weights written with 15 digits would
   * have every weight "rounded", and the exact decimal comparison cost 30% of the reading time.
   */
  private static boolean holdsExactly(byte[] b, int from, int to, float value) {
    float magnitude = Math.abs(value);
    return magnitude >= Float.MIN_NORMAL || magnitude == 0 && isZero(b, from, to);
  }

  /** Whether the mantissa of a decimal has no digit but 0. */
  private static boolean isZero(byte[] b, int from, int to) {
    for (int i = from; i < to && b[i] != 'e' && b[i] != 'E'; i++) {
      if (isDigit(b[i]) && b[i] != '0') {
        return false;
      }
    }
    return true;
  }

  /** Whether a field is written as a number (an integer or a decimal), in range or not: no error, no rounding note. */
  static boolean isNumeral(Fields fields, int field) {
    byte[] b = fields.data();
    int from = fields.start(field);
    int to = fields.end(field);
    return parseLong(b, from, to) != NOT_AN_INTEGER || isDecimalSyntax(b, from, to);
  }

  /** Sign, digits, at most one point, an optional exponent: the only spellings accepted as decimals. */
  private static boolean isDecimalSyntax(byte[] b, int from, int to) {
    int i = from;
    if (i < to && (b[i] == '+' || b[i] == '-')) {
      i++;
    }
    int mantissaDigits = 0;
    while (i < to && isDigit(b[i])) {
      i++;
      mantissaDigits++;
    }
    if (i < to && b[i] == '.') {
      i++;
      while (i < to && isDigit(b[i])) {
        i++;
        mantissaDigits++;
      }
    }
    if (mantissaDigits == 0) {
      return false;
    }
    if (i < to && (b[i] == 'e' || b[i] == 'E')) {
      i++;
      if (i < to && (b[i] == '+' || b[i] == '-')) {
        i++;
      }
      int exponentDigits = 0;
      while (i < to && isDigit(b[i])) {
        i++;
        exponentDigits++;
      }
      if (exponentDigits == 0) {
        return false;
      }
    }
    return i == to;
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }
}
