package org.tropic.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/**
 * Closed discovery's order (length, then hops) where two paths are of one length in exact arithmetic but not in
 * float: the edge 0–1 of −ln(1/14) against 0–2–1 of −ln(1/2) − ln(1/7), whose float sum is one step shorter. The
 * direct path has fewer hops and should come first, and take the only place of k = 1.
 */
class YenRoundingTieTest {
  private static float length(double weight) {
    return (float) -Math.log(weight);
  }

  private static Graph roundingTie() {
    return GraphBuilder.withVertexCount(4).undirected(true).addEdge(0, 1, length(1.0 / 14))
        .addEdge(0, 2, length(1.0 / 2)).addEdge(2, 1, length(1.0 / 7)).addEdge(0, 3, 1f).addEdge(3, 1, 2f).build();
  }

  private static List<String> paths(Graph graph, int k) {
    return new YenKShortestPaths(graph).paths(0, 1, k).stream()
        .map(p -> java.util.Arrays.toString(p.vertices())).toList();
  }

  @Test
  void lengthsEqualButForRoundingTieAndFewerHopsComeFirst() {
    assertThat(length(1.0 / 2) + length(1.0 / 7)).as("the float sum is shorter").isLessThan(length(1.0 / 14));
    assertThat(paths(roundingTie(), 3)).containsExactly("[0, 1]", "[0, 2, 1]", "[0, 3, 1]");
    assertThat(paths(roundingTie(), 2)).containsExactly("[0, 1]", "[0, 2, 1]");
  }

  /** The k-th place goes by the tie too: the search looks past the k-th path for the ones that tie it. */
  @Test
  void theTieDecidesTheLastPlace() {
    assertThat(paths(roundingTie(), 1)).containsExactly("[0, 1]");
  }

  @Test
  void lengthsThatReallyDifferKeepTheirOrderWhateverTheHops() {
    Graph graph = GraphBuilder.withVertexCount(3).undirected(true).addEdge(0, 1, 2.0001f).addEdge(0, 2, 1f)
        .addEdge(2, 1, 1f).build();
    assertThat(paths(graph, 2)).containsExactly("[0, 2, 1]", "[0, 1]");
  }
}
