package org.tropic.cli;

import java.util.Locale;
import org.tropic.apsp.Algorithm;
import org.tropic.apsp.ApspPlan;
import org.tropic.apsp.ApspResult;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.graph.Graph;
import org.tropic.io.Units;
import org.tropic.semiring.MinPlusKernels;

/**
 * What {@code tropic apsp} says around a solve, shared with the other commands that solve one ({@code tropic kg
 * build --apsp}, {@code tropic discover demo}): before it, the planner's choice with its time and memory estimate
 * (and where it runs); after it, the time against the estimate, the peak memory and what the distances hold. During
 * it they all show a {@link ProgressBar}.
 */
public final class ApspNarration {
  private ApspNarration() {}

  /**
   * {@code plan: ALGORITHM (ARITHMETIC, b = B[, upper triangle ...]), T threads — REASON; estimated S, memory M (n²
   * result R)}.
   *
   * @param fw the Floyd–Warshall options the plan was made with (whether the upper triangle is solved depends on
   *     them)
   */
  public static String planLine(Graph graph, ApspPlan plan, FloydWarshallOptions fw) {
    boolean upperTriangle = plan.onCpu() && (plan.partitioned() != null ? plan.partitioned().symmetric()
        : plan.algorithm() == Algorithm.FW && new BlockedFloydWarshall(MinPlusKernels.best(), fw).usesSymmetry(graph));
    long resultBytes = (long) graph.vertexCount() * graph.vertexCount() * Float.BYTES;
    return String.format("plan: %s%s, %s — %s; estimated %s, memory %s (n² result %s)", plan.algorithm().label(),
        plan.algorithm() == Algorithm.BATCHED ? " (" + Units.count(plan.blockSize(), "target", "targets")
            + " a batch)"
        : plan.arithmetic() == null ? "" : " (" + plan.arithmetic().label()
            + (plan.blockSize() > 0 ? ", b = " + plan.blockSize() : "")
            + (upperTriangle ? ", upper triangle: the graph is symmetric" : "")
            + ")",
        Units.count(plan.threads(), "thread", "threads"), plan.reason(), Double.isNaN(plan.estimatedSeconds())
            ? "-" : Units.duration(plan.estimatedSeconds()), Units.bytes(plan.estimatedBytes()),
        Units.bytes(resultBytes));
  }

  /** {@code device: D — NOTE} when the plan runs off the CPU or says why not; {@code null} when there is nothing. */
  public static String deviceLine(ApspPlan plan) {
    if (plan.onCpu() && plan.deviceNote().isEmpty()) {
      return null;
    }
    return "device: " + plan.device() + (plan.deviceNote().isEmpty() ? "" : " — " + plan.deviceNote());
  }

  /**
   * {@code solved in S (estimated E), peak memory P; R of N ordered pairs reachable, mean distance D, longest L}: the
   * figures {@code tropic apsp} reports in its table, on one line. Reads every row once, on the plan's threads.
   */
  public static String summaryLine(Graph graph, ApspResult result) {
    Summary summary = Summary.of(graph, result.distances(), 0, 0, result.plan().threads());
    long n = graph.vertexCount();
    double estimated = result.plan().estimatedSeconds();
    return String.format(Locale.ROOT, "solved in %s (estimated %s), peak memory %s; %,d of %,d ordered pairs"
        + " reachable%s", Units.duration(result.solveSeconds()), Double.isNaN(estimated) ? "-"
            : Units.duration(estimated), Units.bytes(PeakMemory.bytes()), summary.reachablePairs(),
        n * (n - 1), summary.reachablePairs() == 0 ? "" : String.format(Locale.ROOT, ", mean distance %.4g,"
            + " longest %s", summary.meanDistance(), Summary.formatLength((float) summary.maxDistance())));
  }
}
