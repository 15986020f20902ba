package org.tropic.apsp;

import java.util.Locale;

/** The APSP algorithms the planner chooses between. */
public enum Algorithm {
  /** Let the {@link Planner} choose from the graph and measured rates. */
  AUTO,
  /** Blocked Floyd–Warshall on the min-plus tile kernels: Θ(n³), dense, any weights. */
  FW,
  /** Dijkstra from every source (Johnson's reweighting first if weights are negative): Θ(n·m log n). */
  DIJKSTRA,
  /**
   * Bellman–Ford searches toward 256 targets at a time, their distances in SIMD lanes ({@link BatchedBellmanFord}):
   * n·m times the relaxations per arc, usually the fastest on sparse graphs; any weights without a negative cycle.
   */
  BATCHED,
  /**
   * METIS parts, Floyd–Warshall inside each and on the boundary graph, min-plus products between parts
   * (Djidjev et al., IPDPS'14): near-quadratic on graphs with small separators, any weights.
   */
  PARTITIONED;

  /** The name used on the command line and in reports. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Algorithm ofLabel(String label) {
    for (Algorithm a : values()) {
      if (a.label().equalsIgnoreCase(label)) {
        return a;
      }
    }
    throw new IllegalArgumentException("unknown algorithm '" + label + "' (auto, fw, dijkstra, batched, partitioned)");
  }
}
