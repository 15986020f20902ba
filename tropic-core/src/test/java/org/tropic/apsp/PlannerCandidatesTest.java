package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.MinPlusKernels;

/** Auto narrowed to some algorithms (those the caller's options tune) never chooses another. */
class PlannerCandidatesTest {
  private final Planner planner = new Planner(MinPlusKernels.best());

  @Test
  void autoChoosesOnlyAmongTheCandidates() {
    Graph ring = ring(400); // sparse and n > 128: unrestricted, auto weighs every algorithm
    ApspPlan tiled = planner.plan(ring, ApspRequest.defaults(), EnumSet.of(Algorithm.FW, Algorithm.PARTITIONED));
    assertThat(tiled.algorithm()).isIn(Algorithm.FW, Algorithm.PARTITIONED);
    assertThat(tiled.reason()).contains("dijkstra not a candidate").contains("batched not a candidate");
    ApspPlan searches = planner.plan(ring, ApspRequest.defaults(), EnumSet.of(Algorithm.DIJKSTRA));
    assertThat(searches.algorithm()).isEqualTo(Algorithm.DIJKSTRA);
    assertThat(searches.reason()).contains("fw not a candidate");
    assertThat(planner.plan(ring(50), ApspRequest.defaults(), EnumSet.of(Algorithm.BATCHED)).algorithm())
        .as("small, but fw is not a candidate").isEqualTo(Algorithm.BATCHED);
    assertThatThrownBy(() -> planner.plan(ring, ApspRequest.defaults(), EnumSet.noneOf(Algorithm.class)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aRequestedTileLargerThanTheGraphIsPlannedAsOneTile() {
    var request = ApspRequest.defaults().withAlgorithm(Algorithm.FW)
        .withFloydWarshall(FloydWarshallOptions.defaults().withBlockSize(64000));
    ApspPlan plan = planner.plan(ring(77), request);
    assertThat(plan.blockSize()).isEqualTo(96);
    assertThat(plan.estimatedBytes()).isLessThan(1 << 20);
  }

  private static Graph ring(int n) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int v = 0; v < n; v++) {
      builder.addArc(v, (v + 1) % n, 1f);
    }
    return builder.build();
  }
}
