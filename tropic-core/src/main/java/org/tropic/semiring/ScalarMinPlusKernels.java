package org.tropic.semiring;

/**
 * The plain reference kernels: three nested loops, no packing. Every faster implementation is tested against this
 * one for bit-for-bit agreement, so its update order is the contract: for each k, for each row i, for each column j.
 */
public final class ScalarMinPlusKernels implements MinPlusKernels {

  @Override
  public String name() {
    return "scalar";
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, int m, int n, int k,
      float[] a, int aOff, int lda, float[] b, int bOff, int ldb, float[] c, int cOff, int ldc) {
    for (int i = 0; i < m; i++) {
      for (int l = 0; l < k; l++) {
        float ail = a[aOff + i * lda + l];
        int cRow = cOff + i * ldc;
        int bRow = bOff + l * ldb;
        for (int j = 0; j < n; j++) {
          c[cRow + j] = relax(arithmetic, c[cRow + j], ail, b[bRow + j]);
        }
      }
    }
  }

  @Override
  public PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda) {
    return new PackedPanel(m, k, copy(m, k, a, aOff, lda), true);
  }

  @Override
  public PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb) {
    return new PackedPanel(k, n, copy(k, n, b, bOff, ldb), false);
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, PackedPanel a, PackedPanel b, float[] c, int cOff, int ldc) {
    multiplyMin(arithmetic, a.rows(), b.cols(), a.cols(), a.data(), 0, a.cols(), b.data(), 0, b.cols(), c, cOff, ldc);
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, SparsePanel a, PackedPanel b, float[] c, int cOff, int ldc) {
    int n = b.cols();
    float[] pb = b.data();
    for (int i = 0; i < a.rows(); i++) {
      int cRow = cOff + i * ldc;
      for (int e = a.rowStart()[i]; e < a.rowStart()[i + 1]; e++) {
        float ail = a.values()[e];
        int bRow = a.columns()[e] * n;
        for (int j = 0; j < n; j++) {
          c[cRow + j] = relax(arithmetic, c[cRow + j], ail, pb[bRow + j]);
        }
      }
    }
  }

  @Override
  public void closure(Arithmetic arithmetic, int n, float[] t, int off, int ld) {
    for (int k = 0; k < n; k++) {
      int kRow = off + k * ld;
      for (int i = 0; i < n; i++) {
        int iRow = off + i * ld;
        float aik = t[iRow + k];
        for (int j = 0; j < n; j++) {
          t[iRow + j] = relax(arithmetic, t[iRow + j], aik, t[kRow + j]);
        }
      }
    }
  }

  /** min(c, a + b) in the given arithmetic, on stored values. */
  static float relax(Arithmetic arithmetic, float c, float a, float b) {
    return switch (arithmetic) {
      case EXACT_FLOAT -> {
        float t = a + b;
        yield t < c ? t : c;
      }
      case NONNEGATIVE_FLOAT -> Float.intBitsToFloat(
          Math.min(Float.floatToRawIntBits(c), Float.floatToRawIntBits(a + b)));
      case INT32 -> Float.intBitsToFloat(
          Math.min(Float.floatToRawIntBits(c), Float.floatToRawIntBits(a) + Float.floatToRawIntBits(b)));
    };
  }

  private static float[] copy(int rows, int cols, float[] src, int off, int ld) {
    float[] packed = new float[rows * cols];
    for (int r = 0; r < rows; r++) {
      System.arraycopy(src, off + r * ld, packed, r * cols, cols);
    }
    return packed;
  }
}
