package org.tropic.cli.sparse;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.tropic.analytics.EigenvectorCentrality;
import org.tropic.analytics.KatzCentrality;
import org.tropic.analytics.PageRank;
import org.tropic.analytics.ProbeKind;
import org.tropic.analytics.Ranked;
import org.tropic.analytics.SparseGraph;
import org.tropic.analytics.SpectralRadius;
import org.tropic.analytics.SubgraphCentrality;
import org.tropic.analytics.VertexScores;
import org.tropic.bench.OptionConverters.PositiveInt;
import org.tropic.bench.OptionConverters;
import org.tropic.cli.GraphOptions;
import org.tropic.cli.Version;
import org.tropic.io.NpyHeader;
import org.tropic.sparse.LayoutAdvisor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tropic centrality GRAPH eigenvector|pagerank|katz|subgraph --top N}. */
@Command(name = "centrality", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Vertex centrality over the whole graph, as sequences of sparse products.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:centrality computed", "1:the computation failed or did not converge",
        "2:bad input (file, option, e.g. Katz alpha >= 1/lambda_max; eigenvector on a graph without directed"
            + " cycles)"})
public final class CentralityCommand implements Callable<Integer> {
  /** The measures on offer. */
  public enum Measure {
    eigenvector, pagerank, katz, subgraph
  }

  /** The measures each measure-specific flag tunes; given to another, it would be silently ignored. */
  private static final Map<String, Set<Measure>> FLAG_MEASURES = Map.ofEntries(
      Map.entry("--iterations", EnumSet.of(Measure.eigenvector, Measure.pagerank, Measure.katz)),
      Map.entry("--tolerance", EnumSet.of(Measure.eigenvector, Measure.pagerank, Measure.katz)),
      Map.entry("--damping", EnumSet.of(Measure.pagerank)),
      Map.entry("--weighted", EnumSet.of(Measure.pagerank)),
      Map.entry("--alpha", EnumSet.of(Measure.katz)),
      Map.entry("--beta", EnumSet.of(Measure.katz)),
      Map.entry("--probes", EnumSet.of(Measure.subgraph)),
      Map.entry("--terms", EnumSet.of(Measure.subgraph)),
      Map.entry("--probe-kind", EnumSet.of(Measure.subgraph)),
      Map.entry("--deflate", EnumSet.of(Measure.subgraph)),
      Map.entry("--groups", EnumSet.of(Measure.subgraph)),
      Map.entry("--seed", EnumSet.of(Measure.subgraph)));

  private final GraphLoader loader;
  /** The heap subgraph centrality's probe blocks must fit in; a field so that tests can make it small. */
  long heapBytes = Runtime.getRuntime().maxMemory();

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "GRAPH", description = "Graph file, or a .bcoo matrix from 'sparse convert'.")
  Path graph;

  @Parameters(index = "1", paramLabel = "MEASURE", description = "eigenvector, pagerank, katz or subgraph.")
  Measure measure;

  @Option(names = "--top", defaultValue = "10", paramLabel = "N", converter = PositiveInt.class,
      description = "Vertices to list (default: 10).")
  int top;

  @Option(names = "--iterations", defaultValue = "1000", paramLabel = "N", converter = PositiveInt.class,
      description = "Iterations at most (eigenvector, pagerank, katz; default: ${DEFAULT-VALUE}).")
  int iterations;

  @Option(names = "--tolerance", defaultValue = "1e-6", paramLabel = "T",
      description = "Convergence tolerance (default: ${DEFAULT-VALUE}) on the change between iterations, not a"
          + " bound on the error, which can be larger where convergence is slow: the sum of |change| (pagerank), its"
          + " l2 norm (eigenvector), its largest entry (katz). 0 runs exactly --iterations (pagerank, as"
          + " LDBC; the output then says fixed_iterations, not converged). Eigenvector also stops when its change"
          + " stalls below the float32 floor, 2^-23 x sqrt(vertices), which float32 rounding alone can keep up"
          + " (the output says at_float32_floor).")
  double tolerance;

  @Option(names = "--damping", defaultValue = "0.85", paramLabel = "D",
      description = "PageRank damping (default: 0.85).")
  double damping;

  @Option(names = "--weighted", description = "PageRank: split rank by arc weight instead of equally.")
  boolean weighted;

  @Option(names = "--alpha", paramLabel = "A",
      description = "Katz attenuation; must be below 1/lambda_max (default: 0.5/lambda_max; but 0.5 over the largest"
          + " weighted in-degree when the upper bound on lambda_max is below the smallest positive arc weight, which"
          + " proves the graph has no directed cycle and lambda_max = 0, as in a citation DAG). The fact alpha_rule"
          + " says which rule chose it.")
  Double alpha;

  @Option(names = "--beta", defaultValue = "1", paramLabel = "B", description = "Katz per-vertex weight (default: 1).")
  double beta;

  @Option(names = "--probes", defaultValue = "64", paramLabel = "N", converter = PositiveInt.class,
      description = "Subgraph: probe vectors (default: ${DEFAULT-VALUE}); Hadamard ones stop at the least power of"
          + " two >= the vertex count, which gives the exact diagonal (the output says so when it caps).")
  int probes;

  @Option(names = "--terms", defaultValue = "0", paramLabel = "M",
      converter = OptionConverters.NonNegativeInt.class,
      description = "Subgraph: Chebyshev terms, 0 = enough for a 1e-7 truncation (default).")
  int terms;

  @Option(names = "--probe-kind", defaultValue = "HADAMARD", paramLabel = "hadamard|rademacher",
      description = "Subgraph: probe vectors (default: hadamard).")
  String probeKind;

  @Option(names = "--deflate", defaultValue = "8", paramLabel = "K",
      converter = OptionConverters.NonNegativeInt.class,
      description = "Subgraph: leading eigenpairs (Lanczos) summed exactly, the probes estimating only the rest; "
          + "0 = none (default: ${DEFAULT-VALUE}).")
  int deflate;

  @Option(names = "--groups", defaultValue = "16", paramLabel = "G", converter = PositiveInt.class,
      description = "Subgraph: Hadamard probes are split into G groups, each with its own random signs, whose"
          + " spread gives the standard error; at least 2 (default: ${DEFAULT-VALUE}). Rademacher probes are each"
          + " a group of their own.")
  int groups;

  @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
      description = "Subgraph: seed of the random probe signs (default: 1).")
  long seed;

  @Mixin
  GraphOptions read = new GraphOptions();

  @Mixin
  MatrixOptions matrix = new MatrixOptions();

  @Mixin
  OutputOptions output = new OutputOptions();

  public CentralityCommand(GraphLoader loader) {
    this.loader = Objects.requireNonNull(loader, "loader");
  }

  @Override
  public Integer call() {
    return CommandSupport.run(spec, () -> {
      refuseFlagsOfOtherMeasures();
      refuseBadValuesBeforeReading();
      output.checkNpy(graph);
      SparseGraph g = GraphSources.open(spec, graph, loader, read, matrix, measure == Measure.subgraph
          ? LayoutAdvisor.Product.SPMM : LayoutAdvisor.Product.SPMV);
      output.checkNpyRoom(g, NpyHeader.Dtype.FLOAT64); // now, not after the work
      Map<String, Object> facts = new LinkedHashMap<>();
      facts.put("measure", measure.name());
      AnalyticsProgress progress = AnalyticsProgress.of(spec, g);
      VertexScores scores;
      SubgraphCentrality.Result estimate = null;
      String moreIterations = "";
      String roundingAdvice = null; // in place of "raise --iterations" where more iterations cannot help
      boolean converged;
      switch (measure) {
        case eigenvector -> {
          EigenvectorCentrality.Result r = EigenvectorCentrality.compute(g,
              new EigenvectorCentrality.Options(iterations, tolerance), progress);
          scores = r.scores();
          converged = r.converged();
          facts.put("eigenvalue", r.eigenvalue());
          facts.put("iterations", r.iterations());
          facts.put("change", r.change());
          facts.put("at_float32_floor", r.atFloat32Floor());
          if (r.atFloat32Floor()) {
            spec.commandLine().getErr().printf(Locale.ROOT, "eigenvector: the change stalled at %.4g, above"
                + " --tolerance %s but below the float32 floor %.3g (2^-23 x sqrt(n)): converged as far as float32"
                + " goes%n", r.change(), tolerance, EigenvectorCentrality.float32Floor(g.vertexCount()));
          }
        }
        case pagerank -> {
          PageRank.Result r = PageRank.compute(g, new PageRank.Options(damping, iterations, tolerance, weighted),
              progress);
          scores = r.scores();
          converged = r.converged() || tolerance == 0;
          facts.put("damping", damping);
          facts.put("iterations", r.iterations());
          facts.put("change", r.change());
          roundingAdvice = pageRankRoundingAdvice(r.iterations());
        }
        case katz -> {
          SpectralRadius radius = SpectralRadius.of(g, progress);
          KatzCentrality.DefaultAlpha chosen = alpha != null ? new KatzCentrality.DefaultAlpha(alpha, "--alpha")
              : KatzCentrality.defaultAlpha(g, radius);
          double a = chosen.value();
          KatzCentrality.Result r = KatzCentrality.compute(g,
              new KatzCentrality.Options(a, beta, iterations, tolerance), radius, progress);
          scores = r.scores();
          converged = r.converged();
          facts.put("alpha", a);
          facts.put("alpha_rule", chosen.rule());
          facts.put("beta", beta);
          facts.put("lambda_max", radius.value());
          facts.put("lambda_max_method", radius.method());
          facts.put("iterations", r.iterations());
          facts.put("change", r.change());
          moreIterations = katzIterationsNeeded(a * radius.value(), r.iterations(), r.change());
        }
        case subgraph -> {
          CommandSupport.requireUndirected(g, graph, "subgraph centrality");
          SubgraphCentrality.Options options = subgraphOptions();
          refuseProbeBlocksBeyondTheHeap(g.vertexCount(), options);
          SubgraphCentrality.Result r = SubgraphCentrality.compute(g, options, progress);
          if (r.probes() < probes) {
            spec.commandLine().getErr().printf(Locale.ROOT, "--probes %d capped at %d: that many Hadamard probes"
                + " already give the exact diagonal of %,d vertices%n", probes, r.probes(), g.vertexCount());
            facts.put("probes_requested", probes);
          }
          scores = r.scores();
          estimate = r;
          // An estimate with error bars is an answer whatever its error: max_error says how good it is, and
          // series_converged only that the Chebyshev series reached its truncation bound (not "converged", which
          // read as if the scores had).
          converged = true;
          facts.put("probes", r.probes());
          facts.put("probe_kind", r.kind().name().toLowerCase());
          facts.put("groups", r.groups());
          facts.put("confidence", SubgraphCentrality.Result.CONFIDENCE);
          facts.put("terms", r.terms());
          facts.put("lambda_min", r.spectrum().min());
          facts.put("lambda_max", r.spectrum().max());
          facts.put("deflated", r.deflated().length);
          facts.put("rest_lambda_max", r.restMax());
          facts.put("truncation_bound", r.truncationBound());
          facts.put("deflation_bound", r.deflationBound());
          facts.put("max_error", r.maxError());
          facts.put("series_converged", r.seriesConverged());
        }
        default -> throw new IllegalStateException("unknown measure " + measure);
      }
      if (measure == Measure.pagerank && tolerance == 0) {
        facts.put("fixed_iterations", true); // ran exactly --iterations: nothing was tested, so nothing converged
      } else if (estimate == null) {
        facts.put("converged", converged);
      }
      List<Ranked> ranked = scores.top(top);
      long tied = scores.tiedBeyond(ranked, v -> true);
      Map<String, Object> shown = facts; // the ranking's facts; the .npy's sidecar keeps the measure's alone
      if (tied > 0 && output.json) { // in a table, the note on stderr says it
        shown = new LinkedHashMap<>(facts);
        shown.put("tied_beyond_top", tied);
      }
      print(ranked, estimate, shown, g);
      CommandSupport.noteTiesBeyondTop(spec.commandLine().getErr(), ranked, tied);
      // Scores that did not converge are shown, but not saved as if they were an answer.
      if (output.npy != null && converged) {
        NpyWriter.write(output.npy, scores.toArray(), g, facts);
      }
      if (!converged) {
        spec.commandLine().getErr().printf(Locale.ROOT, "tropic centrality: %s did not converge: change %.4g after"
            + " %d iterations, --tolerance %s; %s%s%n", measure, (Double) facts.get("change"),
            iterations, tolerance, roundingAdvice != null ? roundingAdvice
                : "raise --iterations" + moreIterations, output.npy == null ? ""
                : "; " + output.npy + " not written (scores that did not converge are not saved)");
        spec.commandLine().getErr().flush();
        return CommandSupport.FAILED;
      }
      return CommandSupport.OK;
    });
  }

  /** The ranking, with each vertex's standard error and error bar where the measure is an estimate. */
  private void print(List<Ranked> ranked, SubgraphCentrality.Result estimate, Map<String, Object> facts,
      SparseGraph g) throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    boolean[] resolved = estimate == null ? null : resolved(ranked, estimate);
    if (output.json) {
      Map<String, Object> json = new LinkedHashMap<>(facts);
      List<Map<String, Object>> rows = CommandSupport.rankJson(ranked);
      if (estimate != null) {
        for (int i = 0; i < rows.size(); i++) {
          int v = ranked.get(i).vertex();
          rows.get(i).put("standard_error", estimate.standardErrors().get(v));
          rows.get(i).put("error", estimate.error(v));
          rows.get(i).put("resolved", resolved[i]);
        }
      }
      json.put("top", rows);
      CommandSupport.printJson(out, json);
      noteUnresolved(ranked, resolved, estimate);
      return;
    }
    StringBuilder summary = new StringBuilder(measure.name() + " centrality of " + g.vertexCount() + " vertices");
    facts.forEach((k, v) -> {
      if (!k.equals("measure")) {
        summary.append(", ").append(k).append(' ').append(v instanceof Double d ? CommandSupport.formatShort(d) : v);
      }
    });
    out.println(summary);
    List<List<String>> rows = CommandSupport.rankRows(ranked);
    if (estimate == null) {
      CommandSupport.printTable(out, List.of("rank", "vertex", "score"), rows);
      return;
    }
    List<List<String>> withErrors = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      int v = ranked.get(i).vertex();
      List<String> row = new ArrayList<>(rows.get(i));
      row.add(CommandSupport.format(estimate.standardErrors().get(v)));
      row.add(CommandSupport.format(estimate.error(v)));
      row.add(resolved[i] ? "yes" : "no");
      withErrors.add(row);
    }
    CommandSupport.printTable(out, List.of("rank", "vertex", "score", "std. error", "error bar", "in top"),
        withErrors);
    if (estimate.groups() < 2) {
      out.println("error bar: truncation bound + deflation bound (these Hadamard probes give the exact diagonal)");
    } else {
      out.printf(Locale.ROOT, "error bar: t quantile %.3g x std. error over %d independent estimates + truncation"
          + " bound + deflation bound; each holds with %.1f%% confidence, max_error for all vertices at once%n",
          estimate.quantile(), estimate.groups(), 100 * SubgraphCentrality.Result.CONFIDENCE);
    }
    out.flush();
    noteUnresolved(ranked, resolved, estimate);
  }

  /**
   * Whether each listed vertex is surely among those listed: its bar lies wholly above the bar of every vertex not
   * listed. The scores with the largest positive errors are the ones a ranking picks, so a leader whose bar overlaps
   * an unlisted vertex's may be there by noise alone.
   */
  private static boolean[] resolved(List<Ranked> ranked, SubgraphCentrality.Result estimate) {
    VertexScores scores = estimate.scores();
    boolean[] listed = new boolean[scores.size()];
    for (Ranked r : ranked) {
      listed[r.vertex()] = true;
    }
    double highestUnlisted = Double.NEGATIVE_INFINITY;
    for (int v = 0; v < scores.size(); v++) {
      if (!listed[v]) {
        highestUnlisted = Math.max(highestUnlisted, scores.get(v) + estimate.error(v));
      }
    }
    boolean[] resolved = new boolean[ranked.size()];
    for (int i = 0; i < resolved.length; i++) {
      int v = ranked.get(i).vertex();
      resolved[i] = scores.get(v) - estimate.error(v) > highestUnlisted;
    }
    return resolved;
  }

  /**
   * Says how many listed vertices are not resolved and what would resolve them. More probes shrink only the
   * standard error; where the bars are mostly the deflation bound (float32 rounding in the leading eigenpairs, as
   * on as-22july06) or the truncation bound, "raise --probes" sent the user to a run that changed nothing.
   */
  private void noteUnresolved(List<Ranked> ranked, boolean[] resolved, SubgraphCentrality.Result estimate) {
    if (resolved == null) {
      return;
    }
    int unresolved = 0;
    double statistical = 0;
    for (int i = 0; i < resolved.length; i++) {
      if (!resolved[i]) {
        unresolved++;
        double standardError = estimate.standardErrors().get(ranked.get(i).vertex());
        statistical = Math.max(statistical, estimate.quantile() * standardError);
      }
    }
    if (unresolved == 0) {
      return;
    }
    double deflation = estimate.deflationBound();
    double truncation = estimate.truncationBound();
    String why;
    if (statistical > deflation + truncation) {
      why = "so noise may have put them there; raise --probes";
    } else if (deflation >= truncation) {
      why = String.format(Locale.ROOT, "and the bars are mostly the deflation bound %.3g (float32 rounding in the"
          + " leading eigenpairs), which more --probes do not shrink: their order is known only to within it",
          deflation);
    } else {
      why = String.format(Locale.ROOT, "and the bars are mostly the Chebyshev truncation bound %.3g, which more"
          + " --probes do not shrink; raise --terms", truncation);
    }
    PrintWriter err = spec.commandLine().getErr();
    err.printf(Locale.ROOT, "tropic centrality: %d of the %d listed are not resolved: their error bars overlap that"
        + " of a vertex not listed, %s%n", unresolved, resolved.length, why);
    err.flush();
  }

  /**
   * "more iterations will not help ..." when PageRank ran long enough to have converged in exact arithmetic, else
   * null. Each iteration multiplies the change by the damping at most, and the first is at most 2 (two probability
   * vectors), so the exact change of iteration t is at most 2·d^(t−1); above --tolerance after that, it is float32
   * rounding of the ranks (about 2^-23 of their sum), and the advice to raise --iterations would never end.
   */
  private String pageRankRoundingAdvice(int done) {
    double exact = 2 * Math.pow(damping, done - 1);
    if (!(exact < tolerance)) {
      return null;
    }
    return String.format(Locale.ROOT, "more iterations will not help: in exact arithmetic the change would be"
        + " below 2 x %s^%d = %.2g, so what is left is float32 rounding; raise --tolerance", damping, done - 1,
        exact);
  }

  /**
   * How many iterations Katz needs, from its convergence rate ρ = α·λmax: the change shrinks about ρ-fold each
   * iteration, so reaching the tolerance from {@code change} takes log(tolerance / change) / log ρ more.
   */
  private String katzIterationsNeeded(double rate, int done, double change) {
    if (!(rate > 0 && rate < 1) || !(change > tolerance) || tolerance <= 0) {
      return "";
    }
    double more = Math.ceil(Math.log(tolerance / change) / Math.log(rate));
    return String.format(Locale.ROOT, " (alpha x lambda_max = %.4g: about --iterations %.0f)", rate,
        Math.ceil((done + more) * 1.1));
  }

  /**
   * Refuses the measure's bad option values before the graph is read: they were found only after reading and laying
   * out the graph, seconds on a web graph for a typo in --damping. Katz's α against 1/λmax needs the graph, and is
   * checked there.
   */
  private void refuseBadValuesBeforeReading() {
    switch (measure) {
      case eigenvector -> new EigenvectorCentrality.Options(iterations, tolerance);
      case pagerank -> new PageRank.Options(damping, iterations, tolerance, weighted);
      // without --alpha any valid α stands in: the default one is chosen from λmax
      case katz -> new KatzCentrality.Options(alpha == null ? 1 : alpha, beta, iterations, tolerance);
      case subgraph -> subgraphOptions();
      default -> throw new IllegalStateException("unknown measure " + measure);
    }
  }

  private SubgraphCentrality.Options subgraphOptions() {
    ProbeKind kind = parseProbeKind(probeKind);
    if (kind == ProbeKind.RADEMACHER && spec.commandLine().getParseResult().hasMatchedOption("--groups")) {
      // it was silently ignored, as a flag of another measure would have been (those are refused too)
      throw new IllegalArgumentException("--groups " + groups + " does not apply to Rademacher probes: each is a"
          + " group of its own (--probes sets how many); --groups splits Hadamard probes");
    }
    if (groups < 2) {
      throw new IllegalArgumentException("--groups " + groups + ": at least 2 are needed for a spread");
    }
    return new SubgraphCentrality.Options(probes, terms, 1e-7, kind, 32, seed, deflate, groups);
  }

  /** Refuses, before any product, probe blocks that would run out of heap part way. */
  private void refuseProbeBlocksBeyondTheHeap(int n, SubgraphCentrality.Options options) {
    long bytes = SubgraphCentrality.workingBytes(n, options);
    if (bytes > heapBytes * 0.7) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "--probes %d: subgraph centrality of %,d"
          + " vertices needs %.1f GiB of probe blocks (%d probes at a time) but the heap is %.1f GiB: raise -Xmx",
          options.probes(), n, bytes / 1073741824.0, Math.min(options.batch(), options.probes()),
          heapBytes / 1073741824.0));
    }
  }

  private void refuseFlagsOfOtherMeasures() {
    FLAG_MEASURES.forEach((flag, measures) -> {
      if (!measures.contains(measure) && spec.commandLine().getParseResult().hasMatchedOption(flag)) {
        throw new IllegalArgumentException(flag + " does not apply to " + measure + "; it tunes "
            + measures.stream().map(Enum::name).collect(Collectors.joining(", ")));
      }
    });
  }

  private static ProbeKind parseProbeKind(String text) {
    try {
      return ProbeKind.valueOf(text.strip().toUpperCase());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--probe-kind " + text + ": use hadamard or rademacher");
    }
  }
}
