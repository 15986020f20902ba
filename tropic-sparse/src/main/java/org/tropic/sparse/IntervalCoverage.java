package org.tropic.sparse;

/**
 * How much of a matrix the (+,×) SpMV sums by column intervals ({@link ColumnIntervals}) rather than element by
 * element, and what that costs in memory: the numbers behind a web graph's speed-up, for reports and benchmarks.
 *
 * @param applies whether the matrix can be summed by intervals at all: row order and no values
 * @param elements all stored elements
 * @param elementsCovered elements in the blocks summed by intervals
 * @param intervals stretches of consecutive columns in those blocks
 * @param indexBytes memory of the derived interval index, beside the matrix itself
 * @param prefixBytes the prefix sums of x that each SpMV writes and reads
 */
public record IntervalCoverage(boolean applies, long elements, long elementsCovered, long intervals,
    long indexBytes, long prefixBytes) {

  /** The share of elements summed by intervals, from 0 to 1. */
  public double coveredShare() {
    return elements == 0 ? 0 : (double) elementsCovered / elements;
  }

  /** What a (+,×) SpMV reads of the matrix: the interval index, the prefix sums and the other elements. */
  public long bytesPerSpmv(long bytesPerElement) {
    return indexBytes + 2 * prefixBytes + (elements - elementsCovered) * bytesPerElement;
  }

  /** For example "98.0% of the elements in 571,652 column intervals (5.2 each), index 5.4 MB". */
  public String describe() {
    if (!applies) {
      return "none: only row-ordered matrices without values are summed by column intervals";
    }
    if (intervals == 0) {
      return "no column intervals (no block averages " + ColumnIntervals.MIN_ELEMENTS_PER_INTERVAL
          + " elements per stretch of consecutive columns)";
    }
    return String.format("%.1f%% of the elements in %,d column intervals (%.1f each), index %.1f MB",
        100 * coveredShare(), intervals, (double) elementsCovered / intervals, indexBytes / 1e6);
  }
}
