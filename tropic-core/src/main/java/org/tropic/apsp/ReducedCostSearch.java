package org.tropic.apsp;

import java.util.Arrays;
import org.tropic.graph.Graph;

/**
 * Dijkstra on reduced costs {@code r(x,y) = w(x,y) + φ(x) − φ(y)} for a potential φ read off a distance matrix:
 * for a tree of shortest paths from u take φ = row u ({@code D[u][·]}); for a path toward v take φ = −column v
 * ({@code −D[·][v]}, which is A* with a perfect heuristic). With exact distances r ≥ 0 and shortest paths are exactly
 * the paths of reduced length 0; a slightly negative r left by float rounding is clamped to 0. The result is a
 * search tree, so every path it yields is simple, even through zero-weight cycles, and its real length is
 * {@code D[u][v]} plus at most the rounding error already in D.
 *
 * <p>Vertices whose φ is not finite (unreachable from u, or unable to reach v) are never entered. O((n + m) log n)
 * per run, O(n) memory; one instance per thread.
 */
final class ReducedCostSearch {
  private final int[] offsets;
  private final int[] targets;
  private final float[] weights;
  private final IndexedMinHeap heap;
  private final float[] reduced;

  ReducedCostSearch(Graph graph) {
    this.offsets = graph.offsets();
    this.targets = graph.targets();
    this.weights = graph.weights();
    int n = graph.vertexCount();
    this.heap = new IndexedMinHeap(n);
    this.reduced = new float[n];
  }

  /**
   * Searches from {@code source}, stopping once {@code target} is settled ({@code -1}: search everything), and
   * writes the search tree into {@code pred} (−1 for the source and for vertices not reached).
   *
   * @return whether the target was reached (always true for {@code target == -1})
   */
  boolean run(int source, int target, float[] phi, int[] pred) {
    Arrays.fill(reduced, Float.POSITIVE_INFINITY);
    Arrays.fill(pred, -1);
    heap.clear();
    reduced[source] = 0f;
    heap.insertOrDecrease(source, 0f);
    while (!heap.isEmpty()) {
      int x = heap.popMin();
      if (x == target) {
        heap.clear();
        return true;
      }
      float rx = reduced[x];
      double phiX = phi[x];
      for (int a = offsets[x], end = offsets[x + 1]; a < end; a++) {
        int y = targets[a];
        float phiY = phi[y];
        float w = weights[a];
        if (!Float.isFinite(phiY) || w == Float.POSITIVE_INFINITY) {
          continue;
        }
        double r = w + phiX - phiY;
        float candidate = rx + (r > 0 ? (float) r : 0f);
        if (candidate < reduced[y]) {
          reduced[y] = candidate;
          pred[y] = x;
          heap.insertOrDecrease(y, candidate);
        }
      }
    }
    return target < 0;
  }
}
