package org.tropic.bench.sparse;

import java.util.Arrays;

/** Median wall time of a repeated action after a warm-up: robust to the odd slow run of a shared machine. */
final class Timing {
  private Timing() {}

  /**
   * Runs {@code action} for about {@code seconds} (at least 3 times) after a warm-up of at least 20 runs and as long
   * again, so that the JIT has compiled the loops: in one JVM, NY road's SpMV on 2 threads took 0.25–0.40 ms per call
   * for its first 1,000 calls and 0.18–0.21 ms from 2,000–3,000 calls (0.6 s), 2026-11-21. Whole measurements
   * still run at about one-thread speed now and then (road 0.30–0.33 against 0.18–0.20 ms, coming and going between
   * runs of the same code), most likely while something else holds one of this VM's two cores; {@code SpmvAb}'s
   * alternating rounds are the way to compare kernels here. Returns the median in seconds.
   */
  static double median(Runnable action, double seconds) {
    warmUp(action, seconds);
    return medianOf(action, seconds);
  }

  /** Runs {@code action} at least 20 times and for at least {@code seconds}. */
  static void warmUp(Runnable action, double seconds) {
    long warmEnd = System.nanoTime() + (long) (seconds * 1e9);
    int warm = 0;
    do {
      action.run();
    } while (++warm < 20 || System.nanoTime() < warmEnd);
  }

  /** The median time in seconds of {@code action} run for about {@code seconds}, at least 3 times, no warm-up. */
  static double medianOf(Runnable action, double seconds) {
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
    return median(Arrays.copyOf(times, count));
  }

  /** The median of {@code values} (the upper one of an even count); sorts them. */
  static double median(double[] values) {
    Arrays.sort(values);
    return values[values.length / 2];
  }
}
