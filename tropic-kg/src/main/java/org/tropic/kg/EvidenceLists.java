package org.tropic.kg;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/** Growable flat year/count arrays that runs of evidence are appended to (see {@link Evidence}). */
final class EvidenceLists {
  private final IntArrayList years = new IntArrayList();
  private final IntArrayList counts = new IntArrayList();

  /** Entries so far: the start of the next run. */
  int size() {
    return years.size();
  }

  void add(int year, int count) {
    years.add(year);
    counts.add(count);
  }

  /**
   * Appends entries {@code from..to-1} of a run; with {@code upToYear ≥ 0} only those of known years ≤ it.
   */
  void copy(int[] fromYears, int[] fromCounts, int from, int to, int upToYear) {
    for (int i = from; i < to; i++) {
      int year = fromYears[i];
      if (upToYear < 0 || (year != Evidence.UNKNOWN_YEAR && year <= upToYear)) {
        add(year, fromCounts[i]);
      }
    }
  }

  int[] years() {
    return years.toIntArray();
  }

  int[] counts() {
    return counts.toIntArray();
  }
}
