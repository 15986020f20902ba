package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class BatchedBellmanFordTest {

  @Provide
  Arbitrary<TestGraph> nonNegative() {
    return RandomGraphs.nonNegative();
  }

  @Provide
  Arbitrary<TestGraph> negativeWithoutCycle() {
    return RandomGraphs.negativeWithoutCycle();
  }

  @Provide
  Arbitrary<TestGraph> withNegativeCycle() {
    return RandomGraphs.withNegativeCycle();
  }

  /** Batches of 1, 3, 16, 17 and 256 targets: one lane, ragged vectors, whole vectors, several batches, one batch. */
  @Property(tries = 300)
  void agreesWithBellmanFordAndJGraphT(@ForAll("nonNegative") TestGraph drawn,
      @ForAll("batches") int batch, @ForAll @IntRange(min = 1, max = 3) int threads) {
    Graph graph = drawn.build();
    CountingProgress progress = new CountingProgress();
    RowDistanceMatrix d = new BatchedBellmanFord(graph, batch).solve(threads, progress);

    PathAssertions.assertDistancesMatch(d, ReferenceShortestPaths.bellmanFord(graph), "vs Bellman-Ford");
    PathAssertions.assertDistancesMatchJGraphTDijkstra(graph, d);
    assertThat(progress.begins.get()).isEqualTo(1);
    assertThat(progress.ends.get()).isEqualTo(1);
    assertThat(progress.total.get()).isEqualTo(graph.vertexCount());
    assertThat(progress.done.get()).isEqualTo(graph.vertexCount());
  }

  @Provide
  Arbitrary<Integer> batches() {
    return net.jqwik.api.Arbitraries.of(1, 3, 16, 17, 256);
  }

  /** Weights in eighths and potentials in whole numbers: every sum is exact, so no rounding can hide an error. */
  @Property(tries = 300)
  void negativeWeightsGiveTheExactDistances(@ForAll("negativeWithoutCycle") TestGraph drawn,
      @ForAll("batches") int batch) {
    Graph graph = drawn.build();
    RowDistanceMatrix d = new BatchedBellmanFord(graph, batch).solve(2, Progress.NONE);
    double[][] expected = ReferenceShortestPaths.bellmanFord(graph);
    var floyd = new FloydWarshallShortestPaths<>(TestGraph.toJGraphT(graph));
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int v = 0; v < graph.vertexCount(); v++) {
        assertThat((double) d.get(u, v)).as("D[%d][%d]", u, v).isEqualTo(expected[u][v])
            .isEqualTo(floyd.getPathWeight(u, v));
      }
    }
  }

  @Property(tries = 200)
  void negativeCyclesAreReportedNotLoopedOn(@ForAll("withNegativeCycle") TestGraph drawn) {
    Graph graph = drawn.build();
    BatchedBellmanFord solver = new BatchedBellmanFord(graph, 16);
    NegativeCycleException e = catchThrowableOfType(NegativeCycleException.class,
        () -> solver.solve(2, Progress.NONE));
    assertThat(e).as("must refuse %s", drawn).isNotNull();
    assertThat(ReferenceShortestPaths.minClosedWalk(graph, e.vertex())).isLessThanOrEqualTo(
        e.closedWalkLength() + 1e-6);
    assertThatThrownBy(() -> solver.distancesTo(0)).isInstanceOf(NegativeCycleException.class);
  }

  /**
   * Larger graphs than the generators draw, so that full 256-target batches, several of them and a ragged last one
   * run: whole weights make every sum exact, so the result must equal Dijkstra's bit for bit; real weights agree
   * within float rounding.
   */
  @ParameterizedTest(name = "n = {0}")
  @ValueSource(ints = {255, 256, 257, 700})
  void manyBatchesAgreeWithDijkstra(int n) {
    for (boolean whole : new boolean[] {true, false}) {
      for (boolean undirected : new boolean[] {false, true}) {
        Graph graph = randomGraph(n, 6, whole, undirected, 7L * n);
        RowDistanceMatrix batched = BatchedBellmanFord.solve(graph, 2, Progress.NONE);
        RowDistanceMatrix dijkstra = DijkstraAllPairs.solve(graph, 2, Progress.NONE);
        for (int u = 0; u < n; u++) {
          if (whole) {
            assertThat(batched.row(u)).as("row %d", u).containsExactly(dijkstra.row(u));
          } else {
            for (int v = 0; v < n; v++) {
              float e = dijkstra.get(u, v);
              if (e == Float.POSITIVE_INFINITY) {
                assertThat(batched.get(u, v)).isEqualTo(e);
              } else {
                assertThat((double) batched.get(u, v)).as("D[%d][%d]", u, v)
                    .isCloseTo(e, within(PathAssertions.distanceTolerance(e)));
              }
            }
          }
        }
      }
    }
  }

  @Property(tries = 100)
  void threadCountsAndSingleTargetsGiveIdenticalColumns(@ForAll("nonNegative") TestGraph drawn) {
    Graph graph = drawn.build();
    BatchedBellmanFord solver = new BatchedBellmanFord(graph, 3);
    RowDistanceMatrix one = solver.solve(1, Progress.NONE);
    RowDistanceMatrix four = solver.solve(4, Progress.NONE);
    for (int u = 0; u < graph.vertexCount(); u++) {
      assertThat(four.row(u)).containsExactly(one.row(u));
    }
    for (int t = 0; t < graph.vertexCount(); t++) {
      float[] column = solver.distancesTo(t);
      for (int u = 0; u < graph.vertexCount(); u++) {
        assertThat(column[u]).as("d(%d, %d)", u, t).isEqualTo(one.get(u, t));
      }
    }
  }

  @Test
  void smallDirectedGraphByHand() {
    // 0→1 (4), 0→2 (1), 2→1 (2), 1→3 (1), 2→3 (5), 4 isolated; the zero arc 3→2 closes no shorter path.
    Graph graph = GraphBuilder.withVertexCount(5)
        .addArc(0, 1, 4).addArc(0, 2, 1).addArc(2, 1, 2).addArc(1, 3, 1).addArc(2, 3, 5).addArc(3, 2, 0)
        .build();
    RowDistanceMatrix d = BatchedBellmanFord.solve(graph, 2, Progress.NONE);
    float inf = Float.POSITIVE_INFINITY;
    assertThat(d.row(0)).containsExactly(0, 3, 1, 4, inf);
    assertThat(d.row(1)).containsExactly(inf, 0, 1, 1, inf);
    assertThat(d.row(2)).containsExactly(inf, 2, 0, 3, inf);
    assertThat(d.row(3)).containsExactly(inf, 2, 0, 0, inf);
    assertThat(d.row(4)).containsExactly(inf, inf, inf, inf, 0);
  }

  @Test
  void textbookExampleWithNegativeArcs() {
    // Cormen, Leiserson, Rivest and Stein, Introduction to Algorithms, chapter 25's example, renumbered 0..4.
    Graph graph = GraphBuilder.withVertexCount(5)
        .addArc(0, 1, 3).addArc(0, 2, 8).addArc(0, 4, -4).addArc(1, 3, 1).addArc(1, 4, 7)
        .addArc(2, 1, 4).addArc(3, 0, 2).addArc(3, 2, -5).addArc(4, 3, 6)
        .build();
    RowDistanceMatrix d = BatchedBellmanFord.solve(graph, 1, Progress.NONE);
    assertThat(d.row(0)).containsExactly(0, 1, -3, 2, -4);
    assertThat(d.row(1)).containsExactly(3, 0, -4, 1, -1);
    assertThat(d.row(2)).containsExactly(7, 4, 0, 5, 3);
    assertThat(d.row(3)).containsExactly(2, -1, -5, 0, -2);
    assertThat(d.row(4)).containsExactly(8, 5, 1, 6, 0);
  }

  @Test
  void singleVertexAndEmptyGraph() {
    assertThat(BatchedBellmanFord.solve(GraphBuilder.withVertexCount(1).build(), 4, Progress.NONE).row(0))
        .containsExactly(0f);
    assertThat(BatchedBellmanFord.solve(GraphBuilder.withVertexCount(0).build(), 4, Progress.NONE).size())
        .isZero();
  }

  @Test
  void rejectsBadBatchesThreadCountsAndVertices() {
    Graph graph = GraphBuilder.withVertexCount(2).addArc(0, 1, 1).build();
    assertThatThrownBy(() -> new BatchedBellmanFord(graph, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one target");
    assertThatThrownBy(() -> BatchedBellmanFord.solve(graph, 0, Progress.NONE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("thread count");
    assertThatThrownBy(() -> new BatchedBellmanFord(graph, 16).distancesTo(2))
        .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("vertex 2");
    assertThat(new BatchedBellmanFord(graph, 256).batch()).isEqualTo(2);
  }

  @Test
  void theEstimateTimesAFinishedBatchAndScalesIt() {
    Graph graph = randomGraph(600, 8, false, false, 3);
    BatchedBellmanFord.Estimate estimate = new BatchedBellmanFord(graph, 100).estimate(2, 1000);
    assertThat(estimate.complete()).isTrue();
    assertThat(estimate.seconds()).isPositive().isLessThan(5);
  }

  /** A negative cycle keeps a search going forever; the planner's deadline must still stop its sample. */
  @Test
  void theEstimateGivesUpAtItsDeadline() {
    GraphBuilder builder = GraphBuilder.withVertexCount(3000);
    for (int v = 0; v < 3000; v++) {
      builder.addArc(v, (v + 1) % 3000, v == 0 ? -3000 : 1).addArc(v, (v + 7) % 3000, 5);
    }
    long start = System.nanoTime();
    BatchedBellmanFord.Estimate estimate = new BatchedBellmanFord(builder.build(), 256).estimate(1, 0.5);
    assertThat(estimate.complete()).isFalse();
    assertThat(estimate.seconds()).isPositive();
    assertThat((System.nanoTime() - start) / 1e9).as("seconds spent").isLessThan(30);
  }

  @Test
  void batchesFitTheLastLevelCacheTogether() {
    for (int threads : new int[] {1, 2, 16}) {
      for (int n : new int[] {1, 100, 4000, 16_264, 1_000_000}) {
        int batch = BatchedBellmanFord.batchFor(n, threads);
        assertThat(Integer.bitCount(batch)).as("a power of two").isEqualTo(1);
        assertThat(batch).isBetween(TargetBatch.lanes(), BatchedBellmanFord.MAX_BATCH);
        if (batch > TargetBatch.lanes() && CpuCaches.LAST_LEVEL_BYTES > 0) {
          assertThat((long) threads * n * batch * Float.BYTES).isLessThanOrEqualTo(CpuCaches.LAST_LEVEL_BYTES / 2);
        }
      }
    }
    assertThat(BatchedBellmanFord.batchFor(1_000_000, 16)).isEqualTo(TargetBatch.lanes());
  }

  @Test
  void aFailingProgressListenerStopsTheSolveAndSurfaces() {
    Graph graph = GraphBuilder.withVertexCount(50).addArc(0, 1, 1).build();
    Progress failing = PathAssertions.failingProgress();
    assertThatThrownBy(() -> new BatchedBellmanFord(graph, 5).solve(3, failing)).hasMessage("listener broke");
  }

  private static Graph randomGraph(int n, int degree, boolean whole, boolean undirected, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(undirected);
    for (int u = 0; u < n; u++) {
      for (int d = 0; d < degree; d++) {
        int v = random.nextInt(n);
        float w = whole ? 1 + random.nextInt(50) : (float) (1 + 49 * random.nextDouble());
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
