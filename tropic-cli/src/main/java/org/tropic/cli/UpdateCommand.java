package org.tropic.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tropic.apsp.AffectedRows;
import org.tropic.apsp.BlockSizeModel;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.IncrementalUpdate;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.apsp.NegativeCycleException;
import org.tropic.apsp.Planner;
import org.tropic.apsp.PredecessorRows;
import org.tropic.apsp.PredecessorsWhenStored;
import org.tropic.apsp.UpdateEstimate;
import org.tropic.bench.OptionConverters;
import org.tropic.graph.DroppedArcs;
import org.tropic.graph.Graph;
import org.tropic.io.ArcChanges;
import org.tropic.io.DistanceStore;
import org.tropic.io.GraphFormat;
import org.tropic.io.GraphInputException;
import org.tropic.io.GraphReader;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.ReadOptions;
import org.tropic.io.Sidecar;
import org.tropic.io.Units;
import org.tropic.io.WriteRate;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tropic update OUT.npy ARCS -o NEW.npy}: the distances of a stored result after the arcs of ARCS join its
 * graph (or, {@code --replace}, take the place of its arcs; {@code --remove}, leave it), instead of a new solve: the
 * distances below a raised or removed arc are repaired ({@link AffectedRows}), then arcs that may shorten paths go
 * through {@link IncrementalUpdate} in O(n²·s) for their s endpoints. The new result's sidecar records ARCS and the
 * change, so {@code query path} and later updates rebuild the same graph.
 */
@Command(name = "update", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    description = {"Add, replace or remove arcs in the graph of a saved APSP result and update its distances,"
        + " without solving again: O(n²·s) for the s endpoints of the arcs that shorten a distance, against a"
        + " solve's O(n³), and a repair of the distances that lay below a raised or removed arc on a shortest path.",
        "Added arcs join the graph (of parallel arcs the lightest counts); --replace gives the listed arcs their new"
            + " weights, lighter or heavier; --remove takes them out."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:distances updated and saved", "1:a negative cycle, or reading or writing failed",
        "2:bad input or usage (not a result of 'tropic apsp -o', a bad arcs file, the result's graph missing or"
            + " changed, too big for memory or for the disk)"})
final class UpdateCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "OUT.npy", description = "A result of 'tropic apsp -o' (or of an update).")
  Path base;

  @Parameters(index = "1", paramLabel = "ARCS", description = "The arcs to add (or replace, or remove): an edge list"
      + " ('source target [weight]'; .csv, .tsv, .gz ok), read with the result's direction and weight rule."
      + " Vertices are named as 'tropic query' names them; a name the graph does not have is a new vertex.")
  Path arcsPath;

  @Option(names = "--replace", description = "Each arc of ARCS takes the place of the graph's arcs between the same"
      + " vertices, at its weight, lighter or heavier (a pair the graph lacks is added).")
  boolean replace;

  @Option(names = "--remove", description = "Remove the arcs of ARCS from the graph (their weights are not read); an"
      + " arc the graph does not have is an error.")
  boolean remove;

  @Option(names = {"-o", "--output"}, paramLabel = "NEW.npy", required = true,
      description = "Where to save the updated distances (and NEW.npy.json). May be OUT.npy itself: it is"
          + " replaced only once the new result is complete.")
  Path output;

  @Option(names = "--graph", paramLabel = "GRAPH",
      description = "The graph the result was computed from, if it moved (default: the one its sidecar records).")
  Path graphPath;

  @Option(names = "--format", paramLabel = "F", converter = GraphOptions.FormatConverter.class,
      description = "Format of ARCS: edges, csv, tsv or sif. Default: detected from the name and content.")
  GraphFormat format;

  @Option(names = "--weight-column", paramLabel = "N", defaultValue = "0",
      converter = OptionConverters.NonNegativeInt.class,
      description = "1-based column of ARCS's weights (default: the one the result's graph was read with, as its"
          + " --weight-column, else the third, if present).")
  int weightColumn;

  @Option(names = "--header", negatable = true,
      description = "Whether the first line of ARCS is column names. Default: detected, as for 'tropic apsp'.")
  Boolean header;

  @Option(names = "--predecessors", negatable = true, description = "Store an int32 predecessor matrix beside NEW.npy"
      + " (NEW.pred.npy: n² × 4 more bytes), found from the new distances and the graph, or not (--no-predecessors)."
      + " Default: as OUT.npy, which has one if it was solved or updated with --predecessors.")
  Boolean predecessors;

  @Option(names = "--threads", paramLabel = "N", defaultValue = "0", converter = OptionConverters.ThreadCount.class,
      description = "Worker threads; 0 uses every core. Default: all cores.")
  int threads;

  @Mixin
  OutputOptions outputOptions;

  /** The graph with the arcs changed, once read: a negative cycle's vertices are its. */
  private Graph changed;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    int workers = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    if (replace && remove) {
      throw new IllegalArgumentException("--replace and --remove exclude each other: give one file for each change");
    }
    ArcChanges.Kind kind = kind();
    OutputPaths.refuseInputAsOutput("-o", output, arcsPath, "the arcs to " + kind.name().toLowerCase(Locale.ROOT));
    long start = System.nanoTime();
    try (NpyDistanceMatrix old = NpyDistanceMatrix.open(base)) {
      Sidecar sidecar = old.sidecar();
      if (ResultGraphs.ofKnowledgeGraph(sidecar)) {
        throw new IllegalArgumentException(base + " is a knowledge graph's APSP ('kg build --apsp'): rebuild the"
            + " graph with the new literature instead ('tropic kg build ... --apsp')");
      }
      Graph graph = ResultGraphs.read(base, sidecar, graphPath, "'tropic update'");
      Path graphFile = graphPath != null ? graphPath : Path.of(sidecar.graph().path());
      boolean withPredecessors = predecessors != null ? predecessors : sidecar.predecessors() != null;
      refuseInputsAsOutput(sidecar, graphFile, withPredecessors);
      OutputPaths.refuseCompanionOfAResult("-o", output);
      err.printf(Locale.ROOT, "read %s: %s, %s, as %s records it (%s)%n", graphFile, Units.count(
          graph.vertexCount(), "vertex", "vertices"), Units.count(graph.arcCount(), "arc", "arcs"), base.getFileName()
          + Sidecar.SUFFIX, Units.duration(seconds(start)));
      long arcsStart = System.nanoTime();
      ReadOptions options = readOptions(sidecar.graph());
      if (kind != ArcChanges.Kind.REMOVE && options.weights() == ReadOptions.Weights.UNIT && weighted(options)) {
        err.printf("note: %s has weights, but the result's graph is unweighted (hop counts): each added arc counts"
            + " as one hop%n", arcsPath);
      }
      if (kind != ArcChanges.Kind.REMOVE && weightColumn == 0 && options.weightColumn() != 0) {
        err.printf("note: reading the weights of %s from column %d, as %s's were (--weight-column N reads another)%n",
            arcsPath, options.weightColumn(), graphFile.getFileName());
      }
      ArcChanges added = ArcChanges.read(graph, arcsPath, options, kind);
      Graph after = added.graph();
      changed = after;
      double readSeconds = seconds(start);
      DroppedArcs dropped = added.source().droppedArcs(); // said as 'apsp' says it: "2 arcs" of 4 lines is no puzzle
      err.printf(Locale.ROOT, "read %s: %s (%s), %s%s (%s)%s%s%n", arcsPath, Units.count(added.arcs().size(), "arc",
          "arcs"), added.source().format().description(), added.source().undirected() ? "edges both ways" : "directed",
          added.newVertices() == 0 ? "" : ", " + Units.count(added.newVertices(), "new vertex", "new vertices"),
          Units.duration(seconds(arcsStart)), dropped.any() ? "; " + dropped.describe() : "",
          // a pair listed twice to replace is ambiguous (a later line may be meant as a correction): say which counts
          kind == ArcChanges.Kind.REPLACE && dropped.duplicates() > 0 ? " (of a pair listed twice the lightest"
              + " weight replaces the graph's)" : "");
      if (kind != ArcChanges.Kind.REMOVE && options.weights() != ReadOptions.Weights.UNIT
          && added.source().weights() == ReadOptions.Weights.UNIT
          && (graph.weightStats().min() != 1 || graph.weightStats().max() != 1)) {
        // a forgotten weight column would otherwise add arcs of length 1 to a graph of, say, road miles, unasked
        err.printf("note: %s has no weights: each added arc weighs 1, where the graph's arcs have their own%n",
            arcsPath);
      }
      if (added.source().headerRow() != null) {
        err.printf("read %s: %s%n", arcsPath, added.source().headerRow());
      }
      if (added.source().weightRounding().any()) {
        err.printf("read %s: %s%n", arcsPath, added.source().weightRounding().describe());
      }
      try {
        Planner.refuseFloatOverflow(after); // as 'apsp' refuses it: such a distance would be stored as unreachable
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(arcsPath + " joined to the graph: " + e.getMessage(), e);
      }
      long freed = DistanceStore.deleteLeftovers(output);
      if (freed > 0) {
        err.printf(Locale.ROOT, "note: deleted %s of partial files beside %s, left by a run killed while writing"
            + " it%n", Units.bytes(freed), output);
      }
      int n = after.vertexCount();
      DistanceStore.checkWritable(output, n, withPredecessors);
      ProgressBar bar = ProgressBar.onStandardError();
      long updateStart = System.nanoTime();
      DistanceMatrix beforeLowering = old; // the distances once raised arcs are repaired
      AffectedRows repaired = null;
      if (!added.raised().isEmpty()) {
        boolean[] affected = AffectedRows.find(old, added.raised(), workers, bar);
        int touched = AffectedRows.count(affected);
        long spare = requireRoom(n, IncrementalUpdate.endpointCount(added.lowered()), touched, workers,
            withPredecessors);
        err.println(repairLine(added, touched, old.size()));
        repaired = AffectedRows.repair(old, added.raisedOnly(), added.raised(), affected, workers, bar, spare);
        beforeLowering = repaired;
      }
      // which arcs shorten something is two reads each (of the distances once raised arcs are repaired: an arc may
      // shorten what a raised one lengthened): known before the work, it sizes the heap check and the plan
      List<IncrementalUpdate.Arc> shortening = IncrementalUpdate.shortening(beforeLowering, n, added.lowered(),
          after::name);
      int endpoints = IncrementalUpdate.endpointCount(shortening);
      Arithmetic arithmetic = after.weightStats().hasNegative() ? Arithmetic.EXACT_FLOAT
          : Arithmetic.NONNEGATIVE_FLOAT;
      requireRoom(n, endpoints, 0, workers, withPredecessors);
      if (!added.lowered().isEmpty()) {
        // said before the closure and the columns' product, which take as long as the rows when s nears n
        err.println(planLine(shortening.size(), added.lowered().size(), kind, endpoints, arithmetic, n));
        err.println(estimateLine(old.size(), n, endpoints, arithmetic, workers));
      } else if (added.raised().isEmpty()) {
        // "0 of 0 new or lighter arcs" said nothing to a removal of self-loops or a replacement by the same weights
        err.printf("update: no arc of %s changes the graph (weights it already has, or self-loops); the distances"
            + " stay as they were%n", arcsPath);
      }
      warmUpFor(n, endpoints, arithmetic);
      IncrementalUpdate update = IncrementalUpdate.prepare(beforeLowering, n, shortening, after.isSymmetric()
          && graph.isSymmetric(), after.weightStats().hasNegative(), workers, MinPlusKernels.best(), after::name, bar);
      long writeStart = System.nanoTime();
      Map<String, Double> timings = new LinkedHashMap<>();
      timings.put("read", readSeconds);
      timings.put("prepare", (writeStart - updateStart) / 1e9);
      List<Sidecar.GraphInput> additions = new ArrayList<>(sidecar.addedArcs());
      additions.add(Sidecar.GraphInput.of(arcsPath.toString(), added.source(), options.weightColumn() == 0 ? null
          : options.weightColumn()).withChange(kind));
      Sidecar.GraphInput baseInput = graphPath == null ? sidecar.graph() : new Sidecar.GraphInput(
          graphPath.toAbsolutePath().normalize().toString(), sidecar.graph().format(), sidecar.graph().undirected(),
          sidecar.graph().weights(), sidecar.graph().weightColumn(), sidecar.graph().headerRow());
      Sidecar next = Sidecar.of(after, baseInput, new Sidecar.Options("update", update.arithmetic().label(), null,
          workers), update.arithmetic().label(), timings).withAdditions(additions);
      // the rows are computed as the store asks for them: the bar and the time are the update's and the write's; the
      // predecessors are found from the new distances once written, read back from the file, not computed twice
      PredecessorsWhenStored predecessorsOf = withPredecessors ? new PredecessorsWhenStored(after, workers) : null;
      DistanceStore.writeFindingPredecessors(update.rows(), predecessorsOf, output, next, bar);
      double writeSeconds = seconds(writeStart);
      double updateSeconds = seconds(updateStart);
      report(update, added, kind, repaired, graph, n, updateSeconds, writeSeconds, predecessorsOf);
    } catch (NegativeCycleException e) {
      throw changed == null ? e : e.withCycleOf(changed, ApspCommand.CYCLE_SEARCH_SECONDS);
    }
    return 0;
  }

  private ArcChanges.Kind kind() {
    return remove ? ArcChanges.Kind.REMOVE : replace ? ArcChanges.Kind.REPLACE : ArcChanges.Kind.ADD;
  }

  private void report(IncrementalUpdate update, ArcChanges added, ArcChanges.Kind kind, AffectedRows repaired,
      Graph before, int n, double updateSeconds, double writeSeconds, PredecessorsWhenStored predecessors) {
    Report report = new Report()
        .put("result", base.toString())
        .put("arcs_file", arcsPath.toString())
        .put("vertices_before", before.vertexCount())
        .put("vertices", n) // the names of apsp and info
        .put("arcs", added.graph().arcCount())
        .put("change", kind.done()) // as info's arc_changes name it
        .put("arcs_read", added.arcs().size())
        .put("arcs_lowered", added.lowered().size())
        .put("arcs_shortening", update.effectiveArcs())
        .put("arcs_raised", added.raised().size())
        .put("rows_repaired", repaired == null ? 0 : repaired.repairedRows())
        .put("distances_repaired", repaired == null ? 0 : repaired.repairedDistances())
        .put("new_vertices", added.newVertices())
        .put("endpoints", update.endpoints())
        .put("share_of_a_solve", IncrementalUpdate.flops(n, update.endpoints()) / (2.0 * n * n * n))
        .put("arithmetic", update.arithmetic().label())
        .put("kernels", MinPlusKernels.best().name())
        .put("threads", threads > 0 ? threads : Runtime.getRuntime().availableProcessors())
        .put("pairs_shortened", update.shortenedPairs())
        .put("pairs_joined", update.joinedPairs())
        .put("update_seconds", updateSeconds)
        .put("gflops", IncrementalUpdate.flops(n, update.endpoints()) / updateSeconds / 1e9)
        .put("peak_memory_bytes", PeakMemory.bytes())
        .put("output", output.toString())
        .put("predecessors", predecessors == null ? null : DistanceStore.predecessorsPathFor(output).toString())
        .put("predecessor_seconds", predecessors == null ? null : predecessors.seconds())
        .put("write_seconds", writeSeconds);
    outputOptions.print(spec, report);
  }

  /** What the arcs made heavier or removed touch: the rows where one was on a shortest path. */
  private static String repairLine(ArcChanges changes, int rows, int oldN) {
    if (rows == 0) {
      return String.format(Locale.ROOT, "update: %s heavier or removed; none of the %,d rows had one on a shortest"
          + " path: no distance changes for them", Units.count(changes.raised().size(), "arc", "arcs"), oldN);
    }
    double percent = 100.0 * rows / Math.max(1, oldN);
    return String.format(Locale.ROOT, "update: %s heavier or removed; %,d of %,d rows (%s%%) had one on a shortest"
        + " path: repairing the distances below it", Units.count(changes.raised().size(), "arc", "arcs"), rows, oldN,
        String.format(Locale.ROOT, percent < 10 ? "%.2g" : "%.0f", percent));
  }

  /**
   * Refuses -o, or the sidecar written beside it, naming a file the new result is read from again: the graph, ARCS,
   * an arcs file of an earlier update (every later {@code query path}, {@code info} and update replays those) or
   * the old result's sidecar. The rename at the end would replace it for good, and with it the graph of the result.
   */
  private void refuseInputsAsOutput(Sidecar sidecar, Path graphFile, boolean withPredecessors) {
    List<Path> writes = new ArrayList<>(List.of(output, Sidecar.pathFor(output)));
    if (withPredecessors) {
      writes.add(DistanceStore.predecessorsPathFor(output));
    }
    for (Path written : writes) {
      OutputPaths.refuseInputAsOutput("-o", written, graphFile, "the result's graph");
      OutputPaths.refuseInputAsOutput("-o", written, arcsPath, "the arcs to "
          + kind().name().toLowerCase(Locale.ROOT));
      for (Sidecar.GraphInput added : sidecar.addedArcs()) {
        OutputPaths.refuseInputAsOutput("-o", written, Path.of(added.path()), "the arcs of an earlier update");
      }
    }
    OutputPaths.refuseInputAsOutput("-o", output, Sidecar.pathFor(base), "the old result's sidecar");
  }

  /** What the update will do, before any of it: the arcs that shorten something and the work, against a solve's. */
  private static String planLine(int shortening, int read, ArcChanges.Kind kind, int s, Arithmetic arithmetic,
      int n) {
    double flops = IncrementalUpdate.flops(n, s);
    double percent = 100.0 * flops / (2.0 * n * n * n);
    String work = s == 0 ? "the distances stay as they were"
        : String.format(Locale.ROOT, "%s: 2·n²·s + 2·n·s² + 2·s³ = %.3g GFLOP, %s%% of a Floyd–Warshall solve's"
            + " 2n³", Units.count(s, "endpoint", "endpoints"), flops / 1e9, percent >= 10
                ? String.format(Locale.ROOT, "%.0f", percent) : String.format(Locale.ROOT, "%.2g", percent));
    String note = s > n / 3 ? "; so many endpoints that 'tropic apsp' on the whole graph may be as fast" : "";
    String arcs = kind == ArcChanges.Kind.ADD ? "added arc" : "new or lighter arc";
    return String.format(Locale.ROOT, "update: %,d of %s %s a distance (%s arithmetic); %s%s", shortening,
        Units.count(read, arcs, arcs + "s"), shortening == 1 ? "shortens" : "shorten", arithmetic.label(), work, note);
  }

  /**
   * The plan's time: the products at the kernels' measured rates (calibrated here if no cached rates), the old and
   * new matrices at the rate measured writing beside -o (a probe of up to 64 MiB), and the kernels' compilation,
   * where it runs.
   */
  private String estimateLine(int oldN, int n, int endpoints, Arithmetic arithmetic, int workers) throws IOException {
    BlockSizeModel model = BlockSizeModel.forMachine(MinPlusKernels.best());
    UpdateEstimate estimate = UpdateEstimate.of(oldN, n, endpoints, UpdateEstimate.flopsPerSecond(model, arithmetic,
        n, endpoints, workers), WriteRate.measure(output, 4L * n * n));
    String warmUp = warmsUp(n, endpoints) && !model.warm(arithmetic) ? String.format(Locale.ROOT, " (and up to %s"
        + " compiling the kernels first)", Units.duration(BlockSizeModel.WARM_UP_SECONDS)) : "";
    return "update: " + estimate.describe() + warmUp + loadNote();
  }

  /**
   * The load average where other work holds more than the processors: the rates were measured at their best, and
   * at a load of 5.7 on the 2-core VM the update of cond-mat through 1,841 endpoints took 55 s against 17.5 s said.
   */
  static String loadNote() {
    double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    int processors = Runtime.getRuntime().availableProcessors();
    return load > processors ? String.format(Locale.ROOT, "; the load average is %.1f on %d processors now: expect"
        + " it to take longer", load, processors) : "";
  }

  /**
   * ARCS is read as the result's graph was: the same direction and weight rule, and its weight column unless told
   * (lines shaped as the graph's: with the graph's weights in column 4, ARCS's were read from column 3 and refused
   * with a hint to pass --header); its own format and header row.
   */
  private ReadOptions readOptions(Sidecar.GraphInput input) {
    ReadOptions recorded = input.toReadOptions();
    int column = weightColumn != 0 ? weightColumn : input.weightColumn() != null ? input.weightColumn() : 0;
    return ReadOptions.defaults().withFormat(format).withDirection(recorded.direction())
        .withWeights(recorded.weights()).withWeightColumn(column)
        .withHeaderRow(header == null ? ReadOptions.HeaderRow.AUTO
            : header ? ReadOptions.HeaderRow.PRESENT : ReadOptions.HeaderRow.ABSENT);
  }

  /**
   * Has the JIT compile the kernels first where the products are worth it: run cold, still interpreted, the first
   * update of power (n = 4,943, 7 endpoints, 0.34 GFLOP) took 2.8 s.
   */
  private static void warmUpFor(int n, int endpoints, Arithmetic arithmetic) {
    if (warmsUp(n, endpoints)) {
      BlockSizeModel.forMachine(MinPlusKernels.best()).warmUp(arithmetic);
    }
  }

  private static boolean warmsUp(int n, int endpoints) {
    return IncrementalUpdate.flops(n, endpoints) > 5e7;
  }

  /**
   * Whether ARCS, read as written, has a weight column (the unit rule does not even parse it). A file this look cannot
   * read with weights, say with a weight on some lines only, has one too: the unit rule reads it, as 'apsp --weights
   * unit' does, and reports anything else wrong with it.
   */
  private boolean weighted(ReadOptions options) throws java.io.IOException {
    ReadOptions asWritten = options.withWeights(ReadOptions.Weights.DEFAULT);
    try {
      return GraphReader.load(arcsPath, asWritten).source().weights() != ReadOptions.Weights.UNIT;
    } catch (GraphInputException e) {
      return true;
    }
  }

  /**
   * Refused before the rows are computed, with the figures, when the gathered rows and columns and the repair's
   * scratch cannot fit the heap; else the heap left over, for the repaired distances.
   */
  static long requireRoom(int n, int endpoints, int repairs, int threads, boolean withPredecessors) {
    long predecessorBytes = withPredecessors ? PredecessorRows.heapBytes(n, threads) : 0;
    long need = IncrementalUpdate.heapBytes(n, endpoints, threads)
        + (repairs == 0 ? 0 : AffectedRows.heapBytes(n, threads)) + predecessorBytes;
    Runtime rt = Runtime.getRuntime();
    long available = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    if (need > available || repairs > 0) {
      // what is in use counted garbage (reading the graphs leaves plenty): look again before refusing, and before
      // handing a repair what is left as its budget, which garbage made tens of MiB smaller at random
      System.gc();
      available = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }
    if (need > available) {
      throw new MemoryBudgetException(String.format(Locale.ROOT, "an update of n = %,d through up to %,d endpoints"
          + " (%s%s)", n, endpoints, IncrementalUpdate.heapParts(n, endpoints, threads), repairs == 0 ? ""
          : "; the scratch of " + Units.count(threads, "worker", "workers") + " repairing "
              + Units.count(repairs, "row", "rows") + ": " + Units.bytes(AffectedRows.heapBytes(n, threads)))
          + (withPredecessors ? "; the predecessor rows, a block at a time: " + Units.bytes(predecessorBytes) : ""),
          need, available, HeapAdvice.forShortfall(need, available).advise("change the arcs in several smaller"
          + " files, one update each"));
    }
    return available - need;
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }
}
