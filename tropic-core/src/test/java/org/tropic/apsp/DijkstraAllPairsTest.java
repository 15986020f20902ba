package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class DijkstraAllPairsTest {

  @Provide
  Arbitrary<TestGraph> nonNegative() {
    return RandomGraphs.nonNegative();
  }

  @Property(tries = 300)
  void agreesWithBellmanFordAndJGraphT(@ForAll("nonNegative") TestGraph drawn) {
    Graph graph = drawn.build();
    CountingProgress progress = new CountingProgress();
    RowDistanceMatrix d = DijkstraAllPairs.solve(graph, 3, progress);

    PathAssertions.assertDistancesMatch(d, ReferenceShortestPaths.bellmanFord(graph), "vs Bellman-Ford");
    PathAssertions.assertDistancesMatchJGraphTDijkstra(graph, d);
    assertThat(progress.begins.get()).isEqualTo(1);
    assertThat(progress.ends.get()).isEqualTo(1);
    assertThat(progress.total.get()).isEqualTo(graph.vertexCount());
    assertThat(progress.done.get()).isEqualTo(graph.vertexCount());
  }

  @Property(tries = 100)
  void threadCountAndSingleSourceGiveIdenticalRows(@ForAll("nonNegative") TestGraph drawn) {
    Graph graph = drawn.build();
    DijkstraAllPairs solver = new DijkstraAllPairs(graph);
    RowDistanceMatrix one = solver.solve(1, Progress.NONE);
    RowDistanceMatrix four = solver.solve(4, Progress.NONE);
    for (int u = 0; u < graph.vertexCount(); u++) {
      assertThat(four.row(u)).containsExactly(one.row(u));
      assertThat(solver.distancesFrom(u)).containsExactly(one.row(u));
    }
  }

  @Test
  void smallDirectedGraphByHand() {
    // 0→1 (4), 0→2 (1), 2→1 (2), 1→3 (1), 2→3 (5), 4 isolated; the zero arc 3→2 closes no shorter path.
    Graph graph = GraphBuilder.withVertexCount(5)
        .addArc(0, 1, 4).addArc(0, 2, 1).addArc(2, 1, 2).addArc(1, 3, 1).addArc(2, 3, 5).addArc(3, 2, 0)
        .build();
    RowDistanceMatrix d = DijkstraAllPairs.solve(graph, 2, Progress.NONE);
    float inf = Float.POSITIVE_INFINITY;
    assertThat(d.row(0)).containsExactly(0, 3, 1, 4, inf);
    assertThat(d.row(1)).containsExactly(inf, 0, 1, 1, inf);
    assertThat(d.row(2)).containsExactly(inf, 2, 0, 3, inf);
    assertThat(d.row(3)).containsExactly(inf, 2, 0, 0, inf);
    assertThat(d.row(4)).containsExactly(inf, inf, inf, inf, 0);
  }

  @Test
  void singleVertexAndEmptyGraph() {
    assertThat(DijkstraAllPairs.solve(GraphBuilder.withVertexCount(1).build(), 4, Progress.NONE).row(0))
        .containsExactly(0f);
    assertThat(DijkstraAllPairs.solve(GraphBuilder.withVertexCount(0).build(), 4, Progress.NONE).size()).isZero();
  }

  @Test
  void rejectsNegativeWeightsBadThreadCountsAndVertices() {
    Graph negative = GraphBuilder.withVertexCount(2).addArc(0, 1, -1).build();
    assertThatThrownBy(() -> new DijkstraAllPairs(negative))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1.0").hasMessageContaining("Johnson");
    Graph graph = GraphBuilder.withVertexCount(2).addArc(0, 1, 1).build();
    assertThatThrownBy(() -> DijkstraAllPairs.solve(graph, 0, Progress.NONE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("thread count");
    assertThatThrownBy(() -> new DijkstraAllPairs(graph).distancesFrom(2))
        .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("vertex 2");
  }

  @Test
  void aFailingProgressListenerStopsTheSolveAndSurfaces() {
    Graph graph = GraphBuilder.withVertexCount(50).addArc(0, 1, 1).build();
    Progress failing = PathAssertions.failingProgress();
    assertThatThrownBy(() -> DijkstraAllPairs.solve(graph, 3, failing)).hasMessage("listener broke");
  }
}
