package org.tropic.bench;

import java.util.Arrays;

/**
 * Summary of repeated measurements of one quantity (seconds, GFLOP/s, GHz): the median, which the report leads with
 * because it shrugs off the odd rep disturbed by other work on a shared machine, and the extremes as the spread.
 *
 * @param median the median of the samples (the mean of the middle two for an even count)
 * @param min the smallest sample
 * @param max the largest sample
 * @param count how many samples
 */
public record Timing(double median, double min, double max, int count) {

  /** Summarises the samples; there must be at least one, and none NaN. */
  public static Timing of(double... samples) {
    if (samples.length == 0) {
      throw new IllegalArgumentException("no samples to summarise");
    }
    double[] sorted = samples.clone();
    Arrays.sort(sorted);
    if (Double.isNaN(sorted[sorted.length - 1])) {
      throw new IllegalArgumentException("NaN among samples " + Arrays.toString(samples));
    }
    int mid = sorted.length / 2;
    double median = sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    return new Timing(median, sorted[0], sorted[sorted.length - 1], sorted.length);
  }

  /** (max − min) / median: the relative spread, 0 for a single sample. */
  public double relativeSpread() {
    return median == 0 ? 0 : (max - min) / median;
  }
}
