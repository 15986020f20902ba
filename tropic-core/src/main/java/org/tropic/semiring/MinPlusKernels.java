package org.tropic.semiring;

/**
 * The two tile kernels over the (min, +) semiring. Matrices are row-major slices of {@code float[]} arrays given by
 * an offset and a leading dimension (the distance between rows), as in BLAS. Implementations assume valid arguments
 * (callers such as the solvers check shapes once) and hold no state between calls except scratch buffers.
 *
 * <p>Pick one with {@link #best()}; {@link ScalarMinPlusKernels} is the plain reference every other
 * implementation must agree with bit for bit.
 */
public interface MinPlusKernels {

  /** A short name for reports, e.g. {@code vector-512} or {@code scalar}. */
  String name();

  /**
   * C ← min(C, A ⊗ B): {@code c[i][j] = min(c[i][j], min_l a[i][l] + b[l][j])} for an m×k A, a k×n B and an m×n C.
   * C must not overlap A or B.
   */
  void multiplyMin(Arithmetic arithmetic, int m, int n, int k,
      float[] a, int aOff, int lda, float[] b, int bOff, int ldb, float[] c, int cOff, int ldc);

  /** Packs an m×k left operand for repeated use. */
  PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda);

  /** Packs a k×n right operand for repeated use. */
  PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb);

  /**
   * Packs an m×k left operand into {@code reuse}'s storage when it is large enough (its previous contents are
   * lost), else into new storage. Lets a solver recycle panels instead of leaving them to the garbage collector.
   */
  default PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda, PackedPanel reuse) {
    return packLeft(arithmetic, m, k, a, aOff, lda);
  }

  /** Packs a k×n right operand into {@code reuse}'s storage when it is large enough; see the left variant. */
  default PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb,
      PackedPanel reuse) {
    return packRight(arithmetic, k, n, b, bOff, ldb);
  }

  /**
   * Packs Aᵀ as an m×k left operand, where {@code a} holds the k×m matrix A: the panel {@link #packLeft} would
   * make of Aᵀ, without forming Aᵀ. Symmetric Floyd–Warshall reads the panels below the diagonal this way from the
   * tiles above it. The default forms Aᵀ; implementations pack straight from A.
   */
  default PackedPanel packLeftTransposed(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda,
      PackedPanel reuse) {
    return packLeft(arithmetic, m, k, transposed(k, m, a, aOff, lda), 0, k, reuse);
  }

  /** Packs Bᵀ as a k×n right operand, where {@code b} holds the n×k matrix B; see the left variant. */
  default PackedPanel packRightTransposed(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb,
      PackedPanel reuse) {
    return packRight(arithmetic, k, n, transposed(n, k, b, bOff, ldb), 0, n, reuse);
  }

  /** C ← min(C, A ⊗ B) with both operands packed by this implementation; C is {@code a.rows() × b.cols()}. */
  void multiplyMin(Arithmetic arithmetic, PackedPanel a, PackedPanel b, float[] c, int cOff, int ldc);

  /**
   * C ← min(C, A ⊗ B) for an A given by its finite entries and a B packed by this implementation; C is
   * {@code a.rows() × b.cols()}. The result is bit for bit the one of the dense product, at a cost proportional to
   * A's finite entries. The default densifies A and calls the dense product; the CPU kernels override it.
   */
  default void multiplyMin(Arithmetic arithmetic, SparsePanel a, PackedPanel b, float[] c, int cOff, int ldc) {
    PackedPanel dense = packLeft(arithmetic, a.rows(), a.cols(), a.toDense(arithmetic), 0, a.cols());
    multiplyMin(arithmetic, dense, b, c, cOff, ldc);
  }

  /**
   * Floyd–Warshall inside one n×n tile, in place: afterwards {@code t[i][j]} is the shortest path from i to j using
   * only the tile's vertices as intermediates. The diagonal must hold 0 (or a negative value from a negative
   * self-loop, which then shows as a negative diagonal entry).
   */
  void closure(Arithmetic arithmetic, int n, float[] t, int off, int ld);

  /**
   * The fastest implementation this JVM can run, chosen once, at its first use (so that a run which uses no tile
   * kernel never loads the Vector API); the reason for any fallback is logged once.
   */
  static MinPlusKernels best() {
    return LazyKernels.INSTANCE;
  }

  /** The transpose of the rows×cols matrix at {@code src}, as a dense cols×rows array. */
  private static float[] transposed(int rows, int cols, float[] src, int off, int ld) {
    float[] t = new float[rows * cols];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        t[c * rows + r] = src[off + r * ld + c];
      }
    }
    return t;
  }
}
