package org.tropic.cli.kg;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tropic.bench.OptionConverters.PositiveInt;
import org.tropic.cli.Json;
import org.tropic.cli.ProgressBar;
import org.tropic.cli.Version;
import org.tropic.discovery.ClosedDiscovery;
import org.tropic.discovery.DiscoveredPath;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tropic discover closed}: the k shortest paths from A to C with their evidence. */
@Command(name = "closed", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    description = "Closed discovery: the k shortest simple paths (Yen) between A and C, each edge with its weight,"
        + " evidence count and first year, and the intermediate B concepts.",
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class DiscoverClosedCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = {"--from", "-a"}, paramLabel = "VERTEX", required = true, description = "The A node's id.")
  String from;

  @Option(names = {"--to", "-c"}, paramLabel = "VERTEX", required = true, description = "The C node's id.")
  String to;

  @Mixin
  DiscoveryGraphOptions graphOptions;

  @Option(names = "-k", paramLabel = "N", defaultValue = "5", converter = PositiveInt.class,
      description = "Paths shown (default: ${DEFAULT-VALUE}); each costs about its hop count in single-source"
          + " searches, so a large N takes a while (a progress bar on standard error shows how long); an N whose"
          + " paths and candidates cannot fit in the heap is refused before the search (exit 2), with the estimate.")
  int k;

  @Option(names = "--json", description = "Print the paths as JSON (what is read goes to standard error).")
  boolean json;

  @Override
  public Integer call() {
    return KgCli.run(spec, this::discover);
  }

  private int discover() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    // With --json, standard output holds the JSON alone.
    PrintWriter info = json ? spec.commandLine().getErr() : out;
    graphOptions.edges.kinds(); // checked before the graph is loaded
    KnowledgeGraph graph = graphOptions.load(info, from, to);
    KgView view = graphOptions.view(graph);
    ClosedDiscovery.Found found =
        ClosedDiscovery.find(view, from, to, k, ProgressBar.on(spec.commandLine().getErr()));
    List<DiscoveredPath> paths = found.paths();
    if (json) {
      printFewerThanK(info, view, paths);
      printTiedBeyondK(info, found);
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("from", DiscoveryJson.node(graph, from));
      result.put("to", DiscoveryJson.node(graph, to));
      result.put("edges", DiscoveryJson.edgeKinds(view));
      result.put("as_of", graphOptions.asOf);
      result.put("k", k);
      result.put("paths", DiscoveryJson.paths(paths));
      result.put("tied_beyond_k", found.tiedBeyond()); // at least so many more paths of the k-th's length
      Json.write(out, result);
      return KgCli.OK;
    }
    out.println("closed discovery: " + Printing.label(graph.name(graph.requireNode(from)), from) + " to "
        + Printing.label(graph.name(graph.requireNode(to)), to) + ": " + paths.size() + " path(s)");
    printFewerThanK(out, view, paths);
    if (paths.isEmpty()) {
      out.println("no path: the two are in different components of the " + KgView.labels(view.kindsWithEdges())
          + " graph");
    }
    Printing.paths(out, paths);
    printTiedBeyondK(out, found);
    return KgCli.OK;
  }

  /**
   * Says when paths not shown tie the k-th's length, so that its place is not taken for the only one at that length:
   * on a curated graph, whose edges all have length 1, most k-th places are such ties.
   */
  private void printTiedBeyondK(PrintWriter out, ClosedDiscovery.Found found) {
    if (found.tiedBeyond() > 0) {
      DiscoveredPath last = found.paths().getLast();
      out.printf(Locale.ROOT, "note: at least %d more path(s) not shown tie path %d's length, %.4f: of equal lengths"
          + " the fewest edges come first, then by the nodes' order in the graph (a larger -k lists them)%n",
          found.tiedBeyond(), found.paths().size(), last.length());
    }
  }

  /** Says when the graph holds fewer simple paths than asked for, so a short list is not taken for a cut-off. */
  private void printFewerThanK(PrintWriter out, KgView view, List<DiscoveredPath> paths) {
    if (!paths.isEmpty() && paths.size() < k) {
      out.println("only " + paths.size() + " simple path(s) join " + from + " and " + to + " in the "
          + KgView.labels(view.kindsWithEdges()) + " graph, fewer than the " + k + " asked for (-k)");
    }
  }
}
