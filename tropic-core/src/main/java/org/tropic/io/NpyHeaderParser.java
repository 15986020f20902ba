package org.tropic.io;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.tropic.io.NpyHeader.Dtype;

/**
 * Parses the Python dict literal of a {@code .npy} header: exactly the keys {@code descr} (a string),
 * {@code fortran_order} (True or False) and {@code shape} (a tuple of non-negative ints), in any order, with the
 * whitespace and trailing commas Python allows. A recursive-descent parser over that small grammar, not a Python
 * evaluator: anything else (a structured dtype, an expression, a duplicate key) is refused with the header quoted.
 */
final class NpyHeaderParser {

  /** The header's three values. */
  record Parsed(String descr, boolean fortranOrder, long[] shape) {}

  private static final Set<String> KEYS = Set.of("descr", "fortran_order", "shape");

  private final String text;
  private final Path file;
  private int at;

  private NpyHeaderParser(String text, Path file) {
    this.text = text;
    this.file = file;
  }

  static Parsed parse(String text, Path file) throws NpyFormatException {
    return new NpyHeaderParser(text, file).dict();
  }

  private Parsed dict() throws NpyFormatException {
    Map<String, Object> values = new HashMap<>();
    skipSpace();
    expect('{');
    skipSpace();
    while (peek() != '}') {
      String key = string();
      if (!KEYS.contains(key)) {
        throw error("unexpected key '" + key + "' (a .npy header has exactly descr, fortran_order and shape)");
      }
      skipSpace();
      expect(':');
      skipSpace();
      Object value = value(key);
      if (values.put(key, value) != null) {
        throw error("key '" + key + "' appears twice");
      }
      skipSpace();
      if (peek() != ',') {
        break;
      }
      at++;
      skipSpace();
    }
    expect('}');
    skipSpace();
    if (at != text.length()) {
      throw error("unexpected text after the dict at character " + at);
    }
    for (String key : KEYS) {
      if (!values.containsKey(key)) {
        throw error("key '" + key + "' is missing");
      }
    }
    return new Parsed((String) values.get("descr"), (Boolean) values.get("fortran_order"),
        (long[]) values.get("shape"));
  }

  private Object value(String key) throws NpyFormatException {
    return switch (key) {
      case "descr" -> {
        if (peek() != '\'' && peek() != '"') {
          throw error("descr is not a simple type string (structured dtypes are not supported; Tropic reads "
              + Dtype.FLOAT32.descr() + " and " + Dtype.INT32.descr() + ")");
        }
        yield string();
      }
      case "fortran_order" -> {
        if (text.startsWith("True", at)) {
          at += 4;
          yield Boolean.TRUE;
        }
        if (text.startsWith("False", at)) {
          at += 5;
          yield Boolean.FALSE;
        }
        throw error("fortran_order is neither True nor False");
      }
      default -> tuple();
    };
  }

  private long[] tuple() throws NpyFormatException {
    expect('(');
    long[] dims = new long[0];
    skipSpace();
    while (peek() != ')') {
      dims = java.util.Arrays.copyOf(dims, dims.length + 1);
      dims[dims.length - 1] = integer();
      skipSpace();
      if (peek() != ',') {
        break;
      }
      at++;
      skipSpace();
    }
    expect(')');
    return dims;
  }

  private long integer() throws NpyFormatException {
    int start = at;
    while (at < text.length() && Character.isDigit(text.charAt(at)) && text.charAt(at) < 128) {
      at++;
    }
    if (start == at) {
      throw error("shape holds something other than a non-negative integer at character " + start);
    }
    try {
      return Long.parseLong(text, start, at, 10);
    } catch (NumberFormatException e) {
      throw error("dimension " + text.substring(start, at) + " is too large");
    }
  }

  private String string() throws NpyFormatException {
    char quote = peek();
    if (quote != '\'' && quote != '"') {
      throw error("expected a quoted string at character " + at);
    }
    int end = text.indexOf(quote, at + 1);
    if (end < 0) {
      throw error("unterminated string at character " + at);
    }
    String s = text.substring(at + 1, end);
    if (s.indexOf('\\') >= 0) {
      throw error("escape sequences are not supported in header strings");
    }
    at = end + 1;
    return s;
  }

  private void expect(char c) throws NpyFormatException {
    if (peek() != c) {
      throw error("expected '" + c + "' at character " + at);
    }
    at++;
  }

  private char peek() {
    return at < text.length() ? text.charAt(at) : '\0';
  }

  private void skipSpace() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  private NpyFormatException error(String problem) {
    return new NpyFormatException(file, "malformed .npy header: " + problem + " in header " + text.strip());
  }
}
