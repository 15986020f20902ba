package org.tropic.sparse;

import java.util.Arrays;
import org.tropic.graph.Graph;

/**
 * The plain oracle for the kernels: products straight from the graph's CSR arrays in double precision, written
 * independently of BlockCoo (no blocking, no ordering, no threads).
 */
public final class CsrReference {
  private CsrReference() {}

  /** (Aᵀx)[v] = Σ over arcs u→v of w·x[u], or (Ax)[u] = Σ over arcs u→v of w·x[v]. */
  public static double[] multiply(Graph g, double[] x, boolean transpose, boolean pattern) {
    int n = g.vertexCount();
    double[] y = new double[n];
    for (int u = 0; u < n; u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        int v = g.targets()[e];
        double w = pattern ? 1 : g.weights()[e];
        if (transpose) {
          y[v] += w * x[u];
        } else {
          y[u] += w * x[v];
        }
      }
    }
    return y;
  }

  /** Min-plus product: y[v] = min over arcs u→v of w + x[u] (transpose) or y[u] = min over u→v of w + x[v]. */
  public static float[] minPlus(Graph g, float[] x, boolean transpose, boolean pattern) {
    int n = g.vertexCount();
    float[] y = new float[n];
    Arrays.fill(y, Float.POSITIVE_INFINITY);
    for (int u = 0; u < n; u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        int v = g.targets()[e];
        float w = pattern ? 1f : g.weights()[e];
        if (transpose) {
          y[v] = Math.min(y[v], w + x[u]);
        } else {
          y[u] = Math.min(y[u], w + x[v]);
        }
      }
    }
    return y;
  }

  /** Vertices with an arc from (transpose) or to a marked vertex, excluding skipped ones. */
  public static byte[] orAnd(Graph g, byte[] x, byte[] skip, boolean transpose) {
    int n = g.vertexCount();
    byte[] y = new byte[n];
    for (int u = 0; u < n; u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        int v = g.targets()[e];
        int row = transpose ? v : u;
        int col = transpose ? u : v;
        if (x[col] != 0 && (skip == null || skip[row] == 0)) {
          y[row] = 1;
        }
      }
    }
    return y;
  }
}
