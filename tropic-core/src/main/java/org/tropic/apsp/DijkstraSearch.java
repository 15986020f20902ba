package org.tropic.apsp;

import java.util.Arrays;

/**
 * Single-source Dijkstra over CSR arrays with non-negative float weights; one instance per worker thread, its
 * {@link IndexedMinHeap} reused across sources. Distances are float32 sums {@code fl(d(u) + w(u,v))} taken in the
 * order of the path, so a finished row satisfies the Bellman equations exactly in float arithmetic:
 * {@code d(v) = min over arcs u→v of fl(d(u) + w(u,v))}.
 *
 * <p>Cost O((n + m) log n) per source. The weights array may differ from the graph's own (Johnson passes reweighted
 * arcs); it must be parallel to {@code targets}, non-negative, and never NaN.
 */
final class DijkstraSearch {
  private final int[] offsets;
  private final int[] targets;
  private final float[] weights;
  private final IndexedMinHeap heap;

  DijkstraSearch(int[] offsets, int[] targets, float[] weights) {
    this.offsets = offsets;
    this.targets = targets;
    this.weights = weights;
    this.heap = new IndexedMinHeap(offsets.length - 1);
  }

  /** Fills {@code dist[0..n)} with the distances from {@code source}, +∞ where unreachable. */
  void run(int source, float[] dist) {
    Arrays.fill(dist, 0, offsets.length - 1, Float.POSITIVE_INFINITY);
    dist[source] = 0f;
    heap.insertOrDecrease(source, 0f);
    while (!heap.isEmpty()) {
      int u = heap.popMin();
      float du = dist[u];
      for (int a = offsets[u], end = offsets[u + 1]; a < end; a++) {
        float candidate = du + weights[a];
        int v = targets[a];
        // A settled v already has dist[v] <= du <= candidate, so it is never pushed again.
        if (candidate < dist[v]) {
          dist[v] = candidate;
          heap.insertOrDecrease(v, candidate);
        }
      }
    }
  }
}
