package org.tropic.analytics;

/**
 * Quantiles of Student's t distribution, for confidence intervals from a few independent estimates. The upper tail
 * is P(T &gt; t) = I_x(ν/2, 1/2)/2 with x = ν/(ν + t²), the regularized incomplete beta function evaluated by its
 * continued fraction (Lentz's method, as in Numerical Recipes §6.4); the quantile is found by bisection, which is
 * slow only by the standards of a function called a few times per run.
 */
final class StudentT {
  private StudentT() {}

  /**
   * The t with P(T &gt; t) = {@code upperTail} for ν = {@code dof} degrees of freedom.
   *
   * @param upperTail in (0, 0.5]
   */
  static double upperQuantile(double upperTail, int dof) {
    if (!(upperTail > 0 && upperTail <= 0.5) || dof < 1) {
      throw new IllegalArgumentException("t quantile of tail " + upperTail + " with " + dof + " degrees of freedom");
    }
    double low = 0;
    double high = 1;
    while (upperTail(high, dof) > upperTail) {
      high *= 2;
    }
    for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
      double mid = (low + high) / 2;
      if (upperTail(mid, dof) > upperTail) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return high;
  }

  /** P(T &gt; t) for t ≥ 0. */
  static double upperTail(double t, int dof) {
    double x = dof / (dof + t * t);
    return regularizedBeta(x, dof / 2.0, 0.5) / 2;
  }

  /** I_x(a, b), by the continued fraction where it converges fast and the symmetry I_x(a, b) = 1 − I_{1−x}(b, a). */
  private static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
    if (x < (a + 1) / (a + b + 2)) {
      return front * continuedFraction(x, a, b) / a;
    }
    return 1 - front * continuedFraction(1 - x, b, a) / b;
  }

  private static double continuedFraction(double x, double a, double b) {
    double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 10_000; m++) {
      int m2 = 2 * m;
      double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 / nonZero(1 + even * d, tiny);
      c = nonZero(1 + even / c, tiny);
      h *= d * c;
      double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 / nonZero(1 + odd * d, tiny);
      c = nonZero(1 + odd / c, tiny);
      double step = d * c;
      h *= step;
      if (Math.abs(step - 1) < 1e-15) {
        break;
      }
    }
    return h;
  }

  private static double nonZero(double v, double tiny) {
    return Math.abs(v) < tiny ? tiny : v;
  }

  /** ln Γ(z) for z &gt; 0 (Lanczos, g = 7, nine terms: about 15 significant digits). */
  private static double logGamma(double z) {
    double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61503916999185, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7};
    if (z < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * z))) - logGamma(1 - z);
    }
    z -= 1;
    double sum = c[0];
    for (int i = 1; i < c.length; i++) {
      sum += c[i] / (z + i);
    }
    double t = z + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
  }
}
