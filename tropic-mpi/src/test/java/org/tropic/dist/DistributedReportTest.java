package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.tropic.semiring.Arithmetic;

class DistributedReportTest {

  private static DistributedReport solvedIn(int n, double solveSeconds) {
    return solvedIn(n, solveSeconds, null);
  }

  private static DistributedReport solvedIn(int n, double solveSeconds,
      DistributedFloydWarshall.Checkpointing checkpointing) {
    ProcessGrid grid = new ProcessGrid(2, 2);
    CostModel.Prediction prediction = new CostModel.Prediction(n, grid, 64, 0.5, 0.25, 0.1, 0.5, 0.75, 1 << 20);
    return new DistributedReport(0, Path.of("d.npy"), n, 4, grid, 64, Arithmetic.values()[0],
        BroadcastAlgorithm.values()[0], true, 2, 0.1, solveSeconds, 0.1, 1 << 20, 4 << 20, 0, 1.0, "this machine",
        prediction, checkpointing);
  }

  /**
   * A run that went on from a save did only the iterations after it: 2n³ over its time, and the whole solve's model
   * against it, once read 4× the rate and "faster than T_ideal" for a run that took the model's worst case.
   */
  @Test
  void aResumedRunsRateAndModelCountTheIterationsItDid() {
    // n = 1280, b = 64: 20 iterations, 15 done in the save; this run did 5, a quarter of the work
    var resumed = new DistributedFloydWarshall.Checkpointing(15, 1, 0.01);
    String summary = solvedIn(1280, 0.75 / 4, resumed).summary();
    assertThat(summary).contains(String.format(java.util.Locale.ROOT, "%.3g GFLOP/s (2n³/solve, for this run's"
        + " iterations)", 2.0 * 1280 * 1280 * 1280 / 4 / (0.75 / 4) / 1e9))
        .contains("T_ideal 0.125 s, T_worst 0.188 s; measured at 1.00 between ideal (0) and worst (1)")
        .contains("went on from iteration 15 of 20 (GFLOP/s and the model count the 5 iterations this run did)")
        .doesNotContain("faster than T_ideal");
    assertThat(solvedIn(1280, 0.75, new DistributedFloydWarshall.Checkpointing(0, 1, 0.01)).summary())
        .contains("T_ideal 0.500 s, T_worst 0.750 s").contains("(2n³/solve)").contains("started afresh");
  }

  @Test
  void aSolveWithinTheModelsRangeIsPlacedInIt() {
    assertThat(solvedIn(1000, 0.625).summary()).contains("measured at 0.50 between ideal (0) and worst (1)");
  }

  /** A position of 121 "between ideal (0) and worst (1)" read as nonsense: outside the range the line says so. */
  @Test
  void aSolveOutsideTheModelsRangeSaysByHowMuch() {
    assertThat(solvedIn(1000, 7.5).summary()).contains("10.00× T_worst: slower than the model allows")
        .doesNotContain("between ideal");
    assertThat(solvedIn(1000, 0.25).summary()).contains("faster than T_ideal").doesNotContain("between ideal");
  }

  /** A small run's rate once printed as "0.0 GFLOP/s". */
  @Test
  void aSmallRunsRateKeepsThreeSignificantDigits() {
    assertThat(solvedIn(100, 0.5).summary()).contains("0.00400 GFLOP/s");
  }
}
