package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.ScalarMinPlusKernels;

/** Blocked Floyd–Warshall against JGraphT's Floyd–Warshall (double precision) on random graphs. */
class FloydWarshallTest {

  @Property(tries = 60)
  void matchesJGraphTOnRandomGraphs(@ForAll @IntRange(min = 1, max = 140) int n,
      @ForAll @IntRange(min = 0, max = 6) int degree, @ForAll boolean integral, @ForAll boolean negative,
      @ForAll @IntRange(min = 1, max = 3) int threads, @ForAll boolean lookahead, @ForAll long seed) {
    Graph graph = randomGraph(n, degree, integral, negative, new Random(seed));
    int b = new int[] {32, 64}[(int) Math.floorMod(seed, 2)];
    var options = new FloydWarshallOptions(b, threads, null, lookahead);
    DistanceMatrix d = new BlockedFloydWarshall(MinPlusKernels.best(), options).solve(graph, Progress.NONE);
    assertMatchesJGraphT(graph, d, integral);
  }

  /**
   * Components laid out one after another leave whole tiles unreachable from each other, so row panels are all +∞
   * (skipped) and column panels stay sparse for many pivots (multiplied from their finite entries alone). Neither
   * may change a distance, directed or on the upper triangle of an undirected graph.
   */
  @Property(tries = 40)
  void matchesJGraphTOnGraphsOfSeparateComponents(@ForAll @IntRange(min = 1, max = 5) int components,
      @ForAll @IntRange(min = 1, max = 90) int size, @ForAll @IntRange(min = 1, max = 3) int degree,
      @ForAll boolean undirected, @ForAll boolean integral, @ForAll long seed) {
    Random random = new Random(seed);
    GraphBuilder builder = GraphBuilder.withVertexCount(components * size).undirected(undirected);
    for (int first = 0; first < components * size; first += size) {
      for (int u = 0; u < size; u++) {
        for (int e = 0; e < degree; e++) {
          float w = integral ? random.nextInt(50) : random.nextFloat() * 50;
          int v = first + random.nextInt(size);
          if (undirected) {
            builder.addEdge(first + u, v, w);
          } else {
            builder.addArc(first + u, v, w);
          }
        }
      }
    }
    Graph graph = builder.build();
    var options = new FloydWarshallOptions(32, 2, null, true);
    DistanceMatrix d = new BlockedFloydWarshall(MinPlusKernels.best(), options).solve(graph, Progress.NONE);
    assertMatchesJGraphT(graph, d, integral);
  }

  @Test
  void everyArithmeticPathThatFitsGivesTheSameDistances() {
    Graph graph = randomGraph(150, 4, true, false, new Random(3));
    float[][] reference = null;
    for (Arithmetic arithmetic : Arithmetic.values()) {
      var options = new FloydWarshallOptions(64, 2, arithmetic, true);
      DistanceMatrix d = new BlockedFloydWarshall(MinPlusKernels.best(), options).solve(graph, Progress.NONE);
      float[][] rows = rows(d);
      if (reference == null) {
        reference = rows;
      } else {
        assertThat(rows).as(arithmetic.label()).isDeepEqualTo(reference);
      }
    }
  }

  @Test
  void resultIsBitIdenticalAcrossThreadsLookaheadAndKernels() {
    Graph graph = randomGraph(200, 5, false, true, new Random(11));
    float[][] reference = rows(new BlockedFloydWarshall(new ScalarMinPlusKernels(),
        new FloydWarshallOptions(64, 1, Arithmetic.EXACT_FLOAT, false)).solve(graph, Progress.NONE));
    for (int threads = 1; threads <= 4; threads++) {
      for (boolean lookahead : new boolean[] {false, true}) {
        float[][] rows = rows(new BlockedFloydWarshall(MinPlusKernels.best(),
            new FloydWarshallOptions(64, threads, Arithmetic.EXACT_FLOAT, lookahead)).solve(graph, Progress.NONE));
        assertThat(rows).as("threads=%d lookahead=%s", threads, lookahead).isDeepEqualTo(reference);
      }
    }
  }

  /**
   * The ragged last tile row and column are multiplied at their occupied size. Padding the graph with isolated
   * vertices up to a multiple of b fills them, and must not change one bit of the real distances.
   */
  @Test
  void raggedEdgeTilesGiveTheBitsOfFullTiles() {
    for (boolean undirected : new boolean[] {false, true}) {
      Graph graph = undirected ? SymmetricFloydWarshallTest.undirectedGraph(200, 3, false, new Random(4))
          : randomGraph(200, 3, false, true, new Random(4));
      GraphBuilder padded = GraphBuilder.withVertexCount(256).undirected(undirected);
      for (int u = 0; u < 200; u++) {
        for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
          padded.addArc(u, graph.targets()[a], graph.weights()[a]);
        }
      }
      var options = new FloydWarshallOptions(64, 2, Arithmetic.EXACT_FLOAT, true);
      DistanceMatrix ragged = new BlockedFloydWarshall(MinPlusKernels.best(), options).solve(graph, Progress.NONE);
      DistanceMatrix full = new BlockedFloydWarshall(MinPlusKernels.best(), options)
          .solve(padded.build(), Progress.NONE);
      for (int u = 0; u < 200; u++) {
        for (int v = 0; v < 200; v++) {
          assertThat(Float.floatToRawIntBits(ragged.get(u, v))).as("d(%d, %d), undirected %s", u, v, undirected)
              .isEqualTo(Float.floatToRawIntBits(full.get(u, v)));
        }
      }
    }
  }

  /** A tile larger than the graph is one tile of n rounded up to 32: b = 64000 once overflowed b² floats. */
  @Test
  void aTileLargerThanTheGraphIsOneTileOfTheGraph() {
    Graph graph = randomGraph(77, 3, false, true, new Random(7));
    var huge = new FloydWarshallOptions(64000, 2, Arithmetic.EXACT_FLOAT, true);
    var oneTile = new FloydWarshallOptions(96, 2, Arithmetic.EXACT_FLOAT, true);
    assertThat(new BlockedFloydWarshall(MinPlusKernels.best(), huge).blockSizeFor(graph)).isEqualTo(96);
    DistanceMatrix d = new BlockedFloydWarshall(MinPlusKernels.best(), huge).solve(graph, Progress.NONE);
    DistanceMatrix expected = new BlockedFloydWarshall(MinPlusKernels.best(), oneTile).solve(graph, Progress.NONE);
    for (int u = 0; u < 77; u++) {
      for (int v = 0; v < 77; v++) {
        assertThat(d.get(u, v)).isEqualTo(expected.get(u, v));
      }
    }
    assertThat(FloydWarshallOptions.largestUsefulBlockSize(0)).isEqualTo(32);
    assertThat(FloydWarshallOptions.largestUsefulBlockSize(Integer.MAX_VALUE)).isPositive();
  }

  @Test
  void negativeCycleIsReportedWithAVertexOnIt() {
    GraphBuilder builder = GraphBuilder.withVertexCount(100);
    for (int v = 0; v + 1 < 100; v++) {
      builder.addArc(v, v + 1, 1f);
    }
    builder.addArc(70, 40, -31f); // cycle 40 → … → 70 → 40 of length 30 − 31 = −1
    Graph graph = builder.build();
    CountingProgress progress = new CountingProgress();
    assertThatThrownBy(() -> new BlockedFloydWarshall(MinPlusKernels.best(),
        new FloydWarshallOptions(32, 2, null, true)).solve(graph, progress))
        .isInstanceOf(NegativeCycleException.class)
        .hasMessageContaining("negative cycle")
        .satisfies(e -> assertThat(((NegativeCycleException) e).vertex()).isBetween(40, 70));
    // The bar is told the solve stopped, so it shows where it stood rather than 100%.
    assertThat(progress.stops.get()).isEqualTo(1);
  }

  @Test
  void aFinishedSolveEndsItsProgressWithoutStopping() {
    CountingProgress progress = new CountingProgress();
    Graph graph = randomGraph(100, 3, true, false, new Random(7));
    new BlockedFloydWarshall(MinPlusKernels.best(), new FloydWarshallOptions(32, 2, null, true))
        .solve(graph, progress);
    assertThat(progress.ends.get()).isEqualTo(1);
    assertThat(progress.stops.get()).isZero();
    assertThat(progress.done.get()).isEqualTo(progress.total.get());
  }

  @Test
  void negativeSelfLoopIsANegativeCycle() {
    Graph graph = GraphBuilder.withVertexCount(3).addArc(0, 1, 1f).addArc(1, 1, -0.5f).build();
    assertThatThrownBy(() -> new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults())
        .solve(graph, Progress.NONE)).isInstanceOf(NegativeCycleException.class).hasMessageContaining("vertex 1");
  }

  @Test
  void requestingAnArithmeticThatIsNotExactIsRefused() {
    Graph graph = GraphBuilder.withVertexCount(2).addArc(0, 1, -1f).build();
    var options = FloydWarshallOptions.defaults().withArithmetic(Arithmetic.NONNEGATIVE_FLOAT);
    assertThatThrownBy(() -> new BlockedFloydWarshall(MinPlusKernels.best(), options).solve(graph, Progress.NONE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not exact");
  }

  @Test
  void refusingInt32OnWholeWeightsSaysThePathBoundRulesItOut() {
    // Whole weights below 2^24, but 199 arcs of 16,000,000 outgrow the int32 path's +∞: the message must say so,
    // not leave the user wondering why whole numbers are "not exact".
    GraphBuilder builder = GraphBuilder.withVertexCount(200);
    for (int v = 0; v < 199; v++) {
      builder.addArc(v, v + 1, 16_000_000f);
    }
    Graph graph = builder.build();
    var options = FloydWarshallOptions.defaults().withArithmetic(Arithmetic.INT32);
    assertThatThrownBy(() -> new BlockedFloydWarshall(MinPlusKernels.best(), options).solve(graph, Progress.NONE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(n − 1) × max weight = 199 × 16,000,000 = 3,184,000,000 could reach its +∞,"
            + " 1,073,741,823");
  }

  @Test
  void refusingNonnegativeFloatNamesTheNegativeWeight() {
    Graph graph = GraphBuilder.withVertexCount(3).addArc(0, 1, -2.5f).addArc(1, 2, 1f).build();
    var options = FloydWarshallOptions.defaults().withArithmetic(Arithmetic.NONNEGATIVE_FLOAT);
    assertThatThrownBy(() -> new BlockedFloydWarshall(MinPlusKernels.best(), options).solve(graph, Progress.NONE))
        .hasMessageContaining("it takes non-negative weights, and the smallest is -2.5; use exact-float");
  }

  @Test
  void emptyAndSingleVertexGraphs() {
    DistanceMatrix one = new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults())
        .solve(GraphBuilder.withVertexCount(1).build(), Progress.NONE);
    assertThat(one.size()).isEqualTo(1);
    assertThat(one.get(0, 0)).isZero();
    DistanceMatrix none = new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults())
        .solve(GraphBuilder.withVertexCount(0).build(), Progress.NONE);
    assertThat(none.size()).isZero();
  }

  static Graph randomGraph(int n, int degree, boolean integral, boolean negative, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    // Potentials make negative arcs without negative cycles: w(u,v) = base + h(u) − h(v) with base ≥ 0.
    int[] potential = new int[n];
    for (int v = 0; v < n; v++) {
      potential[v] = negative ? random.nextInt(20) : 0;
    }
    for (int u = 0; u < n; u++) {
      for (int e = 0; e < degree; e++) {
        int v = random.nextInt(n);
        float base = integral ? random.nextInt(50) : random.nextFloat() * 50;
        builder.addArc(u, v, base + potential[u] - potential[v]);
      }
    }
    return builder.build();
  }

  static void assertMatchesJGraphT(Graph graph, DistanceMatrix d, boolean exact) {
    var reference = new SimpleDirectedWeightedGraph<Integer, DefaultWeightedEdge>(DefaultWeightedEdge.class);
    int n = graph.vertexCount();
    for (int v = 0; v < n; v++) {
      reference.addVertex(v);
    }
    for (int u = 0; u < n; u++) {
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        int v = graph.targets()[a];
        if (u != v) {
          reference.setEdgeWeight(reference.addEdge(u, v), graph.weights()[a]);
        }
      }
    }
    var paths = new FloydWarshallShortestPaths<>(reference);
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        double expected = u == v ? 0 : paths.getPathWeight(u, v);
        float actual = d.get(u, v);
        if (Double.isInfinite(expected) || exact) {
          assertThat((double) actual).as("d(%d,%d)", u, v).isEqualTo(expected);
        } else {
          assertThat((double) actual).as("d(%d,%d)", u, v)
              .isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-4 * Math.max(1, Math.abs(expected))));
        }
      }
    }
  }

  static float[][] rows(DistanceMatrix d) {
    float[][] rows = new float[d.size()][d.size()];
    for (int u = 0; u < d.size(); u++) {
      d.copyRow(u, rows[u]);
    }
    return rows;
  }
}
