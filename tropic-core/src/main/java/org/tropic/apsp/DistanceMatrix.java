package org.tropic.apsp;

import org.tropic.graph.VertexLabels;

/**
 * The n×n float32 shortest-path distances of a graph: {@code get(u, v)} is the length of a shortest path from u to
 * v, +∞ if v is unreachable from u, 0 on the diagonal. Held in memory (tiles or rows) or mapped from a {@code .npy}
 * store; {@link #close()} releases a mapping.
 */
public interface DistanceMatrix extends AutoCloseable {

  /** The number of vertices n. */
  int size();

  /** The distance from u to v. */
  float get(int u, int v);

  /** Copies row u (the distances from u to every vertex) into {@code dst[0..n)}. */
  default void copyRow(int u, float[] dst) {
    for (int v = 0; v < size(); v++) {
      dst[v] = get(u, v);
    }
  }

  /** Vertex names, or {@code null} when ids are the names. */
  VertexLabels labels();

  /**
   * Whether the Floyd–Warshall solve that made these distances worked on the tiles on and above the diagonal of a
   * symmetric graph only; {@code null} where no such solve says (a mapped store, another algorithm).
   */
  default Boolean solvedOnUpperTriangle() {
    return null;
  }

  @Override
  default void close() {}
}
