package org.tropic.sparse;

import it.unimi.dsi.fastutil.ints.IntArrays;
import org.tropic.graph.Graph;

/**
 * Reverse Cuthill–McKee vertex order (Cuthill &amp; McKee 1969; George &amp; Liu 1981), which HPC-KG §2.7 uses as
 * the baseline reordering: breadth-first from a pseudo-peripheral vertex of each connected component, neighbours
 * taken in increasing degree, the whole order reversed. Non-zeros end up in a narrow band around the diagonal, so
 * neighbouring rows touch neighbouring parts of x. Directed graphs are ordered by their symmetrised structure.
 *
 * <p>O(nnz · log maxDegree) time for the neighbour sorts plus a few BFS sweeps per component to find the start.
 */
public final class ReverseCuthillMcKee {
  private static final int PERIPHERY_SWEEPS = 8;

  private ReverseCuthillMcKee() {}

  /** The RCM renumbering of {@code graph}: new id = position in the reversed Cuthill–McKee order. */
  public static Permutation order(Graph graph) {
    CsrArrays sym = symmetrised(graph);
    int n = sym.size();
    int[] offsets = sym.offsets();
    int[] adj = sym.columns();
    int[] degree = new int[n];
    for (int v = 0; v < n; v++) {
      degree[v] = offsets[v + 1] - offsets[v];
    }
    int[] byDegree = new int[n];
    for (int v = 0; v < n; v++) {
      byDegree[v] = v;
    }
    IntArrays.stableSort(byDegree, (a, b) -> Integer.compare(degree[a], degree[b]));

    int[] order = new int[n];
    boolean[] placed = new boolean[n];
    int[] level = new int[n];
    java.util.Arrays.fill(level, -1);
    int[] queue = new int[n];
    int done = 0;
    for (int seed : byDegree) {
      if (placed[seed]) {
        continue;
      }
      int start = pseudoPeripheral(seed, offsets, adj, degree, level, queue);
      done = cuthillMcKee(start, offsets, adj, degree, placed, order, done);
    }
    int[] newIdOf = new int[n];
    for (int i = 0; i < n; i++) {
      newIdOf[order[i]] = n - 1 - i;
    }
    return Permutation.ofNewIds(newIdOf);
  }

  /** Appends the Cuthill–McKee order of {@code start}'s component to {@code order} from {@code done}. */
  private static int cuthillMcKee(int start, int[] offsets, int[] adj, int[] degree, boolean[] placed, int[] order,
      int done) {
    int head = done;
    int tail = done;
    order[tail++] = start;
    placed[start] = true;
    int[] fresh = new int[16];
    while (head < tail) {
      int u = order[head++];
      int count = 0;
      for (int e = offsets[u]; e < offsets[u + 1]; e++) {
        int v = adj[e];
        if (!placed[v]) {
          placed[v] = true;
          if (count == fresh.length) {
            fresh = java.util.Arrays.copyOf(fresh, count * 2);
          }
          fresh[count++] = v;
        }
      }
      IntArrays.quickSort(fresh, 0, count, (a, b) -> degree[a] != degree[b]
          ? Integer.compare(degree[a], degree[b]) : Integer.compare(a, b));
      System.arraycopy(fresh, 0, order, tail, count);
      tail += count;
    }
    return tail;
  }

  /**
   * George–Liu: BFS from the start, move to a lowest-degree vertex of the last level while that lengthens the
   * eccentricity. {@code level} is scratch, returned all −1.
   */
  private static int pseudoPeripheral(int seed, int[] offsets, int[] adj, int[] degree, int[] level, int[] queue) {
    int start = seed;
    int eccentricity = -1;
    for (int sweep = 0; sweep < PERIPHERY_SWEEPS; sweep++) {
      int size = bfs(start, offsets, adj, level, queue);
      int depth = level[queue[size - 1]];
      int best = start;
      for (int i = size - 1; i >= 0 && level[queue[i]] == depth; i--) {
        int v = queue[i];
        if (best == start || degree[v] < degree[best]) {
          best = v;
        }
      }
      for (int i = 0; i < size; i++) {
        level[queue[i]] = -1;
      }
      if (depth <= eccentricity) {
        break;
      }
      eccentricity = depth;
      start = best;
    }
    return start;
  }

  private static int bfs(int start, int[] offsets, int[] adj, int[] level, int[] queue) {
    int head = 0;
    int tail = 0;
    queue[tail++] = start;
    level[start] = 0;
    while (head < tail) {
      int u = queue[head++];
      for (int e = offsets[u]; e < offsets[u + 1]; e++) {
        int v = adj[e];
        if (level[v] < 0) {
          level[v] = level[u] + 1;
          queue[tail++] = v;
        }
      }
    }
    return tail;
  }

  /** The union of the graph's arcs and their reverses, without self-loops, rows sorted and duplicate-free. */
  static CsrArrays symmetrised(Graph graph) {
    CsrArrays a = CsrArrays.of(graph);
    CsrArrays t = a.transpose();
    int n = a.size();
    int[] offsets = new int[n + 1];
    int[] columns = new int[a.columns().length + t.columns().length];
    int at = 0;
    for (int u = 0; u < n; u++) {
      int i = a.offsets()[u];
      int iEnd = a.offsets()[u + 1];
      int j = t.offsets()[u];
      int jEnd = t.offsets()[u + 1];
      while (i < iEnd || j < jEnd) {
        int next;
        if (j >= jEnd || (i < iEnd && a.columns()[i] <= t.columns()[j])) {
          next = a.columns()[i++];
        } else {
          next = t.columns()[j++];
        }
        if (next != u && (at == offsets[u] || columns[at - 1] != next)) {
          columns[at++] = next;
        }
      }
      offsets[u + 1] = at;
    }
    return new CsrArrays(offsets, java.util.Arrays.copyOf(columns, at), new float[at]);
  }
}
