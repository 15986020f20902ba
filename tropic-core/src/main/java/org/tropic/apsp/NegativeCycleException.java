package org.tropic.apsp;

import org.tropic.graph.Graph;

/**
 * Thrown instead of returning distances when the graph has a cycle of negative total weight, which makes shortest
 * paths undefined. Names one vertex on (or reaching) such a cycle.
 */
public final class NegativeCycleException extends RuntimeException {
  /**
   * How long a negative cycle's error may look for the cycle itself ({@link #withCycleOf}: Bellman–Ford from the
   * vertex the solver named, O(n·m) at worst), on one node or a distributed run's reporting rank; past it the error
   * names that vertex alone.
   */
  public static final double CYCLE_SEARCH_SECONDS = 5;

  private final int vertex;
  private final float closedWalkLength;

  public NegativeCycleException(int vertex, String vertexName, float closedWalkLength) {
    // The solvers measure a closed walk, not the cycle: Floyd–Warshall's diagonal can go round a self-loop of -3
    // twice (-6) where Bellman–Ford stops at once (-3). So the message names the walk and does not call it the cycle.
    this(vertex, closedWalkLength, "negative cycle: a closed walk from vertex " + vertexName + " back to itself has"
        + " length " + closedWalkLength + " (it may go round a negative cycle more than once, or reach one and"
        + " return); shortest paths are undefined");
  }

  private NegativeCycleException(int vertex, float closedWalkLength, String message) {
    super(message);
    this.vertex = vertex;
    this.closedWalkLength = closedWalkLength;
  }

  /**
   * This exception with a negative cycle reachable from its vertex said too (up to 12 of its vertices), found
   * within {@code seconds}; itself where none was found in time.
   */
  public NegativeCycleException withCycleOf(Graph graph, double seconds) {
    NegativeCycles.Cycle cycle = NegativeCycles.reachableFrom(graph, vertex,
        System.nanoTime() + (long) (seconds * 1e9));
    if (cycle == null || cycle.length() >= 0) {
      return this;
    }
    NegativeCycleException named = new NegativeCycleException(vertex, closedWalkLength, getMessage()
        + "; one such cycle: " + cycle.describe(graph, 12) + " (" + cycle.vertices().length + " arc"
        + (cycle.vertices().length == 1 ? "" : "s") + ", length " + (float) cycle.length() + ")");
    named.setStackTrace(getStackTrace());
    return named;
  }

  /**
   * Throws at once if {@code graph} is symmetric (undirected) and has a negative weight: an edge u–v of weight
   * w &lt; 0 is the cycle u → v → u of length 2w (a negative self-loop, one of length w), so no solve need run to
   * find it.
   */
  static void rejectNegativeEdgeOfSymmetricGraph(Graph graph) {
    if (!graph.weightStats().hasNegative() || !graph.isSymmetric()) {
      return;
    }
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        if (weights[a] < 0) {
          throw new NegativeCycleException(u, graph.name(u), targets[a] == u ? weights[a] : 2 * weights[a]);
        }
      }
    }
  }

  /** A vertex whose distance to itself is negative. */
  public int vertex() {
    return vertex;
  }

  /** The (negative) length of the closed walk from {@link #vertex()} back to itself that was found. */
  public float closedWalkLength() {
    return closedWalkLength;
  }
}
