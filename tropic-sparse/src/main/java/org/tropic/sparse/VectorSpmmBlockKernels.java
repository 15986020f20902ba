package org.tropic.sparse;

import java.lang.foreign.MemorySegment;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * SpMM block kernels on the Vector API: per element, the k-column rows of X and Y are processed a vector at a time
 * (an FMA for (+,×), an add and a compare-blend for (min,+)), the tail scalar. The only class of the module that
 * imports {@code jdk.incubator.vector}; loaded reflectively by {@link SpmmKernelProvider}.
 */
final class VectorSpmmBlockKernels implements SpmmBlockKernels {
  private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

  private VectorSpmmBlockKernels() {}

  /** This implementation, or an exception saying why it cannot run (vectors narrower than 128 bits). */
  public static SpmmBlockKernels createIfSupported() {
    if (SPECIES.vectorBitSize() < 128) {
      throw new UnsupportedOperationException("preferred float vectors are only " + SPECIES.vectorBitSize()
          + " bits");
    }
    return new VectorSpmmBlockKernels();
  }

  @Override
  public String name() {
    return "vector-" + SPECIES.vectorBitSize();
  }

  @Override
  public void plusTimes(MemorySegment coords, MemorySegment values, int from, int to, int rowBase, int columnBase,
      float alpha, float[] x, float[] y, int k) {
    int bound = SPECIES.loopBound(k);
    int lanes = SPECIES.length();
    for (int e = from; e < to; e++) {
      int rc = coords.getAtIndex(BlockCoo.COORD, e);
      float a = values == null ? alpha : alpha * values.getAtIndex(BlockCoo.VALUE, e);
      int yRow = (rowBase + (rc >>> 16)) * k;
      int xRow = (columnBase + (rc & 0xFFFF)) * k;
      int j = 0;
      if (bound > 0) {
        FloatVector va = FloatVector.broadcast(SPECIES, a);
        for (; j < bound; j += lanes) {
          FloatVector xv = FloatVector.fromArray(SPECIES, x, xRow + j);
          FloatVector yv = FloatVector.fromArray(SPECIES, y, yRow + j);
          xv.fma(va, yv).intoArray(y, yRow + j);
        }
      }
      for (; j < k; j++) {
        y[yRow + j] = Math.fma(x[xRow + j], a, y[yRow + j]);
      }
    }
  }

  @Override
  public void minPlus(MemorySegment coords, MemorySegment values, int from, int to, int rowBase, int columnBase,
      float[] x, float[] y, int k) {
    int bound = SPECIES.loopBound(k);
    int lanes = SPECIES.length();
    for (int e = from; e < to; e++) {
      int rc = coords.getAtIndex(BlockCoo.COORD, e);
      float a = values == null ? 1f : values.getAtIndex(BlockCoo.VALUE, e);
      int yRow = (rowBase + (rc >>> 16)) * k;
      int xRow = (columnBase + (rc & 0xFFFF)) * k;
      int j = 0;
      if (bound > 0) {
        FloatVector va = FloatVector.broadcast(SPECIES, a);
        for (; j < bound; j += lanes) {
          FloatVector t = FloatVector.fromArray(SPECIES, x, xRow + j).add(va);
          FloatVector yv = FloatVector.fromArray(SPECIES, y, yRow + j);
          yv.blend(t, t.compare(VectorOperators.LT, yv)).intoArray(y, yRow + j);
        }
      }
      for (; j < k; j++) {
        float t = a + x[xRow + j];
        if (t < y[yRow + j]) {
          y[yRow + j] = t;
        }
      }
    }
  }
}
