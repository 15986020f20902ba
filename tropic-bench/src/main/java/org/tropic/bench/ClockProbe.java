package org.tropic.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Measures the core clock from inside the JVM: each thread runs a long chain of integer adds and xors in which every
 * operation needs the previous one's result. Both take one cycle of latency on every x86-64 and AArch64 core, so the
 * chain runs at exactly one operation per cycle however wide the core is, and operations per nanosecond is the clock
 * in GHz — under load, with turbo, on however many cores are busy, which is the clock the kernels see.
 *
 * <p>Each thread's chain is timed by its own CPU time (where the JVM supports it, else by wall time), so a thread
 * that other processes push off its core for a while still measures the clock it ran at, not the share of the core
 * it got: on a shared machine the clock stays a property of the hardware.
 *
 * <p>Guard against a clever JIT: the chain mixes add and xor with operands read from a volatile field (nothing
 * folds into a closed form), its result is returned and consumed, and {@link #measure} times the chain at two lengths
 * and checks that time doubles with length. A chain the JIT had folded or shortened would fail that check or give
 * an impossible clock; the measurement then says so in {@link ClockMeasurement#note()}.
 */
public final class ClockProbe {
  /** Dependent operations per loop iteration (8 add/xor pairs). */
  static final int OPS_PER_ITERATION = 16;
  /** Clocks outside this range mean the measurement is broken, not that the machine is odd. */
  static final double MIN_PLAUSIBLE_GHZ = 0.2;
  static final double MAX_PLAUSIBLE_GHZ = 7.0;

  private static volatile long seed = 0x9E37_79B9_7F4A_7C15L;

  private ClockProbe() {}

  /**
   * Measures the clock with {@code threads} threads running the chain at once.
   *
   * @param threads how many cores to load (the clock under load depends on it)
   * @param repetitions timed rounds; the median over rounds and threads is reported
   * @param roundMillis the approximate length of one round
   */
  public static ClockMeasurement measure(int threads, int repetitions, int roundMillis) {
    if (threads < 1 || repetitions < 1 || roundMillis < 1) {
      throw new IllegalArgumentException("threads, repetitions and roundMillis must be positive: "
          + threads + ", " + repetitions + ", " + roundMillis);
    }
    // Warm up until C2 has compiled the chain, then size a round from the compiled speed.
    long iterations = 1 << 16;
    double seconds = 0;
    while (seconds < 0.02) {
      seconds = timeChains(threads, iterations)[0];
      iterations *= 2;
    }
    long length = Math.max(1 << 16, (long) (iterations / 2 / seconds * roundMillis / 1000.0));

    double[] ghz = new double[repetitions * threads];
    double[] doubling = new double[repetitions * threads];
    for (int r = 0; r < repetitions; r++) {
      double[] single = timeChains(threads, length);
      double[] twice = timeChains(threads, 2 * length);
      for (int t = 0; t < threads; t++) {
        ghz[r * threads + t] = OPS_PER_ITERATION * (double) (3 * length) / ((single[t] + twice[t]) * 1e9);
        doubling[r * threads + t] = twice[t] / single[t];
      }
    }
    Timing clock = Timing.of(ghz);
    double ratio = Timing.of(doubling).median();
    return new ClockMeasurement(clock, threads, ratio, reportedMhz(), verdict(clock.median(), ratio));
  }

  /** Seconds each of {@code threads} concurrent threads spent running a chain of the given length. */
  private static double[] timeChains(int threads, long iterations) {
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    boolean cpuTime = cpu.isCurrentThreadCpuTimeSupported();
    long[] sink = new long[threads];
    long[] nanos = new long[threads];
    ParallelRun.timeRound(threads, t -> {
      long start = cpuTime ? cpu.getCurrentThreadCpuTime() : System.nanoTime();
      long x = chain(iterations, seed + t);
      nanos[t] = (cpuTime ? cpu.getCurrentThreadCpuTime() : System.nanoTime()) - start;
      return x;
    }, sink);
    double[] seconds = new double[threads];
    for (int t = 0; t < threads; t++) {
      seconds[t] = nanos[t] / 1e9;
    }
    return seconds;
  }

  /** Why a measurement cannot be trusted, or {@code ""} if it can. */
  static String verdict(double ghz, double doublingRatio) {
    if (doublingRatio < 1.7 || doublingRatio > 2.3) {
      return String.format(java.util.Locale.ROOT,
          "suspect: doubling the chain changed its time %.2fx (expected 2x); the JIT may have folded it or the"
              + " machine is busy", doublingRatio);
    }
    if (ghz < MIN_PLAUSIBLE_GHZ || ghz > MAX_PLAUSIBLE_GHZ) {
      return String.format(java.util.Locale.ROOT,
          "suspect: %.2f GHz is outside %.1f-%.1f GHz; pass the clock explicitly", ghz,
          MIN_PLAUSIBLE_GHZ, MAX_PLAUSIBLE_GHZ);
    }
    return "";
  }

  /**
   * The dependency chain: {@code OPS_PER_ITERATION} operations per iteration, each consuming the previous result.
   * The loop counter's own add and compare are independent of the chain and retire on other ALUs.
   */
  static long chain(long iterations, long start) {
    long y = seed | 1;
    long z = seed >>> 7;
    long x = start;
    for (long i = 0; i < iterations; i++) {
      x = (x + y) ^ z;
      x = (x + y) ^ z;
      x = (x + y) ^ z;
      x = (x + y) ^ z;
      x = (x + y) ^ z;
      x = (x + y) ^ z;
      x = (x + y) ^ z;
      x = (x + y) ^ z;
    }
    return x;
  }

  /** The first "cpu MHz" in /proc/cpuinfo (often the nominal clock in a VM), or NaN where there is none. */
  static double reportedMhz() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("cpu MHz")) {
          return Double.parseDouble(line.substring(line.indexOf(':') + 1).strip());
        }
      }
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
    return Double.NaN;
  }
}
