package org.tropic.apsp;

import org.tropic.graph.VertexLabels;
import org.tropic.partition.PartitionLayout;

/**
 * The distances computed by {@link PartitionedApsp}, stored as one row block per component: block I holds the rows
 * of component I's vertices, all n columns, row-major, rows and columns in {@link PartitionLayout} order — the
 * shape the algorithm fills (its k × k sub-blocks are slices with leading dimension n), so no second n² copy is
 * ever made. Queries take and give original vertex ids.
 *
 * <p>Memory: exactly n² floats plus O(n) for the layout. A row block must fit one Java array: (largest component)
 * × n ≤ 2³¹ − 9 floats; {@link #fits} says whether a partition does. Large row blocks are also what keeps the
 * garbage collector from copying the output: it allocates them straight into the old generation.
 */
public final class PartitionedDistanceMatrix implements DistanceMatrix {
  /** The most floats one Java array can hold on HotSpot. */
  static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

  private final PartitionLayout layout;
  private final float[][] rowBlocks;
  private final int n;
  private final VertexLabels labels;
  private final PartitionReport report;
  private final PartitionedTimings timings;

  PartitionedDistanceMatrix(PartitionLayout layout, float[][] rowBlocks, VertexLabels labels, PartitionReport report,
      PartitionedTimings timings) {
    this.layout = layout;
    this.rowBlocks = rowBlocks;
    this.n = layout.vertexCount();
    this.labels = labels;
    this.report = report;
    this.timings = timings;
  }

  /** Whether components of at most {@code largestComponent} vertices out of n fit the row-block layout. */
  public static boolean fits(int largestComponent, int n) {
    return (long) largestComponent * n <= MAX_ARRAY;
  }

  /** The partition the distances were computed with, and how the boundary graph was solved. */
  public PartitionReport report() {
    return report;
  }

  /** Where the solve spent its time. */
  public PartitionedTimings timings() {
    return timings;
  }

  /** The vertex order of the rows and columns. */
  public PartitionLayout layout() {
    return layout;
  }

  @Override
  public int size() {
    return n;
  }

  @Override
  public float get(int u, int v) {
    int p = layout.positionOf(u);
    int c = layout.componentAt(p);
    return rowBlocks[c][(p - layout.componentStart(c)) * n + layout.positionOf(v)];
  }

  @Override
  public void copyRow(int u, float[] dst) {
    int p = layout.positionOf(u);
    int c = layout.componentAt(p);
    float[] block = rowBlocks[c];
    int base = (p - layout.componentStart(c)) * n;
    for (int q = 0; q < n; q++) {
      dst[layout.vertexAt(q)] = block[base + q];
    }
  }

  @Override
  public VertexLabels labels() {
    return labels;
  }
}
