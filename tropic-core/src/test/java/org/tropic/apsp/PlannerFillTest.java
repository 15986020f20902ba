package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Floyd–Warshall's estimate counts the work a sparse graph lets it skip ({@link PanelFill}): the dense work alone read
 * 9× the solve on cond-mat and 30× on as-22july06 in pivot order.
 */
class PlannerFillTest {

  @Test
  void aSparseGraphsEstimateIsItsTimeShareOfTheDenseOne() {
    ColdStart warm = new ColdStart();
    Graph star = star(3000);
    warm.ran(Algorithm.FW, star.vertexCount()); // no start-up in the estimate: the model's figure alone
    BlockSizeModel model = BlockSizeModel.forMachine(MinPlusKernels.best());
    ApspPlan plan = new Planner(MinPlusKernels.best(), warm, model)
        .plan(star, ApspRequest.defaults().withAlgorithm(Algorithm.FW));
    int b = plan.blockSize();
    Arithmetic arithmetic = plan.arithmetic();
    double dense = model.predictSeconds(3000, plan.threads(), arithmetic, b, true);
    double share = PanelFill.timeShare(star, PivotOrder.of(star), b, true);
    assertThat(share).isLessThan(0.5);
    assertThat(plan.estimatedSeconds())
        .isCloseTo(model.predictSeconds(3000, plan.threads(), arithmetic, b, true, share), within(1e-9))
        .isLessThan(dense);

    // in id order the hub comes first and joins every leaf: nothing is skipped, the dense estimate stands
    ApspPlan idOrder = new Planner(MinPlusKernels.best(), warm, model).plan(star, ApspRequest.defaults()
        .withAlgorithm(Algorithm.FW).withFloydWarshall(FloydWarshallOptions.defaults().withPivotOrder(false)
            .withBlockSize(b)));
    assertThat(idOrder.estimatedSeconds()).isCloseTo(dense, within(1e-9));
  }

  /** Vertex 0 joined to every other vertex, both ways. */
  private static Graph star(int n) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(true);
    for (int v = 1; v < n; v++) {
      builder.addEdge(0, v, 1f);
    }
    return builder.build();
  }
}
