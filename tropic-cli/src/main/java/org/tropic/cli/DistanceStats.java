package org.tropic.cli;

import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.ParallelRows;
import org.tropic.apsp.Progress;
import org.tropic.graph.VertexLabels;

/**
 * What every distance of a result adds up to, in one pass over the rows: the reachable ordered pairs (u ≠ v, a
 * finite distance), the unreachable ones (+∞), the mean finite distance, and the longest with its pair (the first
 * met in row order). Tropic writes nothing else, but a {@code .npy} from elsewhere may hold NaN or −∞: those entries
 * are no distance, counted apart and left out of the rest.
 *
 * @param notDistances off-diagonal entries that are NaN or −∞
 * @param from the longest distance's source, or −1 when no pair is reachable
 * @param to its target, or −1
 */
record DistanceStats(long reachable, long unreachable, long notDistances, double mean, float longest, int from,
    int to) {

  /**
   * Rows per block: each block is tallied on its own and the tallies added up in block order, so the answer is the
   * same bits on any number of threads. Fixed, not derived from the thread count, for that reason; 64 rows of
   * cond-mat (16,264 vertices) are 4 MiB of reads, enough to keep the hand-out of blocks rare.
   */
  static final int BLOCK_ROWS = 64;

  /** Reads every row of {@code d} on all processors, telling {@code progress} of each. */
  static DistanceStats of(DistanceMatrix d, Progress progress) {
    return of(d, Runtime.getRuntime().availableProcessors(), progress);
  }

  /**
   * Reads every row of {@code d} on up to {@code threads} threads (below 1: all processors), telling
   * {@code progress} of each. Every {@link DistanceMatrix} may be read from several threads at once: its rows are
   * read-only once solved (a tiled matrix in pivot order reorders a row in a buffer of each thread's own).
   *
   * <p>The mean's last bits may differ from those of one chain of additions over the whole matrix in row order (as
   * this was read until the thirtieth session): the sums are kept per row and per block. They do not differ
   * between runs or thread counts.
   */
  static DistanceStats of(DistanceMatrix d, int threads, Progress progress) {
    return of(d, threads, BLOCK_ROWS, progress);
  }

  /** As above, in blocks of {@code blockRows} rows: for tests, which cut small matrices into many blocks. */
  static DistanceStats of(DistanceMatrix d, int threads, int blockRows, Progress progress) {
    int n = d.size();
    Tally[] blocks = new Tally[(int) ((n + (long) blockRows - 1) / blockRows)];
    ParallelRows.runRanges("reading the distances", n, blockRows,
        threads < 1 ? Runtime.getRuntime().availableProcessors() : threads, progress, () -> {
          float[] row = new float[n];
          return (start, end) -> {
            Tally tally = new Tally();
            for (int u = start; u < end; u++) {
              d.copyRow(u, row);
              tally.addRow(row, u);
            }
            blocks[start / blockRows] = tally; // the workers are joined before the tallies are read
          };
        });
    Tally total = new Tally();
    for (Tally block : blocks) {
      total.add(block); // in block order: the same sum, and the same first longest, on any number of threads
    }
    return new DistanceStats(total.reachable, total.unreachable,
        (long) n * (n - 1) - total.reachable - total.unreachable,
        total.reachable == 0 ? Double.NaN : total.sum / total.reachable, total.longest, total.from, total.to);
  }

  /** The counts, sum and longest distance (the first met in row order) of some consecutive rows. */
  private static final class Tally {
    long reachable;
    long unreachable;
    double sum;
    float longest = Float.NEGATIVE_INFINITY;
    int from = -1;
    int to = -1;

    /**
     * Adds row u, read into {@code row}, whose diagonal it sets to NaN: no pair, so neither counted nor summed. A
     * plain loop with one sum: four sums over every fourth column, and selects in place of the branches, were no
     * faster on cond-mat (0.45–0.75 s a pass on one thread, all alike, on a shared 2-core machine). The finite test
     * comes first, as most entries are finite.
     */
    void addRow(float[] row, int u) {
      row[u] = Float.NaN;
      long finite = 0;
      long infinite = 0;
      double rowSum = 0;
      float max = Float.NEGATIVE_INFINITY;
      for (float x : row) {
        if (Float.isFinite(x)) {
          finite++;
          rowSum += x;
          if (x > max) { // strictly: of equal distances the first stays
            max = x;
          }
        } else if (x == Float.POSITIVE_INFINITY) {
          infinite++;
        }
      }
      reachable += finite;
      unreachable += infinite;
      sum += rowSum;
      if (max > longest) { // a later row takes the lead only by a longer distance: the first met stays
        int at = 0;
        while (!(row[at] == max)) { // the first column holding it (−0 and 0 are one distance; row[u] is NaN)
          at++;
        }
        longest = row[at];
        from = u;
        to = at;
      }
    }

    /** Adds the tally of the rows that follow these. */
    void add(Tally next) {
      reachable += next.reachable;
      unreachable += next.unreachable;
      sum += next.sum;
      if (next.longest > longest) {
        longest = next.longest;
        from = next.from;
        to = next.to;
      }
    }
  }

  /** As a report: the counts, and the mean and longest distance where a pair is reachable. */
  Report report(VertexLabels labels) {
    Report report = new Report().put("reachable_pairs", reachable).put("unreachable_pairs", unreachable);
    if (notDistances > 0) {
      report.put("not_distances", new Report.Worded(notDistances, String.format("%,d entries NaN or −∞, left out"
          + " (not written by Tropic)", notDistances)));
    }
    if (reachable > 0) {
      report.put("mean_distance", mean).put("longest_distance", (double) longest)
          .put("longest_from", name(labels, from)).put("longest_to", name(labels, to));
    }
    return report;
  }

  private static String name(VertexLabels labels, int id) {
    return labels == null ? Integer.toString(id) : labels.name(id);
  }
}
