package org.tropic.apsp;

import org.tropic.graph.Graph;

/**
 * A bound on the length of any shortest path, negative ones by magnitude. Without a negative cycle a shortest path
 * is simple: it has at most n − 1 arcs and takes each arc at most once, so its length is at most the sum of the
 * n − 1 largest |w| (of all of them when m ≤ n − 1). That is never above (n − 1) × max |w|, the bound used before,
 * which refused 10 vertices with one arc of 1e38 as if a path could add nine of them.
 */
public final class PathLengthBound {
  /** float32 rounds each addition to nearest, with relative error at most 2^-24. */
  private static final double UNIT_ROUNDOFF = 0x1p-24;

  private PathLengthBound() {}

  /** How many arcs the bound sums: min(m, n − 1), 0 for a graph of fewer than two vertices. */
  public static int arcs(Graph graph) {
    return graph.vertexCount() < 2 ? 0 : Math.min(graph.arcCount(), graph.vertexCount() - 1);
  }

  /**
   * The sum of the {@link #arcs} largest |w|, in double. O(m): the |w| are ordered as their float32 bit patterns
   * (which for non-negative floats order as the values), the top 16 bits counted first, then the low 16 bits of
   * the one bucket the cut falls in; no copy of the weights is made.
   */
  public static double sumOfLargest(Graph graph) {
    int k = arcs(graph);
    float[] weights = graph.weights();
    if (k == 0) {
      return 0;
    }
    if (k >= weights.length) {
      double sum = 0;
      for (float w : weights) {
        sum += Math.abs((double) w);
      }
      return sum;
    }
    int[] count = new int[1 << 16];
    double[] sum = new double[1 << 16];
    for (float w : weights) {
      int high = Float.floatToRawIntBits(Math.abs(w)) >>> 16;
      count[high]++;
      sum[high] += Math.abs((double) w);
    }
    double total = 0;
    int left = k;
    int high = count.length - 1;
    for (; high >= 0 && count[high] <= left; high--) {
      total += sum[high];
      left -= count[high];
    }
    if (left == 0) {
      return total;
    }
    int[] low = new int[1 << 16]; // the bucket where the cut falls, by its low 16 bits: exact values
    for (float w : weights) {
      int bits = Float.floatToRawIntBits(Math.abs(w));
      if (bits >>> 16 == high) {
        low[bits & 0xFFFF]++;
      }
    }
    for (int l = low.length - 1; l >= 0 && left > 0; l--) {
      int take = Math.min(low[l], left);
      total += take * (double) Float.intBitsToFloat(high << 16 | l);
      left -= take;
    }
    return total;
  }

  /**
   * {@link #sumOfLargest} grown by float32's rounding of the additions along a path: a path of a arcs summed in
   * float32, in any order (Floyd–Warshall's, Dijkstra's), can come out up to (1 + 2^-24)^(a − 1) times its exact
   * length (for non-negative weights), so a length just below the largest float32 can still round past it.
   */
  public static double withRounding(double sum, int arcs) {
    return sum * Math.pow(1 + UNIT_ROUNDOFF, Math.max(0, arcs - 1));
  }
}
