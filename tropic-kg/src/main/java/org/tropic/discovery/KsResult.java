package org.tropic.discovery;

import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;

/**
 * A two-sample Kolmogorov–Smirnov test: D = sup |F₁(x) − F₂(x)| over the two empirical distribution functions, and
 * its two-sided p-value (Apache Commons Statistics). The test assumes continuous data; with tied values (path
 * lengths in hops always tie) breaking the ties apart could raise D, so Commons Statistics also reports the p-value
 * of that largest D ({@code tieBrokenPValue}, never above {@code pValue}); both are kept so no one reads more into a
 * tied test than it holds.
 *
 * @param statistic D, in [0, 1]
 * @param pValue the two-sided p-value
 * @param significantTies whether ties among the values could change the p-value
 * @param tieBrokenPValue the p-value of the largest D ties could hide (equal to {@code pValue} without ties)
 * @param firstSize the first sample's size
 * @param secondSize the second sample's size
 */
public record KsResult(double statistic, double pValue, boolean significantTies, double tieBrokenPValue, int firstSize,
    int secondSize) {

  /**
   * Tests whether {@code first} and {@code second} come from one distribution. +∞ (unreachable) is allowed: it is
   * larger than every finite value, which is all the statistic depends on.
   *
   * @throws IllegalArgumentException if either sample has fewer than two values or holds NaN
   */
  public static KsResult test(double[] first, double[] second) {
    if (first.length < 2 || second.length < 2) {
      throw new IllegalArgumentException("the KS test needs at least two values in each sample, got "
          + first.length + " and " + second.length);
    }
    double[] a = finite(first);
    double[] b = finite(second);
    KolmogorovSmirnovTest.TwoResult result = KolmogorovSmirnovTest.withDefaults().test(a, b);
    return new KsResult(result.getStatistic(), result.getPValue(), result.hasSignificantTies(),
        result.hasSignificantTies() ? result.getUpperPValue() : result.getPValue(), a.length, b.length);
  }

  /** The values with +∞ replaced by one finite value above all others (ordering, hence D, is unchanged). */
  private static double[] finite(double[] values) {
    double[] copy = values.clone();
    for (double v : copy) {
      if (Double.isNaN(v)) {
        throw new IllegalArgumentException("NaN in a KS sample");
      }
    }
    for (int i = 0; i < copy.length; i++) {
      if (copy[i] == Double.POSITIVE_INFINITY) {
        copy[i] = Double.MAX_VALUE;
      }
    }
    return copy;
  }
}
