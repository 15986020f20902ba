package org.tropic.analytics;

/**
 * Whether a graph has a directed cycle through arcs of positive weight, by Kahn's topological sort. Measures built
 * on the Perron root of A need one: without it A is nilpotent (every eigenvalue 0), and power iteration drifts
 * towards the ends of the longest paths for ever rather than converging, whatever the number of iterations.
 * Arcs of weight 0 are left out, since they add nothing to A. O(n + nnz) time, an int per arc of memory.
 */
final class DirectedCycles {
  /** What the arcs of positive weight form. */
  enum Shape {
    /** No arc of positive weight: A = 0. */
    NO_ARCS,
    /** Arcs, but no directed cycle among them: A is nilpotent but not 0. */
    ACYCLIC,
    /** A directed cycle (a self-loop included) through arcs of positive weight only. */
    CYCLIC
  }

  private DirectedCycles() {}

  static Shape of(SparseGraph g) {
    long[] positive = {0};
    g.matrix().forEachElement((row, column, value) -> positive[0] += value > 0 ? 1 : 0);
    if (positive[0] == 0) {
      return Shape.NO_ARCS;
    }
    // A symmetric matrix with an arc u → v has v → u too (a self-loop is a cycle of its own): no sort needed.
    return g.symmetric() || hasCycle(g) ? Shape.CYCLIC : Shape.ACYCLIC;
  }

  private static boolean hasCycle(SparseGraph g) {
    int n = g.vertexCount();
    // Rows and columns are the two ends of each arc; which is which does not matter, since a graph and its
    // reverse have the same cycles.
    int[] start = new int[n + 1];
    g.matrix().forEachElement((row, column, value) -> {
      if (value > 0) {
        start[row + 1]++;
      }
    });
    for (int v = 0; v < n; v++) {
      start[v + 1] += start[v];
    }
    int[] next = new int[start[n]];
    int[] fill = java.util.Arrays.copyOf(start, n);
    int[] inDegree = new int[n];
    g.matrix().forEachElement((row, column, value) -> {
      if (value > 0) {
        next[fill[row]++] = column;
        inDegree[column]++;
      }
    });
    int[] queue = new int[n];
    int tail = 0;
    for (int v = 0; v < n; v++) {
      if (inDegree[v] == 0) {
        queue[tail++] = v;
      }
    }
    for (int head = 0; head < tail; head++) {
      int u = queue[head];
      for (int a = start[u]; a < start[u + 1]; a++) {
        if (--inDegree[next[a]] == 0) {
          queue[tail++] = next[a];
        }
      }
    }
    return tail < n; // the vertices never freed lie on a cycle or after one
  }
}
