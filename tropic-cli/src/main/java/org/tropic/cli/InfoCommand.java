package org.tropic.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.WholeWeightSums;
import org.tropic.cli.kg.StoredGraphs;
import org.tropic.graph.Graph;
import org.tropic.io.GraphSource;
import org.tropic.io.LoadedGraph;
import org.tropic.semiring.Arithmetic;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tropic info GRAPH|OUT.npy}: what a graph file holds, as Tropic reads it, or what a stored result is. */
@Command(name = "info", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = {"Read a graph and describe it: size, degrees, weights, how it was read.",
        "Given a result of 'tropic apsp -o' (OUT.npy), describe that instead: the graph it was computed from, the"
            + " solve's options, timings and machine, after checking it against its sidecar. Given a checkpoint of"
            + " 'tropic apsp --checkpoint', say which solve it saves and how far that had got. Given a knowledge"
            + " graph's directory ('tropic kg build -o KG'), its nodes and edges by kind, years, inputs and APSP."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:described", "1:reading failed",
        "2:bad input (unreadable graph or result, a result that does not match its sidecar, bad option)"})
final class InfoCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "GRAPH", description = "Graph file (edge list, .mtx, .gr, .sif; .gz ok),"
      + " a result OUT.npy, or a knowledge graph's directory.")
  Path graphPath;

  @Option(names = "--stats", description = "For a result: also read every distance and report the reachable and"
      + " unreachable pairs, the mean and the longest distance (n²×4 bytes of reads).")
  boolean stats;

  @Mixin
  GraphOptions graphOptions;

  @Mixin
  OutputOptions output;

  @Override
  public Integer call() throws Exception {
    CheckpointFiles.refuseSetName(graphPath);
    if (StoredGraphs.isStoredGraph(graphPath)) {
      if (stats) {
        throw new IllegalArgumentException("--stats is for a result: give " + graphPath.resolve("apsp.npy")
            + " for the stored APSP's");
      }
      refuseGraphOptions();
      output.print(spec, KgInfo.describe(graphPath));
      return 0;
    }
    if (ResultInfo.isResult(graphPath)) {
      refuseGraphOptions();
      Report report = ResultInfo.describe(graphPath, stats, ProgressBar.on(spec.commandLine().getErr()));
      output.print(spec, report);
      if (!stats && !output.json) {
        spec.commandLine().getErr().println(ResultInfo.statsNote((Integer) report.values().get("vertices")));
      }
      return 0;
    }
    if (stats) {
      throw new IllegalArgumentException("--stats is for a result (OUT.npy); a graph is always described in full");
    }
    if (FloydWarshallCheckpoint.looksLikeOne(graphPath)) {
      refuseGraphOptions();
      output.print(spec, CheckpointFiles.describe(graphPath, ProgressBar.on(spec.commandLine().getErr())));
      return 0;
    }
    long start = System.nanoTime();
    LoadedGraph loaded = graphOptions.load(graphPath, spec.commandLine().getErr());
    double readSeconds = (System.nanoTime() - start) / 1e9;
    Graph g = loaded.graph();
    int n = g.vertexCount();
    int maxOut = 0;
    int isolated = 0;
    for (int u = 0; u < n; u++) {
      maxOut = Math.max(maxOut, g.outDegree(u));
      isolated += g.outDegree(u) == 0 ? 1 : 0;
    }
    var w = g.weightStats();
    String direction = loaded.source().undirected() ? "undirected" : "directed";
    Report report = new Report()
        .put("graph", graphPath.toString())
        // JSON: the --format name and the direction alone, a script's values; the table says both in words
        .put("format", new Report.Worded(loaded.source().format().optionName(),
            loaded.source().format().description()))
        .put("direction", new Report.Worded(direction, direction + " (" + loaded.source().directionReason() + ")"))
        .put("direction_reason", Report.Worded.jsonOnly(loaded.source().directionReason()))
        .put("weights", loaded.source().weights().name().toLowerCase(java.util.Locale.ROOT))
        .put("header_row", headerRow(loaded.source()))
        .put("vertices", n)
        .put("arcs", g.arcCount())
        // arcs of the file that are not arcs of the graph: the sparse analytics see A without them
        .put("self_loops_dropped", loaded.source().droppedArcs().selfLoops())
        .put("duplicate_arcs_merged", loaded.source().droppedArcs().duplicates())
        .put("labels", g.labels() != null)
        .put("mean_out_degree", n == 0 ? 0 : (double) g.arcCount() / n)
        .put("max_out_degree", maxOut)
        .put("no_out_arcs", isolated)
        .put("weight_min", g.arcCount() == 0 ? null : (double) w.min())
        .put("weight_max", g.arcCount() == 0 ? null : (double) w.max())
        .put("integral_weights", w.integral())
        // float32 is all Tropic keeps: say how many weights it changed, with the first one
        .put("rounded_weights", loaded.source().weightRounding().count())
        .put("rounded_weights_note", loaded.source().weightRounding().any()
            ? loaded.source().weightRounding().describe() : null)
        .put("arithmetic", Arithmetic.choose(w, n).label())
        // whole weights are exact in float32 up to 2^24 only: say when path lengths may pass it
        .put("path_length_note", WholeWeightSums.note(g, null))
        .put("symmetric", g.isSymmetric()) // Floyd–Warshall then solves the upper triangle of tiles only
        .put("apsp_result_bytes", (long) n * n * Float.BYTES)
        .put("fingerprint", g.fingerprint())
        .put("read_seconds", readSeconds);
    output.print(spec, report);
    return 0;
  }

  /**
   * The line read as column names; where none was, {@code none} (JSON false); for formats whose header lines are
   * part of the format, {@code not applicable} (JSON null), so that neither reads as a header row missing by error.
   */
  static Report.Worded headerRow(GraphSource source) {
    if (source.headerRow() != null) {
      return new Report.Worded(source.headerRow(), source.headerRow());
    }
    return switch (source.format()) {
      case MATRIX_MARKET, DIMACS -> new Report.Worded(null, "not applicable (" + source.format().description()
          + " has header lines of its own, read as such)");
      case EDGE_LIST, CSV, TSV, SIF -> new Report.Worded(false, "none (no line read as column names)");
    };
  }

  /** A result or checkpoint describes itself: a reading option would be ignored, so it is refused. */
  private void refuseGraphOptions() {
    var parsed = spec.commandLine().getParseResult();
    for (OptionSpec option : spec.mixins().get("graphOptions").options()) {
      if (parsed.hasMatchedOption(option)) {
        throw new IllegalArgumentException(option.longestName() + " is for reading a graph; " + graphPath
            + (StoredGraphs.isStoredGraph(graphPath) ? " is a stored knowledge graph, read as its graph.json says"
                : ResultInfo.isResult(graphPath) ? " is a result, read as its sidecar " + graphPath.getFileName()
                + ".json says" : " is a Floyd–Warshall checkpoint, which says what it holds"));
      }
    }
  }
}
