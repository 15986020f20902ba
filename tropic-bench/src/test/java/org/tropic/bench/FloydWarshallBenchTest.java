package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.RowDistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;

/** End-to-end bench bookkeeping, run on the plain reference solver; no assertion on speed. */
class FloydWarshallBenchTest {
  private static final FloydWarshallBench.Options OPTIONS = new FloydWarshallBench.Options(0, 2, 3, true);

  @Test
  void reportsRatesMemoryAndACheckAgainstDijkstra() {
    GraphCase c = GraphCase.random(96, 6, RandomGraphs.Weights.REAL, 7);
    FwResult r = FloydWarshallBench.run(new ReferenceFloydWarshall(), c, null, 1, OPTIONS, 2.0);
    assertThat(r.graph()).isEqualTo("random n=96 d=6 real");
    assertThat(r.arithmetic()).isEqualTo(Arithmetic.NONNEGATIVE_FLOAT);
    assertThat(r.seconds().count()).isEqualTo(2);
    assertThat(r.gflops().median()).isPositive();
    assertThat(r.fractionOfKernel()).isEqualTo(r.gflops().median() / 2.0);
    assertThat(r.check().agrees()).as(r.check().summary()).isTrue();
    assertThat(r.check().compared()).isEqualTo(3 * 96);
    assertThat(r.memory()).isNotNull();
    assertThat(r.memory().matrixBytes()).isEqualTo(4L * 96 * 96);
    assertThat(r.memory().retainedHeap()).isPositive();
  }

  @Test
  void aSolverWithWrongDistancesFailsTheCheck() {
    ApspSolver wrong = new ApspSolver() {
      @Override
      public String name() {
        return "wrong";
      }

      @Override
      public DistanceMatrix solve(Graph graph, Arithmetic arithmetic, int threads) {
        return new RowDistanceMatrix(graph.vertexCount(), null);
      }
    };
    GraphCase c = GraphCase.random(40, 4, RandomGraphs.Weights.INTEGER, 1);
    FwResult r = FloydWarshallBench.run(wrong, c, null, 1, new FloydWarshallBench.Options(0, 1, 1, false), Double.NaN);
    assertThat(r.check().agrees()).isFalse();
    assertThat(r.fractionOfKernel()).isNaN();
    assertThat(r.memory()).isNull();
  }

  @Test
  void negativeWeightsSkipTheDijkstraCheckAndForbidTheFastPaths() {
    Graph g = GraphBuilder.withVertexCount(3).addArc(0, 1, -1).addArc(1, 2, 2).build();
    FwResult r = FloydWarshallBench.run(new ReferenceFloydWarshall(), new GraphCase("neg", g), null, 1, OPTIONS,
        Double.NaN);
    assertThat(r.arithmetic()).isEqualTo(Arithmetic.EXACT_FLOAT);
    assertThat(r.check()).isNull();
    assertThat(r.checkNote()).contains("negative weights");
    assertThatThrownBy(() -> FloydWarshallBench.arithmeticFor(g, Arithmetic.NONNEGATIVE_FLOAT))
        .hasMessageContaining("not exact");
  }
}
