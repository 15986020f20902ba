package org.tropic.analytics;

import java.util.Locale;
import org.tropic.apsp.Progress;
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
 * <p>Deflation. On real graphs exp(A) is dominated by its few leading eigenpairs: its diagonal is nearly
 * e^λ1·u1(v)², and its off-diagonal entries are as large, so the probes' estimate of a vertex is swamped by the other
 * vertices' terms (as-22july06: standard errors at 80% of the scores). So up to {@code deflate} leading eigenpairs
 * (θ_j, y_j) are found first ({@link TopEigenpairs}) and summed exactly, Σ_j e^θj·y_j(v)², and the probes estimate
 * only the rest, P·exp(A)·P with P removing the y_j: its expansion is fitted to [a, b'], b' the top of the spectrum
 * that deflation leaves (a Lanczos run on the projected matrix, which also catches an eigenvalue the first run
 * missed), and every T_m has the y_j removed again. The rest's scale e^b' replaces e^b in its errors.
 *
 * <p>Error reported per vertex: the standard error of the mean over probes (a statistical estimate for Rademacher
 * probes, a conservative heuristic for Hadamard ones), plus the Chebyshev truncation bound and a float32 rounding
 * allowance, both scaled by e^b', plus the deflation bound 2‖R‖_F·e^λmax, R = A·Y − Y·Θ the deflated pairs'
 * measured residuals. With float32 products ‖R‖ cannot fall much below 1e-7·λmax, so this bound sets the error on
 * graphs whose λmax is large (as-22july06: 1% of the top score against 251% without deflation; the web graph:
 * 37% against 274%). Hadamard probes that make the estimate exact ({@link #hadamardIsExact}) report a standard
 * error of 0: their spread over the probes measures how the probes differ, not an error. Symmetric graphs only.
 * Time O(probes · terms · (nnz + n · deflated) / threads) plus the Lanczos runs; memory 4 dense n × batch float
 * blocks and the Lanczos basis, 8 · n bytes a step (at most 4 · deflate + 40 steps, and a quarter of the heap). Its
 * products are SpMM: a graph built with {@code SparseGraph.of(graph, LayoutAdvisor.Product.SPMM)} multiplies them up
 * to 1.7× faster than one laid out for SpMV.
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
   * @param deflate the most leading eigenpairs to take out and sum exactly (0: none); fewer are taken when fewer
   *     converge or their Lanczos basis would not fit in a quarter of the heap
   */
  public record Options(int probes, int terms, double tolerance, ProbeKind kind, int batch, long seed, int deflate) {
    /** The most eigenpairs {@link #deflate} takes. */
    public static final int MAX_DEFLATE = 256;

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
      if (deflate < 0 || deflate > MAX_DEFLATE) {
        throw new IllegalArgumentException("deflated eigenpairs " + deflate + " must be 0..." + MAX_DEFLATE);
      }
    }

    /** 64 Hadamard probes in batches of 32, automatic degree (truncation below 1e-7), up to 8 pairs deflated. */
    public static Options defaults() {
      return new Options(64, 0, 1e-7, ProbeKind.HADAMARD, 32, 1, 8);
    }

    public Options withProbes(int p) {
      return new Options(p, terms, tolerance, kind, batch, seed, deflate);
    }

    public Options withKind(ProbeKind k) {
      return new Options(probes, terms, tolerance, k, batch, seed, deflate);
    }

    public Options withTerms(int t) {
      return new Options(probes, t, tolerance, kind, batch, seed, deflate);
    }

    public Options withDeflate(int d) {
      return new Options(probes, terms, tolerance, kind, batch, seed, d);
    }
  }

  /**
   * @param scores the estimate of exp(A)_vv by original id
   * @param standardErrors the standard error of each estimate over the probes
   * @param truncationBound Chebyshev truncation bound plus float32 rounding allowance, absolute, the same for all
   * @param deflationBound what summing the deflated eigenpairs exactly may be off by, absolute, the same for all
   *     (0 when none were deflated)
   * @param spectrum the spectrum range of A
   * @param deflated the leading eigenvalues taken out, largest first
   * @param restMax the top of the interval the expansion was fitted to: λmax of what deflation leaves, or of A
   * @param terms Chebyshev degree used
   * @param probes probes used
   * @param kind the probe kind
   * @param seriesConverged whether the Chebyshev series' truncation bound (relative to e^restMax) is within the
   *     tolerance: always with the automatic degree, not always with a fixed one. It says nothing of the probes'
   *     error, which {@link #error} and {@link #maxError} give.
   */
  public record Result(VertexScores scores, VertexScores standardErrors, double truncationBound,
      double deflationBound, SpectrumRange spectrum, double[] deflated, double restMax, int terms, int probes,
      ProbeKind kind, boolean seriesConverged) {

    /** The reported error bar of vertex v: 3 standard errors plus the truncation and deflation bounds. */
    public double error(int v) {
      return 3 * standardErrors.get(v) + truncationBound + deflationBound;
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

  /**
   * The probes {@link #compute} runs: as asked, except that Hadamard probes stop at the least power of two ≥ n
   * (at least 2), which already give the exact diagonal; more would repeat the same answer at any cost (10⁹ probes
   * on 5 vertices ran for minutes).
   */
  public static int probesUsed(int n, Options options) {
    if (options.kind() != ProbeKind.HADAMARD) {
      return options.probes();
    }
    return Math.min(options.probes(), Math.max(2, leastPowerOfTwoAtLeast(n)));
  }

  /**
   * The heap {@link #compute} needs besides the graph and the Lanczos basis (which it bounds itself): five n × batch
   * float blocks (probes, projected probes, and three Chebyshev terms) and four per-vertex double vectors.
   */
  public static long workingBytes(int n, Options options) {
    long batch = Math.min(options.batch(), probesUsed(n, options));
    return 5L * n * batch * Float.BYTES + 4L * n * Double.BYTES;
  }

  public static Result compute(SparseGraph g, Options options) {
    return compute(g, options, Progress.NONE);
  }

  /**
   * As {@link #compute(SparseGraph, Options)}, reporting each step as a task of its own, in SpMV-equivalents: the
   * Lanczos runs (one unit a step, against their most steps), then the expansion, whose total, probes × terms, is
   * known once the spectrum range has fixed the degree (one unit per probe column per term).
   */
  public static Result compute(SparseGraph g, Options options, Progress progress) {
    g.requireSymmetric("subgraph centrality by Chebyshev expansion");
    int n = g.vertexCount();
    options = options.withProbes(probesUsed(n, options));
    SpectrumRange range = SpectrumRange.compute(g, new SpectrumRange.Options(300, 1e-6, options.seed()), null,
        "subgraph centrality: spectrum range", progress);
    double margin = 1e-3 * Math.max(1, range.max() - range.min());
    double a = range.min() - Math.max(range.minResidual(), margin);
    double b = range.max() + Math.max(range.maxResidual(), margin);
    if (b > MAX_EXPONENT) {
      throw new ArithmeticException(String.format("subgraph centrality exp(A)_vv overflows double: λmax ≈ %.4g "
          + "(e^λmax > 1e304)", range.max()));
    }
    double[] estimate = new double[n];
    TopEigenpairs top = deflation(g, options, progress);
    // The deflated pairs exactly: Σ_j e^θj·y_j(v)². Treating them as exact eigenpairs changes A by E with
    // ‖E‖₂ ≤ 2‖R‖_F (R = A·Y − Y·Θ), which moves any entry of exp(A) by at most ‖E‖₂·e^λmax.
    for (int j = 0; j < top.count(); j++) {
      double weight = Math.exp(top.values()[j]);
      double[] y = top.vectors()[j];
      for (int i = 0; i < n; i++) {
        estimate[i] += weight * y[i] * y[i];
      }
    }
    double deflationBound = top.count() == 0 ? 0
        : 2 * top.residualNorm() * Math.exp(range.max() + range.maxResidual());
    double restMax = b;
    if (top.count() > 0) {
      SpectrumRange rest = SpectrumRange.compute(g, new SpectrumRange.Options(300, 1e-6, options.seed() + 1), top,
          "subgraph centrality: spectrum left by deflation", progress);
      restMax = Math.min(b, Math.max(a + margin, rest.max() + Math.max(rest.maxResidual(), margin)));
    }
    ChebyshevExp series = ChebyshevExp.fit(a, restMax, options.terms(), options.tolerance());
    double h = (restMax - a) / 2;
    double c = (a + restMax) / 2;

    // The rest by probes: the mean of z ⊙ P·exp(A)·P·z, P removing the deflated eigenvectors.
    double[] sum = new double[n];
    double[] sumSquares = new double[n];
    int degree = series.coefficients.length - 1;
    progress.begin(String.format(Locale.ROOT, "subgraph centrality: %,d probes × %,d terms", options.probes(),
        degree), (long) options.probes() * degree);
    for (int first = 0; first < options.probes(); first += options.batch()) {
      int s = Math.min(options.batch(), options.probes() - first);
      float[] probes = new float[n * s];
      options.kind().fill(probes, n, s, first, options.seed());
      float[] projected = probes.clone();
      top.removeFrom(projected, s);
      float[] f = expTimes(g.matrix(), g.kernels(), projected, s, series.coefficients, h, c, top, progress);
      for (int i = 0; i < n; i++) {
        for (int k = 0; k < s; k++) {
          double z = (double) probes[i * s + k] * f[i * s + k];
          sum[i] += z;
          sumSquares[i] += z * z;
        }
      }
    }
    progress.end();
    int p = options.probes();
    boolean exact = options.kind() == ProbeKind.HADAMARD && hadamardIsExact(n, p);
    double scale = Math.exp(restMax);
    double[] standardError = new double[n];
    for (int i = 0; i < n; i++) {
      double mean = sum[i] / p;
      double variance = Math.max(0, (sumSquares[i] - p * mean * mean) / (p - 1));
      estimate[i] += scale * mean;
      standardError[i] = exact ? 0 : scale * Math.sqrt(variance / p);
    }
    double rounding = 8 * (degree + 1) * FLOAT_EPSILON;
    Permutation perm = g.permutation();
    return new Result(new VertexScores(perm.toOld(estimate), g), new VertexScores(perm.toOld(standardError), g),
        scale * (series.truncationBound + rounding), deflationBound, range, top.values(), restMax, degree, p,
        options.kind(), series.truncationBound <= options.tolerance());
  }

  /**
   * The leading eigenpairs to sum exactly: up to {@code options.deflate()}, from at most 4·deflate + 40 Lanczos
   * steps, fewer where the basis would take more than a quarter of the heap, none where fewer than deflate + 10
   * steps would fit. Deflating all n is left to the probes: nothing would remain to expand.
   */
  private static TopEigenpairs deflation(SparseGraph g, Options options, Progress progress) {
    int n = g.vertexCount();
    int wanted = Math.min(options.deflate(), n - 1);
    long budget = Runtime.getRuntime().maxMemory() / 4;
    int steps = (int) Math.min(Math.min(n, 4L * wanted + 40), budget / TopEigenpairs.basisBytes(n, 1));
    if (wanted <= 0 || steps < Math.min(n, wanted + 10)) {
      return new TopEigenpairs(new double[0], new double[0][], new double[0], 0);
    }
    return TopEigenpairs.compute(g, wanted, steps, 1e-6, options.seed() + 2, progress);
  }

  /**
   * Whether the first {@code probes} Hadamard columns recover the diagonal of any n × n matrix exactly: when their
   * count is a multiple of the least power of two q ≥ n, rows i ≠ j below n differ in some bit below q, and their
   * products cancel over every q consecutive columns. Karate (n = 34) with 64 probes reported a standard error of 36
   * on an estimate that matched the dense exp(A) diagonal to 1e-4.
   */
  static boolean hadamardIsExact(int n, int probes) {
    return probes % leastPowerOfTwoAtLeast(n) == 0;
  }

  private static int leastPowerOfTwoAtLeast(int n) {
    return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
  }

  /**
   * F = Σ_m c_m T_m(Â)·V for an n × s block V, Â = (A − c)/h; one SpMM per term, reported as s units. Each new
   * T_m has the deflated eigenvectors' components removed, so that rounding cannot bring them back: their eigenvalues
   * lie above the fitted interval, where T_m grows without bound.
   */
  static float[] expTimes(BlockCoo a, SparseKernels kernels, float[] v, int s, double[] coefficients, double h,
      double c, TopEigenpairs deflated, Progress progress) {
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
    progress.advance(s);
    axpy((float) (-c / h), previous, current);
    deflated.removeFrom(current, s);
    axpy((float) coefficients[1], current, result);
    for (int m = 2; m < coefficients.length; m++) {
      // T_{m+1} = (2/h)·A·T_m − (2c/h)·T_m − T_{m−1}, written over T_{m−1}
      kernels.spmm(a, (float) (2 / h), current, s, -1f, previous);
      progress.advance(s);
      axpy((float) (-2 * c / h), current, previous);
      deflated.removeFrom(previous, s);
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
