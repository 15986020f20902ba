package org.tropic.apsp;

import java.util.Arrays;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * The tiles of a graph's distance matrix before Floyd–Warshall: +∞ everywhere but the diagonal's zeros and the arcs.
 * Each tile is made by the worker that first updates it ({@link FloydWarshallSchedule.FirstUse}), from the arcs of
 * its b source vertices whose targets fall in its columns. Those are one stretch of each source's arcs, which the
 * graph keeps sorted by target.
 */
final class GraphTiles implements FloydWarshallSchedule.FirstUse {
  private final Graph graph;
  private final TiledDistanceMatrix d;
  private final Arithmetic arithmetic;

  /**
   * Tiles of {@code d}, a {@link TiledDistanceMatrix#deferred} matrix of {@code graph}. A symmetric {@code d} stores
   * the tiles on and above the diagonal only; each holds its own arcs, and the arcs below the diagonal, their
   * mirrors of equal weight, are left out.
   */
  GraphTiles(Graph graph, TiledDistanceMatrix d, Arithmetic arithmetic) {
    this.graph = graph;
    this.d = d;
    this.arithmetic = arithmetic;
  }

  @Override
  public float[] tile(int tileRow, int tileCol) {
    float[] tile = d.materialize(tileRow, tileCol, arithmetic);
    int b = d.blockSize();
    int n = graph.vertexCount();
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    int firstColumn = tileCol * b;
    int endColumn = Math.min(n, firstColumn + b);
    for (int u = tileRow * b, end = Math.min(n, u + b); u < end; u++) {
      int a = Arrays.binarySearch(targets, offsets[u], offsets[u + 1], firstColumn);
      int row = (u - tileRow * b) * b - firstColumn;
      for (a = a < 0 ? -a - 1 : a; a < offsets[u + 1] && targets[a] < endColumn; a++) {
        int at = row + targets[a];
        // min, not a store: a self-loop meets the diagonal's zero, and only a negative one may lower it
        tile[at] = arithmetic.encode(Math.min(arithmetic.decode(tile[at]), weights[a]));
      }
    }
    return tile;
  }
}
