package org.tropic.analytics;

import java.util.Arrays;
import java.util.Locale;
import org.tropic.apsp.Progress;
import org.tropic.sparse.Permutation;

/**
 * Katz centrality (Katz 1953; HPC-KG §2.4): x = α·Aᵀ·x + β·1, i.e. x = β·(I − αAᵀ)⁻¹·1 — every walk ending at a
 * vertex counts, attenuated by αᵏ for length k. Solved by Jacobi iteration, one SpMV per step, from x₀ = β·1 (as
 * JGraphT). The series converges only for α &lt; 1/λmax, so the spectral radius is estimated first and a larger α is
 * refused with the numbers. O((iterations + radius steps) · nnz / threads).
 */
public final class KatzCentrality {
  private KatzCentrality() {}

  /**
   * @param alpha attenuation α, positive
   * @param beta weight β of every vertex's own contribution
   * @param maxIterations at least 1
   * @param tolerance stop when max |x_t − x_{t−1}| falls below it, positive
   */
  public record Options(double alpha, double beta, int maxIterations, double tolerance) {
    public Options {
      if (!(alpha > 0) || Double.isInfinite(alpha)) {
        throw new IllegalArgumentException("Katz α = " + alpha + " must be positive and finite");
      }
      if (!Double.isFinite(beta)) {
        throw new IllegalArgumentException("Katz β = " + beta + " must be finite");
      }
      if (maxIterations < 1) {
        throw new IllegalArgumentException("Jacobi iteration needs at least 1 iteration, got " + maxIterations);
      }
      if (!(tolerance > 0)) {
        throw new IllegalArgumentException("tolerance " + tolerance + " must be positive");
      }
    }

    /** α as given, β = 1, up to 1,000 iterations, tolerance 1e-6. */
    public static Options withAlpha(double alpha) {
      return new Options(alpha, 1, 1_000, 1e-6);
    }
  }

  /**
   * @param scores Katz centrality by original id (not normalised)
   * @param radius the spectral radius estimate α was checked against
   * @param iterations Jacobi iterations run
   * @param change max |x_t − x_{t−1}| of the last iteration
   * @param converged whether {@code change} fell below the tolerance
   */
  public record Result(VertexScores scores, SpectralRadius radius, int iterations, double change,
      boolean converged) {}

  /** The rule {@link #defaultAlpha} chose by when the graph may have a directed cycle. */
  public static final String HALF_OVER_LAMBDA_MAX = "0.5/lambda_max";
  /** The rule {@link #defaultAlpha} chose by when the graph provably has no directed cycle. */
  public static final String HALF_OVER_MAX_IN_WEIGHT = "0.5/max in-weight (no directed cycle)";
  /** The rule {@link #defaultAlpha} chose by when the graph has no arc of positive weight. */
  public static final String NO_ARCS = "0.5 (no arcs: every score is beta)";

  /**
   * A default attenuation and the rule that chose it, for reports.
   *
   * @param value α
   * @param rule {@link #HALF_OVER_LAMBDA_MAX}, {@link #HALF_OVER_MAX_IN_WEIGHT} or {@link #NO_ARCS}
   */
  public record DefaultAlpha(double value, String rule) {}

  /**
   * The attenuation used when none is given: 0.5/λmax, unless the graph provably has no directed cycle. A directed
   * cycle has λ = the geometric mean of its weights ≥ w_min, the smallest positive arc weight, and λmax of the graph
   * is at least that of any cycle in it (the Perron root is monotone in the entries); so an upper bound on λmax below
   * w_min proves that there is none: λmax = 0, as in a citation DAG, where 0.5/λmax made α huge (333 on a four-vertex
   * DAG, scores of 10⁷). Then α is 0.5 over the largest weighted in-degree, which bounds λmax from above whatever
   * the graph. The earlier rule, "λmax below 1% of the largest in-degree", took a hub-heavy web graph with cycles
   * (λmax 128, in-degree 55,252) for a DAG and chose an α 430× smaller than 0.5/λmax.
   */
  public static DefaultAlpha defaultAlpha(SparseGraph g, SpectralRadius radius) {
    int n = g.vertexCount();
    float[] ones = new float[n];
    Arrays.fill(ones, 1f);
    float[] inWeight = new float[n];
    g.kernels().spmv(g.matrix(), 1f, ones, 0f, inWeight); // Aᵀ·1: each vertex's weighted in-degree
    double largest = 0;
    for (float w : inWeight) {
      largest = Math.max(largest, w);
    }
    double[] smallestPositive = {Double.POSITIVE_INFINITY};
    g.matrix().forEachElement((row, column, value) -> {
      if (value > 0) {
        smallestPositive[0] = Math.min(smallestPositive[0], value);
      }
    });
    if (largest == 0 || smallestPositive[0] == Double.POSITIVE_INFINITY) {
      return new DefaultAlpha(0.5, NO_ARCS);
    }
    // The upper bound is computed in float32: a cycle whose λ is exactly w_min must not fall below it by rounding.
    if (radius.upper() < smallestPositive[0] * (1 - 1e-5)) {
      return new DefaultAlpha(0.5 / largest, HALF_OVER_MAX_IN_WEIGHT);
    }
    return new DefaultAlpha(0.5 / radius.value(), HALF_OVER_LAMBDA_MAX);
  }

  /**
   * @throws IllegalArgumentException when α ≥ 1/λmax, giving α, λmax, 1/λmax and how λmax was found
   */
  public static Result compute(SparseGraph g, Options options) {
    g.requireNonNegativeWeights("Katz centrality");
    return compute(g, options, SpectralRadius.of(g));
  }

  /** As {@link #compute(SparseGraph, Options)} with λmax already estimated (e.g. to choose α from it). */
  public static Result compute(SparseGraph g, Options options, SpectralRadius radius) {
    return compute(g, options, radius, Progress.NONE);
  }

  /**
   * As {@link #compute(SparseGraph, Options, SpectralRadius)}, reporting one unit per iteration (an SpMV) against
   * the most iterations, and ending early on convergence.
   */
  public static Result compute(SparseGraph g, Options options, SpectralRadius radius, Progress progress) {
    g.requireNonNegativeWeights("Katz centrality");
    if (options.alpha() * radius.value() >= 1) {
      throw new IllegalArgumentException(String.format(
          "Katz α = %.6g is not below 1/λmax = %.6g (λmax ≈ %.6g, between %.6g and %.6g by %s): the walk series "
              + "diverges; choose α < %.6g", options.alpha(), 1 / radius.value(), radius.value(), radius.lower(),
          radius.upper(), radius.method(), 1 / radius.value()));
    }
    refuseAlphaBelowFloat32(g, options.alpha(), radius);
    int n = g.vertexCount();
    float beta = (float) options.beta();
    float[] x = new float[n];
    Arrays.fill(x, beta);
    float[] next = new float[n];
    int iterations = 0;
    double change = Double.POSITIVE_INFINITY;
    progress.begin(ProgressTasks.upTo("Katz centrality", options.maxIterations(), "iterations"),
        options.maxIterations());
    while (iterations < options.maxIterations() && !(change < options.tolerance())) {
      // next ← α·Aᵀ·x + β·1
      Arrays.fill(next, beta);
      g.kernels().spmv(g.matrix(), (float) options.alpha(), x, 1f, next);
      change = VectorMath.distanceMax(next, x);
      if (!Double.isFinite(change)) {
        progress.end();
        throw overflow(g, options, iterations + 1);
      }
      float[] t = x;
      x = next;
      next = t;
      iterations++;
      progress.advance(1);
    }
    progress.end();
    Permutation p = g.permutation();
    return new Result(new VertexScores(p.toOld(VectorMath.toDouble(x)), g), radius, iterations, change,
        change < options.tolerance());
  }

  /**
   * Refuses an α below float32's normal range: the products are float32, where such an α keeps few significant
   * digits (none at all below 1.4e-45). With the default α = 0.5/λmax it means weights near the top of float32's
   * range (3e38 gave α = 1.7e-39), whose products with the scores overflow anyway: the change was NaN, and the
   * advice to raise --iterations could never help.
   */
  private static void refuseAlphaBelowFloat32(SparseGraph g, double alpha, SpectralRadius radius) {
    if (alpha >= Float.MIN_NORMAL) {
      return;
    }
    String why = 0.5 / radius.value() < Float.MIN_NORMAL
        ? "α < 1/λmax must be that small because the weights are too large for float32 products: " + largestWeight(g)
            + String.format(Locale.ROOT, " (λmax ≈ %.4g); scale the weights down", radius.value())
        : "choose a larger α";
    throw new IllegalArgumentException(String.format(Locale.ROOT, "Katz α = %.4g is below float32's normal range"
        + " (%.4g), where it loses its significant digits in float32 products; %s", alpha, Float.MIN_NORMAL, why));
  }

  /**
   * The products w·x of an iteration passed float32's range (3.4e38) and made the scores infinite or NaN; more
   * iterations cannot bring them back, so it ends there (it ran to the last iteration, "change NaN").
   */
  private static IllegalArgumentException overflow(SparseGraph g, Options options, int iteration) {
    return new IllegalArgumentException(String.format(Locale.ROOT, "Katz centrality overflowed float32 at"
        + " iteration %d: the weights are too large for float32 products with the scores (which start at β = %.4g;"
        + " float32 ends at %.4g): %s; scale the weights (or β) down", iteration, options.beta(),
        (double) Float.MAX_VALUE, largestWeight(g)));
  }

  /** "the largest weight is 3.000e+38, on the arc a → b". */
  private static String largestWeight(SparseGraph g) {
    float max = g.maxWeight();
    return String.format(Locale.ROOT, "the largest weight is %.4g, on the arc %s", max, g.arcWeighing(max));
  }
}
