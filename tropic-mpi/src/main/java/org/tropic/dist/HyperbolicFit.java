package org.tropic.dist;

/**
 * A hyperbolic performance model (HyPerMod, COAST SC22 §IV-E): {@code y = a·η / (η + d)}. It rises linearly for
 * small η (slope a/d: latency- or overhead-bound) and levels off at a for large η (throughput-bound), which is
 * how kernel rate grows with block size and effective bandwidth with message size. {@code d} is the η at which
 * half the asymptote a is reached.
 *
 * @param a the asymptote as η → ∞
 * @param d the half-saturation point, &gt; 0
 */
public record HyperbolicFit(double a, double d) {

  public HyperbolicFit {
    if (!(a > 0) || !(d > 0) || Double.isInfinite(a) || Double.isInfinite(d)) {
      throw new IllegalArgumentException("a hyperbolic model needs a > 0 and d > 0, got a=" + a + ", d=" + d);
    }
  }

  /** The model's value at η. */
  public double at(double eta) {
    return a * eta / (eta + d);
  }

  /**
   * Fits a and d to observations {@code g(η_i)} by the objective of COAST eq. 7,
   * {@code Σ (1/η_i)·(log f(η_i)/g(η_i))²}, which weighs the relative error and favours small η, unlike plain
   * least squares. For a fixed d the best {@code log a} is a weighted mean, so only d is searched: from the
   * heuristic of eqs. 8–9 (a ≈ max g, d ≈ the η whose g is nearest a/2), over a wide logarithmic grid and then by
   * golden-section refinement.
   *
   * @param eta positive parameter values (at least two distinct)
   * @param observed positive observations at them
   */
  public static HyperbolicFit fit(double[] eta, double[] observed) {
    if (eta.length != observed.length || eta.length < 2) {
      throw new IllegalArgumentException("need at least two (η, g) pairs of equal length, got " + eta.length
          + " and " + observed.length);
    }
    double minEta = Double.POSITIVE_INFINITY;
    double maxEta = 0;
    double maxG = 0;
    for (int i = 0; i < eta.length; i++) {
      if (!(eta[i] > 0) || !(observed[i] > 0) || Double.isInfinite(eta[i]) || Double.isInfinite(observed[i])) {
        throw new IllegalArgumentException("observations must be positive and finite, got η=" + eta[i] + ", g="
            + observed[i]);
      }
      minEta = Math.min(minEta, eta[i]);
      maxEta = Math.max(maxEta, eta[i]);
      maxG = Math.max(maxG, observed[i]);
    }
    int half = 0;
    for (int i = 1; i < eta.length; i++) {
      if (Math.abs(observed[i] - maxG / 2) < Math.abs(observed[half] - maxG / 2)) {
        half = i;
      }
    }
    double heuristicD = eta[half];
    double low = Math.log(minEta * 1e-4);
    double high = Math.log(maxEta * 1e4);
    double bestLogD = Math.log(heuristicD);
    double best = objective(eta, observed, Math.exp(bestLogD));
    int steps = 400;
    for (int s = 0; s <= steps; s++) {
      double logD = low + (high - low) * s / steps;
      double value = objective(eta, observed, Math.exp(logD));
      if (value < best) {
        best = value;
        bestLogD = logD;
      }
    }
    double step = (high - low) / steps;
    double left = bestLogD - step;
    double right = bestLogD + step;
    double ratio = (Math.sqrt(5) - 1) / 2;
    for (int iteration = 0; iteration < 100; iteration++) {
      double x1 = right - ratio * (right - left);
      double x2 = left + ratio * (right - left);
      if (objective(eta, observed, Math.exp(x1)) <= objective(eta, observed, Math.exp(x2))) {
        right = x2;
      } else {
        left = x1;
      }
    }
    double refined = (left + right) / 2;
    double d = objective(eta, observed, Math.exp(refined)) <= best ? Math.exp(refined) : Math.exp(bestLogD);
    return new HyperbolicFit(Math.exp(bestLogA(eta, observed, d)), d);
  }

  /** COAST eq. 7 at this model. */
  public double objective(double[] eta, double[] observed) {
    double sum = 0;
    for (int i = 0; i < eta.length; i++) {
      double r = Math.log(at(eta[i]) / observed[i]);
      sum += r * r / eta[i];
    }
    return sum;
  }

  private static double objective(double[] eta, double[] observed, double d) {
    double logA = bestLogA(eta, observed, d);
    double sum = 0;
    for (int i = 0; i < eta.length; i++) {
      double r = logA + Math.log(eta[i] / (eta[i] + d)) - Math.log(observed[i]);
      sum += r * r / eta[i];
    }
    return sum;
  }

  /** For fixed d, eq. 7 is a weighted least-squares fit of log a: its weighted mean. */
  private static double bestLogA(double[] eta, double[] observed, double d) {
    double weighted = 0;
    double weights = 0;
    for (int i = 0; i < eta.length; i++) {
      double w = 1 / eta[i];
      weighted += w * (Math.log(observed[i]) - Math.log(eta[i] / (eta[i] + d)));
      weights += w;
    }
    return weighted / weights;
  }
}
