package org.tropic.cli.sparse;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.tropic.analytics.Bfs;
import org.tropic.analytics.SparseGraph;
import org.tropic.bench.OptionConverters;
import org.tropic.cli.GraphOptions;
import org.tropic.cli.ProgressBar;
import org.tropic.cli.Version;
import org.tropic.io.NpyHeader;
import org.tropic.sparse.LayoutAdvisor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tropic bfs GRAPH --source S}: BFS levels as repeated boolean SpMV. */
@Command(name = "bfs", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Breadth-first levels from a source (one sparse product per level).",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:levels computed", "1:the computation failed", "2:bad input (file, vertex, option)"})
public final class BfsCommand implements Callable<Integer> {
  private final GraphLoader loader;

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "GRAPH", description = "Graph file, or a .bcoo matrix from 'sparse convert'.")
  Path graph;

  @Option(names = "--source", required = true, split = ",", paramLabel = "VERTEX",
      description = "Source vertex: its label, or, only when the graph has no labels (DIMACS, Matrix Market, a .bcoo"
          + " of one), its 0-based id (the file's vertex k is k-1); several, comma-separated, start at level 0"
          + " together.")
  List<String> sources;

  @Option(names = "--max-depth", paramLabel = "D", converter = OptionConverters.NonNegativeInt.class,
      description = "Stop after level D (default: no limit).")
  Integer maxDepth;

  @Option(names = "--show", defaultValue = "10", paramLabel = "N", converter = OptionConverters.NonNegativeInt.class,
      description = "Vertices to list per level, in the table and in the JSON's levels (default: ${DEFAULT-VALUE}).")
  int show;

  @Mixin
  GraphOptions read = new GraphOptions();

  @Mixin
  MatrixOptions matrix = new MatrixOptions();

  @Mixin
  OutputOptions output = new OutputOptions();

  public BfsCommand(GraphLoader loader) {
    this.loader = Objects.requireNonNull(loader, "loader");
  }

  @Override
  public Integer call() {
    return CommandSupport.run(spec, () -> {
      output.checkNpy(graph);
      SparseGraph g = GraphSources.open(spec, graph, loader, read, matrix, LayoutAdvisor.Product.BFS);
      output.checkNpyRoom(g, NpyHeader.Dtype.INT32); // now, not after the work
      int[] ids = CommandSupport.vertexSet(g, "--source", sources, "the sources");
      // A bar of vertices reached, not AnalyticsProgress: a BFS's depth, and so its work, is unknown beforehand.
      ProgressBar bar = ProgressBar.on(spec.commandLine().getErr());
      Bfs.Result r = Bfs.levels(g, ids, maxDepth == null ? Integer.MAX_VALUE : maxDepth, bar);
      PrintWriter out = spec.commandLine().getOut();
      // A search that ended at --max-depth may have had more to reach: its unreached vertices are only not reached
      // within that depth, which the output must say, or they read as unreachable.
      boolean stoppedAtMaxDepth = maxDepth != null && r.depth() >= maxDepth;
      if (output.json) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("sources", sources);
        json.put("reached", r.reached());
        json.put("depth", r.depth());
        json.put("max_depth", maxDepth);
        json.put("stopped_at_max_depth", stoppedAtMaxDepth);
        json.put("level_sizes", r.levelSizes());
        // The first --show vertices of each level, as the table lists them; every vertex's level is in --npy.
        List<List<String>> levels = new ArrayList<>();
        for (int level = 0; level <= r.depth(); level++) {
          int[] at = r.vertices(level);
          List<String> names = new ArrayList<>();
          for (int i = 0; i < Math.min(show, at.length); i++) {
            names.add(g.name(at[i]));
          }
          levels.add(names);
        }
        json.put("levels", levels);
        CommandSupport.printJson(out, json);
      } else {
        out.printf(Locale.ROOT, "BFS from %s: %,d of %,d vertices reached, depth %d%s%n", String.join(",", sources),
            r.reached(), g.vertexCount(), r.depth(), stoppedAtMaxDepth
                ? " (stopped at --max-depth " + maxDepth + ": others may lie deeper)" : "");
        List<List<String>> rows = new ArrayList<>();
        for (int level = 0; level <= r.depth(); level++) {
          int[] at = r.vertices(level);
          StringBuilder names = new StringBuilder();
          for (int i = 0; i < Math.min(show, at.length); i++) {
            names.append(i == 0 ? "" : " ").append(g.name(at[i]));
          }
          if (at.length > show) {
            names.append(" …");
          }
          rows.add(List.of(Integer.toString(level), names.toString(), Long.toString(r.levelSizes()[level])));
        }
        CommandSupport.printTable(out, List.of("level", "vertices", "count"), rows);
      }
      if (output.npy != null) {
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("measure", "bfs-level");
        about.put("sources", sources);
        about.put("unreached", -1);
        about.put("max_depth", maxDepth); // -1 then means not reached within it, where stopped_at_max_depth
        about.put("stopped_at_max_depth", stoppedAtMaxDepth);
        NpyWriter.write(output.npy, r.levels(), g, about);
      }
      return CommandSupport.OK;
    });
  }
}
