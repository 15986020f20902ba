package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.io.DistanceStore;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * Arcs added to a graph whose distances are known: the updated matrix against Bellman–Ford (in double) over the whole
 * graph, old arcs and added ones together, on random graphs with zero, fractional, +∞ and negative weights, new
 * vertices, and rows crossing the blocks the update computes at a time.
 */
class IncrementalUpdateTest {

  /** A graph drawn whole, its first {@code kept} arcs known and solved, the rest added, and some new vertices. */
  record Split(TestGraph drawn, int kept, int newVertices, int threads, int blockRows, boolean scalar) {

    TestGraph before() {
      return new TestGraph(drawn.n(), drawn.arcs().subList(0, kept), drawn.undirected());
    }

    /** The added arcs and, for each new vertex, an arc into it and one out of it. */
    List<TestGraph.Arc> added() {
      List<TestGraph.Arc> added = new ArrayList<>(drawn.arcs().subList(kept, drawn.arcs().size()));
      for (int x = drawn.n(); x < drawn.n() + newVertices; x++) {
        // heavier than any potential shift, so no cycle through x is negative
        added.add(new TestGraph.Arc(x % drawn.n(), x, 100));
        added.add(new TestGraph.Arc(x, (3 * x) % drawn.n(), 100.5f));
      }
      return added;
    }

    TestGraph after() {
      List<TestGraph.Arc> all = new ArrayList<>(before().arcs());
      all.addAll(added());
      return new TestGraph(drawn.n() + newVertices, all, drawn.undirected());
    }
  }

  @Property(tries = 300)
  void addedArcsGiveTheDistancesOfTheWholeGraph(@ForAll("splits") Split split) {
    Graph before = split.before().build();
    Graph after = split.after().build();
    RowDistanceMatrix old = ReferenceShortestPaths.floydWarshall(before);
    IncrementalUpdate update = IncrementalUpdate.prepare(old, after.vertexCount(), arcsOf(split), after.undirected(),
        after.weightStats().hasNegative(), split.threads(), kernels(split), Integer::toString, Progress.NONE);
    float[][] updated = rows(update.rows(split.blockRows()), after.vertexCount());

    double[][] expected = ReferenceShortestPaths.bellmanFord(after);
    long fell = 0;
    long reached = 0;
    for (int u = 0; u < after.vertexCount(); u++) {
      for (int v = 0; v < after.vertexCount(); v++) {
        float was = u < before.vertexCount() && v < before.vertexCount() ? old.get(u, v)
            : u == v ? 0 : Float.POSITIVE_INFINITY;
        if (expected[u][v] == Double.POSITIVE_INFINITY) {
          assertThat(updated[u][v]).as("d(%d, %d) in %s", u, v, split).isEqualTo(Float.POSITIVE_INFINITY);
        } else {
          assertThat((double) updated[u][v]).as("d(%d, %d) in %s", u, v, split)
              .isCloseTo(expected[u][v], within(1e-5 * (1 + Math.abs(expected[u][v]))));
        }
        if (updated[u][v] < was) {
          if (was == Float.POSITIVE_INFINITY) {
            reached++;
          } else {
            fell++;
          }
        }
      }
    }
    assertThat(update.shortenedPairs()).as("pairs shortened").isEqualTo(fell);
    assertThat(update.joinedPairs()).as("pairs joined").isEqualTo(reached);
  }

  /**
   * Found by CI: the added arcs touch only rows without a negative distance, but row 3 holds d(3, 4) = −2. The
   * non-negative path, chosen from the endpoints' rows alone, took min(−1, −2) on the bits as −1.
   */
  @Test
  void negativeDistancesAwayFromTheAddedArcsKeepTheirOrder() {
    List<TestGraph.Arc> arcs = List.of(new TestGraph.Arc(0, 3, 2), new TestGraph.Arc(3, 0, -1),
        new TestGraph.Arc(3, 4, -2));
    exactWeightsGiveTheSameBitsAsASolveOfTheWholeGraph(new Split(new TestGraph(7, arcs, false), 3, 1, 1, 1, true));
  }

  @Property(tries = 100)
  void exactWeightsGiveTheSameBitsAsASolveOfTheWholeGraph(@ForAll("exactSplits") Split split) {
    Graph after = split.after().build();
    IncrementalUpdate update = IncrementalUpdate.prepare(ReferenceShortestPaths.floydWarshall(split.before().build()),
        after.vertexCount(), arcsOf(split), after.undirected(), after.weightStats().hasNegative(), split.threads(),
        kernels(split), Integer::toString, Progress.NONE);
    float[][] updated = rows(update.rows(split.blockRows()), after.vertexCount());
    RowDistanceMatrix solved = ReferenceShortestPaths.floydWarshall(after);
    for (int u = 0; u < after.vertexCount(); u++) {
      assertThat(updated[u]).as("row %d of %s", u, split).isEqualTo(solved.row(u));
    }
  }

  @Test
  void theShorteningArcsAreKnownBeforeTheWorkAndTheColumnsProductReportsProgress() {
    Graph path = new TestGraph(200, java.util.stream.IntStream.range(0, 199)
        .mapToObj(u -> new TestGraph.Arc(u, u + 1, 1)).toList(), true).build();
    RowDistanceMatrix old = ReferenceShortestPaths.floydWarshall(path);
    List<IncrementalUpdate.Arc> arcs = List.of(new IncrementalUpdate.Arc(0, 199, 1),
        new IncrementalUpdate.Arc(199, 0, 1), new IncrementalUpdate.Arc(3, 5, 7));
    List<IncrementalUpdate.Arc> shortening = IncrementalUpdate.shortening(old, 200, arcs, Integer::toString);
    assertThat(shortening).containsExactly(arcs.get(0), arcs.get(1));
    assertThat(IncrementalUpdate.endpointCount(shortening)).isEqualTo(2);
    // a symmetric graph reads no columns: before, its 2·n·s² product ran with no progress at all
    List<String> tasks = new ArrayList<>();
    java.util.concurrent.atomic.AtomicLong done = new java.util.concurrent.atomic.AtomicLong();
    Progress recording = new Progress() {
      @Override
      public synchronized void begin(String task, long totalWork) {
        tasks.add(task + ": " + totalWork);
      }

      @Override
      public void advance(long work) {
        done.addAndGet(work);
      }

      @Override
      public void end() {}
    };
    IncrementalUpdate update = IncrementalUpdate.prepare(old, 200, shortening, true, false, 2, MinPlusKernels.best(),
        Integer::toString, recording);
    assertThat(tasks).containsExactly("multiplying the columns through 2 endpoints: 200");
    assertThat(done.get()).isEqualTo(200);
    assertThat(update.effectiveArcs()).isEqualTo(2);
    assertThat(IncrementalUpdate.flops(200, 2)).isEqualTo(2.0 * 200 * 200 * 2 + 2.0 * 200 * 4 + 2.0 * 8);
  }

  @Test
  void anArcThatShortensNothingLeavesTheMatrixAsItWas() {
    Graph path = new TestGraph(3, List.of(new TestGraph.Arc(0, 1, 1), new TestGraph.Arc(1, 2, 1)), false).build();
    RowDistanceMatrix old = ReferenceShortestPaths.floydWarshall(path);
    IncrementalUpdate update = IncrementalUpdate.prepare(old, 3, List.of(new IncrementalUpdate.Arc(0, 2, 2),
        new IncrementalUpdate.Arc(0, 1, 5)), false, false, 2, MinPlusKernels.best(), Integer::toString, Progress.NONE);
    assertThat(update.effectiveArcs()).isZero();
    assertThat(update.endpoints()).isZero();
    float[][] rows = rows(update.rows(), 3);
    for (int u = 0; u < 3; u++) {
      assertThat(rows[u]).isEqualTo(old.row(u));
    }
    assertThat(update.shortenedPairs() + update.joinedPairs()).isZero();
  }

  @Test
  void anArcClosingANegativeCycleIsRefusedNamingAVertexOnIt() {
    Graph path = new TestGraph(3, List.of(new TestGraph.Arc(0, 1, 1), new TestGraph.Arc(1, 2, 1)), false).build();
    RowDistanceMatrix old = ReferenceShortestPaths.floydWarshall(path);
    List<IncrementalUpdate.Arc> back = List.of(new IncrementalUpdate.Arc(2, 0, -2.5f));
    assertThatThrownBy(() -> IncrementalUpdate.prepare(old, 3, back, false, true, 1, MinPlusKernels.best(),
        u -> "v" + u, Progress.NONE))
        .isInstanceOf(NegativeCycleException.class)
        .hasMessageContaining("from vertex v0 back to itself has length -0.5");
    List<IncrementalUpdate.Arc> loop = List.of(new IncrementalUpdate.Arc(1, 1, -1));
    assertThatThrownBy(() -> IncrementalUpdate.prepare(old, 3, loop, false, true, 1, MinPlusKernels.best(),
        u -> "v" + u, Progress.NONE))
        .isInstanceOf(NegativeCycleException.class).hasMessageContaining("vertex v1");
  }

  /**
   * A small heap gets a small block of rows: a fixed 64 MiB (3,392 rows of power's 4,941) had -Xmx64m refuse every
   * update of power, whose rows and repair need a few MiB. A large heap keeps the 64 MiB, and a tiny one a chunk per
   * thread.
   */
  @Test
  void theBlockOfRowsFitsASmallHeap() {
    assertThat(IncrementalUpdate.blockRows(4_941, 2, 64L << 20)).isEqualTo(192);
    assertThat(4L * 192 * 4_941).isLessThanOrEqualTo((64L << 20) / 16);
    assertThat(IncrementalUpdate.blockRows(4_941, 2, 4L << 30)).isEqualTo(3_392);
    assertThat(IncrementalUpdate.blockRows(4_941, 2, 1L << 20)).as("one chunk per thread").isEqualTo(128);
  }

  @Test
  void rowsCrossingBlocksAndChunksMatchBellmanFord() {
    Random random = new Random(7);
    int n = 300;
    List<TestGraph.Arc> arcs = new ArrayList<>();
    for (int i = 0; i < 3 * n; i++) {
      arcs.add(new TestGraph.Arc(random.nextInt(n), random.nextInt(n), 1 + random.nextInt(20)));
    }
    Split split = new Split(new TestGraph(n, arcs, false), 2 * n, 5, 3, 100, false);
    Graph after = split.after().build();
    IncrementalUpdate update = IncrementalUpdate.prepare(ReferenceShortestPaths.floydWarshall(split.before().build()),
        after.vertexCount(), arcsOf(split), false, false, 3, MinPlusKernels.best(), Integer::toString, Progress.NONE);
    assertThat(update.endpoints()).as("endpoints of the arcs that shorten something").isGreaterThan(100);
    float[][] updated = rows(update.rows(split.blockRows()), after.vertexCount());
    double[][] expected = ReferenceShortestPaths.bellmanFord(after);
    for (int u = 0; u < after.vertexCount(); u++) {
      for (int v = 0; v < after.vertexCount(); v++) {
        assertThat((double) updated[u][v]).as("d(%d, %d)", u, v).isEqualTo(expected[u][v]);
      }
    }
  }

  /**
   * Enough endpoints that their closure is a tiled Floyd–Warshall on every thread (it was one kernel call, silent):
   * the distances against Floyd–Warshall of the whole graph, the closure shown under its own name.
   */
  @Test
  void manyEndpointsAreClosedOnEveryThreadUnderAProgressBar() {
    Split split = manyEndpoints(11, 0);
    Graph after = split.after().build();
    List<String> tasks = new ArrayList<>();
    IncrementalUpdate update = IncrementalUpdate.prepare(ReferenceShortestPaths.floydWarshall(split.before().build()),
        after.vertexCount(), arcsOf(split), false, false, 2, MinPlusKernels.best(), Integer::toString,
        beginnings(tasks));
    assertThat(update.endpoints()).isGreaterThanOrEqualTo(EndpointClosure.TILED_FROM);
    assertThat(tasks.getFirst()).startsWith("closing the distances among " + String.format("%,d", update.endpoints())
        + " endpoints: ");
    float[][] updated = rows(update.rows(), after.vertexCount());
    RowDistanceMatrix expected = ReferenceShortestPaths.floydWarshall(after);
    for (int u = 0; u < after.vertexCount(); u++) {
      assertThat(updated[u]).as("row %d", u).isEqualTo(expected.row(u));
    }
  }

  /** A negative cycle found by the tiled closure is named by the vertex, not by its place among the endpoints. */
  @Test
  void aNegativeCycleAmongManyEndpointsNamesAVertexOnIt() {
    Split split = manyEndpoints(12, 1);
    Graph after = split.after().build();
    RowDistanceMatrix old = ReferenceShortestPaths.floydWarshall(split.before().build());
    NegativeCycleException e = org.assertj.core.api.Assertions.catchThrowableOfType(NegativeCycleException.class,
        () -> IncrementalUpdate.prepare(old, after.vertexCount(), arcsOf(split), false, true, 2,
            MinPlusKernels.best(), u -> "v" + u, Progress.NONE));
    assertThat(e.getMessage()).contains("from vertex v" + e.vertex() + " back to itself");
    assertThat(ReferenceShortestPaths.minClosedWalk(after, e.vertex())).isNegative();
  }

  /**
   * 800 vertices, 1,600 arcs kept and 600 added between random vertices, the last {@code negative} of them weighing
   * -1,000: a closed walk through it is negative.
   */
  private static Split manyEndpoints(long seed, int negative) {
    Random random = new Random(seed);
    int n = 800;
    List<TestGraph.Arc> arcs = new ArrayList<>();
    for (int i = 0; i < 2_200; i++) {
      float weight = i >= 2_200 - negative ? -1_000 : 1 + random.nextInt(50);
      arcs.add(new TestGraph.Arc(random.nextInt(n), random.nextInt(n), weight));
    }
    return new Split(new TestGraph(n, arcs, false), 1_600, 0, 2, 0, false);
  }

  /** A progress that keeps each task's name and total, as "task: total". */
  private static Progress beginnings(List<String> tasks) {
    return new Progress() {
      @Override
      public synchronized void begin(String task, long totalWork) {
        tasks.add(task + ": " + totalWork);
      }

      @Override
      public void advance(long work) {}

      @Override
      public void end() {}
    };
  }

  @Provide
  Arbitrary<Split> splits() {
    return splitsOf(Arbitraries.oneOf(RandomGraphs.nonNegative(), RandomGraphs.negativeWithoutCycle()));
  }

  @Provide
  Arbitrary<Split> exactSplits() {
    return splitsOf(RandomGraphs.negativeWithoutCycle());
  }

  private static Arbitrary<Split> splitsOf(Arbitrary<TestGraph> graphs) {
    return graphs.flatMap(g -> Combinators.combine(Arbitraries.integers().between(0, g.arcs().size()),
        Arbitraries.integers().between(0, 3), Arbitraries.integers().between(1, 3),
        Arbitraries.integers().between(1, 30), Arbitraries.of(true, false))
        .as((kept, extra, threads, block, scalar) -> new Split(g, kept, g.undirected() ? 0 : extra, threads, block,
            scalar)));
  }

  /** The added arcs as the update takes them: an undirected graph's edges both ways. */
  private static List<IncrementalUpdate.Arc> arcsOf(Split split) {
    List<IncrementalUpdate.Arc> arcs = new ArrayList<>();
    for (TestGraph.Arc a : split.added()) {
      arcs.add(new IncrementalUpdate.Arc(a.from(), a.to(), a.weight()));
      if (split.drawn().undirected()) {
        arcs.add(new IncrementalUpdate.Arc(a.to(), a.from(), a.weight()));
      }
    }
    return arcs;
  }

  private static MinPlusKernels kernels(Split split) {
    return split.scalar() ? new ScalarMinPlusKernels() : MinPlusKernels.best();
  }

  private static float[][] rows(DistanceStore.RowSource source, int n) {
    assertThat(source.size()).isEqualTo(n);
    float[][] rows = new float[n][n];
    for (int u = 0; u < n; u++) {
      source.copyRow(u, rows[u]);
    }
    return rows;
  }
}
