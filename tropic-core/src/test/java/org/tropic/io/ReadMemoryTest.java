package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tropic.io.Fixtures.write;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.HeapFootprint;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.graph.GraphBuilder;

/**
 * Matrix Market and DIMACS headers give the arc count, so a graph that cannot be built in the heap is refused before
 * its arcs are read, with the numbers; it ran out of heap part way through instead, with no figure. Edge lists and
 * SIF files give none: the share of the file read projects it.
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
   * A 64 GiB edge list whose first 200,000 lines hold 65,536 arcs by its first few MiB: about 10^10 arcs at that rate,
   * far beyond the test's 4 GiB heap. Its tail is a hole (a sparse file), NUL bytes that a read reaching them would
   * refuse as a line longer than 64 MiB: the refusal must come from the projection, a few MiB in.
   */
  @Test
  void anEdgeListThatProjectsBeyondTheHeapIsRefusedEarlyWithTheNumbers() throws IOException {
    Path file = withHole(dir.resolve("huge.tsv"), edgeLines("%d\t%d\t1.5%n"));
    assertThatThrownBy(() -> GraphReader.load(file, ReadOptions.defaults()))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("reading " + file + " (its first ")
        .hasMessageContaining(" of 64.0 GiB, to line 65,536, hold 65,536 arcs: about ")
        .hasMessageContaining("built in about 30 bytes an arc) needs ")
        .satisfies(e -> assertThat(e.getMessage()).containsPattern("TROPIC_JAVA_OPTS=-Xmx[0-9]+[mg]\\b"));
  }

  @Test
  void aSifFileThatProjectsBeyondTheHeapIsRefusedToo() throws IOException {
    Path file = withHole(dir.resolve("huge.sif"), edgeLines("%d\tpp\t%d%n"));
    assertThatThrownBy(() -> GraphReader.load(file, ReadOptions.defaults()))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining(" of 64.0 GiB, to line 65,536, hold 65,536 arcs");
  }

  /** What is read whole is not refused for its size: the projection is only made part way through a file. */
  @Test
  void anEdgeListThatFitsIsReadPastTheChecks() throws IOException {
    Path file = write(dir, "fits.tsv", edgeLines("%d\t%d\t1.5%n"));
    assertThat(GraphReader.read(file).arcCount()).isEqualTo(200_000);
  }

  /** 200,000 lines {@code i, i+1} in {@code format}, about 3 MiB: past the first check at 65,536 arcs. */
  private static String edgeLines(String format) {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 200_000; i++) {
      lines.append(String.format(format, i, i + 1));
    }
    return lines.toString();
  }

  /** {@code file} with {@code lines}, then a 64 GiB hole (no disk taken). */
  private static Path withHole(Path file, String lines) throws IOException {
    Files.writeString(file, lines);
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(64L << 30);
    }
    return file;
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
