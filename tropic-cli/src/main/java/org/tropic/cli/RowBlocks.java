package org.tropic.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.tropic.apsp.Progress;

/**
 * Rows {@code 0..n-1} cut into blocks of a fixed number of rows, each block's result computed on one of a few
 * threads and returned in block order. The cut depends on n and the block size alone, never on the thread count,
 * so a caller that combines the results in order gets the same answer however many threads ran and whichever took
 * which block. Each thread makes its own state (a row buffer) once, through the supplier.
 *
 * <p>Progress counts rows, told as each block finishes, from whichever thread finished it. The first exception of
 * any thread stops the others at their next block; the progress is marked stopped and the exception rethrown.
 */
final class RowBlocks {
  /** One thread's work: the result of rows {@code start..end-1}. */
  @FunctionalInterface
  interface Block<T> {
    T rows(int start, int end);
  }

  private RowBlocks() {}

  /**
   * The results of every block of {@code blockRows} rows (the last may be shorter), in block order.
   *
   * @param threads the most threads to use, ≥ 1; never more than there are blocks
   */
  static <T> List<T> map(String task, int n, int blockRows, int threads, Progress progress,
      Supplier<Block<T>> perThread) {
    if (blockRows < 1 || threads < 1) {
      throw new IllegalArgumentException("blocks of " + blockRows + " rows on " + threads + " threads");
    }
    int blocks = (int) ((n + (long) blockRows - 1) / blockRows);
    Object[] results = new Object[blocks];
    AtomicInteger next = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Runnable worker = () -> {
      try {
        Block<T> block = perThread.get();
        int i;
        while (failure.get() == null && (i = next.getAndIncrement()) < blocks) {
          int start = i * blockRows;
          int end = Math.min(n, start + blockRows);
          results[i] = block.rows(start, end);
          progress.advance(end - start);
        }
      } catch (Throwable t) {
        failure.compareAndSet(null, t);
      }
    };
    int workers = Math.min(threads, Math.max(1, blocks));
    progress.begin(task, n);
    try {
      if (workers == 1) {
        worker.run();
      } else {
        runOnThreads(task, workers, worker, failure);
      }
      if (failure.get() != null) {
        progress.stopped();
      }
    } finally {
      progress.end();
    }
    Throwable t = failure.get();
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    if (t != null) {
      throw new IllegalStateException(task + " failed", t);
    }
    @SuppressWarnings("unchecked") // every slot was written by a Block<T>; the joins make the writes visible here
    List<T> inOrder = (List<T>) Arrays.asList(results);
    return inOrder;
  }

  private static void runOnThreads(String task, int workers, Runnable worker, AtomicReference<Throwable> failure) {
    List<Thread> started = new ArrayList<>(workers);
    for (int i = 0; i < workers; i++) {
      started.add(Thread.ofPlatform().name("tropic-row-blocks-" + i).daemon(true).start(worker));
    }
    boolean interrupted = false;
    for (Thread thread : started) {
      while (true) {
        try {
          thread.join();
          break;
        } catch (InterruptedException e) {
          // stop handing out blocks, but wait for the threads, so none still reads the matrix after we return
          interrupted = true;
          failure.compareAndSet(null, new CancellationException(task + " interrupted"));
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
