package org.tropic.analytics;

import java.util.SplittableRandom;
import org.tropic.apsp.Progress;

/**
 * The extreme eigenvalues λmin and λmax of a symmetric (undirected) graph's adjacency matrix, by the Lanczos method
 * (HPC-KG §2.4, "spectrum range"): one SpMV per step builds a tridiagonal T whose extreme eigenvalues (Ritz values)
 * converge to λmin and λmax first. Ritz values always lie inside [λmin, λmax]; the residual bound |β_m·s_m| of a Ritz
 * pair bounds its distance to an eigenvalue (Parlett, The Symmetric Eigenvalue Problem, §13). Plain Lanczos without
 * reorthogonalisation: lost orthogonality only duplicates converged values, it does not move the extremes.
 * O(steps · nnz / threads) plus O(steps³) for the small eigenproblems.
 *
 * @param min the smallest Ritz value (≥ λmin)
 * @param max the largest Ritz value (≤ λmax)
 * @param minResidual residual bound of {@code min}
 * @param maxResidual residual bound of {@code max}
 * @param steps Lanczos steps (SpMVs) taken
 * @param converged whether both residual bounds met the tolerance, or the Krylov space was exhausted (exact)
 */
public record SpectrumRange(double min, double max, double minResidual, double maxResidual, int steps,
    boolean converged) {

  private static final int CHECK_EVERY = 5;

  /**
   * @param maxSteps Lanczos steps at most, at least 1
   * @param tolerance relative residual to stop at: both bounds below {@code tolerance · max(|λmin|, |λmax|)}
   * @param seed seed of the random start vector
   */
  public record Options(int maxSteps, double tolerance, long seed) {
    public Options {
      if (maxSteps < 1) {
        throw new IllegalArgumentException("Lanczos needs at least 1 step, got " + maxSteps);
      }
      if (!(tolerance > 0)) {
        throw new IllegalArgumentException("tolerance " + tolerance + " must be positive");
      }
    }

    /** Up to 300 steps, relative tolerance 1e-5, seed 1. */
    public static Options defaults() {
      return new Options(300, 1e-5, 1);
    }
  }

  /** The spectrum range of a symmetric graph. */
  public static SpectrumRange compute(SparseGraph g, Options options) {
    return compute(g, options, Progress.NONE);
  }

  /**
   * As {@link #compute(SparseGraph, Options)}, reporting one unit per step (an SpMV) against the most steps, and
   * ending early when the Ritz values converge.
   */
  public static SpectrumRange compute(SparseGraph g, Options options, Progress progress) {
    return compute(g, options, null, "spectrum range", progress);
  }

  /**
   * The spectrum range of A restricted to the complement of {@code deflated}'s eigenvectors (or of A itself, for
   * {@code null}): the start vector and every new Lanczos vector have those components removed.
   */
  static SpectrumRange compute(SparseGraph g, Options options, TopEigenpairs deflated) {
    return compute(g, options, deflated, "spectrum range", Progress.NONE);
  }

  /** As above; {@code what} names the run in the progress task. */
  static SpectrumRange compute(SparseGraph g, Options options, TopEigenpairs deflated, String what,
      Progress progress) {
    g.requireSymmetric("the spectrum range by Lanczos");
    int n = g.vertexCount();
    if (n == 0) {
      throw new IllegalArgumentException("an empty graph has no spectrum");
    }
    int maxSteps = Math.min(options.maxSteps(), n);
    progress.begin(ProgressTasks.upTo(what + " by Lanczos", maxSteps, "steps"), maxSteps);
    try {
      return lanczos(g, options, deflated, maxSteps, progress);
    } catch (Throwable e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
  }

  private static SpectrumRange lanczos(SparseGraph g, Options options, TopEigenpairs deflated, int maxSteps,
      Progress progress) {
    int n = g.vertexCount();
    double[] alpha = new double[maxSteps];
    double[] beta = new double[maxSteps];
    double[] v = new double[n];
    double[] previous = new double[n];
    SplittableRandom random = new SplittableRandom(options.seed());
    for (int i = 0; i < n; i++) {
      v[i] = random.nextDouble() - 0.5;
    }
    if (deflated != null) {
      deflated.removeFrom(v);
    }
    VectorMath.scale(v, 1 / VectorMath.norm(v));
    float[] vf = new float[n];
    float[] wf = new float[n];
    double[] w = new double[n];
    SpectrumRange last = null;
    for (int j = 0; j < maxSteps; j++) {
      for (int i = 0; i < n; i++) {
        vf[i] = (float) v[i];
      }
      // w ← A·v − β_{j−1}·v_{j−1} − α_j·v
      g.kernels().spmv(g.matrix(), 1f, vf, 0f, wf);
      progress.advance(1);
      double a = 0;
      for (int i = 0; i < n; i++) {
        w[i] = wf[i] - (j > 0 ? beta[j - 1] * previous[i] : 0);
        a += w[i] * v[i];
      }
      for (int i = 0; i < n; i++) {
        w[i] -= a * v[i];
      }
      if (deflated != null) {
        deflated.removeFrom(w);
      }
      alpha[j] = a;
      double b = VectorMath.norm(w);
      beta[j] = b;
      int m = j + 1;
      double scaleOfA = Math.max(Math.abs(a), 1e-300);
      boolean exhausted = b <= 1e-10 * Math.max(scaleOfA, last == null ? 0 : Math.max(-last.min, last.max));
      if (exhausted || m == maxSteps || m % CHECK_EVERY == 0) {
        last = ritz(alpha, beta, m, exhausted ? 0 : b, options.tolerance(), exhausted);
        if (last.converged) {
          return last;
        }
      }
      if (exhausted) {
        return last;
      }
      double[] t = previous;
      previous = v;
      v = t;
      for (int i = 0; i < n; i++) {
        v[i] = w[i] / b;
      }
    }
    return last;
  }

  private static SpectrumRange ritz(double[] alpha, double[] beta, int m, double b, double tolerance,
      boolean exhausted) {
    TridiagonalEigen t = TridiagonalEigen.of(alpha, beta, m);
    double min = t.values[0];
    double max = t.values[m - 1];
    double minResidual = Math.abs(b * t.lastComponents[0]);
    double maxResidual = Math.abs(b * t.lastComponents[m - 1]);
    double target = tolerance * Math.max(Math.max(Math.abs(min), Math.abs(max)), 1e-300);
    boolean converged = exhausted || (minResidual <= target && maxResidual <= target);
    return new SpectrumRange(min, max, minResidual, maxResidual, m, converged);
  }
}
