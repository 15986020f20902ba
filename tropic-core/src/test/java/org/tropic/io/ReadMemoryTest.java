package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tropic.io.Fixtures.write;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.HeapFootprint;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.graph.GraphBuilder;

/**
 * Matrix Market and DIMACS headers give the arc count, so a graph that cannot be built in the heap is refused before
 * its arcs are read, with the numbers; it ran out of heap part way through instead, with no figure.
 */
class ReadMemoryTest {
  @TempDir Path dir;

  @Test
  void aMatrixMarketSizeLineBeyondTheHeapIsRefusedBeforeTheEntries() throws IOException {
    Path file = write(dir, "huge.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n"
        + "100000 100000 1000000000\n2 1\n");
    assertThatThrownBy(() -> GraphReader.load(file, ReadOptions.defaults()))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("reading " + file + " (the size line (line 2) declares 1,000,000,000 entries, each of"
            + " two arcs: 2,000,000,000 arcs on 100,000 vertices")
        .hasMessageContaining("is available")
        .satisfies(e -> assertThat(e.getMessage()).containsPattern("TROPIC_JAVA_OPTS=-Xmx[0-9]+[mg]\\b"));
  }

  @Test
  void aDimacsProblemLineBeyondTheHeapIsRefusedBeforeTheArcs() throws IOException {
    Path file = write(dir, "huge.gr", "c big\np sp 1000 900000000\na 1 2 3\n");
    assertThatThrownBy(() -> GraphReader.load(file, ReadOptions.defaults()))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("the problem line (line 2) declares 900,000,000 arcs");
  }

  /**
   * What the reader needs per arc, as measured by bisecting the heap of tropic info on 3,000,000 arcs: with room made
   * for the declared arcs at once, less than the arc arrays doubled from 16 took (4,194,304 each, 101 MiB counted).
   */
  @Test
  void theBuilderCountsAbout30BytesAnArc() {
    long bytes = GraphBuilder.heapBytes(3_000_000, 100_000);
    assertThat(bytes / 3_000_000.0).isBetween(28.0, 40.0);
    long doubled = 3 * HeapFootprint.floatArray(1 << 22) + 4 * HeapFootprint.floatArray(3_000_000)
        + 2 * HeapFootprint.floatArray(100_001);
    assertThat(bytes).isLessThan(doubled);
    assertThat(GraphBuilder.heapBytes(0, 0)).isPositive();
  }
}
