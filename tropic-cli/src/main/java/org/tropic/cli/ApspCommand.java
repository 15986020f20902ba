package org.tropic.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.tropic.apsp.Algorithm;
import org.tropic.apsp.Apsp;
import org.tropic.apsp.ApspPlan;
import org.tropic.apsp.ApspRequest;
import org.tropic.apsp.ApspResult;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.Device;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.apsp.NegativeCycleException;
import org.tropic.apsp.PartitionedCostModel;
import org.tropic.apsp.PartitionedDistanceMatrix;
import org.tropic.apsp.PartitionedTimings;
import org.tropic.apsp.Planner;
import org.tropic.apsp.PredecessorRows;
import org.tropic.apsp.PredecessorsWhenStored;
import org.tropic.apsp.WholeWeightSums;
import org.tropic.bench.OptionConverters;
import org.tropic.cli.dist.DistributedApsp;
import org.tropic.cli.dist.DistributedFlags;
import org.tropic.graph.DroppedArcs;
import org.tropic.graph.Graph;
import org.tropic.io.DistanceStore;
import org.tropic.io.LoadedGraph;
import org.tropic.io.Sidecar;
import org.tropic.io.Units;
import org.tropic.io.WeightRounding;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tropic apsp GRAPH -o OUT.npy}: all-pairs shortest paths. Reads the graph, prints the planner's choice with
 * its time and memory estimate, solves with a progress bar, writes the {@code .npy} store and its sidecar, and
 * reports a summary with a few example shortest paths.
 */
@Command(name = "apsp", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    description = "All-pairs shortest paths of a graph, saved as a NumPy .npy matrix (float32, +inf = unreachable).",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:distances computed (and saved with -o)", "1:a negative cycle, or reading or writing failed",
        "2:bad input or usage (unreadable graph, bad option, too big for memory or for the disk, -o naming a "
            + "folder or a device, no GPU for --device gpu)"})
final class ApspCommand implements Callable<Integer> {
  /** How long a negative cycle's error may look for the cycle itself, as {@link NegativeCycleException} says. */
  static final double CYCLE_SEARCH_SECONDS = NegativeCycleException.CYCLE_SEARCH_SECONDS;

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "GRAPH", description = "Graph file (edge list, .mtx, .gr, .sif; .gz ok).")
  Path graphPath;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT.npy",
      description = "Where to save the distances (and OUT.npy.json beside it). Default: not saved.")
  Path output;

  @Mixin
  GraphOptions graphOptions;

  @Option(names = "--algorithm", paramLabel = "A", defaultValue = "auto", converter = AlgorithmConverter.class,
      description = "auto, fw (Floyd–Warshall), dijkstra (from every source; Johnson's for negative weights), "
          + "batched (Bellman–Ford toward 256 targets at a time in SIMD lanes) or partitioned (METIS parts and a "
          + "boundary graph; needs libmetis5). Default: ${DEFAULT-VALUE}. Options that tune some algorithms only "
          + "(--block, --no-lookahead, --no-pivot-order, --checkpoint: fw; --arithmetic, --no-symmetry: fw and "
          + "partitioned; "
          + "--parts: partitioned) are refused with an algorithm that would ignore them, and narrow auto's choice "
          + "to the algorithms that use them.")
  Algorithm algorithm;

  @Option(names = "--parts", paramLabel = "K", defaultValue = "0",
      description = "Parts for --algorithm partitioned (default, or 0: chosen by its cost model); a note says when"
          + " METIS makes fewer non-empty ones, e.g. more than the graph has vertices.")
  int parts;

  @Option(names = "--arithmetic", paramLabel = "KIND", converter = ArithmeticConverter.class,
      description = "Floyd–Warshall arithmetic: exact-float, nonnegative-float or int32. Default: the fastest "
          + "exact one for the weights.")
  Arithmetic arithmetic;

  @Option(names = "--device", paramLabel = "D", defaultValue = "auto", converter = DeviceConverter.class,
      description = "auto, cpu or gpu: where Floyd–Warshall runs. auto takes the GPU when one is present and "
          + "predicted faster; gpu fails (exit 2) where none can be used. Default: ${DEFAULT-VALUE}.")
  Device device;

  @Option(names = "--block", paramLabel = "B", defaultValue = "0", converter = TileSizeConverter.class,
      description = "Floyd–Warshall tile size, a multiple of 32 (default: chosen by the measured cost model, so "
          + "it can differ between runs; the sidecar records it). One larger than n rounded up to 32 is lowered "
          + "to that, one tile.")
  int block;

  @Option(names = "--threads", paramLabel = "N", defaultValue = "0", converter = OptionConverters.ThreadCount.class,
      description = "Worker threads; 0 uses every core. Default: all cores.")
  int threads;

  @Option(names = "--no-lookahead", description = "Run Floyd–Warshall iterations strictly one after another.")
  boolean noLookahead;

  @Option(names = "--no-symmetry", description = "Solve every tile even when the graph is symmetric (undirected, "
      + "weights ≥ 0), which Floyd–Warshall otherwise solves on the upper triangle: half the work and memory.")
  boolean noSymmetry;

  @Option(names = "--no-pivot-order", description = "Take Floyd–Warshall's pivots in vertex id order instead of "
      + "by component and ascending degree, the order that lets it skip the most +∞ work on sparse graphs.")
  boolean noPivotOrder;

  @Option(names = "--checkpoint", paramLabel = "FILE", description = "Save Floyd–Warshall's state to FILE as it"
      + " goes (every --checkpoint-every) and, where FILE exists, go on from it instead of starting afresh: a run"
      + " stopped by a time limit, a crash or Ctrl-C resumes from its last save. Runs fw on the CPU; FILE is"
      + " deleted once the result is stored. With --distributed each rank saves its tiles to"
      + " FILE.rank-R-of-P.0 and .1, deleted likewise.")
  Path checkpoint;

  @Option(names = "--checkpoint-every", paramLabel = "TIME", defaultValue = "15m",
      converter = TimeSpanConverter.class, description = "Time between checkpoint saves, e.g. 90s, 15m, 2h; each"
      + " writes the matrix once (n²×4 bytes, half on the upper triangle). Default: ${DEFAULT-VALUE}.")
  Duration checkpointEvery;

  @Option(names = "--predecessors",
      description = "Also store an int32 predecessor matrix (OUT.pred.npy, so -o is needed): n² × 4 more bytes.")
  boolean predecessors;

  @Option(names = "--examples", paramLabel = "K", defaultValue = "3", converter = OptionConverters.NonNegativeInt.class,
      description = "Example shortest paths to print (the longest one, then random pairs). Default: ${DEFAULT-VALUE}.")
  int examples;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the random example pairs (default: 1).")
  long seed;

  @Mixin
  OutputOptions outputOptions;

  @Mixin
  DistributedFlags distributed;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    distributed.requireDistributedForItsFlags(spec.commandLine().getParseResult());
    distributed.refuseOptionsItWouldIgnore(spec.commandLine().getParseResult(), algorithm);
    if (output != null) {
      refuseToOverwriteTheInput();
    }
    if (checkpoint != null) {
      CheckpointFiles.refuseClashes(checkpoint, graphPath, output, predecessors);
    }
    if (distributed.enabled()) {
      if (output == null) {
        throw new IllegalArgumentException("--distributed needs -o OUT.npy: no rank holds the whole result");
      }
      if (device == Device.GPU) {
        throw new IllegalArgumentException("--distributed runs on the ranks' CPU cores only: drop --device gpu, or"
            + " run on one node without --distributed");
      }
      ProgressBar bar = ProgressBar.onStandardError();
      // every rank hears of saves the same way; rank 0 alone is told of them, and speaks for the whole set
      FloydWarshallCheckpoint parts = checkpoint == null ? null : new FloydWarshallCheckpoint(checkpoint,
          checkpointEvery, new SaveAnnouncer(Path.of(checkpoint + ".rank-*-of-" + MpirunRank.ranks()), bar));
      return DistributedApsp.runAndReport(graphPath, graphOptions.toReadOptions(), output,
          distributed.toOptions(block, threads, arithmetic, !noLookahead), bar, parts,
          spec.commandLine().getOut(), err);
    }
    refuseFlagsTheRunWouldIgnore();
    List<TuningOptions.Tuning> tunings = tuningsGiven();
    Set<Algorithm> candidates = TuningOptions.candidates(algorithm, tunings); // refused before the graph is read
    Algorithm requested = algorithm == Algorithm.AUTO && candidates.size() == 1 ? candidates.iterator().next()
        : algorithm;
    long start = System.nanoTime();
    LoadedGraph loaded = graphOptions.load(graphPath, err);
    Graph graph = loaded.graph();
    double readSeconds = seconds(start);
    DroppedArcs dropped = loaded.source().droppedArcs();
    err.printf("read %s: %s, %s, %s, %s (%s)%s%n", graphPath,
        Units.count(graph.vertexCount(), "vertex", "vertices"), Units.count(graph.arcCount(), "arc", "arcs"),
        loaded.source().format().description(), loaded.source().undirected() ? "undirected" : "directed",
        Units.duration(readSeconds), dropped.any() ? "; " + dropped.describe() : "");
    if (loaded.source().headerRow() != null) { // nothing is dropped unannounced, a header line included
      err.printf("read %s: %s%n", graphPath, loaded.source().headerRow());
    }
    WeightRounding rounding = loaded.source().weightRounding();
    if (rounding.any()) {
      err.printf("read %s: %s%n", graphPath, rounding.describe());
    }
    if (arithmetic == Arithmetic.INT32 && rounding.integers() > 0) {
      // int32 is asked for exact whole-number distances; these weights are no longer the integers written.
      throw new IllegalArgumentException("--arithmetic int32 promises exact integer distances, but " + graphPath
          + " has integer weights float32 cannot hold (" + rounding.describe() + "); every path runs on float32"
          + " weights: drop --arithmetic int32 (or use exact-float) to accept the rounding, or scale the weights"
          + " below 2^24 = 16777216");
    }

    if (output != null) {
      long freed = DistanceStore.deleteLeftovers(output);
      if (freed > 0) {
        err.printf(Locale.ROOT, "note: deleted %s of partial files beside %s, left by a run killed while writing"
            + " it%n", Units.bytes(freed), output);
      }
      DistanceStore.checkWritable(output, graph.vertexCount(), predecessors); // now, not after the solve
    }
    String narrowed = TuningOptions.note(algorithm, tunings, candidates);
    if (narrowed != null) {
      err.printf("note: %s%n", narrowed);
    }
    ProgressBar bar = ProgressBar.onStandardError();
    FloydWarshallCheckpoint saves = checkpoint == null ? null
        : new FloydWarshallCheckpoint(checkpoint, checkpointEvery, new SaveAnnouncer(checkpoint, bar));
    FloydWarshallCheckpoint.Saved resumedFrom = saves == null ? null : saves.saved();
    int b = CheckpointFiles.blockSize(saves, resumedFrom, block);
    int largest = FloydWarshallOptions.largestUsefulBlockSize(graph.vertexCount());
    if (b > largest) { // more only pads the one tile with +∞, and b² floats soon overflow an array
      err.printf("note: --block %d is more than %s need: b = %d, one tile%n", b,
          Units.count(graph.vertexCount(), "vertex", "vertices"), largest);
      b = largest;
    }
    var fw = new FloydWarshallOptions(b, threads, arithmetic, !noLookahead, !noSymmetry, !noPivotOrder);
    ApspRequest request = saves == null ? new ApspRequest(requested, fw, parts, 0, device)
        : new ApspRequest(requested, fw, parts, 0, Device.CPU, saves);
    ApspPlan plan;
    double planSeconds;
    ApspResult result;
    DistanceMatrix d;
    double writeSeconds = 0;
    // Until the result is stored a stop leaves the save to go on from, and the note says so: from the plan on (its
    // calibration takes seconds) through the predecessors and the write (13 s for Hetionet's), not the solve alone.
    CheckpointFiles.StopNote stopNote = saves == null
        ? CheckpointFiles.noteOnStopWithoutCheckpoint("tropic apsp", "--checkpoint", err)
        : CheckpointFiles.noteOnStop(saves, "tropic apsp", err);
    try {
      CheckpointFiles.goOnFrom(saves, resumedFrom, graph, fw, err);
      long planStart = System.nanoTime();
      plan = new Planner(MinPlusKernels.best()).plan(graph, request, candidates);
      if (requested != algorithm) { // the planner saw it requested; the user asked for auto
        String narrowedBy = "auto, narrowed by the options given";
        plan = plan.withReason(plan.reason().startsWith("requested")
            ? narrowedBy + plan.reason().substring("requested".length()) : narrowedBy + "; " + plan.reason());
      }
      if (parts > 0 && plan.partitioned() != null && plan.partitioned().report().parts() != parts) {
        err.printf("note: --parts %d: METIS made %s of the %s%n", parts,
            Units.count(plan.partitioned().report().parts(), "non-empty part", "non-empty parts"),
            Units.count(graph.vertexCount(), "vertex", "vertices"));
      }
      planSeconds = seconds(planStart);
      err.println(ApspNarration.planLine(graph, plan, fw));
      if (predecessors) {
        requirePredecessorRoom(graph.vertexCount(), plan);
      }
      String deviceLine = ApspNarration.deviceLine(plan);
      if (deviceLine != null) {
        err.println(deviceLine);
      }
      String sums = WholeWeightSums.note(graph, plan.arithmetic()); // before the solve, so it can be stopped
      if (sums != null) {
        err.printf("note: %s%n", sums);
      }

      if (saves != null) {
        CheckpointFiles.deleteLeftovers(saves, err);
        CheckpointFiles.checkSaves(saves, graph.vertexCount(), plan.blockSize(),
            new BlockedFloydWarshall(MinPlusKernels.best(), fw).usesSymmetry(graph), output,
            output == null ? 0 : DistanceStore.resultBytes(graph.vertexCount(), predecessors), err);
      }

      result = Apsp.run(graph, plan, request, bar);
      d = result.distances();

      if (output != null) {
        long writeStart = System.nanoTime();
        Map<String, Double> timings = new LinkedHashMap<>();
        timings.put("read", readSeconds);
        timings.put("plan", planSeconds);
        timings.put("solve", result.solveSeconds());
        var source = loaded.source();
        Sidecar sidecar = Sidecar.of(graph,
            Sidecar.GraphInput.of(graphPath.toAbsolutePath().normalize().toString(), source,
                graphOptions.weightColumnOrNull()),
            new Sidecar.Options(plan.algorithm().label(), plan.arithmetic() == null ? null : plan.arithmetic().label(),
                plan.blockSize() == 0 ? null : plan.blockSize(), plan.threads(),
                plan.partitioned() == null ? null : plan.partitioned().requestedParts()),
            plan.arithmetic() == null ? "float32-" + plan.algorithm().label() : plan.arithmetic().label(), timings);
        // found a block of rows at a time as they are written, from the distances as written: never n² of them held
        DistanceStore.writeFindingPredecessors(DistanceStore.RowSource.of(d), predecessors
            ? new PredecessorsWhenStored(graph, plan.threads()) : null, output, sidecar, bar);
        stopNote.resultStored(output);
        writeSeconds = seconds(writeStart);
      }
    } catch (NegativeCycleException e) {
      throw e.withCycleOf(graph, CYCLE_SEARCH_SECONDS); // the arcs to fix, not only a vertex that reaches them
    } finally {
      stopNote.close();
    }

    Summary summary = Summary.of(graph, d, examples, seed, plan.threads());
    Report report = new Report()
        .put("graph", graphPath.toString())
        // the names 'info' and 'sparse convert' give the same counts
        .put("vertices", graph.vertexCount())
        .put("arcs", graph.arcCount())
        .put("algorithm", plan.algorithm().label())
        .put("arithmetic", plan.arithmetic() == null ? null : plan.arithmetic().label())
        .put("block_size", plan.blockSize() == 0 ? null : plan.blockSize())
        .put("symmetric", d.solvedOnUpperTriangle() != null ? d.solvedOnUpperTriangle()
            : plan.partitioned() != null ? plan.partitioned().symmetric() : null)
        .put("threads", plan.threads())
        .put("parts", plan.partitioned() == null ? null : plan.partitioned().report().parts())
        .put("boundary_vertices", plan.partitioned() == null ? null
            : plan.partitioned().report().boundaryVertices())
        .put("device", plan.device())
        // Dijkstra runs no tile kernel: naming one would load the Vector API (50–100 ms) to report what went unused.
        .put("kernels", !plan.onCpu() ? plan.device() : plan.algorithm() == Algorithm.DIJKSTRA ? null
            : MinPlusKernels.best().name())
        .put("estimated_seconds", Double.isNaN(plan.estimatedSeconds()) ? null : plan.estimatedSeconds())
        .put("solve_seconds", result.solveSeconds());
    if (saves != null) { // the estimate is the whole solve's, solve_seconds this run's share of it
      SaveAnnouncer announcer = (SaveAnnouncer) saves.onSave();
      report.put("resumed_from_iteration", resumedFrom == null ? null : resumedFrom.iterationsDone())
          .put("checkpoint_saves", announcer.saves())
          .put("checkpoint_save_seconds", announcer.seconds()); // part of solve_seconds
    }
    if (d instanceof PartitionedDistanceMatrix partitioned) {
      // where the time went, next to the single estimate above, so a poor estimate can be traced to its step
      PartitionedTimings t = partitioned.timings();
      report.put("solve_phases", new Report()
          .put("components_seconds", t.components())
          .put("boundary_seconds", t.boundary())
          .put("products_seconds", t.products()));
      report.put("boundary_solve", partitioned.report().boundarySolve());
      if (plan.partitioned() != null) {
        PartitionedCostModel.Estimate e = plan.partitioned().estimate();
        report.put("estimated_phases", new Report()
            .put("components_seconds", e.components())
            .put("boundary_seconds", e.boundary())
            .put("products_seconds", e.products()));
      }
    }
    report
        .put("gflops", plan.algorithm() == Algorithm.FW
            ? result.floydWarshallGflops() * CheckpointFiles.shareOfWork(resumedFrom) : null)
        .put("peak_memory_bytes", PeakMemory.bytes())
        .put("reachable_pairs", summary.reachablePairs())
        // No reachable pair has no mean or maximum: shown as "-" (null in JSON), not NaN.
        .put("mean_distance", summary.reachablePairs() == 0 ? null : summary.meanDistance())
        .put("longest_distance", summary.reachablePairs() == 0 ? null : summary.maxDistance()) // as info --stats
        .put("output", output == null ? null : output.toString())
        .put("write_seconds", output == null ? null : writeSeconds);
    if (outputOptions.json) {
      report.put("examples", summary.examplesAsJson(graph));
      report.printJson(spec.commandLine().getOut());
    } else {
      report.printTable(spec.commandLine().getOut());
      summary.printExamples(graph, spec.commandLine().getOut());
    }
    // last: a run stopped before its result was stored or shown goes on from the save
    if (saves != null && Files.deleteIfExists(checkpoint)) {
      err.printf("checkpoint %s deleted: the solve is complete%s%n", checkpoint, output == null ? "" : " and stored");
    }
    return 0;
  }

  /**
   * The options that tune some algorithms only, as given ({@code --block 0} and {@code --parts 0} ask for the
   * automatic choice and tune nothing); {@link TuningOptions} refuses or narrows by them.
   */
  private List<TuningOptions.Tuning> tuningsGiven() {
    List<TuningOptions.Tuning> given = new ArrayList<>();
    if (block != 0) {
      given.add(TuningOptions.Tuning.BLOCK);
    }
    if (noLookahead) {
      given.add(TuningOptions.Tuning.NO_LOOKAHEAD);
    }
    if (noPivotOrder) {
      given.add(TuningOptions.Tuning.NO_PIVOT_ORDER);
    }
    if (arithmetic != null) {
      given.add(TuningOptions.Tuning.ARITHMETIC);
    }
    if (noSymmetry) {
      given.add(TuningOptions.Tuning.NO_SYMMETRY);
    }
    if (parts != 0) {
      given.add(TuningOptions.Tuning.PARTS);
    }
    if (checkpoint != null) {
      given.add(TuningOptions.Tuning.CHECKPOINT);
    }
    return given;
  }

  /**
   * Refuses options that would change nothing, as the distributed-only flags are refused without --distributed: a
   * user who sets them expects an effect. The algorithms' tuning options are {@link TuningOptions}' to judge.
   */
  private void refuseFlagsTheRunWouldIgnore() {
    if (predecessors && output == null) {
      throw new IllegalArgumentException("--predecessors is stored beside the result: add -o OUT.npy");
    }
    if (checkpoint == null && spec.commandLine().getParseResult().hasMatchedOption("--checkpoint-every")) {
      throw new IllegalArgumentException("--checkpoint-every says how often to save to --checkpoint FILE: add it");
    }
    if (checkpoint != null && device == Device.GPU) {
      throw new IllegalArgumentException("--checkpoint saves Floyd–Warshall on the CPU: drop --device gpu or"
          + " --checkpoint");
    }
  }

  /**
   * The result, its sidecar and its predecessor file are each checked: any of them would replace the graph; nor may
   * the result replace another's sidecar or predecessor file.
   */
  private void refuseToOverwriteTheInput() {
    OutputPaths.refuseCompanionOfAResult("-o", output);
    OutputPaths.refuseInputAsOutput("-o", output, graphPath, "the input graph");
    OutputPaths.refuseInputAsOutput("-o", Sidecar.pathFor(output), graphPath,
        "(through its sidecar " + Sidecar.pathFor(output).getFileName() + ") the input graph");
    if (predecessors) {
      Path predecessorFile = DistanceStore.predecessorsPathFor(output);
      OutputPaths.refuseInputAsOutput("-o", predecessorFile, graphPath,
          "(through its predecessor file " + predecessorFile.getFileName() + ") the input graph");
    }
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  static final class AlgorithmConverter implements picocli.CommandLine.ITypeConverter<Algorithm> {
    @Override
    public Algorithm convert(String value) {
      return OptionConverters.labelled(value, Algorithm::ofLabel);
    }
  }

  static final class DeviceConverter implements picocli.CommandLine.ITypeConverter<Device> {
    @Override
    public Device convert(String value) {
      return OptionConverters.labelled(value, Device::ofLabel);
    }
  }

  /**
   * The predecessors are found as they are written, a block of rows at a time, beside the distances: the plan's
   * memory counts the distances alone, so a run without room for the block would solve and then run out of heap
   * (exit 1, nothing written). Refused before the solve instead, with the figures, as a solve too big is.
   */
  private static void requirePredecessorRoom(int n, ApspPlan plan) {
    long rows = PredecessorRows.heapBytes(n, plan.threads());
    long need = plan.estimatedBytes() + rows;
    Runtime rt = Runtime.getRuntime();
    if (rt.maxMemory() == Long.MAX_VALUE || need <= rt.maxMemory() - (rt.totalMemory() - rt.freeMemory())) {
      return;
    }
    System.gc(); // what is in use counted garbage: look again before refusing
    long available = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    if (need > available) {
      throw new MemoryBudgetException(String.format(Locale.ROOT, "APSP of n = %,d with --predecessors (the plan's"
          + " %s and the predecessor rows found a block at a time, %s)", n, Units.bytes(plan.estimatedBytes()),
          Units.bytes(rows)), need, available, HeapAdvice.forShortfall(need, available).advise("use a"
          + " machine with more memory, or drop --predecessors: 'tropic query OUT.npy path' finds a path from the"
          + " distances and the graph")); // not --distributed, which stores no predecessors
    }
  }

  /**
   * 0 (the cost model chooses) or a multiple of 32. The micro-kernel works on 8 × 32 blocks, and any other tile
   * size sends every tile through its edge path: b = 7 took 229 s on the power grid, where b = 256 takes 0.5 s.
   */
  static final class TileSizeConverter implements picocli.CommandLine.ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      int b;
      try {
        b = Integer.parseInt(value.strip());
      } catch (NumberFormatException e) {
        b = -1;
      }
      if (b < 0 || b % 32 != 0) {
        throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not a usable tile size: give 0 "
            + "(chosen by the cost model) or a multiple of 32 such as 128 or 256; the kernels work on 8 × 32 "
            + "blocks, and other sizes run their slow edge path on every tile");
      }
      return b;
    }
  }

  static final class ArithmeticConverter implements picocli.CommandLine.ITypeConverter<Arithmetic> {
    @Override
    public Arithmetic convert(String value) {
      return OptionConverters.labelled(value, Arithmetic::ofLabel);
    }
  }
}
