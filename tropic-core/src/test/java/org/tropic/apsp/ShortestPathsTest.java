package org.tropic.apsp;

import org.tropic.io.GraphReader;
import org.tropic.testdata.SharedData;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class ShortestPathsTest {

  @Provide
  Arbitrary<TestGraph> nonNegative() {
    return RandomGraphs.nonNegative();
  }

  @Provide
  Arbitrary<TestGraph> negativeWithoutCycle() {
    return RandomGraphs.negativeWithoutCycle();
  }

  @Property(tries = 200)
  void everyPathIsRealSimpleAndAsLongAsTheDistance(@ForAll("nonNegative") TestGraph drawn) {
    Graph graph = drawn.build();
    assertAllPaths(graph, DijkstraAllPairs.solve(graph, 2, Progress.NONE));
    assertAllPaths(graph, ReferenceShortestPaths.floydWarshall(graph));
  }

  @Property(tries = 200)
  void pathsWithNegativeWeights(@ForAll("negativeWithoutCycle") TestGraph drawn) {
    Graph graph = drawn.build();
    assertAllPaths(graph, Johnson.solve(graph, 2, Progress.NONE));
    assertAllPaths(graph, ReferenceShortestPaths.floydWarshall(graph));
  }

  @Property(tries = 200)
  void nearestAgreesWithTheSortedRow(@ForAll("nonNegative") TestGraph drawn) {
    Graph graph = drawn.build();
    RowDistanceMatrix d = DijkstraAllPairs.solve(graph, 1, Progress.NONE);
    ShortestPaths paths = new ShortestPaths(graph, d);
    int n = graph.vertexCount();
    for (int u = 0; u < n; u++) {
      for (int k : new int[] {0, 1, 2, 5, n - 1, n + 3}) {
        if (k >= 0) {
          PathAssertions.assertNearestMatchesSortedRow(d, u, k, paths.nearest(u, k));
        }
      }
    }
  }

  @Test
  void aZeroWeightDeadEndSendsTheWalkToTheExactSearch() {
    // From 0 the zero arcs to 1 and 2 tie, and 1 (the smaller id) leads only back to 0.
    Graph graph = GraphBuilder.withVertexCount(4).addArc(0, 1, 0).addArc(1, 0, 0).addArc(0, 2, 0)
        .addArc(2, 3, 1).build();
    ShortestPaths paths = new ShortestPaths(graph, DijkstraAllPairs.solve(graph, 1, Progress.NONE));
    assertThat(paths.path(0, 3)).isEqualTo(new Path(new int[] {0, 2, 3}, 1f));
    assertThat(paths.path(1, 3)).isEqualTo(new Path(new int[] {1, 0, 2, 3}, 1f));
  }

  @Test
  void allZeroWeightsOnACycleStillGiveSimplePaths() {
    int n = 12;
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(true);
    for (int v = 0; v < n; v++) {
      builder.addEdge(v, (v + 1) % n, 0).addEdge(v, (v + 5) % n, 0);
    }
    Graph graph = builder.build();
    RowDistanceMatrix d = DijkstraAllPairs.solve(graph, 1, Progress.NONE);
    assertAllPaths(graph, d);
  }

  @Test
  void noPathSelfPathAndBadVertices() {
    Graph graph = GraphBuilder.withVertexCount(3).addArc(0, 1, 2.5f).build();
    ShortestPaths paths = new ShortestPaths(graph, DijkstraAllPairs.solve(graph, 1, Progress.NONE));
    assertThat(paths.path(1, 0)).isSameAs(Path.NONE);
    assertThat(paths.path(1, 0).length()).isEqualTo(Float.POSITIVE_INFINITY);
    assertThat(paths.path(1, 0).vertices()).isEmpty();
    assertThat(paths.path(2, 2)).isEqualTo(new Path(new int[] {2}, 0f));
    assertThat(paths.path(0, 1)).isEqualTo(new Path(new int[] {0, 1}, 2.5f));
    assertThat(paths.distance(0, 1)).isEqualTo(2.5f);
    assertThatThrownBy(() -> paths.path(0, 3)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> paths.nearest(0, -1)).isInstanceOf(IllegalArgumentException.class);
    assertThat(paths.nearest(0, 5).vertices()).containsExactly(1);
  }

  @Test
  void aMatrixFromAnotherGraphIsRefused() {
    Graph graph = GraphBuilder.withVertexCount(3).addArc(0, 1, 1).addArc(1, 2, 1).build();
    RowDistanceMatrix wrong = DijkstraAllPairs.solve(graph, 1, Progress.NONE);
    wrong.row(2)[0] = 4f;
    ShortestPaths paths = new ShortestPaths(graph, wrong);
    assertThatThrownBy(() -> paths.path(2, 0)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no path");
    wrong.row(0)[2] = 0.5f;
    assertThatThrownBy(() -> paths.path(0, 2)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not computed for");
    assertThatThrownBy(() -> new ShortestPaths(graph, new RowDistanceMatrix(2, null)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 vertices");
    RowDistanceMatrix negativeDiagonal = new RowDistanceMatrix(3, null);
    negativeDiagonal.row(1)[1] = -1f;
    assertThatThrownBy(() -> new ShortestPaths(graph, negativeDiagonal))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative cycle");
  }

  @Test
  void everyPathOfARealWeightedGraph() throws java.io.IOException {
    Graph graph = GraphReader.read(SharedData.file("graphs/lesmis.edges.gz"));
    assertAllPaths(graph, DijkstraAllPairs.solve(graph, 2, Progress.NONE));
    Graph directed = GraphReader.read(SharedData.file("graphs/celegansneural.edges.gz"));
    RowDistanceMatrix d = DijkstraAllPairs.solve(directed, 2, Progress.NONE);
    ShortestPaths paths = new ShortestPaths(directed, d);
    for (int u = 0; u < directed.vertexCount(); u += 7) {
      for (int v = 0; v < directed.vertexCount(); v++) {
        PathAssertions.assertValidPath(directed, d, u, v, paths.path(u, v));
      }
      PathAssertions.assertNearestMatchesSortedRow(d, u, 10, paths.nearest(u, 10));
    }
  }

  static void assertAllPaths(Graph graph, DistanceMatrix d) {
    ShortestPaths paths = new ShortestPaths(graph, d);
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int v = 0; v < graph.vertexCount(); v++) {
        PathAssertions.assertValidPath(graph, d, u, v, paths.path(u, v));
      }
    }
  }
}
