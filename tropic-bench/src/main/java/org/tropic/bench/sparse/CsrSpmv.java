package org.tropic.bench.sparse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.tropic.graph.Graph;

/**
 * The straightforward baseline: y = Aᵀ·x from the CSR of Aᵀ (pattern, so no value array, like the BlockCoo it is
 * compared with), rows split among the threads in ranges of equal non-zero count.
 */
final class CsrSpmv {
  final int n;
  final int[] offsets;
  final int[] columns;
  private final int[] split;

  /** The CSR of Aᵀ: row v lists the sources of the arcs into v. */
  CsrSpmv(Graph g, int threads) {
    n = g.vertexCount();
    offsets = new int[n + 1];
    for (int t : g.targets()) {
      offsets[t + 1]++;
    }
    for (int i = 0; i < n; i++) {
      offsets[i + 1] += offsets[i];
    }
    int[] fill = java.util.Arrays.copyOf(offsets, n);
    columns = new int[g.arcCount()];
    for (int u = 0; u < n; u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        columns[fill[g.targets()[e]]++] = u;
      }
    }
    split = new int[threads + 1];
    int row = 0;
    for (int p = 1; p < threads; p++) {
      long target = (long) columns.length * p / threads;
      while (row < n && offsets[row] < target) {
        row++;
      }
      split[p] = row;
    }
    split[threads] = n;
  }

  long bytes() {
    return (long) Integer.BYTES * (offsets.length + columns.length);
  }

  void multiply(float[] x, float[] y, ExecutorService pool) {
    List<Future<?>> parts = new ArrayList<>();
    for (int p = 0; p + 1 < split.length; p++) {
      int from = split[p];
      int to = split[p + 1];
      parts.add(pool.submit(() -> rows(from, to, x, y)));
    }
    for (Future<?> f : parts) {
      try {
        f.get();
      } catch (InterruptedException | ExecutionException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private void rows(int from, int to, float[] x, float[] y) {
    for (int i = from; i < to; i++) {
      float s = 0;
      for (int k = offsets[i]; k < offsets[i + 1]; k++) {
        s += x[columns[k]];
      }
      y[i] = s;
    }
  }
}
