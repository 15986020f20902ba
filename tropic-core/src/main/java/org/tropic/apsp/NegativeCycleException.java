package org.tropic.apsp;

/**
 * Thrown instead of returning distances when the graph has a cycle of negative total weight, which makes shortest
 * paths undefined. Names one vertex on (or reaching) such a cycle.
 */
public final class NegativeCycleException extends RuntimeException {
  private final int vertex;
  private final float closedWalkLength;

  public NegativeCycleException(int vertex, String vertexName, float closedWalkLength) {
    super("negative cycle: vertex " + vertexName + " reaches itself with length " + closedWalkLength
        + "; shortest paths are undefined");
    this.vertex = vertex;
    this.closedWalkLength = closedWalkLength;
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
