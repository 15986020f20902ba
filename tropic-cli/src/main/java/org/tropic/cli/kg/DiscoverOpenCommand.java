package org.tropic.cli.kg;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.tropic.bench.OptionConverters.PositiveInt;
import org.tropic.cli.Json;
import org.tropic.cli.Version;
import org.tropic.discovery.Candidate;
import org.tropic.discovery.KgDistances;
import org.tropic.discovery.OpenDiscovery;
import org.tropic.discovery.Ranking;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.NodeKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tropic discover open}: the C never linked to A, ranked. */
@Command(name = "open", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    description = {"Open discovery: rank the nodes with no direct edge to the source by shortest-path distance or"
        + " by an LBD measure (linking terms, average minimum weight, Jaccard of neighbourhoods).",
        "A direct edge is one of any kind in the graph (as of --as-of): --edges restricts the paths only, so a node"
            + " the source is predicated with is never proposed, even when paths run through abstracts alone."},
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class DiscoverOpenCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = {"--source", "-a"}, paramLabel = "VERTEX", required = true, description = "The A node's id"
      + " (e.g. a CUI).")
  String source;

  @Mixin
  DiscoveryGraphOptions graphOptions;

  @Option(names = "--rank", paramLabel = "MEASURE", defaultValue = "distance", description = "How the"
      + " candidates are ranked: distance, linking-terms, amw or jaccard (default: ${DEFAULT-VALUE}).")
  String rank;

  @Option(names = "--types", paramLabel = "TYPES", split = ",", description = "Semantic types C may have (e.g."
      + " dsyn,neop).")
  List<String> types = List.of();

  @Option(names = "--node-kinds", paramLabel = "KINDS", defaultValue = "concept", description = "Node kinds C may"
      + " be: concept, abstract, or both (also written concept,abstract; default: ${DEFAULT-VALUE}).")
  String nodeKinds;

  @Option(names = "--top", paramLabel = "N", defaultValue = "20", converter = PositiveInt.class,
      description = "Candidates shown (default: ${DEFAULT-VALUE}).")
  int top;

  @Option(names = "--apsp", paramLabel = "auto|none|FILE", defaultValue = "auto", description = "Distances from"
      + " the graph's stored APSP where it is over the same edges (auto), a given .npy, or single-source search"
      + " (none). Default: auto.")
  String apsp;

  @Option(names = "--json", description = "Print the candidates as JSON (what is read goes to standard error).")
  boolean json;

  @Override
  public Integer call() {
    return KgCli.run(spec, this::discover);
  }

  private int discover() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    // With --json, standard output holds the JSON alone.
    PrintWriter info = json ? spec.commandLine().getErr() : out;
    Set<NodeKind> kinds = EnumSet.noneOf(NodeKind.class);
    if (nodeKinds.strip().equalsIgnoreCase("both")) {
      kinds.addAll(EnumSet.allOf(NodeKind.class));
    } else {
      Stream.of(nodeKinds.split(",")).map(NodeKind::parse).forEach(kinds::add);
    }
    // The options are checked before the graph is loaded, which can take a while.
    OpenDiscovery.Options options = new OpenDiscovery.Options(Ranking.parse(rank), kinds, Set.copyOf(types), top);
    graphOptions.edges.kinds(); // checked before the graph is loaded
    if (graphOptions.asOf != null && !apsp.equals("auto") && !apsp.equals("none")) {
      // A stored APSP is of the whole graph; without this the sidecar check refused it as "a different graph".
      throw new IllegalArgumentException("--apsp " + apsp + " holds distances of the whole graph, but --as-of "
          + graphOptions.asOf + " asks for its slice, whose weights are recomputed from the counts of that year;"
          + " leave out --apsp (auto then searches the slice) or give --apsp none");
    }
    KnowledgeGraph graph = graphOptions.load(info, source);
    KgView view = graphOptions.view(graph);
    // A stored APSP belongs to the whole graph, never to a slice of it.
    String apspChoice = graphOptions.asOf != null && apsp.equals("auto") ? "none" : apsp;
    try (KgDistances distances = Apsp.distances(graphOptions.kg, view, apspChoice, info)) {
      List<Candidate> candidates = OpenDiscovery.candidates(distances, source, options);
      int a = graph.requireNode(source);
      if (json) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("source", DiscoveryJson.node(graph, source));
        result.put("ranking", options.ranking().label());
        result.put("edges", DiscoveryJson.edgeKinds(view));
        result.put("node_kinds", kinds.stream().map(NodeKind::label).toList());
        result.put("types", types);
        result.put("as_of", graphOptions.asOf);
        result.put("candidates", DiscoveryJson.candidates(candidates));
        out.println(Json.text(result));
        out.flush();
        return KgCli.OK;
      }
      out.println("open discovery from " + Printing.label(graph.name(a), source) + ", ranked by "
          + options.ranking().label() + (types.isEmpty() ? "" : ", types " + String.join(",", types)) + ": "
          + candidates.size() + " shown");
      if (!candidates.isEmpty()) {
        Printing.candidates(out, candidates);
      } else { // a table header over nothing reads as a table cut short
        out.println("no candidate: every node of the kinds and types asked for is linked to the source directly (by"
            + " an edge of any kind) or cannot be reached from it" + (options.ranking() == Ranking.DISTANCE ? ""
            : ", or shares no linking term with it"));
      }
    }
    return KgCli.OK;
  }
}
