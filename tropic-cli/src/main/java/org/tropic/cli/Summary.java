package org.tropic.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.Progress;
import org.tropic.apsp.ShortestPaths;
import org.tropic.graph.Graph;
import org.tropic.io.Units;

/**
 * What an APSP result says at a glance: reachable ordered pairs (u ≠ v), mean and largest finite distance, and a few
 * example shortest paths — the longest one first, then distinct random reachable pairs — reconstructed from the
 * distances.
 */
record Summary(long reachablePairs, double meanDistance, double maxDistance, List<int[]> examplePairs,
    ShortestPaths paths) {

  /** The summary of {@code d}, its distances read on {@code threads} threads (below 1: all processors). */
  static Summary of(Graph graph, DistanceMatrix d, int examples, long seed, int threads) {
    int n = d.size();
    DistanceStats stats = DistanceStats.of(d, threads, Progress.NONE);
    long reachable = stats.reachable();
    int maxFrom = stats.from();
    int maxTo = stats.to();
    List<int[]> pairs = new ArrayList<>();
    if (examples > 0 && maxFrom >= 0) {
      pairs.add(new int[] {maxFrom, maxTo});
      Set<Long> chosen = new HashSet<>(List.of(pairKey(maxFrom, maxTo, n)));
      Random random = new Random(seed);
      long pairsToDrawFrom = Math.min(examples, reachable);
      for (int tries = 0; pairs.size() < pairsToDrawFrom && tries < 100 * examples; tries++) {
        int u = random.nextInt(n);
        int v = random.nextInt(n);
        if (u != v && d.get(u, v) != Float.POSITIVE_INFINITY && chosen.add(pairKey(u, v, n))) {
          pairs.add(new int[] {u, v});
        }
      }
    }
    return new Summary(reachable, stats.mean(), reachable == 0 ? Double.NaN : stats.longest(), pairs,
        new ShortestPaths(graph, d));
  }

  private static long pairKey(int u, int v, int n) {
    return (long) u * n + v;
  }

  void printExamples(Graph graph, PrintWriter out) {
    if (examplePairs.isEmpty()) {
      return;
    }
    out.println();
    out.println(examplePairs.size() == 1 ? "the longest shortest path:"
        : "example shortest paths (the longest, then random pairs):");
    for (int[] pair : examplePairs) {
      var path = paths.path(pair[0], pair[1]);
      List<String> names = new ArrayList<>();
      for (int v : path.vertices()) {
        names.add(graph.name(v));
      }
      out.printf("  %s → %s  length %s, %s: %s%n", graph.name(pair[0]), graph.name(pair[1]),
          formatLength(path.length()), Units.count(path.arcCount(), "arc", "arcs"), String.join(" → ", names));
    }
    out.flush();
  }

  /** The examples in the JSON shape of {@code query path --json} ({@link PathSteps#json}). */
  List<Map<String, Object>> examplesAsJson(Graph graph) {
    List<Map<String, Object>> list = new ArrayList<>();
    for (int[] pair : examplePairs) {
      var path = paths.path(pair[0], pair[1]);
      list.add(PathSteps.json(graph.name(pair[0]), graph.name(pair[1]), path.length(), graph, path));
    }
    return list;
  }

  /**
   * A distance as a person reads it: whole numbers without a point, others in the fewest digits that name the float
   * ({@code -0.5}, not {@code -0.500000}), ∞ for unreachable.
   */
  static String formatLength(float length) {
    if (Float.isInfinite(length) || Float.isNaN(length)) {
      return Float.isNaN(length) ? "NaN" : length > 0 ? "∞" : "-∞";
    }
    if (length == Math.rint(length) && Math.abs(length) < 1e7) {
      return Long.toString((long) length);
    }
    return Math.abs(length) >= 1e-4 && Math.abs(length) < 1e7
        ? new java.math.BigDecimal(Float.toString(length)).stripTrailingZeros().toPlainString()
        : Float.toString(length);
  }
}
