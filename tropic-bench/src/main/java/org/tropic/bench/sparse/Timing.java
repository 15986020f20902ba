package org.tropic.bench.sparse;

import java.util.Arrays;

/** Median wall time of a repeated action after a warm-up: robust to the odd slow run of a shared machine. */
final class Timing {
  private Timing() {}

  /**
   * Runs {@code action} for about {@code seconds} (at least 3 times) after a warm-up of at least 20 runs and a third
   * of that time (so the JIT has compiled the loops); returns the median in seconds.
   */
  static double median(Runnable action, double seconds) {
    long warmEnd = System.nanoTime() + (long) (Math.min(1.0, seconds / 3) * 1e9);
    int warm = 0;
    do {
      action.run();
    } while (++warm < 20 || System.nanoTime() < warmEnd);
    double[] times = new double[16];
    int count = 0;
    long end = System.nanoTime() + (long) (seconds * 1e9);
    while (System.nanoTime() < end || count < 3) {
      long t0 = System.nanoTime();
      action.run();
      if (count == times.length) {
        times = Arrays.copyOf(times, count * 2);
      }
      times[count++] = (System.nanoTime() - t0) / 1e9;
    }
    double[] done = Arrays.copyOf(times, count);
    Arrays.sort(done);
    return done[count / 2];
  }
}
