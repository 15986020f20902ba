package org.tropic.bench;

import java.util.Locale;

/**
 * What the SciPy script prints, parsed: a {@code scipy VERSION} line, a {@code seconds S} line (the time of
 * {@code floyd_warshall} alone, measured inside Python), and one {@code sample U V DISTANCE} line per requested pair,
 * in order, with Python's spelling of infinity ({@code inf}).
 *
 * @param version SciPy's version
 * @param seconds the time of the all-pairs computation
 * @param distances the distance at each requested pair
 */
public record ScipyOutput(String version, double seconds, double[] distances) {

  /**
   * Parses the script's standard output and checks the samples are exactly the requested pairs.
   *
   * @throws IllegalArgumentException naming the line and its text when the output is not what the script prints
   */
  public static ScipyOutput parse(String stdout, SamplePairs pairs) {
    String version = null;
    double seconds = Double.NaN;
    double[] distances = new double[pairs.size()];
    int samples = 0;
    String[] lines = stdout.split("\\R");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split("\\s+");
      switch (f[0]) {
        case "scipy" -> {
          expectFields(f, 2, i, line);
          version = f[1];
        }
        case "seconds" -> {
          expectFields(f, 2, i, line);
          seconds = parseNumber(f[1], i, line);
          if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw bad(i, line, "seconds must be a finite non-negative number");
          }
        }
        case "sample" -> {
          expectFields(f, 4, i, line);
          if (samples >= pairs.size()) {
            throw bad(i, line, "more samples than the " + pairs.size() + " pairs asked for");
          }
          int u = parseVertex(f[1], i, line);
          int v = parseVertex(f[2], i, line);
          if (u != pairs.sources()[samples] || v != pairs.targets()[samples]) {
            throw bad(i, line, "expected sample " + samples + " to be (" + pairs.sources()[samples] + ", "
                + pairs.targets()[samples] + ")");
          }
          distances[samples++] = parseNumber(f[3], i, line);
        }
        default -> throw bad(i, line, "unexpected line");
      }
    }
    if (version == null || Double.isNaN(seconds)) {
      throw new IllegalArgumentException("scipy output lacks its " + (version == null ? "'scipy VERSION'" : "'seconds'")
          + " line; got:\n" + stdout);
    }
    if (samples != pairs.size()) {
      throw new IllegalArgumentException("scipy output has " + samples + " samples, expected " + pairs.size());
    }
    return new ScipyOutput(version, seconds, distances);
  }

  /** A number as Python's {@code repr(float)} writes it, {@code inf}, {@code -inf} and {@code nan} included. */
  static double parseNumber(String text, int lineIndex, String line) {
    switch (text.toLowerCase(Locale.ROOT)) {
      case "inf", "+inf", "infinity" -> {
        return Double.POSITIVE_INFINITY;
      }
      case "-inf", "-infinity" -> {
        return Double.NEGATIVE_INFINITY;
      }
      case "nan" -> {
        return Double.NaN;
      }
      default -> {
        try {
          return Double.parseDouble(text);
        } catch (NumberFormatException e) {
          throw bad(lineIndex, line, "'" + text + "' is not a number");
        }
      }
    }
  }

  private static int parseVertex(String text, int lineIndex, String line) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw bad(lineIndex, line, "'" + text + "' is not a vertex id");
    }
  }

  private static void expectFields(String[] f, int count, int lineIndex, String line) {
    if (f.length != count) {
      throw bad(lineIndex, line, "expected " + count + " fields, got " + f.length);
    }
  }

  private static IllegalArgumentException bad(int lineIndex, String line, String why) {
    return new IllegalArgumentException("scipy output line " + (lineIndex + 1) + " '" + line + "': " + why);
  }
}
