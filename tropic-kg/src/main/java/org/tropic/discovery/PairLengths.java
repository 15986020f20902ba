package org.tropic.discovery;

import java.util.Arrays;
import java.util.Locale;
import org.tropic.apsp.Progress;

/**
 * Shortest-path lengths and hop counts of a list of vertex pairs. Pairs are visited grouped by source, so with
 * single-source search each source is searched once. Unreachable pairs get +∞ and -1 hops.
 *
 * @param lengths the shortest-path length of each pair
 * @param hops the edges on a shortest path of each pair (fewest among shortest when searched), -1 if unreachable
 */
public record PairLengths(double[] lengths, int[] hops) {

  /**
   * Measures every pair {@code (from[i], to[i])}; a pair with a vertex of -1 (a node outside the view) is
   * unreachable.
   */
  public static PairLengths measure(KgDistances distances, int[] from, int[] to) {
    return measure(distances, from, to, Progress.NONE);
  }

  /**
   * Measures the true links and the random pairs of a validation as one task on {@code progress}, one unit per
   * pair: with single-source search this is where a validation spends its time (a search per distinct source).
   *
   * @return the lengths of the links, then of the random pairs
   */
  static PairLengths[] measureBoth(KgDistances distances, int[][] links, int[][] random, Progress progress) {
    long total = (long) links[0].length + random[0].length;
    progress.begin(String.format(Locale.ROOT, "shortest paths of %,d pairs", total), total);
    try {
      return new PairLengths[] {measure(distances, links[0], links[1], progress),
          measure(distances, random[0], random[1], progress)};
    } finally {
      progress.end();
    }
  }

  /** Like {@link #measure(KgDistances, int[], int[])}, advancing {@code progress} by one per pair measured. */
  static PairLengths measure(KgDistances distances, int[] from, int[] to, Progress progress) {
    if (from.length != to.length) {
      throw new IllegalArgumentException(from.length + " sources for " + to.length + " targets");
    }
    int count = from.length;
    double[] lengths = new double[count];
    int[] hops = new int[count];
    Integer[] order = new Integer[count];
    Arrays.setAll(order, i -> i);
    Arrays.sort(order, (x, y) -> Integer.compare(from[x], from[y]));
    ShortestPathTree tree = null;
    for (int at = 0; at < count; at++) {
      int i = order[at];
      if (from[i] < 0 || to[i] < 0) {
        lengths[i] = Double.POSITIVE_INFINITY;
        hops[i] = -1;
      } else if (distances.usesMatrix()) {
        lengths[i] = distances.distance(from[i], to[i]);
        int[] path = lengths[i] == Double.POSITIVE_INFINITY ? null : distances.path(from[i], to[i]);
        hops[i] = path == null ? -1 : path.length - 1;
      } else {
        if (tree == null || tree.source() != from[i]) {
          tree = distances.treeTo(from[i], targetsOf(from, to, order, at));
        }
        lengths[i] = tree.distance(to[i]);
        hops[i] = tree.hops(to[i]);
      }
      progress.advance(1);
    }
    return new PairLengths(lengths, hops);
  }

  /** The targets of the run of pairs (in {@code order}) that starts at {@code at} and shares its source. */
  private static int[] targetsOf(int[] from, int[] to, Integer[] order, int at) {
    int end = at;
    while (end < order.length && from[order[end]] == from[order[at]]) {
      end++;
    }
    int[] targets = new int[end - at];
    for (int k = at; k < end; k++) {
      targets[k - at] = to[order[k]];
    }
    return targets;
  }

  /** The hop counts as doubles, unreachable as +∞. */
  public double[] hopsAsLengths() {
    double[] values = new double[hops.length];
    for (int i = 0; i < hops.length; i++) {
      values[i] = hops[i] < 0 ? Double.POSITIVE_INFINITY : hops[i];
    }
    return values;
  }

  /** Pairs with no path. */
  public int unreachable() {
    int count = 0;
    for (double length : lengths) {
      count += length == Double.POSITIVE_INFINITY ? 1 : 0;
    }
    return count;
  }

  public int size() {
    return lengths.length;
  }
}
