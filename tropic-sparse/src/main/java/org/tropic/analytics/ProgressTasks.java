package org.tropic.analytics;

import java.util.Locale;

/**
 * The names the analytics give their {@link org.tropic.apsp.Progress} tasks. Their work is counted in
 * SpMV-equivalents (one product of the matrix with one vector), so that a caller can weigh any task by the
 * matrix's arcs; iterative methods begin against their most iterations and end early when they converge.
 */
final class ProgressTasks {
  private ProgressTasks() {}

  /**
   * The SpMV-equivalents of work over {@code entries} vector entries (a dot product or an axpy each visits n) on a
   * matrix of {@code arcs} arcs, which an SpMV visits: work that is not a product counted in the same unit.
   */
  static double spmvEquivalents(long entries, long arcs) {
    return (double) entries / Math.max(1, arcs);
  }

  /** "PageRank, up to 1,000 iterations". */
  static String upTo(String what, int most, String steps) {
    return String.format(Locale.ROOT, "%s, up to %,d %s", what, most, steps);
  }
}
