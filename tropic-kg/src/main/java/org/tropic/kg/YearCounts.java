package org.tropic.kg;

import java.util.Arrays;

/**
 * Counts per (group, year) — predications per concept per year, co-occurrences per pair per year — as one short
 * list per group in flat arrays, most recently touched year first, so the usual update (the same year as the
 * group's last one, since dumps come roughly in PMID order) costs two array reads instead of a hash lookup. About
 * 16 bytes per (group, year) entry. Not thread-safe.
 */
final class YearCounts {
  /** First entry of each group, 1-based (0 = none), so new groups need no initialisation. */
  private int[] head = new int[1024];
  private int[] years = new int[1024];
  private int[] counts = new int[1024];
  private int[] next = new int[1024];
  private int entries;

  /** Adds {@code count} to (group, year). */
  void add(int group, int year, int count) {
    if (group >= head.length) {
      head = Arrays.copyOf(head, Math.max(group + 1, head.length * 2));
    }
    int first = head[group];
    int previous = 0;
    for (int at = first; at != 0; previous = at, at = next[at]) {
      if (years[at] == year) {
        counts[at] += count;
        if (previous != 0) {
          next[previous] = next[at];
          next[at] = first;
          head[group] = at;
        }
        return;
      }
    }
    int at = ++entries;
    if (at == years.length) {
      int grown = years.length * 2;
      years = Arrays.copyOf(years, grown);
      counts = Arrays.copyOf(counts, grown);
      next = Arrays.copyOf(next, grown);
    }
    years[at] = year;
    counts[at] = count;
    next[at] = first;
    head[group] = at;
  }

  /** Whether nothing was counted. */
  boolean isEmpty() {
    return entries == 0;
  }

  /**
   * The counts of groups {@code 0..groups-1} as runs sorted by year: {@code start[g] .. start[g+1]-1} index
   * {@code years} and {@code counts}.
   */
  Runs runs(int groups) {
    int[] start = new int[groups + 1];
    for (int g = 0; g < groups && g < head.length; g++) {
      int length = 0;
      for (int at = head[g]; at != 0; at = next[at]) {
        length++;
      }
      start[g + 1] = length;
    }
    for (int g = 0; g < groups; g++) {
      start[g + 1] += start[g];
    }
    long[] packed = new long[start[groups]];
    for (int g = 0; g < groups && g < head.length; g++) {
      int fill = start[g];
      for (int at = head[g]; at != 0; at = next[at]) {
        packed[fill++] = (long) years[at] << 32 | counts[at];
      }
      Arrays.sort(packed, start[g], start[g + 1]);
    }
    int[] runYears = new int[packed.length];
    int[] runCounts = new int[packed.length];
    for (int i = 0; i < packed.length; i++) {
      runYears[i] = (int) (packed[i] >>> 32);
      runCounts[i] = (int) packed[i];
    }
    return new Runs(start, runYears, runCounts);
  }

  /** Year-sorted runs of counts per group. */
  record Runs(int[] start, int[] years, int[] counts) {}
}
