package org.tropic.apsp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs a per-row job for rows {@code 0..n-1} on a caller-given number of threads. Rows are handed out in chunks by
 * one {@link AtomicInteger}, so fast workers take more chunks and no row is done twice; each worker builds its own
 * state once (a heap, scratch arrays) through the supplier. Progress counts rows: {@code begin(task, n)}, then
 * {@code advance(chunk)} per finished chunk, then {@code end()}.
 *
 * <p>The first exception thrown by any worker stops the others at their next chunk and is rethrown to the caller.
 */
public final class ParallelRows {
  /** The work for one row, on one worker's private state. */
  @FunctionalInterface
  interface RowJob {
    void row(int u);
  }

  /** The work for rows {@code start..end-1}, taken together, on one worker's private state. */
  @FunctionalInterface
  public interface RangeJob {
    void rows(int start, int end);
  }

  private ParallelRows() {}

  /** Validates a user-given thread count. */
  static int checkThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
    }
    return threads;
  }

  static void run(String task, int n, int threads, Progress progress, Supplier<RowJob> perWorker) {
    int workers = Math.max(1, Math.min(checkThreads(threads), n));
    // Enough chunks to balance uneven rows and to move a progress bar, few enough that the counter stays cold.
    int chunk = Math.clamp(n / (workers * 16L), 1, 256);
    runRanges(task, n, chunk, threads, progress, () -> {
      RowJob job = perWorker.get();
      return (start, end) -> {
        for (int u = start; u < end; u++) {
          job.row(u);
        }
      };
    });
  }

  /**
   * Like {@link #run}, handing out rows in ranges of exactly {@code chunk} (the last one shorter): ranges that depend
   * on n and the chunk alone, never on the thread count, so a caller that keeps one result per range and combines
   * them in range order gets the same answer on any number of threads.
   */
  public static void runRanges(String task, int n, int chunk, int threads, Progress progress,
      Supplier<RangeJob> perWorker) {
    checkThreads(threads);
    int workers = Math.max(1, Math.min(threads, (n + chunk - 1) / Math.max(1, chunk)));
    AtomicInteger next = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Runnable worker = () -> {
      try {
        RangeJob job = perWorker.get();
        int start;
        while (failure.get() == null && (start = next.getAndAdd(chunk)) < n) {
          int end = Math.min(n, start + chunk);
          job.rows(start, end);
          progress.advance(end - start);
        }
      } catch (Throwable t) {
        failure.compareAndSet(null, t);
      }
    };
    progress.begin(task, n);
    try {
      if (workers == 1) {
        worker.run();
      } else {
        runOnThreads(task, workers, worker, failure);
      }
    } finally {
      if (failure.get() != null) {
        progress.stopped();
      }
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
  }

  private static void runOnThreads(String task, int workers, Runnable worker, AtomicReference<Throwable> failure) {
    List<Thread> started = new ArrayList<>(workers);
    for (int i = 0; i < workers; i++) {
      started.add(Thread.ofPlatform().name("tropic-rows-" + i).daemon(true).start(worker));
    }
    boolean interrupted = false;
    for (Thread thread : started) {
      while (true) {
        try {
          thread.join();
          break;
        } catch (InterruptedException e) {
          // Stop handing out chunks, but wait for the workers so none writes into the result after we return.
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
