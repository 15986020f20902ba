package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.EnumSet;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Auto samples batched Bellman–Ford first and estimates fw and partitioned only where a lower bound that needs no
 * calibration (1–3 s of a fresh plan) and no partition leaves them a chance to win.
 */
class PlannerFloorsTest {
  private static final Offset<Double> EXACT = Offset.offset(1e-12);

  /** Allocating 4n² bytes at 1 GB/s a thread, then two passes over them at 1.2 GB/s a thread. */
  @Test
  void theOutputTermIsAllocationAndTwoPasses() {
    assertThat(PartitionedCostModel.outputSeconds(1000, 2)).isCloseTo(4e6 / 2e9 + 8e6 / 2.4e9, EXACT);
    assertThat(PartitionedCostModel.allocateSeconds(1000, 1)).isCloseTo(4e6 / 1e9, EXACT);
    // more threads than the memory bus feeds add nothing
    assertThat(PartitionedCostModel.outputSeconds(1000, 64)).isEqualTo(PartitionedCostModel.outputSeconds(1000, 8));
  }

  @Test
  void floorsAreTheStartUpsPlusPartitionedsOutput() {
    assumeThat(PartitionedApsp.available()).as("METIS").isTrue();
    ColdStart fresh = new ColdStart();
    Planner planner = new Planner(MinPlusKernels.best(), fresh);
    Planner.Floors floors = planner.floors(5000, 2, true, true);
    assertThat(floors.fw()).isEqualTo(ColdStart.FW_TILED);
    assertThat(floors.partitioned()).isCloseTo(ColdStart.PARTITIONED_SMALL_PARTS
        + PartitionedCostModel.outputSeconds(5000, 2), EXACT);
    assertThat(floors.highest()).isEqualTo(ColdStart.FW_TILED);
    assertThat(planner.floors(5000, 2, false, true).fw()).isInfinite();

    // the parts are not known before METIS: a warm size class makes the floor's start-up 0
    fresh.ran(Algorithm.PARTITIONED, 155);
    assertThat(planner.floors(5000, 2, false, true).partitioned())
        .isCloseTo(PartitionedCostModel.outputSeconds(5000, 2), EXACT);
    fresh.ran(Algorithm.FW, 5000);
    assertThat(planner.floors(5000, 2, true, false).fw()).isZero();
    assertThat(planner.floors(5000, 2, true, false).highest()).isZero();
  }

  /** A sparse graph whose batched estimate is far below fw's start-up: fw is not estimated, and not chosen. */
  @Test
  void aCandidateWhoseFloorExceedsBatchedIsNotEstimated() {
    Graph graph = star(600);
    ApspPlan plan = new Planner(MinPlusKernels.best(), new ColdStart()).plan(graph, ApspRequest.defaults(),
        EnumSet.of(Algorithm.FW, Algorithm.BATCHED));
    assumeThat(plan.batchedSeconds()).as("batched sampled well under fw's start-up")
        .isLessThan(ColdStart.FW_TILED);
    assertThat(plan.algorithm()).isEqualTo(Algorithm.BATCHED);
    assertThat(plan.floydWarshallSeconds()).isNaN();
    assertThat(plan.reason()).contains("fw ≥ 0.45 s").contains("fw not estimated");
  }

  /**
   * Once fw has run in the JVM its floor is 0 and the kernels are calibrated (its plan calibrated them), so it is
   * estimated and weighed as before.
   */
  @Test
  void aWarmFloydWarshallIsAlwaysEstimated() {
    ColdStart warm = new ColdStart();
    Planner planner = new Planner(MinPlusKernels.best(), warm);
    planner.plan(star(600), ApspRequest.defaults().withAlgorithm(Algorithm.FW)); // calibrates, as its run's plan did
    warm.ran(Algorithm.FW, 600);
    ApspPlan plan = planner.plan(star(600), ApspRequest.defaults(), EnumSet.of(Algorithm.FW, Algorithm.BATCHED));
    assertThat(plan.floydWarshallSeconds()).isPositive();
    assertThat(plan.reason()).doesNotContain("not estimated");
  }

  /**
   * In a JVM that has not calibrated the kernels, estimating fw costs that calibration (at least
   * {@link Planner#CALIBRATION_SECONDS}) before anything else: with fw's floor at 0 and batched's estimate far under a
   * second, fw cannot gain what finding out would cost, so it is not estimated, and the reason says why.
   */
  @Test
  void anEstimateThatWouldCostMoreThanItCouldSaveIsNotMade() {
    ColdStart warm = new ColdStart();
    warm.ran(Algorithm.FW, 600);
    BlockSizeModel uncalibrated = BlockSizeModel.uncalibrated(MinPlusKernels.best());
    ApspPlan plan = new Planner(MinPlusKernels.best(), warm, uncalibrated).plan(star(600), ApspRequest.defaults(),
        EnumSet.of(Algorithm.FW, Algorithm.BATCHED));
    assumeThat(plan.batchedSeconds()).as("batched sampled well under the calibration's cost")
        .isLessThan(Planner.CALIBRATION_SECONDS / 2);
    assertThat(plan.algorithm()).isEqualTo(Algorithm.BATCHED);
    assertThat(plan.floydWarshallSeconds()).isNaN();
    assertThat(plan.reason()).contains("fw not estimated: its start-up and output alone, with the 1 s of kernel"
        + " calibration an estimate takes first, exceed batched's estimate");
    assertThat(Arithmetic.values()).noneMatch(uncalibrated::calibrated); // nothing was measured for it
  }

  /** A hub joined to every other vertex: Bellman–Ford settles it in two sweeps. */
  private static Graph star(int n) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(true);
    for (int v = 1; v < n; v++) {
      builder.addEdge(0, v, 1f);
    }
    return builder.build();
  }
}
