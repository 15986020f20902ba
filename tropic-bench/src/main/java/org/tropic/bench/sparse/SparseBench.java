package org.tropic.bench.sparse;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.tropic.analytics.Bfs;
import org.tropic.analytics.SparseGraph;
import org.tropic.apsp.HeapAdvice;
import org.tropic.bench.CommandLines;
import org.tropic.bench.OptionConverters;
import org.tropic.bench.OptionConverters.PositiveInt;
import org.tropic.graph.Graph;
import org.tropic.io.Units;
import org.tropic.sparse.BlockCoo;
import org.tropic.sparse.BlockCooOptions;
import org.tropic.sparse.ElementOrder;
import org.tropic.sparse.IntervalCoverage;
import org.tropic.sparse.LayoutAdvisor;
import org.tropic.sparse.SparseKernels;
import org.tropic.sparse.VertexOrder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One run that prints, per graph, SpMV on BlockCoo (row, cache and RCM layouts) and SpMM next to a plain CSR SpMV in
 * Java and, when installed, SuiteSparse:GraphBLAS's plus_times mxv and BFS on the same matrix. Conventions (HPC-KG):
 * GFLOP/s = 2·(nnz + n)/t; effective bandwidth = (matrix bytes + x + y)/t, each vector counted once, and its share
 * of the machine's STREAM copy bandwidth, measured in rounds alternating with each SpMV ({@link CopyPairedTiming}).
 * Times are medians of repeated runs after a warm-up.
 *
 * <p>Usage: {@code SparseBench [--data DIR] [--graphs webgraph,road,as] [--threads N] [--seconds S]
 * [--copy-mib M] [--no-graphblas] [--script FILE] [--block-size N]}; {@code --help} describes them.
 */
public final class SparseBench {
  private SparseBench() {}

  /** What {@code --help} prints, for {@code tropic help sparse bench}. */
  public static String usage() {
    return CommandLines.usage(new Options());
  }

  public static void main(String[] args) throws Exception {
    Options o = new Options();
    if (!CommandLines.parseOrExit("tropic sparse bench", o, args)) {
      return;
    }
    Path data = o.data != null ? o.data : findData();
    List<String> graphs = graphList(o.graphs);
    for (String which : graphs) {
      BenchGraphs.requireAvailable(data, which); // now, not after minutes of measuring the others
    }
    // checked now, not after the copy bandwidth and the first graph have been measured
    BlockCooOptions layout = blockOptions(o.blockSize);
    int threads = o.threads();
    double seconds = o.seconds;
    int copyMib = o.copyMib;
    int copyFloats = copyFloats(copyMib, Runtime.getRuntime().maxMemory());
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "bench");
      t.setDaemon(true);
      return t;
    });
    SparseKernels kernels = SparseKernels.create(threads);
    System.out.printf("SparseBench: %d threads, JVM %s, SpMM kernels %s, %s per measurement%n", threads,
        Runtime.version(), kernels.spmmImplementation(), Units.duration(seconds));
    long start = System.nanoTime();
    StreamCopy copy = new StreamCopy(copyFloats, pool, threads);
    Path script = o.noGraphblas ? null : o.script;
    boolean graphblas = script != null && Files.exists(script);
    // Copies, not reported, time the copies that take most of a measurement's rounds at small --seconds: the first,
    // on cold pages, took twice as long (0.41 against 0.2 s), and one copy under a neighbour's burst 2 s, which made
    // the estimate 5 min for a run of 1 min 40 s; the fastest of two after the cold one is kept.
    copy.bandwidthNow(1);
    double copySeconds = 2.0 * Float.BYTES * copyFloats / Math.max(copy.bandwidthNow(1), copy.bandwidthNow(1));
    BenchEstimate estimate = BenchEstimate.of(graphs.stream().map(BenchGraphs::size).toList(), seconds, copySeconds);
    System.out.println(estimate.describe(seconds, graphblas));
    System.out.printf("STREAM copy bandwidth: %.2f GB/s (2 × %d MiB arrays); measured again in rounds alternating"
        + " with each SpMV, whose %% copy is the median of its rounds' shares%n%n", copy.bandwidth(seconds) / 1e9,
        copyMib);
    for (int i = 0; i < graphs.size(); i++) {
      System.out.printf("[graph %d of %d, %s so far, about %s left]%n", i + 1, graphs.size(),
          Units.duration((System.nanoTime() - start) / 1e9), Units.duration(estimate.secondsFrom(i)));
      benchGraph(data, graphs.get(i), threads, seconds, copy, pool, kernels, script, layout);
    }
    System.out.printf("SparseBench done: %d graph%s in %s (estimated %s)%n", graphs.size(),
        graphs.size() == 1 ? "" : "s", Units.duration((System.nanoTime() - start) / 1e9),
        Units.duration(estimate.totalSeconds()));
  }

  /**
   * The graphs of {@code --graphs}, in order. An empty list ({@code --graphs ,}) measured the copy bandwidth and
   * stopped with exit 0 having run nothing; a graph named twice was measured twice.
   *
   * @throws IllegalArgumentException naming the option and what is wrong with the list
   */
  static List<String> graphList(String list) {
    List<String> graphs = Arrays.stream(list.split(",")).map(String::strip).filter(g -> !g.isEmpty()).toList();
    if (graphs.isEmpty()) {
      throw new IllegalArgumentException("--graphs '" + list + "' names no graph: give webgraph, road, as or "
          + "rmatSCALE[xEDGEFACTOR], comma-separated");
    }
    for (int i = 0; i < graphs.size(); i++) {
      if (graphs.indexOf(graphs.get(i)) != i) {
        throw new IllegalArgumentException("--graphs '" + list + "' names " + graphs.get(i) + " twice");
      }
    }
    return graphs;
  }

  /** The layout options of {@code --block-size}; the layout's own message did not name the option. */
  static BlockCooOptions blockOptions(int blockSize) {
    try {
      return BlockCooOptions.defaults().withBlockSize(blockSize);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--block-size " + blockSize + ": " + e.getMessage(), e);
    }
  }

  /**
   * The floats in each of the two STREAM copy arrays of {@code --copy-mib}. The size was computed in int: 2,048 MiB
   * and more wrapped round, to a NegativeArraySizeException (2048), empty arrays copied at "0.00 GB/s" (4096) or
   * arrays of another size than the one printed.
   *
   * @throws IllegalArgumentException if an array would exceed Java's largest or the two the heap
   */
  static int copyFloats(int mib, long maxHeapBytes) {
    long floats = (long) mib * (1 << 20) / Float.BYTES;
    long maxMib = (Integer.MAX_VALUE - 8L) * Float.BYTES >> 20;
    if (floats > Integer.MAX_VALUE - 8L) {
      throw new IllegalArgumentException("--copy-mib " + mib + ": above the largest Java array of floats ("
          + maxMib + " MiB)");
    }
    if (2 * floats * Float.BYTES > maxHeapBytes) {
      long need = 2 * floats * Float.BYTES;
      throw new IllegalArgumentException("--copy-mib " + mib + ": its two arrays need " + 2L * mib + " MiB, above "
          + "the maximum heap of " + (maxHeapBytes >> 20) + " MiB; " + HeapAdvice.forShortfall(need, maxHeapBytes,
          maxHeapBytes, HeapAdvice.physicalMemory()).advise("give a smaller --copy-mib"));
    }
    return (int) floats;
  }

  /** The name of the table row that uses the same layout. */
  private static String layoutName(BlockCooOptions o) {
    return o.vertexOrder() == VertexOrder.RCM ? "rcm" : o.elementOrder() == ElementOrder.ROW ? "none" : "cache";
  }

  private static void benchGraph(Path data, String which, int threads, double seconds, StreamCopy stream,
      ExecutorService pool, SparseKernels kernels, Path script, BlockCooOptions base) throws Exception {
    long t0 = System.nanoTime();
    BenchGraphs.Named named = BenchGraphs.load(data, which);
    Graph g = named.graph();
    int n = g.vertexCount();
    long nnz = g.arcCount();
    System.out.printf("== %s: %,d vertices, %,d arcs (loaded in %.1f s)%n", named.name(), n, nnz,
        (System.nanoTime() - t0) / 1e9);
    long a0 = System.nanoTime();
    LayoutAdvisor.Choice auto = LayoutAdvisor.choose(g, base, threads);
    System.out.printf("  auto layout: %s, since %s (%.2f s)%n", layoutName(auto.options()), auto.reason(),
        (System.nanoTime() - a0) / 1e9);
    // Every layout in the advisor's blocks, so that the table compares orders alone.
    int height = auto.options().blockHeightFor(n, threads);
    BlockCooOptions blocks = base.withBlockHeight(height).withBlockWidth(auto.options().blockWidthFor(n, height));
    double flops = 2.0 * (nnz + n);
    float[] x = new float[n];
    Random r = new Random(1);
    for (int i = 0; i < n; i++) {
      x[i] = r.nextFloat();
    }
    float[] y = new float[n];

    CsrSpmv csr = new CsrSpmv(g, threads);
    long vectorBytes = 2L * Float.BYTES * n;
    CopyPairedTiming.Result csrTiming = CopyPairedTiming.measure(() -> csr.multiply(x, y, pool),
        csr.bytes() + vectorBytes, stream, seconds);
    double tCsr = csrTiming.seconds();
    float[] reference = y.clone();
    List<String[]> rows = new ArrayList<>();
    rows.add(row("CSR (plain Java)", Double.NaN, csrTiming, flops, csr.bytes() + vectorBytes, tCsr));

    JsonNode gb = null;
    int source = maxOutDegreeVertex(g);
    GraphBlasRunner.Result graphblas = script == null ? null : GraphBlasRunner.run(script, g, x, threads, seconds,
        source);
    if (graphblas != null) {
      ProductCheck.require(reference, graphblas.y(), "GraphBLAS plus_times mxv", named.name());
      gb = graphblas.timings();
      double t = gb.get("spmv_seconds").asDouble();
      // GraphBLAS runs in a process of its own; its share is taken against a copy measured right after it.
      double copy = stream.bandwidthNow(CopyPairedTiming.COPIES_PER_ROUND);
      rows.add(row("GraphBLAS plus_times mxv", Double.NaN,
          new CopyPairedTiming.Result(t, copy, (csr.bytes() + vectorBytes) / t / copy), flops,
          csr.bytes() + vectorBytes, tCsr));
    }

    for (String layout : new String[] {"none", "cache", "rcm"}) {
      BlockCooOptions o = switch (layout) {
        case "none" -> blocks.withElementOrder(ElementOrder.ROW);
        case "rcm" -> blocks.withVertexOrder(VertexOrder.RCM).withElementOrder(ElementOrder.ROW);
        default -> blocks.withElementOrder(ElementOrder.CACHE);
      };
      long b0 = System.nanoTime();
      BlockCoo m = BlockCoo.fromGraph(g, o, threads);
      double build = (System.nanoTime() - b0) / 1e9;
      float[] xs = m.permutation().toNew(x);
      float[] ys = new float[n];
      CopyPairedTiming.Result timing = CopyPairedTiming.measure(() -> kernels.spmv(m, 1f, xs, 0f, ys),
          m.footprintBytes() + vectorBytes, stream, seconds);
      double t = timing.seconds();
      ProductCheck.require(reference, m.permutation().toOld(ys), "BlockCoo SpMV, " + layout + " layout,",
          named.name());
      rows.add(row("BlockCoo SpMV, " + layout + " (" + m.storedBlockCount() + " blocks of " + m.blockHeight() + "×"
          + m.blockWidth() + ")",
          build, timing, flops, m.footprintBytes() + vectorBytes, tCsr));
      IntervalCoverage intervals = m.intervalCoverage();
      if (intervals.intervals() > 0) {
        long read = intervals.bytesPerSpmv(m.footprintBytes() / Math.max(1, m.nonZeroCount())) + vectorBytes;
        long counted = m.footprintBytes() + vectorBytes;
        // The same rounds' shares, scaled from the bytes counted to the bytes moved.
        System.out.printf("  %s layout: %s; SpMV moves %.1f MB with x and y (not the %.1f MB of the matrix, x and y):"
            + " %.2f GB/s = %.0f%% of copy%n",
            layout, intervals.describe(), read / 1e6, counted / 1e6, read / t / 1e9,
            100 * timing.fractionOfCopy() * read / counted);
      }
      int k = 32;
      float[] xk = new float[n * k];
      for (int i = 0; i < xk.length; i++) {
        xk[i] = r.nextFloat();
      }
      float[] yk = new float[n * k];
      double tk = Timing.median(() -> kernels.spmm(m, 1f, xk, k, 0f, yk), seconds);
      System.out.printf("  SpMM k=%d, %s layout: %.2f ms, %.2f GFLOP/s (2·(nnz + n)·k / t), %.1f× one SpMV%n",
          k, layout, tk * 1e3, flops * k / tk / 1e9, tk / t);
    }
    printTable(rows, gb, tCsr);

    // BFS in square blocks, whose columns of x its kernel skips where the frontier is empty (Product.BFS).
    SparseGraph sg = SparseGraph.of(BlockCoo.fromGraph(g, blocks.withBlockWidth(height)
        .withVertexOrder(VertexOrder.RCM).withElementOrder(ElementOrder.ROW), threads), null, kernels);
    Bfs.Result[] result = new Bfs.Result[1];
    double tBfs = Timing.median(() -> result[0] = Bfs.levels(sg, source), seconds);
    System.out.printf("  BFS from vertex %d (largest out-degree), RCM layout in square blocks: %.2f ms, depth %d, %,d"
        + " reached%n", source, tBfs * 1e3, result[0].depth(), result[0].reached());
    if (gb != null) {
      double tgb = gb.get("bfs_seconds").asDouble();
      System.out.printf("  BFS GraphBLAS (LOR_LAND mxv, complemented mask): %.2f ms, depth %d, %,d reached; "
          + "Tropic/GraphBLAS speed %.2f×%n", tgb * 1e3, gb.get("bfs_depth").asInt(), gb.get("bfs_reached").asLong(),
          tgb / tBfs);
      if (gb.get("bfs_reached").asLong() != result[0].reached() || gb.get("bfs_depth").asInt() != result[0].depth()) {
        System.out.println("  WARNING: GraphBLAS BFS disagrees with Tropic's");
      }
    }
    System.out.println();
  }

  private static String[] row(String kernel, double build, CopyPairedTiming.Result timing, double flops, long bytes,
      double tCsr) {
    double t = timing.seconds();
    return new String[] {kernel, Double.isNaN(build) ? "" : String.format("%.2f", build),
        String.format("%.3f", t * 1e3), String.format("%.2f", flops / t / 1e9), String.format("%.2f", bytes / t / 1e9),
        String.format("%.1f", timing.copyBandwidth() / 1e9), String.format("%.0f%%", 100 * timing.fractionOfCopy()),
        String.format("%.2f", tCsr / t), Double.toString(t)};
  }

  private static void printTable(List<String[]> rows, JsonNode gb, double tCsr) {
    double tGb = gb == null ? Double.NaN : gb.get("spmv_seconds").asDouble();
    System.out.printf("  %-52s %8s %9s %8s %7s %9s %7s %6s %6s%n", "kernel", "build s", "ms/SpMV", "GFLOP/s", "GB/s",
        "copy GB/s", "% copy", "× CSR", "× GrB");
    for (String[] c : rows) {
      double t = Double.parseDouble(c[8]);
      String vsGb = Double.isNaN(tGb) ? "n/a" : String.format("%.2f", tGb / t);
      System.out.printf("  %-52s %8s %9s %8s %7s %9s %7s %6s %6s%n", c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
          vsGb);
    }
  }

  private static int maxOutDegreeVertex(Graph g) {
    int best = 0;
    for (int v = 1; v < g.vertexCount(); v++) {
      if (g.outDegree(v) > g.outDegree(best)) {
        best = v;
      }
    }
    return best;
  }

  /** The command line, read by picocli. */
  @Command(name = "tropic sparse bench", customSynopsis = "tropic sparse bench [options]", sortOptions = false,
      description = {
          "SpMV, SpMM and BFS on the shared graphs against plain CSR and SuiteSparse:GraphBLAS, next to the copy "
              + "bandwidth; prints a table.",
          "Lists are comma-separated. Exit codes: 0 done, 1 a result differed from CSR or the work failed, 2 bad "
              + "options, a graph missing from the data folder or copy arrays too big for the heap (refused before "
              + "the run).", ""})
  static final class Options {
    @Option(order = 1, names = "--data", paramLabel = "DIR",
        description = "the shared data folder (default: the first shared/data above the working directory)")
    Path data;

    @Option(order = 2, names = "--graphs", paramLabel = "LIST",
        description = "comma-separated graphs to run: webgraph, road, as, and synthetic rmatSCALE[xEDGEFACTOR] "
            + "such as rmat24x8 (default: webgraph,road,as)")
    String graphs = "webgraph,road,as";

    // 0 = all cores, as in every other sparse command, which it refused ("must be at least 1")
    @Option(order = 3, names = "--threads", paramLabel = "N", converter = OptionConverters.ThreadCount.class,
        description = "worker threads; 0 uses every core (default: all cores)")
    int threads = 0;

    /** The thread count {@code --threads} asks for. */
    int threads() {
      return threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
    }

    @Option(order = 4, names = "--seconds", paramLabel = "S", converter = OptionConverters.PositiveReal.class,
        description = "time spent on each measurement; the median run is reported (default: 2)")
    double seconds = 2;

    @Option(order = 5, names = "--copy-mib", paramLabel = "M", converter = PositiveInt.class,
        description = "size of each STREAM copy array in MiB, up to 8191; both must fit in the heap (default: 512)")
    int copyMib = 512;

    @Option(order = 6, names = "--no-graphblas", description = "do not run SuiteSparse:GraphBLAS")
    boolean noGraphblas;

    @Option(order = 7, names = "--script", paramLabel = "FILE",
        description = "the GraphBLAS Python script (default: tropic-bench/scripts/graphblas_bench.py)")
    Path script = Path.of("tropic-bench/scripts/graphblas_bench.py");

    @Option(order = 8, names = "--block-size", paramLabel = "N",
        description = "BlockCoo block size, 1..65536 (default: 0, chosen from n and the thread count)")
    int blockSize;

    @Option(order = 9, names = {"-h", "--help"}, usageHelp = true, description = "this text")
    boolean help;
  }

  static Path findData() {
    return findData(Path.of("").toAbsolutePath());
  }

  /** The first {@code shared/data} in {@code start} or a folder above it. */
  static Path findData(Path start) {
    for (Path p = start; p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("shared/data"))) {
        return p.resolve("shared/data");
      }
    }
    // bad usage, not a bug: run from outside the checkout, 'tropic sparse bench' stopped with an internal-error trace
    throw new IllegalArgumentException("no shared/data folder in " + start + " or above it;"
        + " run from the repository root (the data is ../shared/data) or pass --data DIR");
  }
}
