package org.tropic.bench.sparse;

/**
 * A kernel timed in rounds that alternate with the STREAM copy, so that its share of copy bandwidth compares the
 * two under the same load from the other tenants of a shared machine. On this VM the copy bandwidth read 43 and
 * 73 GB/s twenty seconds apart (2026-11-21), while a kernel whose matrix sits in the caches kept its speed: a copy
 * measured once per graph made its share swing with the moment the copy ran.
 */
final class CopyPairedTiming {
  /** Alternating rounds per kernel; the medians below are taken over them. */
  static final int ROUNDS = 5;
  /** Copies timed per round; their median is the round's copy bandwidth. */
  static final int COPIES_PER_ROUND = 3;

  /**
   * One kernel's measurement.
   *
   * @param seconds the kernel's median time over all rounds
   * @param copyBandwidth the median of the rounds' copy bandwidths, in bytes per second
   * @param fractionOfCopy the median over rounds of (bytes / the round's kernel time) / the round's copy bandwidth
   */
  record Result(double seconds, double copyBandwidth, double fractionOfCopy) {

    /** The result of rounds whose kernel took {@code times} and whose copies ran at {@code copies} bytes/s. */
    static Result ofRounds(double[] times, double[] copies, long bytes) {
      double[] fractions = new double[times.length];
      for (int r = 0; r < times.length; r++) {
        fractions[r] = bytes / times[r] / copies[r];
      }
      return new Result(Timing.median(times.clone()), Timing.median(copies.clone()), Timing.median(fractions));
    }
  }

  private CopyPairedTiming() {}

  /**
   * Warms {@code kernel} up for {@code seconds}, then runs {@value #ROUNDS} rounds of the kernel for
   * {@code seconds / ROUNDS} each, each followed by {@value #COPIES_PER_ROUND} copies; {@code bytes} is what one
   * run of the kernel counts as moved.
   */
  static Result measure(Runnable kernel, long bytes, StreamCopy copy, double seconds) {
    Timing.warmUp(kernel, seconds);
    double[] times = new double[ROUNDS];
    double[] copies = new double[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
      times[r] = Timing.medianOf(kernel, seconds / ROUNDS);
      copies[r] = copy.bandwidthNow(COPIES_PER_ROUND);
    }
    return Result.ofRounds(times, copies, bytes);
  }
}
