package org.tropic.analytics;

import java.util.SplittableRandom;
import org.tropic.apsp.Progress;

/**
 * The largest eigenvalues of a symmetric graph's adjacency matrix with their unit eigenvectors, by Lanczos with full
 * reorthogonalisation (every new vector is orthogonalised twice against all earlier ones, so no Ritz value is
 * duplicated and the Ritz vectors stay orthonormal). Only the leading Ritz pairs whose residual bound meets the
 * tolerance are kept, in decreasing order. Each kept pair's residual ‖A·y − θ·y‖ is then measured with one more SpMV
 * per pair, since the products run in float32. Vectors are in the matrix's internal (possibly reordered) ids.
 *
 * <p>Memory: the Lanczos basis, 8 · steps · n bytes ({@link #basisBytes}). Time O(steps · nnz / threads + steps² · n).
 *
 * @param values the eigenvalue estimates, largest first
 * @param vectors {@code vectors[j]}: the unit Ritz vector of {@code values[j]}, n entries
 * @param residuals {@code residuals[j]}: ‖A·vectors[j] − values[j]·vectors[j]‖₂, measured
 * @param steps Lanczos steps (SpMVs) taken, besides one per kept pair for its residual
 */
record TopEigenpairs(double[] values, double[][] vectors, double[] residuals, int steps) {
  private static final int CHECK_EVERY = 5;

  /** Pairs kept. */
  int count() {
    return values.length;
  }

  /** The bytes of the Lanczos basis for {@code steps} steps on n vertices. */
  static long basisBytes(int n, int steps) {
    return 8L * n * steps;
  }

  /** ‖R‖_F, R = A·Y − Y·Θ: a bound on the norm of what the kept pairs leave of A's coupling to the rest. */
  double residualNorm() {
    double s = 0;
    for (double r : residuals) {
      s += r * r;
    }
    return Math.sqrt(s);
  }

  /**
   * @param count pairs wanted, at least 1
   * @param maxSteps Lanczos steps at most
   * @param tolerance a Ritz pair is kept when its residual bound is below {@code tolerance · |largest Ritz value|}
   */
  static TopEigenpairs compute(SparseGraph g, int count, int maxSteps, double tolerance, long seed) {
    return compute(g, count, maxSteps, tolerance, seed, Progress.NONE);
  }

  /** As above, reporting one unit per SpMV (a step, or a kept pair's residual) against the most steps and pairs. */
  static TopEigenpairs compute(SparseGraph g, int count, int maxSteps, double tolerance, long seed,
      Progress progress) {
    int m = Math.min(maxSteps, g.vertexCount());
    progress.begin(ProgressTasks.upTo("leading eigenpairs by Lanczos", m, "steps"), m + (long) count);
    try {
      return lanczos(g, count, m, tolerance, seed, progress);
    } catch (Throwable e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
  }

  private static TopEigenpairs lanczos(SparseGraph g, int count, int m, double tolerance, long seed,
      Progress progress) {
    int n = g.vertexCount();
    double[][] basis = new double[m][];
    double[] alpha = new double[m];
    double[] beta = new double[m];
    double[] v = new double[n];
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < n; i++) {
      v[i] = random.nextDouble() - 0.5;
    }
    VectorMath.scale(v, 1 / VectorMath.norm(v));
    float[] vf = new float[n];
    float[] wf = new float[n];
    TridiagonalEigen t = null;
    int steps = 0;
    double lastBeta = 0;
    for (int j = 0; j < m; j++) {
      basis[j] = v;
      steps = j + 1;
      times(g, v, vf, wf);
      progress.advance(1);
      double[] w = new double[n];
      for (int i = 0; i < n; i++) {
        w[i] = wf[i];
      }
      alpha[j] = VectorMath.dot(w, v);
      for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k <= j; k++) {
          VectorMath.axpy(-VectorMath.dot(w, basis[k]), basis[k], w);
        }
      }
      lastBeta = VectorMath.norm(w);
      beta[j] = lastBeta;
      boolean exhausted = lastBeta <= 1e-10 * Math.max(1, Math.abs(alpha[j]));
      if (exhausted || steps == m || steps % CHECK_EVERY == 0) {
        t = TridiagonalEigen.of(alpha, beta, steps);
        if (exhausted || convergedPrefix(t, exhausted ? 0 : lastBeta, tolerance) >= Math.min(count, steps)) {
          lastBeta = exhausted ? 0 : lastBeta;
          break;
        }
      }
      v = w;
      VectorMath.scale(v, 1 / lastBeta);
    }
    int kept = Math.min(count, convergedPrefix(t, lastBeta, tolerance));
    double[] values = new double[kept];
    double[][] vectors = new double[kept][];
    double[] residuals = new double[kept];
    for (int j = 0; j < kept; j++) {
      int index = steps - 1 - j;
      values[j] = t.values[index];
      double[] y = new double[n];
      for (int k = 0; k < steps; k++) {
        VectorMath.axpy(t.vectors[index][k], basis[k], y);
      }
      VectorMath.scale(y, 1 / VectorMath.norm(y));
      vectors[j] = y;
      times(g, y, vf, wf);
      progress.advance(1);
      double r = 0;
      for (int i = 0; i < n; i++) {
        double d = wf[i] - values[j] * y[i];
        r += d * d;
      }
      residuals[j] = Math.sqrt(r);
    }
    return new TopEigenpairs(values, vectors, residuals, steps);
  }

  /** How many of the largest Ritz values, in order, have a residual bound within tolerance. */
  private static int convergedPrefix(TridiagonalEigen t, double beta, double tolerance) {
    int m = t.values.length;
    double target = tolerance * Math.max(Math.abs(t.values[m - 1]), Math.abs(t.values[0]));
    int k = 0;
    while (k < m && Math.abs(beta * t.lastComponents[m - 1 - k]) <= target) {
      k++;
    }
    return k;
  }

  /** v ← v − Y·Yᵀ·v: removes the kept eigenvectors' components. */
  void removeFrom(double[] v) {
    for (double[] y : vectors) {
      VectorMath.axpy(-VectorMath.dot(v, y), y, v);
    }
  }

  /** The same for each column of an n × s row-major block, the dot products in double. */
  void removeFrom(float[] block, int s) {
    int n = block.length / s;
    double[] coefficients = new double[s];
    for (double[] y : vectors) {
      java.util.Arrays.fill(coefficients, 0);
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < s; c++) {
          coefficients[c] += y[i] * block[i * s + c];
        }
      }
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < s; c++) {
          block[i * s + c] -= (float) (coefficients[c] * y[i]);
        }
      }
    }
  }

  /** w ← A·v through float32 products. */
  private static void times(SparseGraph g, double[] v, float[] vf, float[] wf) {
    for (int i = 0; i < v.length; i++) {
      vf[i] = (float) v[i];
    }
    g.kernels().spmv(g.matrix(), 1f, vf, 0f, wf);
  }
}
