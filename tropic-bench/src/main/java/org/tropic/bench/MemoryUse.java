package org.tropic.bench;

/**
 * The memory one solve needed, measured by {@link MemoryProbe}. All in bytes; -1 where unknown.
 *
 * @param matrixBytes n² × 4, the distance matrix itself: the yardstick the others are compared with
 * @param baselineHeap live heap before the solve (graph and JVM state)
 * @param peakHeapAboveBaseline the largest sampled heap usage during the solve minus the baseline, at least
 *     {@code retainedHeap} (uncollected garbage counts, so it errs high)
 * @param retainedHeap live heap the result holds after the solve (the matrix plus its bookkeeping)
 * @param rssBefore resident set size of the process before the solve
 * @param peakRssAboveBefore peak resident set size during the solve minus {@code rssBefore}
 */
public record MemoryUse(long matrixBytes, long baselineHeap, long peakHeapAboveBaseline, long retainedHeap,
    long rssBefore, long peakRssAboveBefore) {

  /** Peak heap above the baseline in units of n² × 4 bytes (the target is ≤ 1.3). */
  public double peakHeapRatio() {
    return (double) peakHeapAboveBaseline / matrixBytes;
  }

  /** Retained heap in units of n² × 4 bytes. */
  public double retainedRatio() {
    return (double) retainedHeap / matrixBytes;
  }
}
