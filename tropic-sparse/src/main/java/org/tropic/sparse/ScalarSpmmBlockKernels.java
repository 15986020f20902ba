package org.tropic.sparse;

import java.lang.foreign.MemorySegment;

/** Plain loops over the k columns: the reference SpMM block kernels, and the fallback without the Vector API. */
final class ScalarSpmmBlockKernels implements SpmmBlockKernels {

  @Override
  public String name() {
    return "scalar";
  }

  @Override
  public void plusTimes(MemorySegment coords, MemorySegment values, int from, int to, int rowBase, int columnBase,
      float alpha, float[] x, float[] y, int k) {
    for (int e = from; e < to; e++) {
      int rc = coords.getAtIndex(BlockCoo.COORD, e);
      float a = values == null ? alpha : alpha * values.getAtIndex(BlockCoo.VALUE, e);
      int yRow = (rowBase + (rc >>> 16)) * k;
      int xRow = (columnBase + (rc & 0xFFFF)) * k;
      for (int j = 0; j < k; j++) {
        y[yRow + j] = Math.fma(x[xRow + j], a, y[yRow + j]);
      }
    }
  }

  @Override
  public void minPlus(MemorySegment coords, MemorySegment values, int from, int to, int rowBase, int columnBase,
      float[] x, float[] y, int k) {
    for (int e = from; e < to; e++) {
      int rc = coords.getAtIndex(BlockCoo.COORD, e);
      float a = values == null ? 1f : values.getAtIndex(BlockCoo.VALUE, e);
      int yRow = (rowBase + (rc >>> 16)) * k;
      int xRow = (columnBase + (rc & 0xFFFF)) * k;
      for (int j = 0; j < k; j++) {
        float t = a + x[xRow + j];
        if (t < y[yRow + j]) {
          y[yRow + j] = t;
        }
      }
    }
  }
}
