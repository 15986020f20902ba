package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tropic.graph.Graph;
import org.tropic.io.GraphReader;
import org.tropic.semiring.Arithmetic;
import org.tropic.testdata.ReferenceStats;
import org.tropic.testdata.SharedData;

/**
 * The 14 real graphs of the JGraphT/networkx oracle, solved by Floyd–Warshall, by Dijkstra from every source and by
 * batched Bellman–Ford: reachable pairs exactly; the sum and maximum of distances exactly where weights are whole
 * numbers (the int32 path), within float32 rounding where they are real.
 */
class ReferenceApspTest {

  static List<ReferenceStats> graphs() {
    return ReferenceStats.all();
  }

  @ParameterizedTest(name = "Floyd–Warshall on {0}")
  @MethodSource("graphs")
  void floydWarshallReproducesTheOracle(ReferenceStats expected) throws IOException {
    Graph graph = GraphReader.read(SharedData.file(expected.relativePath()));
    var solver = new BlockedFloydWarshall(org.tropic.semiring.MinPlusKernels.best(), FloydWarshallOptions.defaults());
    Arithmetic arithmetic = solver.arithmeticFor(graph);
    assertMatches(expected, solver.solve(graph, Progress.NONE), arithmetic == Arithmetic.INT32);
  }

  @ParameterizedTest(name = "Dijkstra on {0}")
  @MethodSource("graphs")
  void dijkstraReproducesTheOracle(ReferenceStats expected) throws IOException {
    Graph graph = GraphReader.read(SharedData.file(expected.relativePath()));
    boolean integral = Arithmetic.choose(graph.weightStats(), graph.vertexCount()) == Arithmetic.INT32;
    assertMatches(expected, DijkstraAllPairs.solve(graph, 2, Progress.NONE), integral);
  }

  @ParameterizedTest(name = "batched Bellman–Ford on {0}")
  @MethodSource("graphs")
  void batchedBellmanFordReproducesTheOracle(ReferenceStats expected) throws IOException {
    Graph graph = GraphReader.read(SharedData.file(expected.relativePath()));
    boolean integral = Arithmetic.choose(graph.weightStats(), graph.vertexCount()) == Arithmetic.INT32;
    assertMatches(expected, BatchedBellmanFord.solve(graph, 2, Progress.NONE), integral);
  }

  private static void assertMatches(ReferenceStats expected, DistanceMatrix d, boolean exact) {
    assertThat(d.size()).isEqualTo(expected.n());
    long reachable = 0;
    double sum = 0;
    double max = 0;
    float[] row = new float[d.size()];
    for (int u = 0; u < d.size(); u++) {
      d.copyRow(u, row);
      for (int v = 0; v < d.size(); v++) {
        if (u != v && row[v] != Float.POSITIVE_INFINITY) {
          reachable++;
          sum += row[v];
          max = Math.max(max, row[v]);
        }
      }
    }
    assertThat(reachable).as("reachable pairs").isEqualTo(expected.reachablePairs());
    if (exact) {
      assertThat(sum).as("sum of distances").isEqualTo(expected.sumDistances());
      assertThat(max).as("max distance").isEqualTo(expected.maxDistance());
    } else {
      // float32 distances: each carries a relative rounding error of a few ulps per arc on its path
      assertThat(sum).as("sum of distances").isCloseTo(expected.sumDistances(), within(1e-5 * expected.sumDistances()));
      assertThat(max).as("max distance").isCloseTo(expected.maxDistance(), within(1e-5 * expected.maxDistance()));
    }
  }
}
