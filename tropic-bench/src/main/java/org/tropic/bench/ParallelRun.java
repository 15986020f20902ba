package org.tropic.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.function.IntFunction;

/**
 * Runs the same body on {@code threads} platform threads released together by a barrier, and returns the wall time
 * from the first thread's start to the last thread's end. Every thread works for the whole interval, so the interval
 * is what a multi-core rate must be computed from.
 */
final class ParallelRun {
  private ParallelRun() {}

  /** One thread's work; gets its index and returns a value the caller may inspect (keeps work from being dead). */
  interface Body {
    long run(int thread);
  }

  /** Wall seconds of one parallel round; {@code results[t]} receives thread t's return value. */
  static double timeRound(int threads, Body body, long[] results) {
    long[] starts = new long[threads];
    long[] ends = new long[threads];
    Throwable[] failures = new Throwable[threads];
    CyclicBarrier barrier = new CyclicBarrier(threads);
    List<Thread> workers = new ArrayList<>(threads);
    IntFunction<Runnable> task = t -> () -> {
      try {
        barrier.await();
        starts[t] = System.nanoTime();
        results[t] = body.run(t);
        ends[t] = System.nanoTime();
      } catch (InterruptedException | BrokenBarrierException e) {
        failures[t] = e;
      } catch (RuntimeException | Error e) {
        failures[t] = e;
        barrier.reset();
      }
    };
    for (int t = 0; t < threads; t++) {
      Thread worker = Thread.ofPlatform().name("tropic-bench-" + t).unstarted(task.apply(t));
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      try {
        worker.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for benchmark threads", e);
      }
    }
    for (Throwable failure : failures) {
      if (failure != null) {
        throw new IllegalStateException("benchmark thread failed: " + failure, failure);
      }
    }
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (int t = 0; t < threads; t++) {
      first = Math.min(first, starts[t]);
      last = Math.max(last, ends[t]);
    }
    return (last - first) / 1e9;
  }
}
