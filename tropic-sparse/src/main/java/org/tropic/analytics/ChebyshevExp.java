package org.tropic.analytics;

/**
 * The Chebyshev expansion of f(x) = exp(x − b) on [a, b], the matrix function behind subgraph centrality, shifted so
 * that |f| ≤ 1 on the spectrum and nothing overflows in float32. With t = (x − c)/h, c = (a+b)/2, h = (b−a)/2:
 * f = Σ_m c_m T_m(t), whose coefficients (2·e^{c−b}·I_m(h), Bessel functions) fall off faster than geometrically
 * once m exceeds h. The coefficients come from the discrete cosine transform of f at N Chebyshev nodes, exact up to
 * aliasing from the terms beyond N, which are negligible here. The truncation bound is Σ_{m>M} |c_m|, which bounds
 * max |f − p_M| on [a, b] because |T_m| ≤ 1 there.
 */
final class ChebyshevExp {
  private static final int MAX_TERMS = 5_000;
  private static final int GUARD = 64;
  /** The highest degree {@link #fit} takes: it fits {@link #GUARD} more coefficients to bound the truncation. */
  static final int MAX_DEGREE = MAX_TERMS - GUARD;

  /** c_0..c_M, with c_0 already halved so that f ≈ Σ c_m T_m. */
  final double[] coefficients;
  /** Σ_{m>M} |c_m|. */
  final double truncationBound;

  private ChebyshevExp(double[] coefficients, double truncationBound) {
    this.coefficients = coefficients;
    this.truncationBound = truncationBound;
  }

  /**
   * @param terms the degree M to use, or 0 for the smallest with truncation bound below {@code tolerance}
   */
  static ChebyshevExp fit(double a, double b, int terms, double tolerance) {
    if (!(b > a)) {
      throw new IllegalArgumentException("empty interval [" + a + ", " + b + "]");
    }
    double h = (b - a) / 2;
    double c = (a + b) / 2;
    int limit = (int) Math.min(MAX_TERMS, Math.max(terms, Math.ceil(2 * h)) + GUARD);
    int nodes = 2 * limit;
    double[] all = new double[limit + 1];
    double[] f = new double[nodes];
    for (int k = 0; k < nodes; k++) {
      double theta = Math.PI * (k + 0.5) / nodes;
      f[k] = Math.exp(h * Math.cos(theta) + c - b);
    }
    for (int m = 0; m <= limit; m++) {
      double s = 0;
      for (int k = 0; k < nodes; k++) {
        s += f[k] * Math.cos(m * Math.PI * (k + 0.5) / nodes);
      }
      all[m] = 2 * s / nodes;
    }
    all[0] /= 2;
    double[] tail = new double[limit + 2];
    for (int m = limit; m >= 0; m--) {
      tail[m] = tail[m + 1] + Math.abs(all[m]);
    }
    int degree = terms;
    if (degree == 0) {
      degree = 1;
      while (degree < limit - GUARD / 2 && tail[degree + 1] > tolerance) {
        degree++;
      }
      if (tail[degree + 1] > tolerance) {
        throw new ArithmeticException("exp on [" + a + ", " + b + "] needs more than " + degree
            + " Chebyshev terms for tolerance " + tolerance);
      }
    }
    return new ChebyshevExp(java.util.Arrays.copyOf(all, degree + 1), tail[degree + 1]);
  }
}
