package org.tropic.apsp;

import org.tropic.graph.VertexLabels;
import org.tropic.partition.PartitionLayout;

/**
 * The distances computed by {@link PartitionedApsp}, stored as k × k row-major blocks, block (I, J) holding the
 * distances from component I's vertices to component J's in {@link PartitionLayout} order — the shape the
 * algorithm fills, so no second n² copy is ever made. Queries take and give original vertex ids.
 *
 * <p>Memory: exactly n² floats plus O(n) for the layout; no block may exceed 2³¹ − 1 entries (components of at
 * most 46,340 vertices).
 */
public final class PartitionedDistanceMatrix implements DistanceMatrix {
  private final PartitionLayout layout;
  private final float[][] blocks;
  private final int k;
  private final VertexLabels labels;
  private final PartitionReport report;

  PartitionedDistanceMatrix(PartitionLayout layout, float[][] blocks, VertexLabels labels, PartitionReport report) {
    this.layout = layout;
    this.blocks = blocks;
    this.k = layout.componentCount();
    this.labels = labels;
    this.report = report;
  }

  /** The partition the distances were computed with. */
  public PartitionReport report() {
    return report;
  }

  /** The vertex order of the blocks. */
  public PartitionLayout layout() {
    return layout;
  }

  @Override
  public int size() {
    return layout.vertexCount();
  }

  @Override
  public float get(int u, int v) {
    int p = layout.positionOf(u);
    int q = layout.positionOf(v);
    int ci = layout.componentAt(p);
    int cj = layout.componentAt(q);
    return blocks[ci * k + cj][(p - layout.componentStart(ci)) * layout.componentSize(cj)
        + q - layout.componentStart(cj)];
  }

  @Override
  public void copyRow(int u, float[] dst) {
    int p = layout.positionOf(u);
    int ci = layout.componentAt(p);
    int row = p - layout.componentStart(ci);
    for (int cj = 0; cj < k; cj++) {
      float[] block = blocks[ci * k + cj];
      int width = layout.componentSize(cj);
      int start = layout.componentStart(cj);
      int base = row * width;
      for (int t = 0; t < width; t++) {
        dst[layout.vertexAt(start + t)] = block[base + t];
      }
    }
  }

  @Override
  public VertexLabels labels() {
    return labels;
  }
}
