package org.tropic.apsp;

import java.util.Locale;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * Whether the shortest-path lengths of a graph with whole-number weights can outgrow float32's whole numbers.
 * float32 holds every whole number up to 2^24 = 16,777,216 and, beyond it, only every second one (then every
 * fourth, ...). A longer distance is rounded; and algorithms that add along a path in float32 (batched Bellman–Ford
 * from the target end, Dijkstra from the source, the float paths of Floyd–Warshall) round partial sums on the way,
 * each in its own order, so they can disagree by a few units. The int32 path of Floyd–Warshall adds exactly and
 * rounds each distance once, when it is stored.
 */
public final class WholeWeightSums {
  /** 2^24: up to here float32 holds every whole number. */
  public static final double EXACT_LIMIT = 16_777_216;

  private WholeWeightSums() {}

  /**
   * An upper bound on the length of any shortest path, negative ones by magnitude: {@link PathLengthBound}'s, the
   * sum of the n − 1 largest |w| (a shortest path without a negative cycle is simple). O(m).
   */
  public static double lengthBound(Graph graph) {
    return PathLengthBound.sumOfLargest(graph);
  }

  /** Whether every weight is whole and a shortest path could be longer than {@link #EXACT_LIMIT}. */
  public static boolean mayPassExactLimit(Graph graph) {
    if (graph.arcCount() == 0 || !graph.weightStats().integral()) {
      return false;
    }
    var w = graph.weightStats();
    double largest = Math.max(Math.abs((double) w.min()), Math.abs((double) w.max()));
    // (n − 1) × max |w| bounds the bound: within 2^24, no pass over the weights is needed
    return PathLengthBound.arcs(graph) * largest > EXACT_LIMIT && lengthBound(graph) > EXACT_LIMIT;
  }

  /**
   * A note for a run of {@code graph} with {@code arithmetic} (the plan's, {@code null} for the algorithms that add
   * in float32 without one), or {@code null} when whole-weight sums stay exact.
   */
  public static String note(Graph graph, Arithmetic arithmetic) {
    if (!mayPassExactLimit(graph)) {
      return null;
    }
    String bound = String.format(Locale.ROOT, "whole-number weights, and a shortest path may be longer than 2^24 ="
        + " 16,777,216, beyond which float32 holds only some whole numbers (bound: %,.0f, the sum of the n − 1"
        + " largest |w|)", lengthBound(graph));
    if (arithmetic == Arithmetic.INT32) {
      return bound + ": int32 adds them exactly, and a distance above 2^24 is rounded once, when stored as float32";
    }
    int n = graph.vertexCount();
    String remedy = Arithmetic.INT32.supports(graph.weightStats(), n)
        ? "--algorithm fw --arithmetic int32 adds them exactly and rounds each distance once, when stored"
        : "int32 cannot hold them either (" + (graph.weightStats().hasNegative() ? "negative weights"
            : "path lengths up to 2^30") + "); scale the weights down for exact distances";
    return bound + ": such distances are rounded, and partial sums on the way too, so algorithms may differ by a"
        + " few units; " + remedy;
  }
}
