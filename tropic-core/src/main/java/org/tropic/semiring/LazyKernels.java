package org.tropic.semiring;

/**
 * {@link MinPlusKernels#best()}: the chosen kernels, chosen at their first use rather than when a caller takes hold
 * of them. Choosing loads and initialises the Vector API (50–100 ms in a fresh JVM), which a plan that runs no tile
 * kernel — Dijkstra on a small graph — never needs; the planner and the commands hold the kernels all the same.
 *
 * <p>{@link KernelProvider#BEST} is a static final field of a class initialised on first access, so the choice is
 * made once, safely across threads, and the JIT sees a constant behind each call.
 */
final class LazyKernels implements MinPlusKernels {
  static final LazyKernels INSTANCE = new LazyKernels();

  private LazyKernels() {}

  private static MinPlusKernels chosen() {
    return KernelProvider.BEST;
  }

  @Override
  public String name() {
    return chosen().name();
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, int m, int n, int k, float[] a, int aOff, int lda, float[] b,
      int bOff, int ldb, float[] c, int cOff, int ldc) {
    chosen().multiplyMin(arithmetic, m, n, k, a, aOff, lda, b, bOff, ldb, c, cOff, ldc);
  }

  @Override
  public PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda) {
    return chosen().packLeft(arithmetic, m, k, a, aOff, lda);
  }

  @Override
  public PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb) {
    return chosen().packRight(arithmetic, k, n, b, bOff, ldb);
  }

  @Override
  public PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda, PackedPanel reuse) {
    return chosen().packLeft(arithmetic, m, k, a, aOff, lda, reuse);
  }

  @Override
  public PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb,
      PackedPanel reuse) {
    return chosen().packRight(arithmetic, k, n, b, bOff, ldb, reuse);
  }

  @Override
  public PackedPanel packLeftTransposed(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda,
      PackedPanel reuse) {
    return chosen().packLeftTransposed(arithmetic, m, k, a, aOff, lda, reuse);
  }

  @Override
  public PackedPanel packRightTransposed(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb,
      PackedPanel reuse) {
    return chosen().packRightTransposed(arithmetic, k, n, b, bOff, ldb, reuse);
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, PackedPanel a, PackedPanel b, float[] c, int cOff, int ldc) {
    chosen().multiplyMin(arithmetic, a, b, c, cOff, ldc);
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, SparsePanel a, PackedPanel b, float[] c, int cOff, int ldc) {
    chosen().multiplyMin(arithmetic, a, b, c, cOff, ldc);
  }

  @Override
  public void closure(Arithmetic arithmetic, int n, float[] t, int off, int ld) {
    chosen().closure(arithmetic, n, t, off, ld);
  }

  @Override
  public String toString() {
    return chosen().toString();
  }
}
