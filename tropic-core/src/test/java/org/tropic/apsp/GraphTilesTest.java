package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;

/**
 * Each tile {@link GraphTiles} makes on first use must hold exactly what the matrix built up front holds: +∞, zeros
 * on the diagonal, every arc entered one by one through {@link TiledDistanceMatrix#lowerEntry} (the mirror's tile for
 * arcs below the diagonal of a symmetric matrix), self-loops included.
 */
class GraphTilesTest {

  @Property(tries = 80)
  void tilesMadeOnFirstUseEqualTheTilesBuiltUpFront(@ForAll @IntRange(min = 1, max = 150) int n,
      @ForAll @IntRange(min = 0, max = 6) int degree, @ForAll boolean undirected, @ForAll boolean negativeLoop,
      @ForAll @IntRange(min = 0, max = 2) int arithmeticIndex, @ForAll long seed) {
    Random random = new Random(seed);
    int b = new int[] {16, 32, 64}[random.nextInt(3)];
    Arithmetic arithmetic = Arithmetic.values()[arithmeticIndex];
    Graph graph = randomGraph(n, degree, undirected, negativeLoop && arithmetic != Arithmetic.NONNEGATIVE_FLOAT,
        random);
    boolean symmetric = BlockedFloydWarshall.solvableOnUpperTriangle(graph, true);

    TiledDistanceMatrix upFront = new TiledDistanceMatrix(n, b, arithmetic, null, symmetric);
    for (int u = 0; u < n; u++) {
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        upFront.lowerEntry(u, graph.targets()[a], graph.weights()[a], arithmetic);
      }
    }
    TiledDistanceMatrix deferred = TiledDistanceMatrix.deferred(n, b, null, symmetric);
    GraphTiles tiles = new GraphTiles(graph, deferred, arithmetic);
    int t = upFront.tilesPerSide();
    for (int i = 0; i < t; i++) {
      for (int j = 0; j < t; j++) {
        assertThat(deferred.tile(i, j)).as("tile (%d, %d) before its first use", i, j).isNull();
        if (symmetric && i > j) {
          continue;
        }
        float[] made = tiles.tile(i, j);
        assertThat(made).as("tile (%d, %d) of n = %d, b = %d", i, j, n, b).isEqualTo(upFront.tile(i, j));
        assertThat(deferred.tile(i, j)).isSameAs(made);
      }
    }
  }

  /** Arcs of weight 1..9 (whole, so every path applies), some self-loops, one of them negative when asked. */
  private static Graph randomGraph(int n, int degree, boolean undirected, boolean negativeLoop, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(undirected);
    for (int u = 0; u < n; u++) {
      for (int e = 0; e < degree; e++) {
        int v = random.nextInt(8) == 0 ? u : random.nextInt(n);
        float w = 1 + random.nextInt(9);
        if (undirected) {
          builder.addEdge(u, v, w);
        } else {
          builder.addArc(u, v, w);
        }
      }
    }
    if (negativeLoop) {
      builder.addArc(n / 2, n / 2, -1f);
    }
    return builder.build();
  }
}
