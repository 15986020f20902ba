package org.tropic.apsp;

import java.util.Arrays;
import org.tropic.graph.VertexLabels;

/** Distances held as one {@code float[]} per source row, as Dijkstra-from-every-source produces them. */
public final class RowDistanceMatrix implements DistanceMatrix {
  private final float[][] rows;
  private final VertexLabels labels;

  /** An n×n matrix of +∞ with a zero diagonal. */
  public RowDistanceMatrix(int n, VertexLabels labels) {
    this.rows = new float[n][];
    for (int u = 0; u < n; u++) {
      rows[u] = new float[n];
      Arrays.fill(rows[u], Float.POSITIVE_INFINITY);
      rows[u][u] = 0f;
    }
    this.labels = labels;
  }

  private RowDistanceMatrix(float[][] rows, VertexLabels labels) {
    this.rows = rows;
    this.labels = labels;
  }

  /** An n×n matrix of zeros, for a solver that writes every entry: the +∞ fill would be a wasted pass over n². */
  static RowDistanceMatrix unfilled(int n, VertexLabels labels) {
    float[][] rows = new float[n][];
    for (int u = 0; u < n; u++) {
      rows[u] = new float[n];
    }
    return new RowDistanceMatrix(rows, labels);
  }

  /**
   * The heap an n×n row matrix takes: each row a float array as {@link HeapFootprint} counts it (under G1 a row of
   * 16,264 floats is 65,072 bytes, sixteen to a 1 MiB region, so it takes 65,536), and the array of row references
   * (4 bytes each, compressed, counted as a float array of n). Planned as n² × 4 bytes, batched Bellman–Ford on
   * cond-mat was let start in a 1,040 MiB heap and ran out of it.
   */
  public static long heapBytes(int n) {
    return (n + 1L) * HeapFootprint.floatArray(n);
  }

  /** Row u, for writing by a solver. */
  public float[] row(int u) {
    return rows[u];
  }

  @Override
  public int size() {
    return rows.length;
  }

  @Override
  public float get(int u, int v) {
    return rows[u][v];
  }

  @Override
  public void copyRow(int u, float[] dst) {
    System.arraycopy(rows[u], 0, dst, 0, rows.length);
  }

  @Override
  public VertexLabels labels() {
    return labels;
  }
}
