package org.tropic.kg;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Year-by-year evidence counts kept as runs in flat arrays: entries {@code from..to-1} of parallel {@code years} and
 * {@code counts}, sorted by year, years distinct. Year 0 means "year unknown"; it counts towards the whole graph but
 * never towards a time slice. Static helpers only, so a graph's millions of edges need no object each.
 */
final class Evidence {
  /** The year recorded when none is known. */
  static final int UNKNOWN_YEAR = 0;

  private Evidence() {}

  /** Total count of the run, all years. */
  static long total(int[] counts, int from, int to) {
    long sum = 0;
    for (int i = from; i < to; i++) {
      sum += counts[i];
    }
    return sum;
  }

  /** Count of the run in known years ≤ {@code year}. */
  static long totalUpTo(int[] years, int[] counts, int from, int to, int year) {
    long sum = 0;
    for (int i = from; i < to && years[i] <= year; i++) {
      if (years[i] != UNKNOWN_YEAR) {
        sum += counts[i];
      }
    }
    return sum;
  }

  /** The earliest known year of the run, or {@link #UNKNOWN_YEAR}. */
  static int firstYear(int[] years, int from, int to) {
    for (int i = from; i < to; i++) {
      if (years[i] != UNKNOWN_YEAR) {
        return years[i];
      }
    }
    return UNKNOWN_YEAR;
  }

  /** The run as {@code year:count;year:count}, year 0 for unknown; empty for no entries. */
  static String format(int[] years, int[] counts, int from, int to) {
    StringBuilder text = new StringBuilder();
    for (int i = from; i < to; i++) {
      if (i > from) {
        text.append(';');
      }
      text.append(years[i]).append(':').append(counts[i]);
    }
    return text.toString();
  }

  /**
   * Appends the entries of {@code text} ({@link #format}'s form) to the lists.
   *
   * @throws IllegalArgumentException describing the fault if the text is not of that form or not sorted by year
   */
  static void parse(String text, IntArrayList years, IntArrayList counts) {
    if (text.isEmpty()) {
      return;
    }
    int previous = -1;
    for (String entry : text.split(";")) {
      int colon = entry.indexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException("evidence entry '" + entry + "' is not year:count");
      }
      int year;
      int count;
      try {
        year = Integer.parseInt(entry.substring(0, colon));
        count = Integer.parseInt(entry.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("evidence entry '" + entry + "' is not year:count with whole numbers");
      }
      if (year < 0 || count < 0 || year <= previous) {
        throw new IllegalArgumentException("evidence '" + text + "' must list distinct years in increasing order"
            + " with non-negative counts");
      }
      previous = year;
      years.add(year);
      counts.add(count);
    }
  }
}
