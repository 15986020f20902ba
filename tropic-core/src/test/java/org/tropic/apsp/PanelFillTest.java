package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/**
 * {@link PanelFill} against a search per pivot: d(i, k) is finite at pivot tile K when i reaches k through vertices
 * of tiles 0..K alone. Exact on undirected graphs, at least that on directed ones.
 */
class PanelFillTest {

  @Property(tries = 200)
  void finiteEntriesAreThoseReachableThroughTheTilesDone(@ForAll @IntRange(min = 1, max = 70) int n,
      @ForAll @IntRange(min = 0, max = 150) int arcs, @ForAll @IntRange(min = 1, max = 16) int b,
      @ForAll boolean directed, @ForAll boolean pivotOrder, @ForAll long seed) {
    Graph graph = random(n, arcs, directed, new Random(seed));
    int[] oldIdOf = pivotOrder ? PivotOrder.of(graph) : null;
    long[][] finite = PanelFill.finiteEntries(graph, oldIdOf, b);
    long[][] reached = reachedThroughTilesDone(graph, oldIdOf, b);
    for (int k = 0; k < finite.length; k++) {
      if (directed) {
        for (int t = 0; t < finite.length; t++) {
          assertThat(finite[k][t]).as("tile (%d, %d)", t, k).isGreaterThanOrEqualTo(reached[k][t]);
        }
      } else {
        assertThat(finite[k]).as("column panel %d", k).isEqualTo(reached[k]);
      }
    }
  }

  @Property(tries = 100)
  void theShareIsAFractionOfTheDenseWork(@ForAll @IntRange(min = 1, max = 70) int n,
      @ForAll @IntRange(min = 0, max = 300) int arcs, @ForAll @IntRange(min = 1, max = 16) int b,
      @ForAll boolean directed, @ForAll long seed) {
    Graph graph = random(n, arcs, directed, new Random(seed));
    double share = PanelFill.outerWorkShare(graph, PivotOrder.of(graph), b, !directed);
    assertThat(share).isGreaterThan(0).isLessThanOrEqualTo(1);
  }

  /** Every panel of a complete graph fills at once: nothing is skipped. */
  @Test
  void aCompleteGraphLeavesAllTheWork() {
    GraphBuilder builder = GraphBuilder.withVertexCount(40);
    for (int u = 0; u < 40; u++) {
      for (int v = 0; v < 40; v++) {
        if (u != v) {
          builder.addArc(u, v, 1f);
        }
      }
    }
    assertThat(PanelFill.outerWorkShare(builder.build(), null, 8, false)).isEqualTo(1.0);
  }

  /**
   * A star in pivot order takes its leaves first: each leaf's column holds itself and the hub alone, until the
   * hub's tile, the last of 16, joins everything. That tile's iteration is 1/16 of the dense work; each of the 15
   * before adds at most the 4 dense products of its own and the hub's tiles, of 256.
   */
  @Test
  void aStarTakenLeavesFirstLeavesTheLastTilesWork() {
    int n = 512;
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(true);
    for (int v = 1; v < n; v++) {
      builder.addEdge(0, v, 1f);
    }
    Graph star = builder.build();
    assertThat(PanelFill.outerWorkShare(star, PivotOrder.of(star), 32, false)).isBetween(1 / 16.0, 1 / 16.0 + 4 / 256.0);
    // hub first: it joins every leaf as it is added, and every panel is full
    assertThat(PanelFill.outerWorkShare(star, null, 32, false)).isEqualTo(1.0);
  }

  @Test
  void separateComponentsSkipTheProductsBetweenThem() {
    GraphBuilder builder = GraphBuilder.withVertexCount(64).undirected(true);
    for (int u = 0; u < 32; u++) {
      for (int v = u + 1; v < 32; v++) {
        builder.addEdge(u, v, 1f);
        builder.addEdge(32 + u, 32 + v, 1f);
      }
    }
    // two cliques of two tiles each: the products between them, 3/4 of them, are skipped
    assertThat(PanelFill.outerWorkShare(builder.build(), null, 16, false)).isEqualTo(0.25);
  }

  private static Graph random(int n, int arcs, boolean directed, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(!directed);
    for (int a = 0; a < arcs; a++) {
      int u = random.nextInt(n);
      int v = random.nextInt(n);
      if (directed) {
        builder.addArc(u, v, 1f);
      } else {
        builder.addEdge(u, v, 1f);
      }
    }
    return builder.build();
  }

  /** [K][I]: pairs (i in tile I, k in tile K) with a path i → k whose intermediate vertices lie in tiles 0..K. */
  private static long[][] reachedThroughTilesDone(Graph graph, int[] oldIdOf, int b) {
    int n = graph.vertexCount();
    int tiles = (n + b - 1) / b;
    int[] positionOf = new int[n];
    for (int p = 0; p < n; p++) {
      positionOf[oldIdOf == null ? p : oldIdOf[p]] = p;
    }
    // arcs reversed, in positions: a search from k along them finds the i that reach k
    java.util.List<java.util.List<Integer>> into = new java.util.ArrayList<>();
    for (int p = 0; p < n; p++) {
      into.add(new java.util.ArrayList<>());
    }
    for (int u = 0; u < n; u++) {
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        into.get(positionOf[graph.targets()[a]]).add(positionOf[u]);
      }
    }
    long[][] reached = new long[tiles][tiles];
    for (int k = 0; k < n; k++) {
      int done = Math.min(n, (k / b + 1) * b); // positions below this are in tiles 0..K
      boolean[] seen = new boolean[n];
      ArrayDeque<Integer> queue = new ArrayDeque<>();
      seen[k] = true;
      queue.add(k);
      while (!queue.isEmpty()) {
        int x = queue.poll();
        reached[k / b][x / b]++;
        if (x != k && x >= done) {
          continue; // i may lie anywhere; only vertices of the tiles done pass a path on
        }
        for (int i : into.get(x)) {
          if (!seen[i]) {
            seen[i] = true;
            queue.add(i);
          }
        }
      }
    }
    return reached;
  }
}
