package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/**
 * {@code nearest} where two distances are equal in exact arithmetic but not in float: −ln(1/14) on one edge against
 * −ln(1/2) − ln(1/7) on two, which sum to one float step less. The documented tie-break (smaller id first) should
 * decide, not the rounding.
 */
class NearestTest {
  private static float length(double weight) {
    return (float) -Math.log(weight);
  }

  /** Vertex 1 one edge from 0; vertex 3 two edges away, through 2, at the same length in exact arithmetic. */
  private static DistanceMatrix roundingTie() {
    Graph graph = GraphBuilder.withVertexCount(4).undirected(true)
        .addEdge(0, 1, length(1.0 / 14)).addEdge(0, 2, length(1.0 / 2)).addEdge(2, 3, length(1.0 / 7)).build();
    return DijkstraAllPairs.solve(graph, 1, Progress.NONE);
  }

  @Test
  void distancesEqualButForRoundingTieAndTheSmallerIdComesFirst() {
    DistanceMatrix d = roundingTie();
    assertThat(d.get(0, 3)).as("the float sums differ though the lengths are equal").isLessThan(d.get(0, 1));
    assertThat(Nearest.of(d, 0, 3).vertices()).containsExactly(2, 1, 3);
    assertThat(Nearest.of(d, 0, 3).distances()).containsExactly(d.get(0, 2), d.get(0, 1), d.get(0, 3));
  }

  /** The k-th place goes by the tie too: the vertex one float step further but of smaller id takes it. */
  @Test
  void theTieDecidesTheLastPlaceOfTheK() {
    assertThat(Nearest.of(roundingTie(), 0, 2).vertices()).containsExactly(2, 1);
    assertThat(Nearest.of(roundingTie(), 0, 1).vertices()).containsExactly(2);
  }

  @Test
  void distancesThatReallyDifferKeepTheirOrderWhateverTheIds() {
    Graph graph = GraphBuilder.withVertexCount(3).undirected(true).addEdge(0, 1, 2.0001f).addEdge(0, 2, 2f).build();
    assertThat(Nearest.of(DijkstraAllPairs.solve(graph, 1, Progress.NONE), 0, 2).vertices()).containsExactly(2, 1);
  }
}
