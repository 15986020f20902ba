package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CostModelTest {
  /** 1 GFLOP/s per process, α = 10 µs, 1 GB/s, one process per node: easy numbers to check eqs. 2–5 by hand. */
  private static final MachineParameters SIMPLE = new MachineParameters("simple", 1e9, null, 1e-5, 1e9, null,
      MachineParameters.BandwidthAxis.MESSAGE_BYTES, 1, 0);

  @Test
  void equationsTwoToFiveWhenTilesDivideEvenly() {
    CostModel model = new CostModel(SIMPLE);
    CostModel.Prediction p = model.predict(4096, new ProcessGrid(2, 2), 256);
    double comp = 2.0 * Math.pow(4096, 3) / 4 / 1e9;
    double comm = 2.0 * 4096 / 256 * 1e-5 + 4.0 * 4096 * 4096 * (0.5 + 0.5) / 1e9;
    assertThat(p.computeSeconds()).isCloseTo(comp, within(1e-9));
    assertThat(p.communicationSeconds()).isCloseTo(comm, within(1e-9));
    assertThat(p.idealSeconds()).isEqualTo(Math.max(comp, comm));
    assertThat(p.worstSeconds()).isCloseTo(comp + comm, within(1e-9));
    assertThat(p.idealFlopRate()).isCloseTo(2.0 * Math.pow(4096, 3) / p.idealSeconds(), within(1.0));
    assertThat(p.position(p.idealSeconds())).isZero();
    assertThat(p.position(p.worstSeconds())).isCloseTo(1, within(1e-12));
    // 8 × 8 tiles and three pivot iterations' panels (8 + 8 + 2 each), as the run's heap check counts them
    assertThat(p.memoryBytesPerProcess()).isEqualTo((8L * 8 + 3 * (8 + 8 + 2)) * 256 * 256 * 4);
    assertThat(p.arraysPerProcess()).isEqualTo(HeapCheck.arrays(4096, 256, new ProcessGrid(2, 2), 0));
  }

  @Test
  void raggedTilesChargeTheBusiestProcess() {
    CostModel model = new CostModel(SIMPLE);
    // 5×5 tiles on 2×2: the busiest process has 3×3 tiles, not 25/4.
    CostModel.Prediction p = model.predict(5 * 64 - 10, new ProcessGrid(2, 2), 64);
    assertThat(p.computeSeconds()).isCloseTo(2.0 * 64 * 64 * 64 * 5 * 9 / 1e9, within(1e-12));
  }

  @Test
  void recommendsASquareGridAndAMultipleOf32() {
    CostModel model = new CostModel(SIMPLE);
    assertThat(model.recommendGrid(8192, 16, 256)).isEqualTo(new ProcessGrid(4, 4));
    assertThat(model.recommendGrid(8192, 6, 256)).isIn(new ProcessGrid(2, 3), new ProcessGrid(3, 2));
    CostModel.Plan plan = model.recommend(20_000, 12);
    assertThat(plan.grid().size()).isEqualTo(12);
    assertThat(Math.abs(plan.grid().rows() - plan.grid().columns())).isLessThanOrEqualTo(1);
    assertThat(plan.blockSize() % 32).isZero();
  }

  @Test
  void oneProcessHasNoCommunication() {
    CostModel.Prediction p = new CostModel(SIMPLE).predict(1000, new ProcessGrid(1, 1), 100);
    assertThat(p.communicationSeconds()).isZero();
    assertThat(p.worstSeconds()).isEqualTo(p.idealSeconds());
  }

  /**
   * On one process the critical path is part of the work, so never more than T_worst. By hand (1 GFLOP/s): n = 100
   * in one tile of 128 is its closure alone, 2·128³ flops = T_comp; n = 1000 in 10 tiles of 100 is 10 rounds of
   * closure, panel and panel, 10·3·2·100³ flops = 0.06 s against T_comp = 2·1000³ flops = 2 s.
   */
  @Test
  void onOneProcessTheCriticalPathIsNoLongerThanTheWork() {
    CostModel model = new CostModel(SIMPLE);
    CostModel.Prediction oneTile = model.predict(100, new ProcessGrid(1, 1), 128);
    assertThat(oneTile.criticalPathSeconds()).isCloseTo(2.0 * 128 * 128 * 128 / 1e9, within(1e-15))
        .isEqualTo(oneTile.computeSeconds());
    CostModel.Prediction tenTiles = model.predict(1000, new ProcessGrid(1, 1), 100);
    assertThat(tenTiles.criticalPathSeconds()).isCloseTo(0.06, within(1e-12));
    assertThat(tenTiles.worstSeconds()).isCloseTo(2.0, within(1e-12));
    for (long n : new long[] {1, 31, 32, 33, 100, 1000, 5000}) {
      for (int b : CostModel.BLOCK_SIZES) {
        CostModel.Prediction p = model.predict(n, new ProcessGrid(1, 1), b);
        assertThat(p.criticalPathSeconds()).as("n = %d, b = %d", n, b).isLessThanOrEqualTo(p.worstSeconds());
      }
    }
  }

  /**
   * Frontier's fastest COAST run (Table II: n = 7.06·10⁶ on 147,200 ranks as 368×400, b = 768) took 702 s, 1.004
   * EF/s. With the Table V parameters the model must bracket it, as the paper's projection (1.1 EF/s) did.
   */
  @Test
  void projectsFrontiersFastestRunBetweenIdealAndWorst() {
    CostModel.Prediction p = new CostModel(MachineParameters.frontier())
        .predict(7_060_000, new ProcessGrid(368, 400), 768);
    assertThat(p.idealSeconds()).isLessThan(702);
    assertThat(p.worstSeconds()).isGreaterThan(702);
    assertThat(p.idealFlopRate()).isBetween(1.0e18, 1.2e18);
  }

  /** Summit's fastest DSNAPSHOT run (n = 4.43·10⁶, 49,152 ranks as 192×256, b = 256) at 135.9 PF/s, 1,280 s. */
  @Test
  void projectsSummitsFastestRunWithinTheRightScale() {
    CostModel.Prediction p = new CostModel(MachineParameters.summit())
        .predict(4_430_000, new ProcessGrid(192, 256), 256);
    assertThat(p.idealSeconds()).isBetween(900.0, 1280.0);
    assertThat(p.idealFlopRate()).isBetween(135.9e15, 193e15); // at most the 193 PF/s theoretical peak (§VI-A3)
  }

  /** n = 100 is 4 tiles of 32 a side: 32 ranks cannot share it, 16 (4×4) can, and the refusal says so. */
  @Test
  void aProblemTooSmallForTheRanksSaysHowManyCouldTakeIt() {
    CostModel model = new CostModel(SIMPLE);
    assertThat(model.recommend(100, 16).grid()).isEqualTo(new ProcessGrid(4, 4));
    assertThatThrownBy(() -> model.recommend(100, 32)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("n=100 is too small to spread over 32 ranks: every process row and column needs a tile, and"
            + " even tiles of side 32 make only 4 a side; use at most 16 ranks, or run it on one node (without"
            + " --distributed)");
  }

  /** Every factorisation, rows ascending, up to the largest int (a prime: 1 × P and P × 1). */
  @Test
  void gridsAreEveryFactorisationUpToTheLargestCount() {
    assertThat(CostModel.grids(12)).containsExactly(new ProcessGrid(1, 12), new ProcessGrid(2, 6),
        new ProcessGrid(3, 4), new ProcessGrid(4, 3), new ProcessGrid(6, 2), new ProcessGrid(12, 1));
    assertThat(CostModel.grids(16)).containsExactly(new ProcessGrid(1, 16), new ProcessGrid(2, 8),
        new ProcessGrid(4, 4), new ProcessGrid(8, 2), new ProcessGrid(16, 1));
    assertThat(CostModel.grids(1)).containsExactly(new ProcessGrid(1, 1));
    assertThat(CostModel.grids(Integer.MAX_VALUE)).containsExactly(new ProcessGrid(1, Integer.MAX_VALUE),
        new ProcessGrid(Integer.MAX_VALUE, 1));
  }

  /**
   * A mistyped process count far beyond what n can spread over is refused at once: the search for the most that
   * could take it went through every count below it (19 s from 100,000, no end from 2,147,483,646).
   */
  @Test
  @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aHugeProcessCountIsRefusedAtOnce() {
    CostModel model = new CostModel(SIMPLE);
    assertThatThrownBy(() -> model.recommend(100, 100_000)).hasMessageContaining("use at most 16 ranks");
    assertThatThrownBy(() -> model.recommend(1000, Integer.MAX_VALUE - 1))
        .hasMessageContaining("use at most 1024 ranks");
    assertThatThrownBy(() -> model.recommend(1000, Integer.MAX_VALUE)).hasMessageContaining("use at most 1024");
  }

  /** A share past what a long counts is the most it counts, not a negative count that fits every memory. */
  @Test
  void aShareTooLargeToCountSaturates() {
    CostModel model = new CostModel(SIMPLE);
    CostModel.Prediction p = model.predict(3_000_000_000L, new ProcessGrid(1, 1), 32);
    assertThat(p.memoryBytesPerProcess()).isEqualTo(Long.MAX_VALUE);
    assertThat(model.predict(4_000_000_000_000_000_000L, new ProcessGrid(1, 1), 32).arraysPerProcess())
        .isEqualTo(Long.MAX_VALUE);
    assertThat(model.predict(100_000, new ProcessGrid(1, 1), 32).memoryBytesPerProcess())
        .isEqualTo((3125L * 3125 + 3 * (3125 + 3125 + 2)) * 32 * 32 * 4);
  }
}
