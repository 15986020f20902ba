package org.tropic.apsp;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.tropic.graph.Graph;

/**
 * The negative cycle itself, for the error a solver raises: the solvers name a vertex whose closed walk is negative,
 * which may only reach the cycle and come back, and a user who must fix the data wants the arcs to look at. Found by
 * a queue-based Bellman–Ford from that vertex whose predecessor arcs are checked for a cycle after every n
 * relaxations: a cycle among them has negative length (each arc was tight when it became a predecessor, and the
 * cycle's last one lowered a distance already on it). O(n·m) at worst, so it stops at a deadline.
 */
public final class NegativeCycles {
  /** The cycle's vertices in order (the arc back to the first is implied) and its length, summed in double. */
  public record Cycle(int[] vertices, double length) {
    /** {@code a → b → c → a}, by the graph's names, at most {@code shown} of them before an ellipsis. */
    public String describe(Graph graph, int shown) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < Math.min(shown, vertices.length); i++) {
        text.append(graph.name(vertices[i])).append(" → ");
      }
      if (vertices.length > shown) {
        text.append("… (").append(vertices.length - shown).append(" more) → ");
      }
      return text.append(graph.name(vertices[0])).toString();
    }
  }

  private NegativeCycles() {}

  /**
   * A negative cycle reachable from {@code start}, or null if none is (or none was found by {@code deadlineNanos},
   * a {@link System#nanoTime} value).
   */
  public static Cycle reachableFrom(Graph graph, int start, long deadlineNanos) {
    int n = graph.vertexCount();
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    double[] distance = new double[n];
    Arrays.fill(distance, Double.POSITIVE_INFINITY);
    distance[start] = 0;
    int[] parent = new int[n];
    Arrays.fill(parent, -1);
    float[] parentWeight = new float[n];
    boolean[] queued = new boolean[n];
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    queue.add(start);
    queued[start] = true;
    long relaxations = 0;
    while (!queue.isEmpty()) {
      int u = queue.poll();
      queued[u] = false;
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int v = targets[a];
        double through = distance[u] + weights[a];
        if (through < distance[v]) {
          distance[v] = through;
          parent[v] = u;
          parentWeight[v] = weights[a];
          if (!queued[v]) {
            queue.add(v);
            queued[v] = true;
          }
          if (++relaxations % n == 0) {
            Cycle cycle = cycleAmongParents(parent, parentWeight);
            if (cycle != null) {
              return cycle;
            }
            if (System.nanoTime() - deadlineNanos > 0) {
              return null;
            }
          }
        }
      }
    }
    return cycleAmongParents(parent, parentWeight);
  }

  /** A cycle of the predecessor arcs, walked from each vertex with a colour per walk: O(n) in all. */
  private static Cycle cycleAmongParents(int[] parent, float[] parentWeight) {
    int n = parent.length;
    int[] walk = new int[n]; // 0: not seen; otherwise the walk that first reached the vertex
    for (int s = 0; s < n; s++) {
      int v = s;
      while (v >= 0 && walk[v] == 0) {
        walk[v] = s + 1;
        v = parent[v];
      }
      if (v >= 0 && walk[v] == s + 1) { // this walk came round to itself: v is on the cycle
        return cycleThrough(v, parent, parentWeight);
      }
    }
    return null;
  }

  private static Cycle cycleThrough(int onCycle, int[] parent, float[] parentWeight) {
    int length = 1;
    for (int v = parent[onCycle]; v != onCycle; v = parent[v]) {
      length++;
    }
    int[] vertices = new int[length];
    double sum = 0;
    int v = onCycle;
    for (int i = length - 1; i >= 0; i--) { // the parents run backwards along the arcs
      vertices[i] = v;
      sum += parentWeight[v];
      v = parent[v];
    }
    return new Cycle(vertices, sum);
  }
}
