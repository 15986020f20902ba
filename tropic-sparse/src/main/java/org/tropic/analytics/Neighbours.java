package org.tropic.analytics;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.tropic.sparse.Permutation;

/**
 * Shallow queries (HPC-KG §2.2, equation 1): the neighbours of a vertex as the non-zeros of Aᵀ·1_u — one boolean SpMV
 * with an indicator vector, or with a "fat" indicator of several vertices at once — and degrees. Each query is a full
 * pass over the matrix, O(nnz / threads), the price of a format built for wide and deep queries.
 */
public final class Neighbours {
  private Neighbours() {}

  /** Heads of the arcs leaving {@code u}, as sorted original ids. */
  public static int[] out(SparseGraph g, int u) {
    return out(g, new int[] {u});
  }

  /** Vertices reached by one arc from any of {@code vertices} (original ids), sorted. */
  public static int[] out(SparseGraph g, int[] vertices) {
    int n = g.vertexCount();
    Permutation p = g.permutation();
    byte[] x = new byte[n];
    for (int v : vertices) {
      g.checkVertex(v);
      x[p.newId(v)] = 1;
    }
    byte[] y = new byte[n];
    g.kernels().spmvOrAnd(g.matrix(), x, y, null, false);
    return marked(y, p);
  }

  /** The weights of the arcs leaving {@code u}, parallel to {@link #out(SparseGraph, int)}. */
  public static float[] outWeights(SparseGraph g, int u) {
    int[] heads = out(g, u);
    Permutation p = g.permutation();
    float[] x = new float[g.vertexCount()];
    x[p.newId(u)] = 1f;
    float[] y = new float[g.vertexCount()];
    g.kernels().spmv(g.matrix(), 1f, x, 0f, y);
    float[] w = new float[heads.length];
    for (int i = 0; i < heads.length; i++) {
      w[i] = y[p.newId(heads[i])];
    }
    return w;
  }

  /** Tails of the arcs entering {@code v}, as sorted original ids: one row of Aᵀ, read from its block row. */
  public static int[] in(SparseGraph g, int v) {
    g.checkVertex(v);
    Permutation p = g.permutation();
    int stored = p.newId(v);
    IntArrayList tails = new IntArrayList();
    g.matrix().forEachElementOfBlockRow(stored / g.matrix().blockHeight(), (row, column, value) -> {
      if (row == stored) {
        tails.add(p.oldId(column));
      }
    });
    int[] out = tails.toIntArray();
    Arrays.sort(out);
    return out;
  }

  /** Out-degree of every vertex, by original id. */
  public static int[] outDegrees(SparseGraph g) {
    return g.permutation().toOld(g.outDegreeStored());
  }

  /** In-degree of every vertex, by original id. */
  public static int[] inDegrees(SparseGraph g) {
    return g.permutation().toOld(g.inDegreeStored());
  }

  private static int[] marked(byte[] y, Permutation p) {
    IntArrayList out = new IntArrayList();
    for (int i = 0; i < y.length; i++) {
      if (y[i] != 0) {
        out.add(p.oldId(i));
      }
    }
    int[] ids = out.toIntArray();
    Arrays.sort(ids);
    return ids;
  }
}
