package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class PredecessorMatrixTest {

  @Provide
  Arbitrary<TestGraph> nonNegative() {
    return RandomGraphs.nonNegative();
  }

  @Provide
  Arbitrary<TestGraph> negativeWithoutCycle() {
    return RandomGraphs.negativeWithoutCycle();
  }

  @Property(tries = 200)
  void predecessorPathsAreRealAndShortest(@ForAll("nonNegative") TestGraph drawn) {
    Graph graph = drawn.build();
    assertPredecessors(graph, DijkstraAllPairs.solve(graph, 1, Progress.NONE));
    assertPredecessors(graph, ReferenceShortestPaths.floydWarshall(graph));
  }

  @Property(tries = 200)
  void predecessorPathsWithNegativeWeights(@ForAll("negativeWithoutCycle") TestGraph drawn) {
    Graph graph = drawn.build();
    assertPredecessors(graph, Johnson.solve(graph, 1, Progress.NONE));
    assertPredecessors(graph, ReferenceShortestPaths.floydWarshall(graph));
  }

  @Test
  void zeroWeightCyclesGiveATreeAndThreadsDoNotMatter() {
    int n = 40;
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int v = 0; v < n; v++) {
      builder.addArc(v, (v + 1) % n, 0).addArc(v, (v + 3) % n, 0).addArc(v, (v * 7 + 2) % n, 1);
    }
    Graph graph = builder.build();
    RowDistanceMatrix d = DijkstraAllPairs.solve(graph, 1, Progress.NONE);
    CountingProgress progress = new CountingProgress();
    PredecessorMatrix one = PredecessorMatrix.of(graph, d, 1, Progress.NONE);
    PredecessorMatrix three = PredecessorMatrix.of(graph, d, 3, progress);
    assertThat(progress.done.get()).isEqualTo(n);
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        assertThat(three.predecessor(u, v)).isEqualTo(one.predecessor(u, v));
      }
    }
    assertPredecessors(graph, d);
  }

  @Test
  void aMatrixClaimingAnImpossibleDistanceIsRefused() {
    Graph graph = GraphBuilder.withVertexCount(3).addArc(0, 1, 1).build();
    RowDistanceMatrix wrong = DijkstraAllPairs.solve(graph, 1, Progress.NONE);
    wrong.row(0)[2] = 3f;
    assertThatThrownBy(() -> PredecessorMatrix.of(graph, wrong, 2, Progress.NONE))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("no path");
    assertThatThrownBy(() -> PredecessorMatrix.of(graph, new RowDistanceMatrix(4, null), 1, Progress.NONE))
        .isInstanceOf(IllegalArgumentException.class);
  }

  static void assertPredecessors(Graph graph, DistanceMatrix d) {
    PredecessorMatrix preds = PredecessorMatrix.of(graph, d, 2, Progress.NONE);
    assertThat(preds.size()).isEqualTo(graph.vertexCount());
    for (int u = 0; u < graph.vertexCount(); u++) {
      assertThat(preds.predecessor(u, u)).isEqualTo(-1);
      for (int v = 0; v < graph.vertexCount(); v++) {
        Path path = preds.path(u, v);
        PathAssertions.assertValidPath(graph, d, u, v, path);
        if (u != v && path.exists()) {
          assertThat(preds.predecessor(u, v)).isEqualTo(path.vertices()[path.vertices().length - 2]);
        } else if (u != v) {
          assertThat(preds.predecessor(u, v)).isEqualTo(-1);
        }
      }
    }
  }
}
