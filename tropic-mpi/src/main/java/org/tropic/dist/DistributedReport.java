package org.tropic.dist;

import java.nio.file.Path;
import java.util.Locale;
import org.tropic.io.Units;
import org.tropic.semiring.Arithmetic;

/**
 * What a distributed run did and cost, the same on every rank, with where its measured time falls between the
 * cost model's T_ideal and T_worst.
 *
 * @param rank the rank this copy of the report is from (rank 0 prints it)
 * @param out the result file
 * @param n vertices
 * @param ranks P
 * @param grid the process grid used
 * @param blockSize b
 * @param arithmetic the arithmetic path
 * @param broadcast the panel broadcast
 * @param lookahead whether lookahead was on
 * @param threads compute threads per rank (rank 0's)
 * @param readSeconds rank 0's time to read the graph
 * @param solveSeconds the slowest rank's solve time
 * @param writeSeconds the slowest rank's time to write and commit
 * @param maxPointToPointBytesSent the most bytes one rank sent point to point
 * @param totalPointToPointBytesSent bytes sent point to point by all ranks together
 * @param libraryBytesAsRoot payload broadcast through the library, summed over roots
 * @param maxComputeSeconds the most time one rank's compute threads spent in tile tasks (summed over its threads)
 * @param machine where the model's parameters came from
 * @param prediction the cost model's prediction for this configuration
 * @param checkpointing what the run's checkpoint did, {@code null} for a run without
 */
public record DistributedReport(int rank, Path out, int n, int ranks, ProcessGrid grid, int blockSize,
    Arithmetic arithmetic, BroadcastAlgorithm broadcast, boolean lookahead, int threads, double readSeconds,
    double solveSeconds, double writeSeconds, long maxPointToPointBytesSent, long totalPointToPointBytesSent,
    long libraryBytesAsRoot, double maxComputeSeconds, String machine, CostModel.Prediction prediction,
    DistributedFloydWarshall.Checkpointing checkpointing) {

  /** The report of a run without a checkpoint. */
  public DistributedReport(int rank, Path out, int n, int ranks, ProcessGrid grid, int blockSize,
      Arithmetic arithmetic, BroadcastAlgorithm broadcast, boolean lookahead, int threads, double readSeconds,
      double solveSeconds, double writeSeconds, long maxPointToPointBytesSent, long totalPointToPointBytesSent,
      long libraryBytesAsRoot, double maxComputeSeconds, String machine, CostModel.Prediction prediction) {
    this(rank, out, n, ranks, grid, blockSize, arithmetic, broadcast, lookahead, threads, readSeconds, solveSeconds,
        writeSeconds, maxPointToPointBytesSent, totalPointToPointBytesSent, libraryBytesAsRoot, maxComputeSeconds,
        machine, prediction, null);
  }

  /** Where the solve time falls: 0 at T_ideal, 1 at T_worst ({@link CostModel.Prediction#position}). */
  public double modelPosition() {
    return thisRun().position(solveSeconds);
  }

  /**
   * The share of the whole solve's pivot iterations this run did: 1, or less for a run that went on from a save.
   * Every iteration does the same work and sends the same panels, so rates and the model scale by it.
   */
  double share() {
    int iterations = Math.max(1, (n + blockSize - 1) / blockSize);
    return checkpointing == null ? 1 : (double) (iterations - checkpointing.resumedFrom()) / iterations;
  }

  /**
   * The model's prediction for the iterations this run did: a resumed run's solve time set against the whole
   * solve's T_ideal read as "faster than T_ideal" however slow it was.
   */
  private CostModel.Prediction thisRun() {
    double s = share();
    return s == 1 ? prediction : new CostModel.Prediction(prediction.n(), prediction.grid(), prediction.blockSize(),
        s * prediction.computeSeconds(), s * prediction.communicationSeconds(),
        s * prediction.criticalPathSeconds(), s * prediction.idealSeconds(), s * prediction.worstSeconds(),
        prediction.arraysPerProcess());
  }

  /** A few lines for the terminal. */
  public String summary() {
    CostModel.Prediction model = thisRun();
    return String.format(Locale.ROOT,
        "distributed Floyd–Warshall: n=%d on %d rank%s, grid %s, b=%d, %s, broadcast %s, lookahead %s, %d"
            + " thread%s per rank%n"
            + "  read %.3f s, solve %.3f s, write %.3f s; %s GFLOP/s (2n³/solve%s)%n"
            + "  sent point to point: %s per rank at most, %s in all; library broadcasts %s%n"
            + "  model (%s): T_comp %.3f s, T_comm %.3f s, T_ideal %.3f s, T_worst %.3f s; %s",
        n, ranks, ranks == 1 ? "" : "s", grid, blockSize, arithmetic.label(), broadcast.label(),
        lookahead ? "on" : "off", threads, threads == 1 ? "" : "s",
        readSeconds, solveSeconds, writeSeconds, gflops(), share() < 1 ? ", for this run's iterations" : "",
        Units.bytes(maxPointToPointBytesSent), Units.bytes(totalPointToPointBytesSent),
        Units.bytes(libraryBytesAsRoot), machine,
        model.computeSeconds(), model.communicationSeconds(), model.idealSeconds(), model.worstSeconds(),
        whereTheSolveFalls(model)) + checkpointLine();
  }

  /**
   * The saves' share of the solve, where a checkpoint was given. A resumed run did only the iterations after its
   * save: its GFLOP/s and model times above count those, which the line says.
   */
  private String checkpointLine() {
    if (checkpointing == null) {
      return "";
    }
    int iterations = Math.max(1, (n + blockSize - 1) / blockSize);
    return String.format(Locale.ROOT, "%n  checkpoint: %s; %d save%s, %.3f s of the solve",
        checkpointing.resumedFrom() == 0 ? "started afresh"
            : "went on from iteration " + checkpointing.resumedFrom() + " of " + iterations + " (GFLOP/s and the"
                + " model count the " + (iterations - checkpointing.resumedFrom()) + " iterations this run did)",
        checkpointing.saves(), checkpointing.saves() == 1 ? "" : "s", checkpointing.saveSeconds());
  }

  /** Three significant digits: a small run's rate (0.004 GFLOP/s at n = 100) printed as 0.0 said nothing. */
  private String gflops() {
    return String.format(Locale.ROOT, "%.3g", 2.0 * n * n * n * share() / solveSeconds / 1e9);
  }

  /**
   * The solve time against the model's range. Outside it the position alone misleads ("measured at 121.00 between
   * ideal (0) and worst (1)"), so the line says by how much it missed: on a small run, JIT warm-up and a loaded
   * machine swamp a model calibrated on the kernel's steady rate.
   */
  private String whereTheSolveFalls(CostModel.Prediction prediction) {
    if (solveSeconds < prediction.idealSeconds()) {
      return String.format(Locale.ROOT, "measured %.3f s, faster than T_ideal", solveSeconds);
    }
    if (solveSeconds > prediction.worstSeconds()) {
      return String.format(Locale.ROOT, "measured %.3f s, %.2f× T_worst: slower than the model allows (a small"
          + " run's JIT warm-up, or other work on the machine)", solveSeconds, solveSeconds
          / prediction.worstSeconds());
    }
    return String.format(Locale.ROOT, "measured at %.2f between ideal (0) and worst (1)",
        prediction.position(solveSeconds));
  }
}
