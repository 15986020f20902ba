package org.tropic.cli.sparse;

import java.io.PrintWriter;
import java.util.Locale;
import org.tropic.analytics.SparseGraph;
import org.tropic.apsp.Progress;
import org.tropic.cli.ProgressBar;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The progress of a sparse analytic on the command's standard error: before each long task, one line with its work
 * (the analytics count it in SpMV-equivalents) and the arcs each one visits; during it, the {@link ProgressBar};
 * the command's own summary follows. Short tasks go unannounced, as the bar stays quiet for them too.
 */
final class AnalyticsProgress implements Progress {
  /**
   * Arc visits (SpMV-equivalents × arcs) from which a task is announced: about half a second's work on two cores
   * here (an SpMV of the web graph, 3 M arcs, takes 1.8 ms).
   */
  static final double ANNOUNCED_ARC_VISITS = 1e9;

  private final PrintWriter err;
  private final long arcs;
  private final Progress bar;

  AnalyticsProgress(PrintWriter err, long arcs, Progress bar) {
    this.err = err;
    this.arcs = arcs;
    this.bar = bar;
  }

  /** Progress of work on {@code g}, on the command's error writer. */
  static AnalyticsProgress of(CommandSpec spec, SparseGraph g) {
    PrintWriter err = spec.commandLine().getErr();
    return new AnalyticsProgress(err, g.arcCount(), ProgressBar.on(err));
  }

  @Override
  public void begin(String task, long totalWork) {
    if ((double) totalWork * arcs >= ANNOUNCED_ARC_VISITS) {
      err.printf(Locale.ROOT, "%s: %,d SpMV-equivalents on %,d arcs%n", task, totalWork, arcs);
      err.flush();
    }
    bar.begin(task, totalWork);
  }

  @Override
  public void advance(long work) {
    bar.advance(work);
  }

  @Override
  public void end() {
    bar.end();
  }

  @Override
  public void stopped() {
    bar.stopped();
  }
}
