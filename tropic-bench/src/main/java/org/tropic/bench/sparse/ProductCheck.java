package org.tropic.bench.sparse;

/** Compares a kernel's y = A·x with CSR's, entry by entry, as a benchmark's answer must agree before it is timed. */
final class ProductCheck {
  /** Relative difference allowed: float sums in another order differ in the last bits, a wrong product far more. */
  static final double TOLERANCE = 1e-4;

  private ProductCheck() {}

  /**
   * Returns if every entry of {@code got} is within {@link #TOLERANCE} of {@code reference}, relative to the larger
   * of 1 and the reference entry.
   *
   * @param kernel what computed {@code got}, with its layout: "BlockCoo SpMV, rcm layout"
   * @throws ProductMismatchException naming the kernel, the graph, the first entry that differs and both values
   */
  static void require(float[] reference, float[] got, String kernel, String graph) {
    for (int i = 0; i < reference.length; i++) {
      double difference = Math.abs(reference[i] - got[i]) / Math.max(1, Math.abs(reference[i]));
      if (!(difference <= TOLERANCE)) { // NaN differs too
        throw new ProductMismatchException(kernel + " differs from CSR on " + graph + ": y[" + i + "] = " + got[i]
            + ", CSR " + reference[i] + " (relative difference " + (float) difference + ", above " + TOLERANCE
            + ")");
      }
    }
  }
}
