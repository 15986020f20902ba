package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * Floyd–Warshall on the upper triangle of tiles must give, for every symmetric graph, exactly the distances of the
 * full solve, which {@link FloydWarshallTest} checks against JGraphT, and must be used only where it is exact.
 */
class SymmetricFloydWarshallTest {

  @Property(tries = 60)
  void upperTriangleSolveEqualsTheFullSolveBitForBit(@ForAll @IntRange(min = 1, max = 230) int n,
      @ForAll @IntRange(min = 0, max = 5) int degree, @ForAll boolean integral,
      @ForAll @IntRange(min = 1, max = 3) int threads, @ForAll boolean lookahead, @ForAll long seed) {
    Graph graph = undirectedGraph(n, degree, integral, new Random(seed));
    int b = new int[] {32, 64}[(int) Math.floorMod(seed, 2)];
    var options = new FloydWarshallOptions(b, threads, null, lookahead);
    TiledDistanceMatrix upper = new BlockedFloydWarshall(MinPlusKernels.best(), options).solve(graph, Progress.NONE);
    TiledDistanceMatrix full = new BlockedFloydWarshall(MinPlusKernels.best(), options.withSymmetry(false))
        .solve(graph, Progress.NONE);
    assertThat(upper.symmetric()).isTrue();
    assertThat(full.symmetric()).isFalse();
    assertSameBits(upper, full);
  }

  @Test
  void everyArithmeticAndTheScalarKernelsAgree() {
    Graph graph = undirectedGraph(300, 3, true, new Random(5));
    TiledDistanceMatrix reference = new BlockedFloydWarshall(new ScalarMinPlusKernels(),
        new FloydWarshallOptions(64, 1, Arithmetic.EXACT_FLOAT, false, false)).solve(graph, Progress.NONE);
    for (Arithmetic arithmetic : Arithmetic.values()) {
      for (MinPlusKernels kernels : new MinPlusKernels[] {new ScalarMinPlusKernels(), MinPlusKernels.best()}) {
        TiledDistanceMatrix upper = new BlockedFloydWarshall(kernels,
            new FloydWarshallOptions(64, 2, arithmetic, true)).solve(graph, Progress.NONE);
        assertThat(upper.symmetric()).as(arithmetic.label()).isTrue();
        assertSameBits(upper, reference);
      }
    }
  }

  @Test
  void usedOnlyForSymmetricGraphsWithoutNegativeWeights() {
    BlockedFloydWarshall solver = new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults());
    Graph undirected = GraphBuilder.withVertexCount(3).undirected(true).addEdge(0, 1, 2f).addEdge(1, 2, 3f).build();
    Graph directedButSymmetric = GraphBuilder.withVertexCount(3).addArc(0, 1, 2f).addArc(1, 0, 2f).build();
    Graph oneWay = GraphBuilder.withVertexCount(3).addArc(0, 1, 2f).addArc(1, 0, 2f).addArc(1, 2, 1f).build();
    Graph unequalWeights = GraphBuilder.withVertexCount(2).addArc(0, 1, 2f).addArc(1, 0, 2.5f).build();
    assertThat(solver.usesSymmetry(undirected)).isTrue();
    assertThat(solver.usesSymmetry(directedButSymmetric)).isTrue();
    assertThat(solver.usesSymmetry(oneWay)).isFalse();
    assertThat(solver.usesSymmetry(unequalWeights)).isFalse();
    assertThat(new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults().withSymmetry(false))
        .usesSymmetry(undirected)).isFalse();
  }

  @Test
  void anUndirectedNegativeEdgeIsReportedAsANegativeCycleBeforeSolving() {
    Graph graph = GraphBuilder.withVertexCount(80).undirected(true).addEdge(3, 70, 1f).addEdge(70, 71, -0.5f)
        .build();
    BlockedFloydWarshall solver = new BlockedFloydWarshall(MinPlusKernels.best(),
        new FloydWarshallOptions(32, 2, null, true));
    assertThat(solver.usesSymmetry(graph)).isFalse();
    CountingProgress progress = new CountingProgress();
    assertThatThrownBy(() -> solver.solve(graph, progress)).isInstanceOf(NegativeCycleException.class)
        .satisfies(e -> {
          assertThat(((NegativeCycleException) e).vertex()).isEqualTo(70);
          assertThat(((NegativeCycleException) e).closedWalkLength()).isEqualTo(-1f); // 70 → 71 → 70
        });
    assertThat(progress.begins.get()).as("no solve was started").isZero();
    assertThatThrownBy(() -> new Planner(MinPlusKernels.best()).plan(graph, ApspRequest.defaults()))
        .isInstanceOf(NegativeCycleException.class).hasMessageContaining("vertex 70");
  }

  @Test
  void storesOnlyTheTilesOnAndAboveTheDiagonal() {
    Graph graph = undirectedGraph(200, 3, false, new Random(9));
    TiledDistanceMatrix d = new BlockedFloydWarshall(MinPlusKernels.best(),
        new FloydWarshallOptions(64, 2, null, true)).solve(graph, Progress.NONE);
    assertThat(d.tilesPerSide()).isEqualTo(4);
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 4; j++) {
        assertThat(d.tile(i, j) == null).as("tile (%d, %d) missing", i, j).isEqualTo(i > j);
      }
    }
    assertThat(TiledDistanceMatrix.storageBytes(200, 64, true)).isEqualTo(10L * 64 * 64 * 4);
    assertThat(TiledDistanceMatrix.storageBytes(200, 64, false)).isEqualTo(16L * 64 * 64 * 4);
  }

  @Test
  void anUndirectedGraphFitsABudgetItsDirectedTwinDoesNot() {
    Graph undirected = undirectedGraph(1000, 3, false, new Random(2));
    Graph directed = new Graph(undirected.offsets(), undirected.targets(), undirected.weights().clone(), null, false);
    directed.weights()[0] += 1f; // no longer symmetric
    // b = 128: 8 × 8 tiles of 64 KiB, 36 of them on and above the diagonal, and 48 panels of 64 KiB either way,
    // each array with its header and share of a heap region
    long budget = 6_500_000;
    var request = new ApspRequest(Algorithm.FW, FloydWarshallOptions.defaults().withBlockSize(128), 0, budget,
        Device.CPU);
    Planner planner = new Planner(MinPlusKernels.best());
    assertThat(planner.plan(undirected, request).estimatedBytes())
        .isEqualTo((36 + 6 * 8) * HeapFootprint.floatArray(128 * 128));
    assertThatThrownBy(() -> planner.plan(directed, request)).isInstanceOf(MemoryBudgetException.class);
  }

  @Test
  void aRefusalSaysItsFigureIsTheUpperTriangleAndItsPartsAddUp() {
    Graph undirected = undirectedGraph(1000, 3, false, new Random(2));
    Graph directed = new Graph(undirected.offsets(), undirected.targets(), undirected.weights().clone(), null, false);
    directed.weights()[0] += 1f;
    var request = new ApspRequest(Algorithm.FW, FloydWarshallOptions.defaults().withBlockSize(128), 0, 5_000_000,
        Device.CPU);
    Planner planner = new Planner(MinPlusKernels.best());

    // 36 tiles of 65,536 bytes and 3,145,728 bytes of panels: 5,505,024 bytes, and the arrays' headers and packing
    long each = HeapFootprint.floatArray(128 * 128);
    assertThatThrownBy(() -> planner.plan(undirected, request)).isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("the upper triangle of the distance matrix, n(n+1)/2 × 4 bytes, since the graph is"
            + " symmetric, held in 36 tiles of 128 × 128 × 4 bytes = 2,359,296 bytes, plus its panels,"
            + " 3,145,728 bytes, plus " + String.format("%,d", 84 * each - 5_505_024) + " bytes of array headers")
        .hasMessageContaining(String.format("(%,d bytes)", 84 * each))
        .hasMessageNotContaining("n² × 4");
    assertThatThrownBy(() -> planner.plan(directed, request)).isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("the n² × 4-byte distance matrix, held in 64 tiles of 128 × 128 × 4 bytes = 4,194,304"
            + " bytes, plus its panels, 3,145,728 bytes")
        .hasMessageContaining(String.format("(%,d bytes)", 112 * each));
  }

  /** Every element through both accessors, {@code get} and {@code copyRow}, including those read from mirrors. */
  static void assertSameBits(DistanceMatrix actual, DistanceMatrix expected) {
    int n = expected.size();
    float[] row = new float[n];
    float[] expectedRow = new float[n];
    for (int u = 0; u < n; u++) {
      actual.copyRow(u, row);
      expected.copyRow(u, expectedRow);
      for (int v = 0; v < n; v++) {
        int bits = Float.floatToRawIntBits(expectedRow[v]);
        if (Float.floatToRawIntBits(row[v]) != bits || Float.floatToRawIntBits(actual.get(u, v)) != bits) {
          throw new AssertionError("d(" + u + ", " + v + "): row " + row[v] + ", get " + actual.get(u, v)
              + ", full solve " + expectedRow[v]);
        }
      }
    }
  }

  static Graph undirectedGraph(int n, int degree, boolean integral, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(true);
    for (int u = 0; u < n; u++) {
      for (int e = 0; e < degree; e++) {
        builder.addEdge(u, random.nextInt(n), integral ? random.nextInt(50) : random.nextFloat() * 50);
      }
    }
    return builder.build();
  }
}
