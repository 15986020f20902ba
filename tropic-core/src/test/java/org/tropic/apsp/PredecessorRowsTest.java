package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/** The streamed predecessor rows against the held {@link PredecessorMatrix}, across blocks and threads. */
class PredecessorRowsTest {

  @Provide
  Arbitrary<TestGraph> negativeWithoutCycle() {
    return RandomGraphs.negativeWithoutCycle();
  }

  @Property(tries = 150)
  void rowsAreThoseOfThePredecessorMatrixInAnyBlocksAndOrder(@ForAll("negativeWithoutCycle") TestGraph drawn,
      @ForAll @IntRange(min = 1, max = 9) int blockRows, @ForAll @IntRange(min = 1, max = 3) int threads) {
    Graph graph = drawn.build();
    int n = graph.vertexCount();
    RowDistanceMatrix d = ReferenceShortestPaths.floydWarshall(graph);
    PredecessorMatrix held = PredecessorMatrix.of(graph, d, 1, Progress.NONE);
    PredecessorRows rows = new PredecessorRows(graph, d, threads, blockRows);
    int[] row = new int[n];
    for (int i = 0; i < 2 * n; i++) {
      int u = i < n ? i : (i * 7) % n; // in order, then jumping back and forth across blocks
      rows.copyRow(u, row);
      for (int v = 0; v < n; v++) {
        assertThat(row[v]).as("predecessor(%d, %d)", u, v).isEqualTo(held.predecessor(u, v));
      }
    }
    assertThat(rows.size()).isEqualTo(n);
    assertThat(rows.seconds()).isNotNegative();
  }

  @Test
  void distancesOfAnotherGraphAreRefusedAndTheBlockIsFoundAgain() {
    Graph path = GraphBuilder.withVertexCount(3).addArc(0, 1, 1).addArc(1, 2, 1).build();
    Graph cut = GraphBuilder.withVertexCount(3).addArc(0, 1, 1).build();
    PredecessorRows rows = new PredecessorRows(cut, DijkstraAllPairs.solve(path, 1, Progress.NONE), 2, 1);
    int[] row = new int[3];
    assertThatThrownBy(() -> rows.copyRow(0, row)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("the graph has no path between them");
    assertThatThrownBy(() -> rows.copyRow(0, row)).as("not taken from the block that failed")
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> new PredecessorRows(GraphBuilder.withVertexCount(2).build(),
        DijkstraAllPairs.solve(path, 1, Progress.NONE), 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("3×3");
  }

  /**
   * A block is 16 MiB of ints, or one 16-row chunk for each thread where rows are longer than that allows; each
   * thread's scratch is six arrays of n.
   */
  @Test
  void theHeapFigureCountsOneBlockAndEachThreadsScratch() {
    long chunkPerThread = 4L * 16 * 4 * 100_000;
    assertThat(PredecessorRows.heapBytes(100_000, 4)).isBetween(chunkPerThread + 4 * 24 * 100_000,
        chunkPerThread + 4 * 25 * 100_000);
    assertThat(PredecessorRows.heapBytes(10_000, 2)).isBetween(16_000_000L + 2 * 24 * 10_000,
        (16L << 20) + 2 * 25 * 10_000);
    assertThat(PredecessorRows.heapBytes(10, 1)).isLessThan(1 << 10);
  }
}
