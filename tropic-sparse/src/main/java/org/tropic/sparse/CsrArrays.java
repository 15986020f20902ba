package org.tropic.sparse;

import org.tropic.graph.Graph;

/**
 * Plain CSR arrays of a square matrix, an intermediate step of building a {@link BlockCoo}.
 *
 * @param offsets {@code n + 1} row offsets
 * @param columns column of each element
 * @param values value of each element
 */
record CsrArrays(int[] offsets, int[] columns, float[] values) {

  int size() {
    return offsets.length - 1;
  }

  /** The graph's adjacency matrix, sharing its arrays (read only). */
  static CsrArrays of(Graph graph) {
    return new CsrArrays(graph.offsets(), graph.targets(), graph.weights());
  }

  /** Rows and columns renumbered by {@code p}: row {@code p.newId(u)} holds u's arcs; columns come out unsorted. */
  CsrArrays permuted(Permutation p) {
    int n = size();
    int[] newOffsets = new int[n + 1];
    for (int r = 0; r < n; r++) {
      int u = p.oldId(r);
      newOffsets[r + 1] = newOffsets[r] + offsets[u + 1] - offsets[u];
    }
    int[] newColumns = new int[columns.length];
    float[] newValues = new float[values.length];
    for (int r = 0; r < n; r++) {
      int u = p.oldId(r);
      int at = newOffsets[r];
      for (int e = offsets[u]; e < offsets[u + 1]; e++, at++) {
        newColumns[at] = p.newId(columns[e]);
        newValues[at] = values[e];
      }
    }
    return new CsrArrays(newOffsets, newColumns, newValues);
  }

  /**
   * The transpose, by one stable bucket pass over the rows in order: each row of the result lists its columns in
   * increasing order whatever the order of this matrix's rows. O(nnz + n).
   */
  CsrArrays transpose() {
    int n = size();
    int[] tOffsets = new int[n + 1];
    for (int c : columns) {
      tOffsets[c + 1]++;
    }
    for (int i = 0; i < n; i++) {
      tOffsets[i + 1] += tOffsets[i];
    }
    int[] fill = java.util.Arrays.copyOf(tOffsets, n);
    int[] tColumns = new int[columns.length];
    float[] tValues = new float[values.length];
    for (int r = 0; r < n; r++) {
      for (int e = offsets[r]; e < offsets[r + 1]; e++) {
        int at = fill[columns[e]]++;
        tColumns[at] = r;
        tValues[at] = values[e];
      }
    }
    return new CsrArrays(tOffsets, tColumns, tValues);
  }
}
