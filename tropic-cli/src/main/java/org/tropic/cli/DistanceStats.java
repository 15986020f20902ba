package org.tropic.cli;

import org.tropic.apsp.DistanceMatrix;
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

  /** Reads every row of {@code d}, telling {@code progress} of each. */
  static DistanceStats of(DistanceMatrix d, Progress progress) {
    int n = d.size();
    float[] row = new float[n];
    long reachable = 0;
    long unreachable = 0;
    double sum = 0;
    float longest = Float.NEGATIVE_INFINITY;
    int from = -1;
    int to = -1;
    progress.begin("reading the distances", n);
    try {
      for (int u = 0; u < n; u++) {
        d.copyRow(u, row);
        for (int v = 0; v < n; v++) {
          float x = row[v];
          if (v == u) {
            continue;
          }
          if (x == Float.POSITIVE_INFINITY) {
            unreachable++;
          } else if (Float.isFinite(x)) {
            reachable++;
            sum += x;
            if (x > longest) {
              longest = x;
              from = u;
              to = v;
            }
          }
        }
        progress.advance(1);
      }
    } catch (RuntimeException | Error e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
    return new DistanceStats(reachable, unreachable, (long) n * (n - 1) - reachable - unreachable,
        reachable == 0 ? Double.NaN : sum / reachable, longest, from, to);
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
