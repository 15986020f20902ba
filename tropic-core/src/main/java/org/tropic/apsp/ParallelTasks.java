package org.tropic.apsp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/** Runs a batch of independent tasks on a pool and waits for all; the first failure is rethrown as it was thrown. */
final class ParallelTasks {
  private ParallelTasks() {}

  static void runAll(ExecutorService pool, List<Runnable> tasks) {
    List<Future<?>> futures = new ArrayList<>(tasks.size());
    for (Runnable task : tasks) {
      futures.add(pool.submit(task));
    }
    RuntimeException failure = null;
    for (Future<?> future : futures) {
      try {
        if (failure == null) {
          future.get();
        } else {
          future.cancel(false);
        }
      } catch (ExecutionException e) {
        failure = rethrowable(e.getCause());
      } catch (CancellationException e) {
        failure = e;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failure = new IllegalStateException("interrupted while waiting for parallel tasks", e);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private static RuntimeException rethrowable(Throwable cause) {
    if (cause instanceof RuntimeException re) {
      return re;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return new IllegalStateException("parallel task failed", cause);
  }
}
