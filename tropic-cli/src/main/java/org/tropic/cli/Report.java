package org.tropic.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An ordered set of named values a command reports: printed as an aligned two-column table for people or as JSON
 * for programs. Keys are snake_case, the same in both, so documentation names one thing once.
 */
final class Report {
  private final Map<String, Object> values = new LinkedHashMap<>();

  Report put(String key, Object value) {
    values.put(key, value);
    return this;
  }

  /**
   * A value JSON gives as a plain value but the table as words, where the table's rendering of it ({@code -} for
   * null, {@code false}) would not say what it means; with no words, the table leaves the row out.
   */
  record Worded(Object json, String text) {
    /** A value for scripts alone, where the table says the fact in another row or not at all. */
    static Worded jsonOnly(Object json) {
      return new Worded(json, null);
    }
  }

  Map<String, Object> values() {
    return values;
  }

  void printTable(PrintWriter out) {
    int width = values.keySet().stream().mapToInt(String::length).max().orElse(0);
    values.forEach((key, value) -> {
      if (value instanceof Report nested) {
        out.println(key + ":");
        int inner = Math.max(width - 2, nested.values.keySet().stream().mapToInt(String::length).max().orElse(1));
        nested.values.forEach((k, v) -> {
          if (!jsonOnly(v)) {
            out.printf("  %-" + inner + "s  %s%n", k, text(v));
          }
        });
      } else if (!jsonOnly(value)) {
        out.printf("%-" + width + "s  %s%n", key, text(value));
      }
    });
    out.flush();
  }

  void printJson(PrintWriter out) {
    try {
      out.println(Json.text(toMap()));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    out.flush();
  }

  private Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    values.forEach((k, v) -> map.put(k, v instanceof Report r ? r.toMap() : v instanceof Worded w ? w.json() : v));
    return map;
  }

  private static boolean jsonOnly(Object value) {
    return value instanceof Worded w && w.text() == null;
  }

  private static String text(Object value) {
    if (value == null) {
      return "-";
    }
    if (value instanceof Worded w) {
      return w.text();
    }
    if (value instanceof Double d) {
      if (d.isInfinite()) {
        return "∞";
      }
      return Math.abs(d) >= 1e6 || (Math.abs(d) < 1e-3 && d != 0) ? String.format("%.4g", d)
          : String.format("%.4f", d).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
    if (value instanceof Float f) {
      return text(f.doubleValue());
    }
    if (value instanceof Long || value instanceof Integer) {
      return String.format("%,d", ((Number) value).longValue());
    }
    return value.toString();
  }
}
