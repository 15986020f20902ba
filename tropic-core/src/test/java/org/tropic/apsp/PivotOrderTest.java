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
import org.tropic.semiring.MinPlusKernels;

class PivotOrderTest {

  @Test
  void largestComponentFirstThenAscendingDegreeThenId() {
    // component {0, 1} (two vertices) and component {2, 3, 4} with hub 3; vertex 5 alone
    Graph graph = GraphBuilder.withVertexCount(6).undirected(true)
        .addEdge(0, 1, 1f).addEdge(2, 3, 1f).addEdge(3, 4, 1f).build();
    assertThat(PivotOrder.of(graph)).containsExactly(2, 4, 3, 0, 1, 5);
  }

  @Test
  void arcsInAndOutCountTowardsTheDegreeAndJoinAWeakComponent() {
    Graph graph = GraphBuilder.withVertexCount(4).addArc(1, 0, 1f).addArc(2, 0, 1f).addArc(3, 2, 1f).build();
    assertThat(PivotOrder.of(graph)).containsExactly(1, 3, 0, 2);
  }

  @Test
  void permutingKeepsEveryArcAndItsWeight() {
    Graph graph = GraphBuilder.withVertexCount(4).addArc(0, 3, 1.5f).addArc(0, 1, 2f).addArc(2, 0, 7f).build();
    Graph permuted = graph.permuted(new int[] {2, 0, 3, 1}); // new 0 is old 2, new 1 is old 0, ...
    assertThat(permuted.weight(0, 1)).isEqualTo(7f);
    assertThat(permuted.weight(1, 2)).isEqualTo(1.5f);
    assertThat(permuted.weight(1, 3)).isEqualTo(2f);
    assertThat(permuted.arcCount()).isEqualTo(3);
    assertThat(permuted.targets()).containsExactly(1, 2, 3); // sorted by new target
    assertThatThrownBy(() -> graph.permuted(new int[] {0, 0, 1, 2}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a permutation");
  }

  /** Whole weights are added exactly, so any pivot order must give the same bits; reads map ids to positions. */
  @Property(tries = 40)
  void pivotOrderChangesNoBitOfWholeWeightDistances(@ForAll @IntRange(min = 1, max = 150) int n,
      @ForAll @IntRange(min = 0, max = 4) int degree, @ForAll boolean undirected, @ForAll long seed) {
    Random random = new Random(seed);
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(undirected);
    for (int u = 0; u < n; u++) {
      for (int e = 0; e < random.nextInt(degree + 1); e++) {
        int v = random.nextInt(n);
        if (undirected) {
          builder.addEdge(u, v, random.nextInt(40));
        } else {
          builder.addArc(u, v, random.nextInt(40));
        }
      }
    }
    Graph graph = builder.build();
    var options = new FloydWarshallOptions(32, 2, null, true);
    DistanceMatrix ordered = new BlockedFloydWarshall(MinPlusKernels.best(), options).solve(graph, Progress.NONE);
    DistanceMatrix byId = new BlockedFloydWarshall(MinPlusKernels.best(), options.withPivotOrder(false))
        .solve(graph, Progress.NONE);
    assertThat(FloydWarshallTest.rows(ordered)).isDeepEqualTo(FloydWarshallTest.rows(byId));
    for (int u = 0; u < n; u++) {
      int v = random.nextInt(n);
      assertThat(ordered.get(u, v)).isEqualTo(byId.get(u, v));
    }
  }
}
