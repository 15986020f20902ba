package org.tropic.analytics;

import org.tropic.sparse.BlockCoo;
import org.tropic.sparse.Permutation;
import org.tropic.sparse.SparseKernels;

/**
 * Subgraph centrality SC(v) = exp(A)_vv (Estrada &amp; Rodríguez-Velázquez 2005) — the weighted count of closed walks
 * through v — estimated stochastically as in HPC-KG §2.2 (equation 2): a block V of ±1 probe vectors is pushed
 * through the Chebyshev expansion of exp, Σ_m c_m T_m(Â)·V, one SpMM per term (the three-term recurrence
 * T_{m+1} = 2ÂT_m − T_{m−1}, Â = (A − c)/h maps the spectrum range [a, b] from {@link SpectrumRange} to [−1, 1]),
 * and the diagonal is read off as the mean of v ⊙ F·v over the probes (Hutchinson; Bekas, Kokiopoulou &amp; Saad
 * 2007). exp(A − b) is expanded instead of exp(A) so that float32 never overflows; e^b is applied at the end in
 * double.
 *
 * <p>Error reported per vertex: the standard error of the mean over probes (a statistical estimate for Rademacher
 * probes, a conservative heuristic for Hadamard ones), plus the Chebyshev truncation bound and a float32 rounding
 * allowance, both scaled by e^b. Hadamard probes that make the estimate exact ({@link #hadamardIsExact}) report a
 * standard error of 0: their spread over the probes measures how the probes differ, not an error. Symmetric
 * graphs only. Time O(probes · terms · nnz / threads); memory 4 dense n × batch float blocks. Its products are
 * SpMM: a graph built with
 * {@code SparseGraph.of(graph, LayoutAdvisor.Product.SPMM)} multiplies them up to 1.7× faster than one laid out for
 * SpMV.
 */
public final class SubgraphCentrality {
  private static final double FLOAT_EPSILON = Math.ulp(1f);
  private static final double MAX_EXPONENT = 700;

  private SubgraphCentrality() {}

  /**
   * @param probes probe vectors, at least 2 (the error estimate needs a spread)
   * @param terms Chebyshev degree, or 0 to pick it from {@code tolerance}
   * @param tolerance truncation bound (relative to e^λmax) for the automatic degree
   * @param kind Hadamard or Rademacher probes
   * @param batch probe columns per SpMM (memory ∝ n · batch)
   * @param seed seed of the Rademacher probes and the Lanczos start
   */
  public record Options(int probes, int terms, double tolerance, ProbeKind kind, int batch, long seed) {
    public Options {
      if (probes < 2) {
        throw new IllegalArgumentException("subgraph centrality needs at least 2 probes, got " + probes);
      }
      if (terms < 0 || terms > ChebyshevExp.MAX_DEGREE) {
        throw new IllegalArgumentException("Chebyshev terms " + terms + " must be 0 (automatic) or 1.."
            + ChebyshevExp.MAX_DEGREE);
      }
      if (!(tolerance > 0)) {
        throw new IllegalArgumentException("tolerance " + tolerance + " must be positive");
      }
      java.util.Objects.requireNonNull(kind, "kind");
      if (batch < 1) {
        throw new IllegalArgumentException("probe batch " + batch + " must be positive");
      }
    }

    /** 64 Hadamard probes in batches of 32, automatic degree with truncation below 1e-7. */
    public static Options defaults() {
      return new Options(64, 0, 1e-7, ProbeKind.HADAMARD, 32, 1);
    }

    public Options withProbes(int p) {
      return new Options(p, terms, tolerance, kind, batch, seed);
    }

    public Options withKind(ProbeKind k) {
      return new Options(probes, terms, tolerance, k, batch, seed);
    }

    public Options withTerms(int t) {
      return new Options(probes, t, tolerance, kind, batch, seed);
    }
  }

  /**
   * @param scores the estimate of exp(A)_vv by original id
   * @param standardErrors the standard error of each estimate over the probes
   * @param truncationBound Chebyshev truncation bound plus float32 rounding allowance, absolute, the same for all
   * @param spectrum the spectrum range the expansion was fitted to
   * @param terms Chebyshev degree used
   * @param probes probes used
   * @param kind the probe kind
   */
  public record Result(VertexScores scores, VertexScores standardErrors, double truncationBound,
      SpectrumRange spectrum, int terms, int probes, ProbeKind kind) {

    /** The reported error bar of vertex v: 3 standard errors plus the truncation bound. */
    public double error(int v) {
      return 3 * standardErrors.get(v) + truncationBound;
    }

    /** The largest error bar over all vertices. */
    public double maxError() {
      double max = 0;
      for (int v = 0; v < scores.size(); v++) {
        max = Math.max(max, error(v));
      }
      return max;
    }
  }

  public static Result compute(SparseGraph g, Options options) {
    g.requireSymmetric("subgraph centrality by Chebyshev expansion");
    int n = g.vertexCount();
    SpectrumRange range = SpectrumRange.compute(g, new SpectrumRange.Options(300, 1e-6, options.seed()));
    double margin = 1e-3 * Math.max(1, range.max() - range.min());
    double a = range.min() - Math.max(range.minResidual(), margin);
    double b = range.max() + Math.max(range.maxResidual(), margin);
    if (b > MAX_EXPONENT) {
      throw new ArithmeticException(String.format("subgraph centrality exp(A)_vv overflows double: λmax ≈ %.4g "
          + "(e^λmax > 1e304)", range.max()));
    }
    ChebyshevExp series = ChebyshevExp.fit(a, b, options.terms(), options.tolerance());
    double h = (b - a) / 2;
    double c = (a + b) / 2;

    double[] sum = new double[n];
    double[] sumSquares = new double[n];
    for (int first = 0; first < options.probes(); first += options.batch()) {
      int s = Math.min(options.batch(), options.probes() - first);
      float[] probes = new float[n * s];
      options.kind().fill(probes, n, s, first, options.seed());
      float[] f = expTimes(g.matrix(), g.kernels(), probes, s, series.coefficients, h, c);
      for (int i = 0; i < n; i++) {
        for (int k = 0; k < s; k++) {
          double z = (double) probes[i * s + k] * f[i * s + k];
          sum[i] += z;
          sumSquares[i] += z * z;
        }
      }
    }
    int p = options.probes();
    boolean exact = options.kind() == ProbeKind.HADAMARD && hadamardIsExact(n, p);
    double top = Math.exp(b);
    double[] estimate = new double[n];
    double[] standardError = new double[n];
    for (int i = 0; i < n; i++) {
      double mean = sum[i] / p;
      double variance = Math.max(0, (sumSquares[i] - p * mean * mean) / (p - 1));
      estimate[i] = top * mean;
      standardError[i] = exact ? 0 : top * Math.sqrt(variance / p);
    }
    int terms = series.coefficients.length - 1;
    double rounding = 8 * (terms + 1) * FLOAT_EPSILON;
    Permutation perm = g.permutation();
    return new Result(new VertexScores(perm.toOld(estimate), g), new VertexScores(perm.toOld(standardError), g),
        top * (series.truncationBound + rounding), range, terms, p, options.kind());
  }

  /**
   * Whether the first {@code probes} Hadamard columns recover the diagonal of any n × n matrix exactly: when their
   * count is a multiple of the least power of two q ≥ n, rows i ≠ j below n differ in some bit below q, and their
   * products cancel over every q consecutive columns. Karate (n = 34) with 64 probes reported a standard error of 36
   * on an estimate that matched the dense exp(A) diagonal to 1e-4.
   */
  static boolean hadamardIsExact(int n, int probes) {
    int q = n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    return probes % q == 0;
  }

  /** F = Σ_m c_m T_m(Â)·V for an n × s block V, Â = (A − c)/h; one SpMM per term. */
  static float[] expTimes(BlockCoo a, SparseKernels kernels, float[] v, int s, double[] coefficients, double h,
      double c) {
    int size = v.length;
    float[] previous = v.clone();
    float[] current = new float[size];
    float[] result = new float[size];
    axpy((float) coefficients[0], previous, result);
    if (coefficients.length == 1) {
      return result;
    }
    // T_1 = (A·V − c·V)/h
    kernels.spmm(a, (float) (1 / h), previous, s, 0f, current);
    axpy((float) (-c / h), previous, current);
    axpy((float) coefficients[1], current, result);
    for (int m = 2; m < coefficients.length; m++) {
      // T_{m+1} = (2/h)·A·T_m − (2c/h)·T_m − T_{m−1}, written over T_{m−1}
      kernels.spmm(a, (float) (2 / h), current, s, -1f, previous);
      axpy((float) (-2 * c / h), current, previous);
      float[] t = previous;
      previous = current;
      current = t;
      axpy((float) coefficients[m], current, result);
    }
    return result;
  }

  private static void axpy(float alpha, float[] x, float[] y) {
    for (int i = 0; i < x.length; i++) {
      y[i] += alpha * x[i];
    }
  }
}
