package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * Floyd–Warshall on a graph of one tile runs on the scalar kernels, which a fresh JVM compiles at once, where the
 * Vector API kernels ran interpreted for 0.15–0.25 s; both paths must give JGraphT's Dijkstra distances.
 */
class TinyFloydWarshallTest {

  @Test
  void oneTileRunsOnTheScalarKernelsAndLargerGraphsOnTheBest() {
    assertThat(Apsp.floydWarshallKernels(2)).isInstanceOf(ScalarMinPlusKernels.class);
    assertThat(Apsp.floydWarshallKernels(ColdStart.ONE_TILE)).isInstanceOf(ScalarMinPlusKernels.class);
    assertThat(Apsp.floydWarshallKernels(ColdStart.ONE_TILE + 1)).isSameAs(MinPlusKernels.best());
  }

  @Test
  void bothPathsGiveDijkstrasDistances() {
    Random random = new Random(7);
    for (int n : new int[] {1, 5, 77, 128}) {
      for (boolean undirected : new boolean[] {false, true}) {
        Graph graph = randomGraph(n, 3 * n, undirected, random);
        var oracle = new DijkstraShortestPath<>(TestGraph.toJGraphT(graph));
        ApspRequest request = ApspRequest.defaults().withAlgorithm(Algorithm.FW);
        ApspPlan plan = new Planner(MinPlusKernels.best()).plan(graph, request);
        DistanceMatrix scalar = Apsp.run(graph, plan, request, Progress.NONE).distances();
        DistanceMatrix vector = new BlockedFloydWarshall(MinPlusKernels.best(), request.floydWarshall()
            .withBlockSize(plan.blockSize()).withArithmetic(plan.arithmetic())).solve(graph, Progress.NONE);
        for (int u = 0; u < n; u++) {
          var paths = oracle.getPaths(u);
          for (int v = 0; v < n; v++) {
            float expected = (float) paths.getWeight(v);
            assertThat(scalar.get(u, v)).as("scalar n=%d %d→%d", n, u, v).isEqualTo(expected);
            assertThat(vector.get(u, v)).as("vector n=%d %d→%d", n, u, v).isEqualTo(expected);
          }
        }
      }
    }
  }

  /** Whole weights 1..20, so that every path's length is exact in float and the oracle's doubles agree. */
  private static Graph randomGraph(int n, int arcs, boolean undirected, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(undirected);
    for (int i = 0; i < arcs && n > 1; i++) {
      int u = random.nextInt(n);
      int v = random.nextInt(n);
      if (u != v) {
        float w = 1 + random.nextInt(20);
        if (undirected) {
          builder.addEdge(u, v, w);
        } else {
          builder.addArc(u, v, w);
        }
      }
    }
    return builder.build();
  }
}
