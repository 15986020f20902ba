package org.tropic.partition;

import java.util.Arrays;
import java.util.Objects;
import org.tropic.graph.Graph;

/**
 * The undirected structure of a graph in the CSR form METIS reads ({@code xadj}/{@code adjncy}): u and v are
 * neighbours when either arc u→v or v→u exists; no self-loops, no duplicates, each row sorted. Weights are dropped:
 * the partitioner should minimise the number of boundary vertices, not a weighted cut.
 *
 * @param xadj {@code n + 1} row offsets
 * @param adjncy neighbour lists, {@code xadj[n]} entries
 */
public record SymmetricAdjacency(int[] xadj, int[] adjncy) {

  public SymmetricAdjacency {
    Objects.requireNonNull(xadj, "xadj");
    Objects.requireNonNull(adjncy, "adjncy");
    if (xadj.length == 0 || xadj[0] != 0 || xadj[xadj.length - 1] != adjncy.length) {
      throw new IllegalArgumentException("inconsistent CSR: " + xadj.length + " offsets, " + adjncy.length
          + " neighbours");
    }
  }

  /** Symmetrises {@code graph}'s arcs; O(m log d) time for m arcs and largest degree d. */
  public static SymmetricAdjacency of(Graph graph) {
    int n = graph.vertexCount();
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    int[] degree = new int[n + 1];
    for (int u = 0; u < n; u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int v = targets[a];
        if (v != u) {
          degree[u + 1]++;
          degree[v + 1]++;
        }
      }
    }
    for (int u = 0; u < n; u++) {
      degree[u + 1] += degree[u];
    }
    int[] fill = Arrays.copyOf(degree, n);
    int[] both = new int[degree[n]];
    for (int u = 0; u < n; u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int v = targets[a];
        if (v != u) {
          both[fill[u]++] = v;
          both[fill[v]++] = u;
        }
      }
    }
    int[] xadj = new int[n + 1];
    int write = 0;
    for (int u = 0; u < n; u++) {
      int from = degree[u];
      int to = degree[u + 1];
      Arrays.sort(both, from, to);
      xadj[u] = write;
      for (int i = from; i < to; i++) {
        if (i == from || both[i] != both[i - 1]) {
          both[write++] = both[i];
        }
      }
    }
    xadj[n] = write;
    return new SymmetricAdjacency(xadj, Arrays.copyOf(both, write));
  }

  public int vertexCount() {
    return xadj.length - 1;
  }

  /** The number of undirected edges (each stored twice). */
  public int edgeCount() {
    return adjncy.length / 2;
  }
}
