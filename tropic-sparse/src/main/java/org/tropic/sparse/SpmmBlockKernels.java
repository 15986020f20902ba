package org.tropic.sparse;

import java.lang.foreign.MemorySegment;

/**
 * The inner loops of SpMM over one block: for each element (r, c, v) of the block, a whole row of the k-column dense
 * operand is combined into a row of the result — the part that the Vector API speeds up, across the k columns.
 * Operands are row-major {@code float[]}: row i of X starts at {@code i * k}. Implementations assume valid arguments.
 * {@link ScalarSpmmBlockKernels} is the reference every other implementation must agree with.
 */
interface SpmmBlockKernels {

  /** A short name for reports, e.g. {@code vector-512} or {@code scalar}. */
  String name();

  /**
   * {@code Y[rowBase + r] += alpha · v · X[columnBase + c]} for every element of {@code from..to-1}.
   *
   * @param values element values, or {@code null} when every value is 1
   */
  void plusTimes(MemorySegment coords, MemorySegment values, int from, int to, int rowBase, int columnBase,
      float alpha, float[] x, float[] y, int k);

  /** {@code Y[rowBase + r] = min(Y[rowBase + r], v + X[columnBase + c])} elementwise over the k columns. */
  void minPlus(MemorySegment coords, MemorySegment values, int from, int to, int rowBase, int columnBase,
      float[] x, float[] y, int k);

  /** The fastest implementation this JVM can run, chosen once; the reason for any fallback is logged once. */
  static SpmmBlockKernels best() {
    return SpmmKernelProvider.BEST;
  }
}
