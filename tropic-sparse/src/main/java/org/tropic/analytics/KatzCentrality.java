package org.tropic.analytics;

import java.util.Arrays;
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

  /**
   * The attenuation used when none is given: 0.5/λmax, unless λmax is below 1% of the largest row sum of the
   * matrix Katz iterates (the largest weighted in-degree): a graph with few or no cycles, such as a citation DAG,
   * where λmax is 0 and its estimate is noise. Then it is 0.5 over that row sum, which bounds λmax from above, so
   * α converges. 0.5/λmax made it huge there: α = 333 on a four-vertex DAG, with scores of 10⁷.
   */
  public static double defaultAlpha(SparseGraph g, SpectralRadius radius) {
    int n = g.vertexCount();
    float[] ones = new float[n];
    Arrays.fill(ones, 1f);
    float[] inWeight = new float[n];
    g.kernels().spmv(g.matrix(), 1f, ones, 0f, inWeight); // Aᵀ·1: each vertex's weighted in-degree
    double largest = 0;
    for (float w : inWeight) {
      largest = Math.max(largest, w);
    }
    if (largest == 0) {
      return 0.5; // no arcs: every score is β whatever α is
    }
    return radius.value() >= 0.01 * largest ? 0.5 / radius.value() : 0.5 / largest;
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
    g.requireNonNegativeWeights("Katz centrality");
    if (options.alpha() * radius.value() >= 1) {
      throw new IllegalArgumentException(String.format(
          "Katz α = %.6g is not below 1/λmax = %.6g (λmax ≈ %.6g, between %.6g and %.6g by %s): the walk series "
              + "diverges; choose α < %.6g", options.alpha(), 1 / radius.value(), radius.value(), radius.lower(),
          radius.upper(), radius.method(), 1 / radius.value()));
    }
    int n = g.vertexCount();
    float beta = (float) options.beta();
    float[] x = new float[n];
    Arrays.fill(x, beta);
    float[] next = new float[n];
    int iterations = 0;
    double change = Double.POSITIVE_INFINITY;
    while (iterations < options.maxIterations() && !(change < options.tolerance())) {
      // next ← α·Aᵀ·x + β·1
      Arrays.fill(next, beta);
      g.kernels().spmv(g.matrix(), (float) options.alpha(), x, 1f, next);
      change = VectorMath.distanceMax(next, x);
      float[] t = x;
      x = next;
      next = t;
      iterations++;
    }
    Permutation p = g.permutation();
    return new Result(new VertexScores(p.toOld(VectorMath.toDouble(x)), g), radius, iterations, change,
        change < options.tolerance());
  }
}
