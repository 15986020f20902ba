package org.tropic.semiring;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A large min-plus product C ← min(C, A ⊗ B) on several threads: B is packed once and shared (read-only), and the
 * rows of A and C are cut into bands that threads take in turn, each packing its own band of A. Bands are disjoint,
 * so no two threads write the same part of C, and the result is bit-identical to a single-threaded call.
 */
public final class ParallelMinPlus {
  /** Rows per band: enough work to amortise packing, few enough bands to balance the threads. */
  private static final int BAND = 256;

  private final MinPlusKernels kernels;

  public ParallelMinPlus(MinPlusKernels kernels) {
    this.kernels = kernels;
  }

  /**
   * C ← min(C, A ⊗ B) for an m×k A, a k×n B and an m×n C (row-major slices with leading dimensions, as in
   * {@link MinPlusKernels}), on {@code threads} platform threads.
   */
  public void multiplyMin(Arithmetic arithmetic, int m, int n, int k, float[] a, int aOff, int lda,
      float[] b, int bOff, int ldb, float[] c, int cOff, int ldc, int threads) {
    if (threads <= 1 || m <= BAND) {
      kernels.multiplyMin(arithmetic, m, n, k, a, aOff, lda, b, bOff, ldb, c, cOff, ldc);
      return;
    }
    try (ExecutorService pool = Executors.newFixedThreadPool(threads, Thread.ofPlatform().daemon().factory())) {
      multiplyMin(arithmetic, m, n, k, a, aOff, lda, b, bOff, ldb, c, cOff, ldc, pool);
    }
  }

  /** The same on the caller's executor, which decides how many bands run at once. */
  public void multiplyMin(Arithmetic arithmetic, int m, int n, int k, float[] a, int aOff, int lda,
      float[] b, int bOff, int ldb, float[] c, int cOff, int ldc, ExecutorService executor) {
    PackedPanel right = kernels.packRight(arithmetic, k, n, b, bOff, ldb);
    List<Future<?>> bands = new ArrayList<>();
    for (int row = 0; row < m; row += BAND) {
      int first = row;
      int rows = Math.min(BAND, m - row);
      bands.add(executor.submit(() -> {
        PackedPanel left = kernels.packLeft(arithmetic, rows, k, a, aOff + first * lda, lda);
        kernels.multiplyMin(arithmetic, left, right, c, cOff + first * ldc, ldc);
      }));
    }
    for (Future<?> band : bands) {
      try {
        band.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted during a parallel min-plus product", e);
      } catch (ExecutionException e) {
        throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
      }
    }
  }
}
