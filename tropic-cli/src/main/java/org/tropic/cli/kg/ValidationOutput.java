package org.tropic.cli.kg;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import org.tropic.cli.Json;
import org.tropic.discovery.LinkPredictionEvaluation;
import org.tropic.discovery.PlotSupport;
import org.tropic.discovery.ValidationPlots;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Where a {@code validate} command writes, the same for all three: results on standard output, and with --json
 * nothing else there (summaries, notes and the plots line go to standard error), so that the JSON can be piped; and
 * the --plots folder, checked before the work, which can take minutes, not after it.
 */
final class ValidationOutput {
  /** Standard output: the results. */
  final PrintWriter out;
  /** Lines that are not results: standard output, or standard error with --json. */
  final PrintWriter info;
  private final Path plots;

  private ValidationOutput(PrintWriter out, PrintWriter info, Path plots) {
    this.out = out;
    this.info = info;
    this.plots = plots;
  }

  /**
   * The output of a command given {@code --json} or not and {@code --plots} or not ({@code null}).
   *
   * @throws IllegalStateException if plots are asked for and this runtime cannot draw them
   * @throws IllegalArgumentException if {@code plots} is a file or cannot be created
   */
  static ValidationOutput of(CommandSpec spec, boolean json, Path plots) {
    if (plots != null) {
      PlotSupport.require();
      KgCli.requireDirectoryOrAbsent("--plots", plots);
    }
    PrintWriter out = spec.commandLine().getOut();
    return new ValidationOutput(out, json ? spec.commandLine().getErr() : out, plots);
  }

  /** Prints {@code report} as JSON, built whole first so that a failure prints none of it. */
  void printJson(Map<String, Object> report) throws JsonProcessingException {
    out.println(Json.text(report));
    out.flush();
  }

  /** Whether --plots was given. */
  boolean plotting() {
    return plots != null;
  }

  /** {@code --plots} with {@code name} under it, the base name of a command's plot files. */
  Path plotBase(String name) {
    return plots.resolve(name);
  }

  /**
   * Path-length histograms and the ROC curve of {@code evaluation}, as {@code NAME-*.png|svg} under --plots, and a
   * line saying where; nothing without --plots.
   */
  void plotLinkPrediction(LinkPredictionEvaluation evaluation, String positivesLabel, String title, String name)
      throws IOException {
    if (plots == null) {
      return;
    }
    ValidationPlots.pathLengths(evaluation, positivesLabel, "random pairs", title, plotBase(name));
    ValidationPlots.roc(evaluation, title, plotBase(name));
    info.println("plots: " + plots.resolve(name + "-*.png|svg"));
  }
}
