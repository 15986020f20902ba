package org.tropic.bench.partition;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.tropic.apsp.BlockSizeModel;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.DijkstraAllPairs;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.PartitionReport;
import org.tropic.apsp.PartitionedApsp;
import org.tropic.apsp.PartitionedDistanceMatrix;
import org.tropic.apsp.PartitionedOptions;
import org.tropic.apsp.Progress;
import org.tropic.bench.CommandLines;
import org.tropic.bench.OptionConverters.NonNegativeInt;
import org.tropic.bench.OptionConverters.PositiveInt;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Partitioned APSP (Djidjev, Chapuis et al., IPDPS'14) against blocked Floyd–Warshall and Dijkstra from every source,
 * in one run, on the graphs it is meant for: the SuiteSparse power grids bcspwr06–10, a 2D triangulated mesh
 * (default 142 × 142 = 20,164 vertices) and the DIMACS NY road graph restricted to its first 20,000 vertices by BFS.
 * Prints each solver's time and GFLOP/s-equivalent (2n³ flops, the arithmetic Floyd–Warshall would do), the
 * partition (k, boundary vertices and fraction, boundary matrix) and whether partitioned APSP reaches the target: at
 * least 3× faster than the better of the two on the mesh and the road graph. The partitioned time includes
 * partitioning (METIS, and the search for k). Every partitioned result is checked against Dijkstra on sampled rows.
 *
 * <pre>
 * ./mvnw -B -q -pl tropic-bench -am package -DskipTests
 * java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Xmx24g \
 *     -cp tropic-bench/target/tropic-bench.jar org.tropic.bench.partition.PartitionedBench [options]
 * </pre>
 *
 * Exit codes: 0 done, 1 a result disagreed with Dijkstra or a solve failed, 2 bad options or missing METIS/data.
 */
public final class PartitionedBench {
  static final String USAGE = CommandLines.usage(new Options());

  private PartitionedBench() {}

  public static void main(String[] args) {
    System.exit(execute(args, System.out, System.err));
  }

  /** Runs with the given options and returns the exit code. */
  public static int execute(String[] args, PrintStream out, PrintStream err) {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("PartitionedBench: " + e.getMessage());
      err.print(USAGE);
      return 2;
    }
    if (options.help) {
      out.print(USAGE);
      return 0;
    }
    if (!PartitionedApsp.available()) {
      err.println("PartitionedBench: " + PartitionedApsp.unavailableReason().orElse("METIS missing"));
      return 2;
    }
    try {
      return new PartitionedBench.Run(options, out, err).all();
    } catch (IOException | IllegalArgumentException e) {
      err.println("PartitionedBench: " + e.getMessage());
      return 2;
    }
  }

  /** The command line, read by picocli; {@link #parse} checks the graph names and applies {@code --quick}. */
  @Command(name = "PartitionedBench", customSynopsis = "PartitionedBench [options]", sortOptions = false,
      footer = "Heap: give -Xmx of at least 3 × 4n² bytes for the largest graph (about 5 GB at n = 20,000).")
  static final class Options {
    private static final List<String> GRAPHS = List.of("power", "mesh", "road");

    @Option(order = 1, names = "--data", paramLabel = "DIR",
        description = "the shared data folder (default: the first shared/data above the working directory)")
    Path data;

    @Option(order = 2, names = "--threads", paramLabel = "T", converter = PositiveInt.class,
        description = "worker threads for every solver (default: all processors)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(order = 3, names = "--parts", paramLabel = "K", converter = NonNegativeInt.class,
        description = "force k parts (default: 0, the cost model chooses)")
    int parts;

    List<String> graphs = GRAPHS;

    /** A list replaces the previous one, as a repeated number option does; names are checked in {@link #parse}. */
    @Option(order = 4, names = "--graphs", paramLabel = "LIST",
        description = "any of power,mesh,road (default: all three)")
    void graphs(String list) {
      graphs = List.of(list.split(","));
    }

    @Option(order = 5, names = "--mesh-side", paramLabel = "S", converter = PositiveInt.class,
        description = "the mesh is S × S vertices (default: 142, i.e. 20,164 vertices)")
    int meshSide = 142;

    @Option(order = 6, names = "--road-vertices", paramLabel = "N", converter = PositiveInt.class,
        description = "BFS-restrict the NY road graph to N vertices (default: 20000)")
    int roadVertices = 20_000;

    @Option(order = 7, names = "--fw-max-n", paramLabel = "N", converter = NonNegativeInt.class,
        description = "skip Floyd–Warshall above N vertices, printing its predicted time (default: 25000)")
    int fwMaxN = 25_000;

    @Option(order = 8, names = "--dijkstra-max-n", paramLabel = "N", converter = NonNegativeInt.class,
        description = "skip Dijkstra above N vertices (default: never)")
    int dijkstraMaxN = Integer.MAX_VALUE;

    @Option(order = 9, names = "--check-sources", paramLabel = "C", converter = NonNegativeInt.class,
        description = "rows compared with Dijkstra per partitioned result (default: 16)")
    int checkSources = 16;

    @Option(order = 10, names = "--quick",
        description = "smoke run: bcspwr06 only, a 40 × 40 mesh, 1,500 road vertices")
    boolean quick;

    @Option(order = 11, names = {"-h", "--help"}, usageHelp = true, description = "this text")
    boolean help;

    /**
     * Reads the options.
     *
     * @throws IllegalArgumentException naming the option and value that are wrong
     */
    static Options parse(String[] args) {
      Options o = new Options();
      CommandLines.parse(o, args);
      for (String g : o.graphs) {
        if (!GRAPHS.contains(g)) {
          throw new IllegalArgumentException("Invalid value for option '--graphs': unknown graph '" + g
              + "' (power, mesh, road)");
        }
      }
      if (o.quick) {
        o.meshSide = Math.min(o.meshSide, 40);
        o.roadVertices = Math.min(o.roadVertices, 1_500);
      }
      return o;
    }
  }

  /** One timed solve. */
  record Timed(String graph, int n, String solver, double seconds, String note) {
    double gflops() {
      return seconds > 0 ? 2.0 * n * n * (double) n / seconds / 1e9 : Double.NaN;
    }
  }

  /** One benchmark run over the chosen graphs. */
  static final class Run {
    private final Options options;
    private final PrintStream out;
    private final PrintStream err;
    private final MinPlusKernels kernels = MinPlusKernels.best();
    private final List<Timed> timings = new ArrayList<>();
    private final Map<String, PartitionReport> partitions = new LinkedHashMap<>();
    private final Map<String, String> steps = new LinkedHashMap<>();
    private int disagreements;

    Run(Options options, PrintStream out, PrintStream err) {
      this.options = options;
      this.out = out;
      this.err = err;
    }

    int all() throws IOException {
      Path data = options.graphs.contains("power") || options.graphs.contains("road")
          ? BenchGraphs.dataFolder(options.data) : null;
      out.printf(Locale.ROOT, "partitioned APSP benchmark: %d threads, kernels %s, heap %.1f GiB%s%n",
          options.threads, kernels.name(), Runtime.getRuntime().maxMemory() / (double) (1L << 30),
          options.quick ? ", quick" : "");
      warmUp();
      if (options.graphs.contains("power")) {
        for (String name : options.quick ? new String[] {"bcspwr06"} : BenchGraphs.POWER_GRIDS) {
          measure(name, BenchGraphs.powerGrid(data, name));
        }
      }
      if (options.graphs.contains("mesh")) {
        int side = options.meshSide;
        measure("mesh " + side + "x" + side, BenchGraphs.mesh(side));
      }
      if (options.graphs.contains("road")) {
        measure("NY road " + options.roadVertices, BenchGraphs.road(data, options.roadVertices));
      }
      print();
      return disagreements == 0 ? 0 : 1;
    }

    /** JIT warm-up and kernel calibration, untimed, on a small mesh. */
    private void warmUp() {
      Graph small = BenchGraphs.mesh(30);
      new PartitionedApsp(kernels, options(0)).solve(small, Progress.NONE);
      new BlockedFloydWarshall(kernels, FloydWarshallOptions.defaults().withThreads(options.threads))
          .solve(small, Progress.NONE);
      DijkstraAllPairs.solve(small, options.threads, Progress.NONE);
      BlockSizeModel.forMachine(kernels).multiplyRate(Arithmetic.INT32, 64);
    }

    private PartitionedOptions options(int parts) {
      return new PartitionedOptions(parts, options.threads, null, PartitionedOptions.Recursion.WHEN_CHEAPER);
    }

    private void measure(String name, Graph graph) {
      int n = graph.vertexCount();
      out.printf(Locale.ROOT, "%s: n = %,d, %,d arcs ...%n", name, n, graph.arcCount());
      PartitionedApsp apsp = new PartitionedApsp(kernels, options(options.parts));
      System.gc();
      long start = System.nanoTime();
      PartitionedApsp.Prepared prepared = apsp.prepare(graph);
      double partitionSeconds = (System.nanoTime() - start) / 1e9;
      PartitionedDistanceMatrix result = apsp.solve(prepared, Progress.NONE);
      double seconds = (System.nanoTime() - start) / 1e9;
      partitions.put(name, result.report());
      steps.put(name, String.format(Locale.ROOT, "partition %.3f s, %s", partitionSeconds,
          result.timings().summary()));
      String check = check(name, graph, result);
      timings.add(new Timed(name, n, "partitioned", seconds, check));
      result = null;
      prepared = null;

      time(name, n, "floyd-warshall", n <= options.fwMaxN, () -> new BlockedFloydWarshall(kernels,
          FloydWarshallOptions.defaults().withThreads(options.threads)).solve(graph, Progress.NONE),
          () -> predictedFloydWarshall(graph));
      time(name, n, "dijkstra", n <= options.dijkstraMaxN,
          () -> DijkstraAllPairs.solve(graph, options.threads, Progress.NONE), () -> "skipped (--dijkstra-max-n)");
    }

    private void time(String name, int n, String solver, boolean run, Supplier<DistanceMatrix> solve,
        Supplier<String> skipped) {
      if (!run) {
        timings.add(new Timed(name, n, solver, Double.NaN, skipped.get()));
        return;
      }
      System.gc();
      long start = System.nanoTime();
      DistanceMatrix d = solve.get();
      double seconds = (System.nanoTime() - start) / 1e9;
      timings.add(new Timed(name, n, solver, seconds, ""));
      java.lang.ref.Reference.reachabilityFence(d);
    }

    private String predictedFloydWarshall(Graph graph) {
      int n = graph.vertexCount();
      Arithmetic arithmetic = Arithmetic.choose(graph.weightStats(), n);
      BlockSizeModel model = BlockSizeModel.forMachine(kernels);
      double predicted = model.predictSeconds(n, options.threads, arithmetic,
          model.choose(n, options.threads, arithmetic));
      return String.format(Locale.ROOT, "skipped (--fw-max-n); predicted %.1f s", predicted);
    }

    /** Compares sampled rows with Dijkstra (exact for whole weights, else relative 1e-5). */
    private String check(String name, Graph graph, DistanceMatrix d) {
      int n = graph.vertexCount();
      int sources = Math.min(options.checkSources, n);
      if (sources == 0) {
        return "not checked";
      }
      DijkstraAllPairs dijkstra = new DijkstraAllPairs(graph);
      boolean exact = graph.weightStats().integral();
      SplittableRandom random = new SplittableRandom(7);
      float[] row = new float[n];
      for (int s = 0; s < sources; s++) {
        int u = random.nextInt(n);
        float[] expected = dijkstra.distancesFrom(u);
        d.copyRow(u, row);
        for (int v = 0; v < n; v++) {
          float e = expected[v];
          boolean ok = exact || Float.isInfinite(e) ? row[v] == e
              : Math.abs(row[v] - e) <= 1e-5 * Math.max(1, Math.abs(e));
          if (!ok) {
            disagreements++;
            err.printf(Locale.ROOT, "PartitionedBench: %s: d(%d,%d) = %s but Dijkstra gives %s%n", name, u, v,
                row[v], e);
            return "WRONG at d(" + u + "," + v + ")";
          }
        }
      }
      return sources + " rows agree with Dijkstra";
    }

    private void print() {
      out.println();
      out.println("Partitions (k parts, boundary = vertices with an arc to another part):");
      out.printf(Locale.ROOT, "  %-16s %8s %5s %9s %8s %12s  %s%n", "graph", "n", "k", "boundary", "fraction",
          "boundary mx", "steps");
      for (var e : partitions.entrySet()) {
        PartitionReport r = e.getValue();
        out.printf(Locale.ROOT, "  %-16s %,8d %5d %,9d %7.1f%% %12s  %s%s%n", e.getKey(), r.vertexCount(), r.parts(),
            r.boundaryVertices(), 100 * r.boundaryFraction(), mib(r.boundaryMatrixBytes()), steps.get(e.getKey()),
            r.boundaryPartition() == null ? ""
                : "; boundary graph re-partitioned into " + r.boundaryPartition().parts() + " parts");
      }
      out.println();
      out.println("Times (GFLOP/s-equivalent = 2n³ / time, the work Floyd–Warshall would do):");
      out.printf(Locale.ROOT, "  %-16s %-15s %10s %12s %13s  %s%n", "graph", "solver", "seconds", "GFLOP/s-eq",
          "partitioned", "note");
      for (Timed t : timings) {
        double partitioned = partitionedSeconds(t.graph());
        out.printf(Locale.ROOT, "  %-16s %-15s %10s %12s %13s  %s%n", t.graph(), t.solver(), seconds(t.seconds()),
            Double.isNaN(t.seconds()) ? "-" : String.format(Locale.ROOT, "%.1f", t.gflops()),
            t.solver().equals("partitioned") || Double.isNaN(t.seconds()) ? ""
                : speedup(t.seconds() / partitioned), t.note());
      }
      out.println();
      for (String name : partitions.keySet()) {
        if (name.startsWith("mesh") || name.startsWith("NY road")) {
          double fw = solverSeconds(name, "floyd-warshall");
          double dijkstra = solverSeconds(name, "dijkstra");
          double speedup = Math.min(fw, dijkstra) / partitionedSeconds(name);
          String against = Double.isInfinite(fw) && Double.isInfinite(dijkstra) ? "neither ran"
              : Double.isInfinite(fw) ? "against Dijkstra only, FW skipped"
              : Double.isInfinite(dijkstra) ? "against FW only, Dijkstra skipped" : "against both";
          out.printf(Locale.ROOT, "target on %s: ≥ 3× faster than the better of FW and Dijkstra: %s (%.1f×, %s)%n",
              name, Double.isInfinite(speedup) || Double.isNaN(speedup) ? "not measured"
                  : speedup >= 3 ? "met" : "NOT met", speedup, against);
        }
      }
    }

    private double partitionedSeconds(String graph) {
      return solverSeconds(graph, "partitioned");
    }

    /** The solver's time on the graph; a skipped solver counts as +∞ (it is slower than the cap allows). */
    private double solverSeconds(String graph, String solver) {
      for (Timed t : timings) {
        if (t.graph().equals(graph) && t.solver().equals(solver)) {
          return Double.isNaN(t.seconds()) ? Double.POSITIVE_INFINITY : t.seconds();
        }
      }
      return Double.NaN;
    }

    /** Partitioned APSP's speedup over a solver, as "2.4× faster" or, where it lost, "1.4× slower". */
    static String speedup(double ratio) {
      return ratio >= 1 ? String.format(Locale.ROOT, "%.1f× faster", ratio)
          : String.format(Locale.ROOT, "%.1f× slower", 1 / ratio);
    }

    private static String seconds(double s) {
      return Double.isNaN(s) ? "-" : String.format(Locale.ROOT, "%.3f", s);
    }

    private static String mib(long bytes) {
      return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }
  }
}
