package org.tropic.cli.kg;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tropic.cli.ProgressBar;
import org.tropic.cli.Version;
import org.tropic.discovery.TimeSlicedValidation;
import org.tropic.kg.KnowledgeGraph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tropic validate time}: DSNAPSHOT's 2005-vs-2020 analysis on any graph with years. */
@Command(name = "time", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    description = "Time-sliced validation: pairs unlinked at the first year but linked by the second, against random"
        + " pairs linked in neither; their shortest paths in the first year's graph compared by KS test, ROC AUC"
        + " and precision@k.",
    exitCodeListHeading = KgCli.EXIT_CODES_HEADING,
    exitCodeList = {"0:done", "1:the work failed", "2:bad input or usage"})
public final class ValidateTimeCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--kg", paramLabel = "KG", required = true, description = "A graph with years (SemMedDB +"
      + " CITATIONS, or dated triples).")
  Path kg;

  @Option(names = "--from-year", paramLabel = "Y1", required = true, description = "The year the graph is cut at.")
  int fromYear;

  @Option(names = "--to-year", paramLabel = "Y2", required = true, description = "The later year.")
  int toYear;

  @Mixin
  PathEdgesOption edges;

  @Option(names = "--max-pairs", paramLabel = "N", defaultValue = "0", description = "Use at most N new links"
      + " (0 = all, the default).")
  int maxPairs;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the random pairs (default:"
      + " ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--plots", paramLabel = "DIR", description = "Write path-length histograms and the ROC curve"
      + " (PNG and SVG) here.")
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
    // The options are checked before the graph is loaded, which can take a while.
    TimeSlicedValidation.Options options = new TimeSlicedValidation.Options(fromYear, toYear, edges.kinds(),
        maxPairs, seed, new int[] {10, 100, 1000});
    KnowledgeGraph graph = KgCli.load(kg);
    TimeSlicedValidation.Result result = TimeSlicedValidation.run(graph, options,
        ProgressBar.on(spec.commandLine().getErr()));
    if (json) {
      printUndatedNote(info, result);
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("from_year", fromYear);
      report.put("to_year", toYear);
      report.put("concepts_at_from_year", result.conceptsAtFrom());
      report.put("newly_linked_pairs", result.newLinks());
      report.put("undated_pairs_left_out", result.undatedPairs());
      report.put("seed", seed);
      report.putAll(ValidationJson.evaluation(result.evaluation(), "new_links", "random_unlinked_pairs"));
      output.printJson(report);
    } else {
      out.printf(Locale.ROOT, "time-sliced validation, graph as of %d (%,d concepts): %,d concept pairs newly linked"
          + " by %d%n", fromYear, result.conceptsAtFrom(), result.newLinks(), toYear);
      printUndatedNote(out, result);
      Printing.evaluation(out, result.evaluation(), "new links", "random unlinked pairs");
    }
    output.plotLinkPrediction(result.evaluation(), "new links", "linked " + fromYear + "-" + toYear + " vs random",
        "time");
    return KgCli.OK;
  }

  /** Pairs left out of both sets, so that a count short of the graph's new edges is not taken for a fault. */
  private void printUndatedNote(PrintWriter out, TimeSlicedValidation.Result result) {
    if (result.undatedPairs() > 0) {
      out.printf(Locale.ROOT, "  note: %,d concept pair(s) with evidence of unknown year and none dated by %d are"
          + " neither new links nor negatives (they may have been linked before %d)%n", result.undatedPairs(),
          fromYear, fromYear);
    }
  }
}
