package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tropic.apsp.PartitionedApspTest.KERNELS;
import static org.tropic.apsp.PartitionedApspTest.assertMatches;
import static org.tropic.apsp.PartitionedApspTest.assumeMetis;
import static org.tropic.apsp.PartitionedTestGraphs.dijkstraAll;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.io.DistanceStore;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.Sidecar;
import org.tropic.semiring.Arithmetic;
import org.tropic.testdata.ReferenceStats;

/**
 * Partitioned APSP with METIS on the graphs it is meant for — grids, power grids, meshes, a road network, random
 * planar graphs — checked exactly (whole weights) or to float32 rounding (real weights) against Dijkstra from every
 * source in double precision, against the shared JGraphT oracle statistics, and against blocked Floyd–Warshall
 * where weights are negative; k runs from 2 to the point where nearly every vertex is a boundary vertex.
 */
class PartitionedRealGraphsTest {

  static PartitionedApsp metis(int parts, PartitionedOptions.Recursion recursion) {
    assumeMetis();
    return new PartitionedApsp(KERNELS, new PartitionedOptions(parts, 2, null, recursion));
  }

  @Test
  void gridForEveryKUpToAllBoundary() {
    Graph graph = PartitionedTestGraphs.grid(24, 24, PartitionedApspTest.randomWeights(11));
    double[][] expected = dijkstraAll(graph);
    double lastFraction = 0;
    for (int k : new int[] {2, 3, 4, 8, 16, 32, 64, 144}) {
      PartitionedDistanceMatrix d = metis(k, PartitionedOptions.Recursion.NEVER).solve(graph, Progress.NONE);
      assertMatches(d, expected, true, "24x24 grid, k=" + k);
      assertThat(d.report().parts()).isEqualTo(k);
      lastFraction = d.report().boundaryFraction();
    }
    assertThat(lastFraction).as("at k = 144 (4 vertices a part) the boundary dominates").isGreaterThan(0.9);
  }

  @ParameterizedTest
  @ValueSource(strings = {"bcspwr06.mtx", "bcspwr07.mtx", "bcspwr08.mtx", "bcspwr09.mtx"})
  void powerGridsMatchDijkstra(String name) throws IOException {
    Graph graph = PartitionedTestGraphs.read("suitesparse/" + name);
    double[][] expected = dijkstraAll(graph);
    for (int k : new int[] {4, 32}) {
      assertMatches(metis(k, PartitionedOptions.Recursion.NEVER).solve(graph, Progress.NONE), expected, true,
          name + ", k=" + k);
    }
  }

  @Test
  void largestPowerGridWithAutomaticK() throws IOException {
    Graph graph = PartitionedTestGraphs.read("suitesparse/bcspwr10.mtx");
    PartitionedDistanceMatrix d = metis(0, PartitionedOptions.Recursion.WHEN_CHEAPER).solve(graph, Progress.NONE);
    assertThat(d.report().parts()).isGreaterThan(1);
    assertMatches(d, dijkstraAll(graph), true, "bcspwr10, automatic k=" + d.report().parts());
  }

  @ParameterizedTest
  @ValueSource(strings = {"bcspwr06.mtx", "jagmesh7.mtx"})
  void agreesWithTheSharedJGraphTOracle(String name) throws IOException {
    Graph graph = PartitionedTestGraphs.read("suitesparse/" + name);
    Stats expected = Stats.oracle(name);
    for (int k : new int[] {2, 8, 64, 256}) {
      Stats actual = Stats.of(metis(k, PartitionedOptions.Recursion.NEVER).solve(graph, Progress.NONE));
      assertThat(actual).as("%s, k=%d", name, k).isEqualTo(expected);
    }
  }

  @Test
  void meshWithRecursionOnTheBoundaryGraph() throws IOException {
    Graph graph = PartitionedTestGraphs.read("suitesparse/jagmesh7.mtx");
    PartitionedDistanceMatrix d = metis(128, PartitionedOptions.Recursion.ALWAYS).solve(graph, Progress.NONE);
    assertThat(d.report().boundaryPartition()).as("boundary graph partitioned again").isNotNull();
    assertThat(d.report().summary()).contains("boundary graph partitioned again");
    assertMatches(d, dijkstraAll(graph), true, "jagmesh7, k=128, recursive");
  }

  @Test
  void roadNetworkSubgraph() throws IOException {
    Graph ny = PartitionedTestGraphs.read("road/USA-road-NY.pace16-unweighted.gr.xz");
    Graph road = PartitionedTestGraphs.bfsSubgraph(ny, 0, 2500);
    assertThat(road.vertexCount()).isEqualTo(2500);
    Graph weighted = withEdgeWeights(road, 1, 100);
    double[][] expected = dijkstraAll(weighted);
    for (int k : new int[] {16, 64}) {
      PartitionedDistanceMatrix d = metis(k, PartitionedOptions.Recursion.NEVER).solve(weighted, Progress.NONE);
      assertMatches(d, expected, true, "NY road subgraph, k=" + k);
      assertThat(d.report().boundaryFraction()).as("roads have small separators").isLessThan(0.25);
    }
  }

  @Test
  void randomPlanarGraphsWithRealWeights() {
    for (int seed = 1; seed <= 2; seed++) {
      Graph graph = PartitionedTestGraphs.randomPlanar(24, 26, 0.9, new Random(seed));
      assertThat(graph.weightStats().integral()).isFalse();
      double[][] expected = dijkstraAll(graph);
      for (int k : new int[] {5, 40}) {
        PartitionedDistanceMatrix d = metis(k, PartitionedOptions.Recursion.NEVER).solve(graph, Progress.NONE);
        assertMatches(d, expected, false, "random planar " + seed + ", k=" + k);
        assertMatches(d, new BlockedFloydWarshall(KERNELS, FloydWarshallOptions.defaults().withThreads(2))
            .solve(graph, Progress.NONE), false);
      }
    }
  }

  @Test
  void negativeWeightsWithoutNegativeCycles() {
    Graph base = PartitionedTestGraphs.randomPlanar(20, 25, 0.95, new Random(4));
    for (boolean integral : new boolean[] {true, false}) {
      Graph graph = PartitionedTestGraphs.withPotentials(integral ? withEdgeWeights(base, 1, 30) : base,
          new Random(8), 40);
      assertThat(graph.weightStats().hasNegative()).isTrue();
      DistanceMatrix fw = new BlockedFloydWarshall(KERNELS, FloydWarshallOptions.defaults().withThreads(2))
          .solve(graph, Progress.NONE);
      double[][] oracle = PartitionedTestGraphs.floydWarshallDouble(graph);
      for (int k : new int[] {3, 20}) {
        PartitionedDistanceMatrix d = metis(k, PartitionedOptions.Recursion.NEVER).solve(graph, Progress.NONE);
        assertMatches(d, fw, integral);
        assertMatches(d, oracle, integral, "negative weights, k=" + k);
      }
    }
  }

  @Test
  void resultGoesThroughTheNpyStoreInOriginalIds(@TempDir Path dir) throws IOException {
    Graph graph = PartitionedTestGraphs.grid(9, 11, PartitionedApspTest.randomWeights(2));
    PartitionedDistanceMatrix d = metis(4, PartitionedOptions.Recursion.NEVER).solve(graph, Progress.NONE);
    Path out = dir.resolve("grid.npy");
    DistanceStore.write(d, out, Sidecar.of(graph, null, null, Arithmetic.INT32.label(), null), Progress.NONE);
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(out)) {
      assertThat(FloydWarshallTest.rows(stored)).isDeepEqualTo(FloydWarshallTest.rows(d));
    }
    assertMatches(d, dijkstraAll(graph), true, "grid through the store");
  }

  @Test
  void labelsAreKept() {
    GraphBuilder builder = GraphBuilder.labelled();
    for (int v = 0; v < 40; v++) {
      builder.addEdge(builder.vertex("v" + v), builder.vertex("v" + (v + 1) % 40), 1);
    }
    Graph ring = builder.build();
    PartitionedDistanceMatrix d = metis(4, PartitionedOptions.Recursion.NEVER).solve(ring, Progress.NONE);
    assertThat(d.labels()).isEqualTo(ring.labels());
    assertThat(d.get(ring.vertex("v0"), ring.vertex("v20"))).isEqualTo(20f);
    assertThat(d.get(ring.vertex("v3"), ring.vertex("v38"))).isEqualTo(5f);
  }

  /** The same undirected structure with a whole weight in [low, high] per edge, the same both ways. */
  static Graph withEdgeWeights(Graph graph, int low, int high) {
    GraphBuilder builder = GraphBuilder.withVertexCount(graph.vertexCount()).undirected(graph.undirected());
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        int v = graph.targets()[a];
        long key = (long) Math.min(u, v) * 1_000_003L + Math.max(u, v);
        builder.addArc(u, v, low + (int) Math.floorMod(key * 0x9E3779B97F4A7C15L >>> 17, high - low + 1));
      }
    }
    return builder.build();
  }

  /** The statistics the shared oracle file records: reachable ordered pairs, sum and max of finite distances. */
  record Stats(long reachablePairs, double sum, double max) {
    static Stats of(DistanceMatrix d) {
      long pairs = 0;
      double sum = 0;
      double max = 0;
      float[] row = new float[d.size()];
      for (int u = 0; u < d.size(); u++) {
        d.copyRow(u, row);
        for (int v = 0; v < d.size(); v++) {
          if (u != v && row[v] != Float.POSITIVE_INFINITY) {
            pairs++;
            sum += row[v];
            max = Math.max(max, row[v]);
          }
        }
      }
      return new Stats(pairs, sum, max);
    }

    static Stats oracle(String name) {
      ReferenceStats reference = ReferenceStats.of(name);
      return new Stats(reference.reachablePairs(), reference.sumDistances(), reference.maxDistance());
    }
  }
}
