package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.semiring.Arithmetic;

class DistributedPlanLineTest {
  private static final CostModel.Prediction PREDICTION = new CostModel.Prediction(4941, new ProcessGrid(1, 2), 192,
      2.31, 0.98, 0.5, 2.31, 3.29, 40);

  @Test
  void namesTheConfigurationTheModelsRangeAndTheBusiestRanksMemory() {
    String line = DistributedPlanLine.of(PREDICTION, Arithmetic.INT32, DistributedOptions.defaults(), 1, 64L << 20,
        false);

    assertThat(line).startsWith("plan: distributed Floyd–Warshall of 4,941 vertices on 2 ranks, grid 1x2, b = 192,"
        + " int32, broadcast ").contains("1 thread per rank; estimated 2.31 s to 3.29 s (the cost model's T_ideal to"
        + " T_worst, from the kernel and network measured here), 64.0 MiB of tiles and panels on the busiest rank")
        .doesNotContain("save");
  }

  @Test
  void aCheckpointedJobSaysTheEstimateIsTheWholeSolves() {
    String line = DistributedPlanLine.of(PREDICTION, Arithmetic.EXACT_FLOAT, DistributedOptions.baseline(), 2,
        1L << 20, true);

    assertThat(line).contains("exact-float").contains("lookahead off").contains("2 threads per rank")
        .contains("for the whole solve, of which a run going on from a save does the rest");
  }
}
