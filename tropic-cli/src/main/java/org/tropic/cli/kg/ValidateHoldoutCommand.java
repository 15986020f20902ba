package org.tropic.cli.kg;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tropic.bench.OptionConverters;
import org.tropic.cli.ProgressBar;
import org.tropic.cli.Version;
import org.tropic.discovery.HoldoutValidation;
import org.tropic.kg.CuratedGraphReader;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphBuilder;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tropic validate holdout}: hide links of one relation and see how close the rest puts them. */
@Command(name = "holdout", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    description = "Held-out link validation: hide a fraction of one relation's edges (e.g. Hetionet CtD), compute"
        + " shortest paths on the rest, compare hidden pairs with random non-links of the same node types.",
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class ValidateHoldoutCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Source source;

  static final class Source {
    @Option(names = "--kg", paramLabel = "KG", required = true, description = "A stored graph.")
    Path kg;

    @ArgGroup(exclusive = false)
    Files files;
  }

  static final class Files {
    @Option(names = "--curated-nodes", paramLabel = "FILE", required = true, description = "Node table (id, name,"
        + " kind; a second row for an id is malformed).")
    Path nodes;

    @Option(names = "--curated-edges", paramLabel = "FILE", required = true, description = "SIF edges.")
    Path edges;
  }

  @Option(names = "--relation", paramLabel = "REL", required = true, description = "The relation to hide (e.g."
      + " CtD).")
  String relation;

  @Option(names = "--fraction", paramLabel = "F", defaultValue = "0.2", converter = OptionConverters.Share.class,
      description = "Share of its edges hidden, in (0, 1] (default: ${DEFAULT-VALUE}).")
  double fraction;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the random choices (default:"
      + " ${DEFAULT-VALUE}).")
  long seed;

  @Mixin
  PathEdgesOption edges;

  @Option(names = "--plots", paramLabel = "DIR", description = "Write histograms and the ROC curve (PNG, SVG) here.")
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
    KnowledgeGraph graph;
    if (source.kg != null) {
      graph = KgCli.load(source.kg);
    } else {
      KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
      CuratedGraphReader.read(source.files.nodes, source.files.edges, builder, false)
          .forEach(report -> info.println(report.summary()));
      graph = builder.build();
    }
    HoldoutValidation.Result result = HoldoutValidation.run(graph, new HoldoutValidation.Options(relation, fraction,
        seed, edges.kinds(), new int[] {10, 100}), ProgressBar.on(spec.commandLine().getErr()));
    if (json) {
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("relation", relation);
      report.put("relation_edges", result.relationEdges());
      report.put("hidden", result.hidden());
      report.put("source_type", result.sourceType());
      report.put("target_type", result.targetType());
      report.put("seed", seed);
      report.putAll(ValidationJson.evaluation(result.evaluation(), "hidden_links", "random_non_links"));
      output.printJson(report);
    } else {
      out.printf(Locale.ROOT, "held-out validation: %d of %d '%s' edges (%s - %s) hidden, seed %d%n",
          result.hidden(), result.relationEdges(), relation, result.sourceType(), result.targetType(), seed);
      Printing.evaluation(out, result.evaluation(), "hidden links", "random non-links");
    }
    output.plotLinkPrediction(result.evaluation(), "hidden " + relation, "hidden " + relation + " vs random",
        "holdout");
    return KgCli.OK;
  }
}
