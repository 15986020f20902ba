package org.tropic.sparse;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * Hands out block rows to workers through one atomic counter (HPC-KG Algorithm 4): each worker takes the next
 * unclaimed block row until none is left. A block row's part of y belongs to exactly one worker, so the kernels need
 * no locks and no atomics on y. The calling thread works too and then waits for the block rows (not the helper
 * tasks) to be finished, so a helper that starts late finds nothing to do and calls from inside a busy pool cannot
 * deadlock.
 */
final class BlockRowScheduler {
  /** How long the caller spins for the helpers before it parks. */
  private static final long SPIN_NANOS = 50_000;

  private final int threads;
  private final ExecutorService pool;

  BlockRowScheduler(int threads, ExecutorService pool) {
    this.threads = threads;
    this.pool = pool;
  }

  /** A pool of {@code threads - 1} daemon helpers (the caller is the last worker). */
  static ExecutorService daemonPool(int threads) {
    return Executors.newFixedThreadPool(Math.max(1, threads - 1), runnable -> {
      Thread t = new Thread(runnable, "tropic-spmv");
      t.setDaemon(true);
      return t;
    });
  }

  int threads() {
    return threads;
  }

  /** Runs {@code body} once for every block row in {@code 0..blockRows-1}, in parallel; rethrows a worker's failure. */
  void forEachBlockRow(int blockRows, IntConsumer body) {
    int helpers = Math.min(threads, blockRows) - 1;
    if (helpers <= 0 || pool == null) {
      for (int br = 0; br < blockRows; br++) {
        body.accept(br);
      }
      return;
    }
    AtomicInteger next = new AtomicInteger();
    CountDownLatch finished = new CountDownLatch(blockRows);
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    Runnable worker = () -> {
      for (int br = next.getAndIncrement(); br < blockRows; br = next.getAndIncrement()) {
        try {
          if (failure.get() == null) {
            body.accept(br);
          }
        } catch (RuntimeException | Error e) {
          failure.compareAndSet(null, e instanceof RuntimeException r ? r : new IllegalStateException(e));
        } finally {
          finished.countDown();
        }
      }
    };
    for (int i = 0; i < helpers; i++) {
      pool.execute(worker);
    }
    worker.run();
    // The helpers usually finish within microseconds of the caller: spinning that long spares the caller a park and
    // an unpark, which cost as much as a whole small product.
    long spinEnd = System.nanoTime() + SPIN_NANOS;
    while (finished.getCount() > 0 && System.nanoTime() < spinEnd) {
      Thread.onSpinWait();
    }
    boolean interrupted = false;
    while (true) {
      try {
        finished.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (failure.get() != null) {
      throw failure.get();
    }
  }
}
