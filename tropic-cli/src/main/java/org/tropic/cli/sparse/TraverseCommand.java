package org.tropic.cli.sparse;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.IntPredicate;
import org.tropic.analytics.Ranked;
import org.tropic.analytics.SparseGraph;
import org.tropic.analytics.VertexScores;
import org.tropic.analytics.WeightedTraversal;
import org.tropic.bench.OptionConverters;
import org.tropic.bench.OptionConverters.PositiveInt;
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

/** {@code tropic traverse GRAPH --seeds ... --steps k --top N}: weighted edge traversal from a seed set. */
@Command(name = "traverse", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Vertices most related to a seed set: arc weights accumulated over walks of up to --steps steps.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:ranking printed", "1:the computation failed (e.g. overflow)", "2:bad input"})
public final class TraverseCommand implements Callable<Integer> {
  private final GraphLoader loader;

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "GRAPH", description = "Graph file, or a .bcoo matrix from 'sparse convert'.")
  Path graph;

  @Option(names = "--seeds", required = true, split = ",", paramLabel = "VERTEX",
      description = "Seed vertices, comma-separated: labels, or, only when the graph has no labels (DIMACS,"
          + " Matrix Market), 0-based ids (the file's vertex k is k-1).")
  List<String> seeds;

  @Option(names = "--steps", defaultValue = "2", paramLabel = "N", converter = PositiveInt.class,
      description = "Walk length (default: 2).")
  int steps;

  @Option(names = "--decay", defaultValue = "1", paramLabel = "G", converter = OptionConverters.PositiveReal.class,
      description = "Factor per step, favouring short walks when below 1 (default: 1).")
  double decay;

  @Option(names = "--top", defaultValue = "10", paramLabel = "N", converter = PositiveInt.class,
      description = "Vertices to list (default: 10).")
  int top;

  @Option(names = "--include-seeds", description = "Rank the seeds too.")
  boolean includeSeeds;

  @Mixin
  GraphOptions read = new GraphOptions();

  @Mixin
  MatrixOptions matrix = new MatrixOptions();

  @Mixin
  OutputOptions output = new OutputOptions();

  public TraverseCommand(GraphLoader loader) {
    this.loader = Objects.requireNonNull(loader, "loader");
  }

  @Override
  public Integer call() {
    return CommandSupport.run(spec, () -> {
      output.checkNpy(graph);
      SparseGraph g = GraphSources.open(spec, graph, loader, read, matrix, LayoutAdvisor.Product.SPMV);
      output.checkNpyRoom(g, NpyHeader.Dtype.FLOAT64); // now, not after the work
      int[] ids = CommandSupport.vertexSet(g, "--seeds", seeds, "the seeds");
      Set<Integer> seedSet = new HashSet<>();
      for (int id : ids) {
        seedSet.add(id);
      }
      WeightedTraversal.Options options = new WeightedTraversal.Options(steps, decay);
      VertexScores scores = WeightedTraversal.scores(g, ids, options, AnalyticsProgress.of(spec, g));
      // A score of 0 means no walk reached the vertex: it is not related, however short the list.
      IntPredicate listed = v -> scores.get(v) != 0 && (includeSeeds || !seedSet.contains(v));
      List<Ranked> ranked = scores.top(top, listed);
      long tied = scores.tiedBeyond(ranked, listed);
      if (ranked.isEmpty()) { // an empty table alone read as a failure, or as a graph without such vertices
        noteNothingReached(g);
      }
      PrintWriter out = spec.commandLine().getOut();
      if (output.json) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("seeds", seeds);
        json.put("steps", steps);
        json.put("decay", decay);
        json.put("top", CommandSupport.rankJson(ranked));
        if (tied > 0) {
          json.put("tied_beyond_top", tied);
        }
        CommandSupport.printJson(out, json);
      } else {
        out.printf("Related to %s over walks of 1..%d steps%s:%n", String.join(",", seeds), steps,
            decay == 1 ? "" : " (decay " + decay + ")");
        CommandSupport.printTable(out, List.of("rank", "vertex", "score"), CommandSupport.rankRows(ranked));
      }
      CommandSupport.noteTiesBeyondTop(spec.commandLine().getErr(), ranked, tied);
      if (output.npy != null) {
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("measure", "weighted-traversal");
        about.put("seeds", seeds);
        about.put("steps", steps);
        about.put("decay", decay);
        NpyWriter.write(output.npy, scores.toArray(), g, about);
      }
      return CommandSupport.OK;
    });
  }

  /** Says why the ranking is empty: no walk from the seeds reaches another vertex (or, with --include-seeds, any). */
  private void noteNothingReached(SparseGraph g) {
    PrintWriter err = spec.commandLine().getErr();
    err.printf(Locale.ROOT, "tropic traverse: no walk of 1..%d steps from %s reaches %s vertex%s%n", steps,
        String.join(",", seeds), includeSeeds ? "any" : "another",
        g.symmetric() ? "" : " (walks follow arcs from source to target; --undirected reads each arc as an edge)");
    err.flush();
  }
}
