package org.tropic.cli.kg;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.tropic.bench.OptionConverters;
import org.tropic.cli.Version;
import org.tropic.discovery.ConceptMapping;
import org.tropic.discovery.CuratedComparison;
import org.tropic.discovery.KgDistances;
import org.tropic.discovery.ValidationPlots;
import org.tropic.kg.DistanceRule;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tropic validate curated}: COAST's comparison of literature paths with a curated graph. */
@Command(name = "curated", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    description = "Compare the literature graph's shortest paths among mapped concepts with a curated graph (COAST's"
        + " four scenarios: exact match; all mapped, partial or no match; some unmapped and collapsed; curated"
        + " only).",
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class ValidateCuratedCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--literature", paramLabel = "KG", required = true, description = "The literature graph.")
  Path literature;

  @Option(names = "--curated", paramLabel = "KG", required = true, description = "The curated graph (built from"
      + " --curated-nodes/--curated-edges).")
  Path curated;

  @Option(names = "--mapping", paramLabel = "direct|FILE", defaultValue = "direct", description = "Literature id"
      + " → curated id: 'direct' (curated id = Kind::literature id, as Hetionet's DOIDs and CUIs) or a two-column"
      + " file (default: ${DEFAULT-VALUE}).")
  String mapping;

  @Option(names = "--edges", paramLabel = "KINDS", defaultValue = "concept-concept", description = "Literature edge"
      + " kinds (default: ${DEFAULT-VALUE}, as COAST).")
  String edges;

  @Option(names = "--concepts", paramLabel = "IDS", split = ",", description = "Literature concepts to compare"
      + " (default: all that map).")
  List<String> concepts;

  @Option(names = "--max-concepts", paramLabel = "N", defaultValue = "0",
      converter = OptionConverters.NonNegativeInt.class,
      description = "Compare at most N concepts (0 = all, the default).")
  int maxConcepts;

  @Option(names = "--examples", paramLabel = "K", defaultValue = "2", converter = OptionConverters.NonNegativeInt.class,
      description = "Example paths shown per scenario (default:"
      + " ${DEFAULT-VALUE}).")
  int examples;

  @Option(names = "--apsp", paramLabel = "auto|none|FILE", defaultValue = "auto", description = "Literature"
      + " distances from the stored APSP where it is over the same edges (auto), a .npy, or search (none)."
      + " Default: auto.")
  String apsp;

  @Option(names = "--plots", paramLabel = "DIR", description = "Write the scenario counts chart (PNG, SVG) here.")
  Path plots;

  @Option(names = "--json", description = "Print the results as JSON (other lines go to standard error).")
  boolean json;

  @Override
  public Integer call() {
    return KgCli.run(spec, this::validate);
  }

  private int validate() throws Exception {
    ValidationOutput output = ValidationOutput.of(spec, json, plots);
    PrintWriter out = output.out;
    PrintWriter info = output.info;
    KnowledgeGraph literatureGraph = KgCli.load(literature);
    literatureGraph.requireEdgesOf(KgCli.kinds(edges), "the literature graph " + literature);
    KnowledgeGraph curatedGraph = KgCli.load(curated);
    refuseSwapped(literatureGraph, curatedGraph);
    KgView curatedView = curatedGraph.view();
    ConceptMapping conceptMapping = mapping.equals("direct") ? ConceptMapping.direct(curatedGraph)
        : ConceptMapping.read(Path.of(mapping), literatureGraph, curatedGraph);
    KgView literatureView = literatureGraph.view(KgCli.kinds(edges));
    CuratedComparison.Options options = new CuratedComparison.Options(maxConcepts, examples);
    // Too few pairs is refused before a stored APSP is loaded, not only before the searches.
    CuratedComparison.requireComparable(literatureView, curatedView, conceptMapping, concepts, options);
    try (KgDistances distances = Apsp.distances(literature, literatureView, apsp, info)) {
      CuratedComparison.Result result = CuratedComparison.run(distances, curatedView, conceptMapping, concepts,
          options);
      if (json) {
        output.printJson(ValidationJson.comparison(result));
      } else {
        DemoCommand.printComparison(out, result);
      }
      if (output.plotting()) {
        ValidationPlots.scenarios(result.counts(), "literature paths vs curated graph", output.plotBase("curated"));
        info.println("plots: " + output.plotBase("curated-scenarios.png|svg"));
      }
    }
    return KgCli.OK;
  }

  /**
   * The two graphs given the wrong way round (a curated graph's lengths are hops, a literature graph's −ln w) would
   * run on and report that no concept maps, which sends the user to check the mapping instead of the options.
   */
  private void refuseSwapped(KnowledgeGraph literatureGraph, KnowledgeGraph curatedGraph) {
    if (literatureGraph.distanceRule() == DistanceRule.HOPS
        && curatedGraph.distanceRule() == DistanceRule.NEG_LOG_WEIGHT) {
      throw new IllegalArgumentException("--literature " + literature + " is a curated graph (built from"
          + " --curated-edges, every edge of length 1) and --curated " + curated + " a literature graph: give them"
          + " the other way round");
    }
  }
}
