package org.tropic.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.sparse.TestGraphs;

class TraversalAndNeighboursTest {

  /** Σ_{t=1..k} (γAᵀ)ᵗ·x₀ by dense matrix powers. */
  @Property(tries = 25)
  void weightedTraversalEqualsDenseWalkSums(@ForAll long seed, @ForAll @IntRange(min = 1, max = 80) int n,
      @ForAll @IntRange(min = 0, max = 300) int arcs, @ForAll @IntRange(min = 1, max = 5) int steps,
      @ForAll boolean undirected) {
    Graph g = TestGraphs.random(seed, n, arcs, undirected, true);
    int[] seeds = {(int) Math.floorMod(seed, n), (int) Math.floorMod(seed / 7, n)};
    double gamma = 0.5;
    double[][] at = Dense.transpose(Dense.adjacency(g));
    double[] x = new double[n];
    for (int s : seeds) {
      x[s] = 1;
    }
    double[] expected = new double[n];
    for (int t = 0; t < steps; t++) {
      x = Dense.multiply(at, x);
      for (int i = 0; i < n; i++) {
        x[i] *= gamma;
        expected[i] += x[i];
      }
    }
    for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
      VertexScores s = WeightedTraversal.scores(sg, seeds, new WeightedTraversal.Options(steps, gamma));
      for (int v = 0; v < n; v++) {
        assertThat(s.get(v)).isCloseTo(expected[v], within(1e-5 * (1 + expected[v])));
      }
      List<Ranked> top = s.top(5, v -> v != seeds[0] && v != seeds[1]);
      for (int i = 1; i < top.size(); i++) {
        assertThat(top.get(i).score()).isLessThanOrEqualTo(top.get(i - 1).score());
      }
    }
  }

  @Test
  void topBreaksTiesBySmallerIdAndSkipsExcluded() {
    SparseGraph sg = SparseGraph.of(TestGraphs.random(1, 6, 10, false, false));
    VertexScores s = new VertexScores(new double[] {1, 3, 3, Double.NaN, 2, 3}, sg);
    assertThat(s.top(3)).extracting(Ranked::vertex).containsExactly(1, 2, 5);
    assertThat(s.top(10, v -> v != 2)).extracting(Ranked::vertex).containsExactly(1, 5, 4, 0);
    assertThat(s.top(0)).isEmpty();
  }

  @Test
  void tiesLeftOutOfATopListAreCounted() {
    SparseGraph sg = SparseGraph.of(TestGraphs.random(1, 7, 10, false, false));
    VertexScores s = new VertexScores(new double[] {1, 3, 3, Double.NaN, 2, 3, 3}, sg);
    assertThat(s.tiedBeyond(s.top(2), v -> true)).isEqualTo(2); // 1, 2 listed; 5 and 6 score 3 too
    assertThat(s.tiedBeyond(s.top(2), v -> v != 6)).isEqualTo(1);
    assertThat(s.tiedBeyond(s.top(4), v -> true)).isZero(); // the whole tie is listed
    assertThat(s.tiedBeyond(s.top(5), v -> true)).isZero(); // cut below a lone score
    assertThat(s.tiedBeyond(s.top(0), v -> true)).isZero();
  }

  @Property(tries = 20)
  void neighboursAndDegreesMatchTheCsr(@ForAll long seed, @ForAll @IntRange(min = 1, max = 150) int n,
      @ForAll @IntRange(min = 0, max = 600) int arcs) {
    Graph g = TestGraphs.random(seed, n, arcs, false, true);
    for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
      int[] inDegree = new int[n];
      for (int u = 0; u < n; u++) {
        int[] expected = Arrays.copyOfRange(g.targets(), g.offsets()[u], g.offsets()[u + 1]);
        float[] weights = Arrays.copyOfRange(g.weights(), g.offsets()[u], g.offsets()[u + 1]);
        if (u % 7 == 0) {
          assertThat(Neighbours.out(sg, u)).containsExactly(expected);
          assertThat(Neighbours.outWeights(sg, u)).containsExactly(weights);
        }
        for (int v : expected) {
          inDegree[v]++;
        }
      }
      for (int v = 0; v < n; v += 5) {
        final int target = v;
        int[] tails = java.util.stream.IntStream.range(0, n)
            .filter(u -> g.weight(u, target) != Float.POSITIVE_INFINITY).toArray();
        assertThat(Neighbours.in(sg, v)).containsExactly(tails);
      }
      int[] outDegree = new int[n];
      for (int u = 0; u < n; u++) {
        outDegree[u] = g.outDegree(u);
      }
      assertThat(Neighbours.outDegrees(sg)).containsExactly(outDegree);
      assertThat(Neighbours.inDegrees(sg)).containsExactly(inDegree);
    }
  }

  /** --top 2147483647 once sized the heap for that many and died of OutOfMemoryError. */
  @Test
  void aTopLargerThanTheGraphListsEveryVertex() {
    SparseGraph sg = SparseGraph.of(org.tropic.graph.GraphBuilder.withVertexCount(3).addArc(0, 1, 1f).build());
    VertexScores scores = new VertexScores(new double[] {1, 3, 2}, sg);
    assertThat(scores.top(Integer.MAX_VALUE)).extracting(Ranked::vertex).containsExactly(1, 2, 0);
    assertThat(scores.top(Integer.MAX_VALUE, v -> v != 2)).extracting(Ranked::vertex).containsExactly(1, 0);
  }
}
