package org.tropic.analytics;

import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;
import java.util.SplittableRandom;
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
 * <p>Error reported per vertex. The probes form G independent, unbiased estimates: Rademacher probes one each;
 * Hadamard probes (the default) {@link Options#groups} runs of consecutive columns, each multiplied by its own random
 * ±1 per vertex (without the signs a Hadamard estimate's error is a fixed aliasing sum that no spread across its
 * probes measures: the power grid had 95 vertices outside bars built that way). The standard error is that of the
 * mean of the G estimates, and the bar is t(G − 1)'s two-sided 99.9% quantile times it (4.07 for 16 groups), plus
 * the Chebyshev truncation bound and a float32 rounding allowance, both scaled by e^b', plus the deflation bound
 * 2‖R‖_F·e^λmax, R = A·Y − Y·Θ the deflated pairs' measured residuals. With float32 products ‖R‖ cannot fall
 * much below 1e-7·λmax, so this bound sets the error on graphs whose λmax is large (as-22july06: 1% of the top
 * score against 251% without deflation; the web graph: 37% against 274%). Each bar holds with probability 99.7% over
 * the random signs, so up to 3 in 1,000 vertices may lie outside theirs; {@link Result#maxError} holds for all
 * vertices at once. Hadamard probes that make the estimate exact ({@link #hadamardIsExact}) are neither signed nor
 * grouped and report a standard error of 0. Symmetric graphs only.
 * Time O(probes · terms · (nnz + n · deflated) / threads) plus the Lanczos runs; memory 4 dense n × batch float
 * blocks and the Lanczos basis, 8 · n bytes a step (at most 4 · deflate + 40 steps, and a quarter of the heap). Its
 * products are SpMM: a graph built with {@code SparseGraph.of(graph, LayoutAdvisor.Product.SPMM)} multiplies them up
 * to 1.7× faster than one laid out for SpMV.
 */
public final class SubgraphCentrality {
  private static final double FLOAT_EPSILON = Math.ulp(1f);
  private static final double MAX_EXPONENT = 700;
  /**
   * The confidence whose t quantile the bars use, above the {@link Result#CONFIDENCE} they state: the estimates'
   * tails are heavier than normal (a group often aliases one large exp(A)_ij, a two-point variable), and with the
   * 99.7% quantile 0.32–0.47% of the power grid's vertices fell outside their bars, Rademacher probes included; with
   * 99.9%, 0.06–0.22% (three seeds and RCM order), and none of netscience's.
   */
  private static final double NOMINAL_CONFIDENCE = 0.999;

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
   * @param groups Hadamard probes: independent groups the probes are split into, each with its own random signs,
   *     whose spread gives the standard error (at least 2; at most one per probe). Rademacher probes are each a
   *     group of their own, whatever this says.
   */
  public record Options(int probes, int terms, double tolerance, ProbeKind kind, int batch, long seed, int deflate,
      int groups) {
    /** The most eigenpairs {@link #deflate} takes. */
    public static final int MAX_DEFLATE = 256;
    /** Groups of Hadamard probes by default: 15 degrees of freedom keep the t quantile of the bars near 3.6. */
    public static final int DEFAULT_GROUPS = 16;

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
      if (groups < 2) {
        throw new IllegalArgumentException("probe groups " + groups + " must be at least 2 (the error needs a"
            + " spread)");
      }
    }

    /** As the full constructor, with {@link #DEFAULT_GROUPS} groups of Hadamard probes. */
    public Options(int probes, int terms, double tolerance, ProbeKind kind, int batch, long seed, int deflate) {
      this(probes, terms, tolerance, kind, batch, seed, deflate, DEFAULT_GROUPS);
    }

    /**
     * 64 Hadamard probes in 16 randomly signed groups, in batches of 32, automatic degree (truncation below 1e-7),
     * up to 8 pairs deflated.
     */
    public static Options defaults() {
      return new Options(64, 0, 1e-7, ProbeKind.HADAMARD, 32, 1, 8);
    }

    public Options withProbes(int p) {
      return new Options(p, terms, tolerance, kind, batch, seed, deflate, groups);
    }

    public Options withKind(ProbeKind k) {
      return new Options(probes, terms, tolerance, k, batch, seed, deflate, groups);
    }

    public Options withTerms(int t) {
      return new Options(probes, t, tolerance, kind, batch, seed, deflate, groups);
    }

    public Options withDeflate(int d) {
      return new Options(probes, terms, tolerance, kind, batch, seed, d, groups);
    }

    public Options withGroups(int g) {
      return new Options(probes, terms, tolerance, kind, batch, seed, deflate, g);
    }

    public Options withSeed(long s) {
      return new Options(probes, terms, tolerance, kind, batch, s, deflate, groups);
    }
  }

  /**
   * @param scores the estimate of exp(A)_vv by original id
   * @param standardErrors the standard error of each estimate: the spread of the {@code groups} independent
   *     estimates' mean (0 where Hadamard probes make the estimate exact)
   * @param truncationBound Chebyshev truncation bound plus float32 rounding allowance, absolute, the same for all
   * @param deflationBound what summing the deflated eigenpairs exactly may be off by, absolute, the same for all
   *     (0 when none were deflated)
   * @param spectrum the spectrum range of A
   * @param deflated the leading eigenvalues taken out, largest first
   * @param restMax the top of the interval the expansion was fitted to: λmax of what deflation leaves, or of A
   * @param terms Chebyshev degree used
   * @param probes probes used
   * @param groups the independent estimates the standard errors are over: the Hadamard probes' randomly signed
   *     groups, each Rademacher probe, or 1 where Hadamard probes make the estimate exact
   * @param quantile the t quantile (groups − 1 degrees of freedom) a standard error is multiplied by in the bar of
   *     one vertex: the two-sided 99.9% one, which keeps {@link #CONFIDENCE} on real graphs' heavier tails
   * @param simultaneousQuantile the same for all n vertices at once (Bonferroni: upper tail 0.0005/n)
   * @param kind the probe kind
   * @param seriesConverged whether the Chebyshev series' truncation bound (relative to e^restMax) is within the
   *     tolerance: always with the automatic degree, not always with a fixed one. It says nothing of the probes'
   *     error, which {@link #error} and {@link #maxError} give.
   */
  public record Result(VertexScores scores, VertexScores standardErrors, double truncationBound,
      double deflationBound, SpectrumRange spectrum, double[] deflated, double restMax, int terms, int probes,
      int groups, double quantile, double simultaneousQuantile, ProbeKind kind, boolean seriesConverged) {

    /**
     * The confidence stated for each vertex's bar, and for {@link #maxError} holding for all vertices at once; the
     * quantiles are those of 99.9% (see {@code NOMINAL_CONFIDENCE}), since the estimates are not quite normal.
     */
    public static final double CONFIDENCE = 0.997;

    /**
     * The error bar of vertex v: the t quantile times its standard error, plus the truncation and deflation bounds.
     * The exact value lies within it with probability {@link #CONFIDENCE} over the random probe signs (the t
     * distribution of a mean of independent, unbiased estimates; Chebyshev and deflation bounds are worst cases).
     */
    public double error(int v) {
      return quantile * standardErrors.get(v) + truncationBound + deflationBound;
    }

    /**
     * A bound every vertex's error is within at once, with probability {@link #CONFIDENCE}: the largest standard
     * error times the Bonferroni t quantile, plus the truncation and deflation bounds. Wider than any one
     * {@link #error}, which is the right width for one vertex read alone.
     */
    public double maxError() {
      double max = 0;
      for (int v = 0; v < scores.size(); v++) {
        max = Math.max(max, standardErrors.get(v));
      }
      return simultaneousQuantile * max + truncationBound + deflationBound;
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
   * known once the spectrum range has fixed the degree (one unit per probe column per term, and the projection of
   * that column off the deflated eigenvectors, 2·k·n entries, in SpMVs of the graph's arcs).
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

    // The rest by probes: the mean of z ⊙ P·exp(A)·P·z, P removing the deflated eigenvectors, first within each group
    // (groupSum), then over the groups (sum, sumSquares). Groups are runs of consecutive probes, so batches meet them
    // in order and one group's running sum is all that is kept.
    int p = options.probes();
    boolean exact = options.kind() == ProbeKind.HADAMARD && hadamardIsExact(n, p);
    int groups = exact ? 1 : options.kind() == ProbeKind.RADEMACHER ? p : Math.min(options.groups(), p);
    double[] groupSum = new double[n];
    double[] sum = new double[n];
    double[] sumSquares = new double[n];
    int degree = series.coefficients.length - 1;
    // each term also projects every column off the deflated eigenvectors, a dot product and an axpy over n entries
    // for each: on as-22july06 (8 of them, 22,963 vertices, 96,872 arcs) 3.8 SpMVs' worth, uncounted, left 1.9–4.8 s
    // of probes under the CLI's announcement threshold
    double projection = ProgressTasks.spmvEquivalents(2L * top.count() * n, g.arcCount());
    long units = 0;
    for (int first = 0; first < options.probes(); first += options.batch()) {
      units += degree * termUnits(Math.min(options.batch(), options.probes() - first), projection);
    }
    progress.begin(String.format(Locale.ROOT, "subgraph centrality: %,d probes × %,d terms%s", options.probes(),
        degree, top.count() == 0 ? "" : String.format(Locale.ROOT, ", each projected off %d eigenvector%s",
            top.count(), top.count() == 1 ? "" : "s")), units);
    for (int first = 0; first < options.probes(); first += options.batch()) {
      int s = Math.min(options.batch(), options.probes() - first);
      float[] probes = new float[n * s];
      options.kind().fill(probes, n, s, first, options.seed());
      if (options.kind() == ProbeKind.HADAMARD && !exact) {
        signGroups(probes, n, s, first, p, groups, options.seed());
      }
      float[] projected = probes.clone();
      top.removeFrom(projected, s);
      float[] f = expTimes(g.matrix(), g.kernels(), projected, s, series.coefficients, h, c, top,
          termUnits(s, projection), progress);
      for (int from = 0; from < s; ) {
        int group = groupOf(first + from, p, groups);
        int groupEnd = groupStart(group + 1, p, groups);
        int to = Math.min(s, groupEnd - first);
        for (int i = 0; i < n; i++) {
          double z = 0;
          for (int k = from; k < to; k++) {
            z += (double) probes[i * s + k] * f[i * s + k];
          }
          groupSum[i] += z;
        }
        if (first + to == groupEnd) {
          int size = groupEnd - groupStart(group, p, groups);
          for (int i = 0; i < n; i++) {
            double mean = groupSum[i] / size;
            sum[i] += mean;
            sumSquares[i] += mean * mean;
            groupSum[i] = 0;
          }
        }
        from = to;
      }
    }
    progress.end();
    double scale = Math.exp(restMax);
    double[] standardError = new double[n];
    for (int i = 0; i < n; i++) {
      double mean = sum[i] / groups;
      estimate[i] += scale * mean;
      if (!exact) {
        double variance = Math.max(0, (sumSquares[i] - groups * mean * mean) / (groups - 1));
        standardError[i] = scale * Math.sqrt(variance / groups);
      }
    }
    double rounding = 8 * (degree + 1) * FLOAT_EPSILON;
    double tail = (1 - NOMINAL_CONFIDENCE) / 2;
    TDistribution t = exact ? null : TDistribution.of(groups - 1);
    double quantile = exact ? 0 : t.inverseSurvivalProbability(tail);
    double simultaneous = exact ? 0 : t.inverseSurvivalProbability(tail / n);
    Permutation perm = g.permutation();
    return new Result(new VertexScores(perm.toOld(estimate), g), new VertexScores(perm.toOld(standardError), g),
        scale * (series.truncationBound + rounding), deflationBound, range, top.values(), restMax, degree, p,
        groups, quantile, simultaneous, options.kind(), series.truncationBound <= options.tolerance());
  }

  /** A term's SpMV-equivalents for a block of s columns: the SpMM and the projection, {@code projection} a column. */
  static long termUnits(int s, double projection) {
    return Math.round(s * (1 + projection));
  }

  /** The first probe of group g of {@code groups} over p probes: groups are runs of ⌊p/groups⌋ or one more. */
  private static int groupStart(int g, int p, int groups) {
    return (int) ((long) g * p / groups);
  }

  private static int groupOf(int probe, int p, int groups) {
    int g = (int) ((long) probe * groups / p);
    while (groupStart(g + 1, p, groups) <= probe) {
      g++;
    }
    while (groupStart(g, p, groups) > probe) {
      g--;
    }
    return g;
  }

  /**
   * Multiplies the Hadamard probes {@code first..first+s-1} of each group by that group's random ±1 per vertex, z =
   * D_g·h. Alone, a Hadamard block's error is the fixed sum over the vertices j it aliases with i of exp(A)_ij, which
   * no spread across its columns measures (power grid: 95 vertices outside bars of 3 such "standard errors"). With
   * D_g the group's estimate is unbiased (E[d_i·d_j] = 0 for i ≠ j), groups are independent, and the spread of their
   * means is a true standard error; locality is kept, since the aliased pairs are still those i ≡ j modulo the
   * group's power-of-two block.
   */
  private static void signGroups(float[] probes, int n, int s, int first, int p, int groups, long seed) {
    for (int from = 0; from < s; ) {
      int group = groupOf(first + from, p, groups);
      int to = Math.min(s, groupStart(group + 1, p, groups) - first);
      SplittableRandom random = new SplittableRandom(seed * 0xC2B2AE3D27D4EB4FL + 0x165667B19E3779F9L * (group + 1));
      for (int i = 0; i < n; i++) {
        if (random.nextBoolean()) {
          for (int k = from; k < to; k++) {
            probes[i * s + k] = -probes[i * s + k];
          }
        }
      }
      from = to;
    }
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
   * F = Σ_m c_m T_m(Â)·V for an n × s block V, Â = (A − c)/h; one SpMM per term, reported as {@code units}. Each new
   * T_m has the deflated eigenvectors' components removed, so that rounding cannot bring them back: their eigenvalues
   * lie above the fitted interval, where T_m grows without bound.
   */
  static float[] expTimes(BlockCoo a, SparseKernels kernels, float[] v, int s, double[] coefficients, double h,
      double c, TopEigenpairs deflated, long units, Progress progress) {
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
    progress.advance(units);
    axpy((float) (-c / h), previous, current);
    deflated.removeFrom(current, s);
    axpy((float) coefficients[1], current, result);
    for (int m = 2; m < coefficients.length; m++) {
      // T_{m+1} = (2/h)·A·T_m − (2c/h)·T_m − T_{m−1}, written over T_{m−1}
      kernels.spmm(a, (float) (2 / h), current, s, -1f, previous);
      progress.advance(units);
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
