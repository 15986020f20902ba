package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.alg.shortestpath.JohnsonShortestPaths;
import org.jgrapht.alg.shortestpath.NegativeCycleDetectedException;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class JohnsonTest {

  @Provide
  Arbitrary<TestGraph> negativeWithoutCycle() {
    return RandomGraphs.negativeWithoutCycle();
  }

  @Provide
  Arbitrary<TestGraph> withNegativeCycle() {
    return RandomGraphs.withNegativeCycle();
  }

  @Provide
  Arbitrary<TestGraph> nonNegative() {
    return RandomGraphs.nonNegative();
  }

  @Property(tries = 300)
  void agreesWithBellmanFordAndJGraphT(@ForAll("negativeWithoutCycle") TestGraph drawn) {
    Graph graph = drawn.build();
    CountingProgress progress = new CountingProgress();
    Johnson johnson = new Johnson(graph);
    RowDistanceMatrix d = johnson.solve(2, progress);

    PathAssertions.assertDistancesMatch(d, ReferenceShortestPaths.bellmanFord(graph), "vs Bellman-Ford");
    var jgraph = TestGraph.toJGraphT(graph);
    var jgraphtJohnson = new JohnsonShortestPaths<>(jgraph);
    var jgraphtFloyd = new FloydWarshallShortestPaths<>(jgraph);
    for (int u = 0; u < graph.vertexCount(); u++) {
      float[] single = johnson.distancesFrom(u);
      assertThat(single).containsExactly(d.row(u));
      for (int v = 0; v < graph.vertexCount(); v++) {
        double expected = jgraphtJohnson.getPathWeight(u, v);
        assertThat(jgraphtFloyd.getPathWeight(u, v)).isEqualTo(expected);
        if (expected == Double.POSITIVE_INFINITY) {
          assertThat(d.get(u, v)).isEqualTo(Float.POSITIVE_INFINITY);
        } else {
          assertThat((double) d.get(u, v)).as("D[%d][%d] vs JGraphT", u, v)
              .isCloseTo(expected, within(PathAssertions.distanceTolerance(expected)));
        }
      }
    }
    assertThat(progress.done.get()).isEqualTo(graph.vertexCount());

    double[] h = johnson.potentials();
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        assertThat(h[graph.targets()[a]]).isLessThanOrEqualTo(h[u] + graph.weights()[a] + 1e-9);
      }
    }
  }

  @Property(tries = 100)
  void withoutNegativeWeightsItIsExactlyDijkstra(@ForAll("nonNegative") TestGraph drawn) {
    Graph graph = drawn.build();
    RowDistanceMatrix johnson = Johnson.solve(graph, 2, Progress.NONE);
    RowDistanceMatrix dijkstra = DijkstraAllPairs.solve(graph, 1, Progress.NONE);
    for (int u = 0; u < graph.vertexCount(); u++) {
      assertThat(johnson.row(u)).containsExactly(dijkstra.row(u));
    }
  }

  @Property(tries = 300)
  void negativeCyclesAreReportedWithAVertexOnOne(@ForAll("withNegativeCycle") TestGraph drawn) {
    Graph graph = drawn.build();
    assertThat(ReferenceShortestPaths.hasNegativeCycle(graph)).isTrue();
    NegativeCycleException e = catchThrowableOfType(NegativeCycleException.class, () -> new Johnson(graph));
    assertThat(e).as("Johnson must refuse %s", drawn).isNotNull();
    assertThat(e.closedWalkLength()).isNegative();
    // The vertex has a closed walk at least as light as the cycle reported through it.
    double lightest = ReferenceShortestPaths.minClosedWalk(graph, e.vertex());
    assertThat(lightest).isLessThanOrEqualTo(e.closedWalkLength() + 1e-6);
    assertThat(e.getMessage()).contains("negative cycle").contains(graph.name(e.vertex()));
    assertThatThrownBy(() -> new JohnsonShortestPaths<>(TestGraph.toJGraphT(graph)).getPathWeight(0, 0))
        .isInstanceOf(NegativeCycleDetectedException.class);
  }

  @Test
  void textbookExample() {
    // Cormen, Leiserson, Rivest and Stein, Introduction to Algorithms, the running example of chapter 25
    // (vertices 1..5 renumbered 0..4).
    Graph graph = GraphBuilder.withVertexCount(5)
        .addArc(0, 1, 3).addArc(0, 2, 8).addArc(0, 4, -4).addArc(1, 3, 1).addArc(1, 4, 7)
        .addArc(2, 1, 4).addArc(3, 0, 2).addArc(3, 2, -5).addArc(4, 3, 6)
        .build();
    RowDistanceMatrix d = Johnson.solve(graph, 2, Progress.NONE);
    assertThat(d.row(0)).containsExactly(0, 1, -3, 2, -4);
    assertThat(d.row(1)).containsExactly(3, 0, -4, 1, -1);
    assertThat(d.row(2)).containsExactly(7, 4, 0, 5, 3);
    assertThat(d.row(3)).containsExactly(2, -1, -5, 0, -2);
    assertThat(d.row(4)).containsExactly(8, 5, 1, 6, 0);
  }

  @Test
  void negativeSelfLoopIsACycleOfOneArc() {
    Graph graph = GraphBuilder.withVertexCount(3).addArc(0, 1, 2).addArc(1, 1, -0.5f).addArc(1, 2, 1).build();
    NegativeCycleException e = catchThrowableOfType(NegativeCycleException.class, () -> new Johnson(graph));
    assertThat(e.vertex()).isEqualTo(1);
    assertThat(e.closedWalkLength()).isEqualTo(-0.5f);
  }

  @Test
  void aNegativeUndirectedEdgeIsANegativeCycle() {
    Graph graph = GraphBuilder.withVertexCount(4).undirected(true)
        .addEdge(0, 1, 3).addEdge(1, 2, -1).addEdge(2, 3, 4).build();
    NegativeCycleException e = catchThrowableOfType(NegativeCycleException.class, () -> new Johnson(graph));
    assertThat(e.vertex()).isIn(1, 2);
    assertThat(e.closedWalkLength()).isEqualTo(-2f);
  }

  @Test
  void theCycleIsFoundBehindALongChain() {
    // A chain 0→1→…→199 of weight −1 arcs (potentials down to −199) ends in a three-arc cycle of weight −1.
    int n = 203;
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int v = 0; v < 199; v++) {
      builder.addArc(v, v + 1, -1);
    }
    builder.addArc(199, 200, 5).addArc(200, 201, 2).addArc(201, 202, -4).addArc(202, 200, 1);
    Graph graph = builder.build();
    NegativeCycleException e = catchThrowableOfType(NegativeCycleException.class, () -> new Johnson(graph));
    assertThat(e.vertex()).isIn(200, 201, 202);
    assertThat(e.closedWalkLength()).isEqualTo(-1f);
  }

  @Test
  void longNegativeChainWithoutCycleKeepsExactIntegers() {
    int n = 300;
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int v = 0; v + 1 < n; v++) {
      builder.addArc(v, v + 1, -2).addArc(v + 1, v, 3);
    }
    Graph graph = builder.build();
    RowDistanceMatrix d = Johnson.solve(graph, 2, Progress.NONE);
    for (int u = 0; u < n; u += 37) {
      for (int v = 0; v < n; v += 11) {
        assertThat(d.get(u, v)).isEqualTo(v >= u ? -2f * (v - u) : 3f * (u - v));
      }
    }
  }
}
