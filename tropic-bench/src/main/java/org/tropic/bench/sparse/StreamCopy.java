package org.tropic.bench.sparse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * STREAM "copy" (McCalpin): a[i] = b[i] over arrays far larger than the caches, split among the threads; bandwidth
 * counted as STREAM does, 2 × 4 bytes per element (read b, write a), without the write-allocate traffic. The arrays
 * are kept, so that the bandwidth can be measured again next to each kernel ({@link CopyPairedTiming}): on this
 * shared VM it moved from 36 to 73 GB/s between runs of the same day.
 */
final class StreamCopy {
  private final float[] a;
  private final float[] b;
  private final ExecutorService pool;
  private final int threads;

  /** Two arrays of {@code floats} elements, copied by {@code threads} tasks on {@code pool}. */
  StreamCopy(int floats, ExecutorService pool, int threads) {
    this.a = new float[floats];
    this.b = new float[floats];
    java.util.Arrays.fill(b, 1f);
    this.pool = pool;
    this.threads = threads;
  }

  /** Copy bandwidth in bytes per second: the median copy over about {@code seconds}, after a warm-up. */
  double bandwidth(double seconds) {
    return 2.0 * Float.BYTES * a.length / Timing.median(this::copy, seconds);
  }

  /** Copy bandwidth in bytes per second from the median of {@code copies} copies, with no warm-up. */
  double bandwidthNow(int copies) {
    double[] times = new double[copies];
    for (int i = 0; i < copies; i++) {
      long t0 = System.nanoTime();
      copy();
      times[i] = (System.nanoTime() - t0) / 1e9;
    }
    return 2.0 * Float.BYTES * a.length / Timing.median(times);
  }

  private void copy() {
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
