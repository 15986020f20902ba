package org.tropic.bench.sparse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * STREAM "copy" (McCalpin): a[i] = b[i] over arrays far larger than the caches, split among the threads; bandwidth
 * counted as STREAM does, 2 × 4 bytes per element (read b, write a), without the write-allocate traffic.
 */
final class StreamCopy {
  private StreamCopy() {}

  /** Copy bandwidth in bytes per second with {@code threads} threads over arrays of {@code floats} elements. */
  static double bandwidth(int floats, ExecutorService pool, int threads, double seconds) {
    float[] a = new float[floats];
    float[] b = new float[floats];
    java.util.Arrays.fill(b, 1f);
    double t = Timing.median(() -> copy(a, b, pool, threads), seconds);
    return 2.0 * Float.BYTES * floats / t;
  }

  private static void copy(float[] a, float[] b, ExecutorService pool, int threads) {
    List<Future<?>> parts = new ArrayList<>();
    int n = a.length;
    for (int p = 0; p < threads; p++) {
      int from = (int) ((long) n * p / threads);
      int to = (int) ((long) n * (p + 1) / threads);
      parts.add(pool.submit(() -> {
        for (int i = from; i < to; i++) {
          a[i] = b[i];
        }
      }));
    }
    for (Future<?> f : parts) {
      try {
        f.get();
      } catch (InterruptedException | ExecutionException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
