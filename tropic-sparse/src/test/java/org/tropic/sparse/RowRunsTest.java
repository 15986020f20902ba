package org.tropic.sparse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.tropic.graph.Graph;

class RowRunsTest {

  /**
   * In row order every long run of a block leads it, so the counted loop gets all of them: the leading count equals
   * the block's runs of at least {@link RowRuns#LONG_RUN}, counted here from the graph's arcs.
   */
  @Property(tries = 40)
  void everyLongRunOfABlockLeadsIt(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n,
      @ForAll @IntRange(min = 0, max = 6000) int arcs, @ForAll @IntRange(min = 8, max = 128) int blockSize) {
    Graph g = TestGraphs.random(seed, n, arcs, false, false);
    BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(blockSize)
        .withElementOrder(ElementOrder.ROW).withOrientation(Orientation.ADJACENCY), 1);
    Map<Long, Integer> runLength = new HashMap<>();
    for (int u = 0; u < n; u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        runLength.merge((long) u * n + g.targets()[e] / blockSize, 1, Integer::sum);
      }
    }
    int blockColumns = (n + blockSize - 1) / blockSize;
    int[][] longRuns = new int[(n + blockSize - 1) / blockSize][blockColumns];
    runLength.forEach((run, length) -> {
      if (length >= RowRuns.LONG_RUN) {
        longRuns[(int) (run / n) / blockSize][(int) (run % n)]++;
      }
    });

    RowRuns runs = RowRuns.of(m);
    for (int br = 0; br < m.blockRowCount(); br++) {
      for (int b = m.blockRowStart()[br]; b < m.blockRowStart()[br + 1]; b++) {
        assertThat(runs.leadingLongRunCount(b)).as("block (%d, %d)", br, m.blockColumn()[b])
            .isEqualTo(longRuns[br][m.blockColumn()[b]]);
      }
    }
  }
}
