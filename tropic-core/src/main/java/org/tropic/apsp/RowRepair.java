package org.tropic.apsp;

import java.util.Arrays;
import java.util.List;
import org.tropic.graph.Graph;

/**
 * One worker's repair of one row at a time for {@link AffectedRows}: the vertices below a raised arc in the row's
 * shortest-path graph are found, started from their cheapest arc in from a vertex that stands, and settled by a
 * Dijkstra among themselves. Its scratch (about 32 bytes a vertex) is reused from row to row; marks are stamped with
 * a counter so nothing is cleared between rows.
 */
final class RowRepair {

  /**
   * What every worker reads: the changed graph, its arcs turned around (a vertex's in-arcs), the potentials that
   * make its arcs non-negative ({@code null} when none is negative), and the raised arcs at their old weights.
   */
  record Shared(Graph graph, Graph reversed, double[] potentials, List<AffectedRows.RaisedArc> raised) {
    Shared(Graph graph, List<AffectedRows.RaisedArc> raised) {
      this(graph, graph.reversed(), graph.weightStats().hasNegative() ? BellmanFordPotentials.compute(graph) : null,
          raised);
    }
  }

  private final Shared shared;
  private final float[] row;
  private final int[] below;
  private final int[] belowMark;
  private final int[] settledMark;
  private final float[] key;
  private final IndexedMinHeap heap;
  private int stamp;

  RowRepair(Shared shared) {
    this.shared = shared;
    int n = shared.graph().vertexCount();
    row = new float[n];
    below = new int[n];
    belowMark = new int[n];
    settledMark = new int[n];
    key = new float[n];
    heap = new IndexedMinHeap(n);
  }

  /** The row to repair: filled by the caller with the source's old distances, repaired in place by {@link #run}. */
  float[] row() {
    return row;
  }

  /** Repairs {@link #row()}, the distances from {@code source}, and returns the columns it repaired, sorted. */
  int[] run(int source) {
    stamp++;
    int size = markBelow();
    double[] h = shared.potentials();
    double hs = h == null ? 0 : h[source];
    Graph graph = shared.graph();
    int[] inOffsets = shared.reversed().offsets();
    int[] inSources = shared.reversed().targets();
    float[] inWeights = shared.reversed().weights();
    for (int q = 0; q < size; q++) {
      int x = below[q];
      float best = x == source ? 0f : Float.POSITIVE_INFINITY;
      for (int a = inOffsets[x]; a < inOffsets[x + 1]; a++) {
        int y = inSources[a];
        if (belowMark[y] != stamp && row[y] != Float.POSITIVE_INFINITY) {
          best = Math.min(best, reducedDistance(y, hs) + reducedWeight(y, x, inWeights[a]));
        }
      }
      key[x] = best;
      if (best != Float.POSITIVE_INFINITY) {
        heap.insertOrDecrease(x, best);
      }
    }
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    while (!heap.isEmpty()) {
      int x = heap.popMin();
      settledMark[x] = stamp;
      for (int a = offsets[x]; a < offsets[x + 1]; a++) {
        int z = targets[a];
        if (belowMark[z] == stamp && settledMark[z] != stamp) {
          float candidate = key[x] + reducedWeight(x, z, weights[a]);
          if (candidate < key[z]) {
            key[z] = candidate;
            heap.insertOrDecrease(z, candidate);
          }
        }
      }
    }
    for (int q = 0; q < size; q++) {
      int x = below[q];
      row[x] = restore(x, source, hs);
    }
    int[] columns = Arrays.copyOf(below, size);
    Arrays.sort(columns);
    return columns;
  }

  /**
   * Marks the heads of the raised arcs that were on a shortest path, and every vertex reached from them along arcs
   * that were (the raised arcs' old weights are only needed for the heads: the other arcs kept theirs). Returns how
   * many, listed in {@code below}.
   */
  private int markBelow() {
    int n = row.length;
    int size = 0;
    for (AffectedRows.RaisedArc arc : shared.raised()) {
      int v = arc.target();
      if (belowMark[v] != stamp && AffectedRows.tight(row[arc.source()], arc.oldWeight(), row[v], n)) {
        belowMark[v] = stamp;
        below[size++] = v;
      }
    }
    int[] offsets = shared.graph().offsets();
    int[] targets = shared.graph().targets();
    float[] weights = shared.graph().weights();
    for (int q = 0; q < size; q++) {
      int x = below[q];
      for (int a = offsets[x]; a < offsets[x + 1]; a++) {
        int y = targets[a];
        if (belowMark[y] != stamp && AffectedRows.tight(row[x], weights[a], row[y], n)) {
          belowMark[y] = stamp;
          below[size++] = y;
        }
      }
    }
    return size;
  }

  /** d(y) in the reweighted graph, where a Dijkstra from the source would have it: d(y) − h(y) + h(source). */
  private float reducedDistance(int y, double hs) {
    double[] h = shared.potentials();
    return h == null ? row[y] : (float) (row[y] - h[y] + hs);
  }

  /** w(x, y) + h(x) − h(y), non-negative for exact potentials; what rounding leaves below zero is noise. */
  private float reducedWeight(int x, int y, float w) {
    double[] h = shared.potentials();
    if (h == null) {
      return w;
    }
    double reduced = w + h[x] - h[y];
    return reduced > 0 ? (float) reduced : 0f;
  }

  /** d(x) back from the reweighted key, in double, rounded once, as {@link Johnson} restores its rows. */
  private float restore(int x, int source, double hs) {
    float k = key[x];
    double[] h = shared.potentials();
    if (k == Float.POSITIVE_INFINITY || h == null) {
      return k;
    }
    return x == source ? 0f : (float) (k - hs + h[x]);
  }
}
