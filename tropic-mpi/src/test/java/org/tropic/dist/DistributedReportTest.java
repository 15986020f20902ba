package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.tropic.semiring.Arithmetic;

class DistributedReportTest {

  private static DistributedReport solvedIn(int n, double solveSeconds) {
    ProcessGrid grid = new ProcessGrid(2, 2);
    CostModel.Prediction prediction = new CostModel.Prediction(n, grid, 64, 0.5, 0.25, 0.1, 0.5, 0.75, 1 << 20);
    return new DistributedReport(0, Path.of("d.npy"), n, 4, grid, 64, Arithmetic.values()[0],
        BroadcastAlgorithm.values()[0], true, 2, 0.1, solveSeconds, 0.1, 1 << 20, 4 << 20, 0, 1.0, "this machine",
        prediction);
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
