package org.tropic.bench;

/**
 * A core clock measured by {@link ClockProbe}.
 *
 * @param ghz the clock in GHz over the timed rounds and threads (median and spread)
 * @param threads how many cores ran the probe at once
 * @param doublingRatio time of the doubled chain over time of the single chain (2 when the probe is sound)
 * @param reportedMhz what the OS reports in /proc/cpuinfo, for comparison only (NaN if unknown)
 * @param note why the measurement is suspect, or empty; also says when the clock was given rather than measured
 */
public record ClockMeasurement(Timing ghz, int threads, double doublingRatio, double reportedMhz, String note) {

  /** A clock the user supplied instead of measuring it. */
  public static ClockMeasurement given(double ghz, int threads) {
    if (!(ghz > 0)) {
      throw new IllegalArgumentException("clock must be a positive number of GHz, got " + ghz);
    }
    return new ClockMeasurement(Timing.of(ghz), threads, Double.NaN, ClockProbe.reportedMhz(), "given, not measured");
  }

  /** Whether the probe's self-checks passed (always false for a given clock, which has nothing to check). */
  public boolean trustworthy() {
    return note.isEmpty();
  }
}
