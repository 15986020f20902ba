package org.tropic.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class BlockCooTest {

  /** Every arc appears exactly once, at the right (possibly renumbered, possibly transposed) place. */
  @Property(tries = 40)
  void storesExactlyTheArcs(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n,
      @ForAll @IntRange(min = 0, max = 1500) int arcs, @ForAll boolean weighted, @ForAll boolean undirected,
      @ForAll ElementOrder elementOrder, @ForAll VertexOrder vertexOrder, @ForAll Orientation orientation,
      @ForAll @IntRange(min = 1, max = 70) int blockHeight, @ForAll @IntRange(min = 1, max = 350) int blockWidth) {
    Graph g = TestGraphs.random(seed, n, arcs, undirected, weighted);
    BlockCooOptions options = BlockCooOptions.defaults().withBlockHeight(blockHeight).withBlockWidth(blockWidth)
        .withElementOrder(elementOrder)
        .withVertexOrder(vertexOrder).withOrientation(orientation).withCacheLineBytes(16);
    BlockCoo m = BlockCoo.fromGraph(g, options, 1);

    assertThat(m.rowCount()).isEqualTo(n);
    assertThat(m.nonZeroCount()).isEqualTo(g.arcCount());
    assertThat(m.isPattern()).isEqualTo(!weighted || g.arcCount() == 0 || allOnes(g));
    assertThat(m.layout().symmetric()).isEqualTo(undirected || isSymmetric(g));
    assertThat(sortedArcs(m)).containsExactlyElementsOf(sortedArcs(g));
  }

  @Test
  void blocksAreInBlockRowOrderWithIncreasingColumnsAndLocalIndicesInRange() {
    Graph g = TestGraphs.random(7, 500, 4000, false, true);
    BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockHeight(37).withBlockWidth(61), 1);
    assertThat(m.blockRowCount()).isEqualTo((500 + 36) / 37);
    assertThat(m.blockColumnCount()).isEqualTo((500 + 60) / 61);
    for (int br = 0; br < m.blockRowCount(); br++) {
      for (int b = m.blockRowStart()[br]; b < m.blockRowStart()[br + 1]; b++) {
        assertThat(m.blockStart()[b + 1]).isGreaterThan(m.blockStart()[b]);
        if (b > m.blockRowStart()[br]) {
          assertThat(m.blockColumn()[b]).isGreaterThan(m.blockColumn()[b - 1]);
        }
        for (int k = m.blockStart()[b]; k < m.blockStart()[b + 1]; k++) {
          int rc = m.coords().getAtIndex(BlockCoo.COORD, k);
          assertThat(rc >>> 16).isLessThan(37);
          assertThat(rc & 0xFFFF).isLessThan(61);
        }
      }
    }
  }

  /** The paper's headline: 16-bit in-block indices halve a pattern graph against 32-bit COO (49.98% on twitter). */
  @Test
  void patternFootprintIsAboutHalfOf32BitCoo() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/as-22july06.edges.gz"));
    BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(BlockCooOptions.MAX_BLOCK_SIZE), 1);
    assertThat(m.isPattern()).isTrue();
    assertThat(m.coo32FootprintBytes()).isEqualTo(8L * g.arcCount());
    double ratio = (double) m.footprintBytes() / m.coo32FootprintBytes();
    assertThat(ratio).isBetween(0.5, 0.55);

    BlockCoo small = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(1024), 1);
    assertThat((double) small.footprintBytes() / small.coo32FootprintBytes()).isLessThanOrEqualTo(0.55);
  }

  @Test
  void weightedFootprintIsTwoThirdsOf32BitCoo() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/lesmis.edges.gz"));
    BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults(), 1);
    assertThat(m.isPattern()).isFalse();
    long elements = m.nonZeroCount() * 8;
    assertThat(m.footprintBytes() - elements).isLessThan(64);
    assertThat(m.coo32FootprintBytes()).isEqualTo(m.nonZeroCount() * 12);
  }

  @Test
  void valueModesDecideWhetherWeightsAreStored() {
    Graph weighted = TestGraphs.random(3, 50, 200, false, true);
    assertThat(BlockCoo.fromGraph(weighted, BlockCooOptions.defaults().withValues(ValueMode.PATTERN), 1)
        .isPattern()).isTrue();
    Graph unweighted = TestGraphs.random(3, 50, 200, false, false);
    assertThat(BlockCoo.fromGraph(unweighted, BlockCooOptions.defaults().withValues(ValueMode.WEIGHTS), 1)
        .isPattern()).isFalse();
    assertThat(BlockCoo.fromGraph(unweighted, BlockCooOptions.defaults(), 1).isPattern()).isTrue();
  }

  @Test
  void emptyGraphsBuildSaveAndOpen(@TempDir Path dir) throws IOException {
    for (int n : new int[] {0, 1, 5}) {
      Graph g = GraphBuilder.withVertexCount(n).build();
      BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(2), 1);
      assertThat(m.nonZeroCount()).isZero();
      Path file = dir.resolve("empty" + n + ".bcoo");
      m.save(file);
      try (BlockCoo opened = BlockCoo.open(file)) {
        assertThat(opened.rowCount()).isEqualTo(n);
        assertThat(opened.nonZeroCount()).isZero();
      }
    }
  }

  /**
   * sparse convert checks the disk for the file before writing it: found when writing, a full disk failed it after
   * the build. The bytes it checks must be those written, in every layout (valued or pattern, renumbered or not, empty
   * sections), and the bound from the arcs before the build must not exceed them.
   */
  @Test
  void fileBytesAreTheBytesSaveWrites(@TempDir Path dir) throws IOException {
    int i = 0;
    for (Graph g : List.of(TestGraphs.random(11, 700, 6000, true, true), TestGraphs.random(12, 300, 900, false, false),
        GraphBuilder.withVertexCount(5).build(), GraphBuilder.withVertexCount(0).build())) {
      for (BlockCooOptions options : List.of(BlockCooOptions.defaults(), BlockCooOptions.defaults()
          .withBlockHeight(64).withVertexOrder(VertexOrder.RCM), BlockCooOptions.defaults()
          .withValues(ValueMode.PATTERN))) {
        BlockCoo m = BlockCoo.fromGraph(g, options, 1);
        Path file = dir.resolve("m" + i++ + ".bcoo");
        m.save(file);
        assertThat(m.fileBytes()).as("%s, %s", g, m.layout().describe()).isEqualTo(Files.size(file));
        assertThat(BlockCoo.leastFileBytes(g.arcCount())).isLessThanOrEqualTo(Files.size(file));
      }
    }
  }

  @Test
  void savedMatricesReopenMappedWithTheSameElementsLayoutAndPermutation(@TempDir Path dir) throws IOException {
    Graph g = TestGraphs.random(11, 700, 6000, true, true);
    BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockHeight(100).withBlockWidth(300)
        .withVertexOrder(VertexOrder.RCM), 1);
    Path file = dir.resolve("m.bcoo");
    m.save(file);
    assertThat(Files.list(dir)).containsExactly(file);
    try (BlockCoo opened = BlockCoo.open(file)) {
      assertThat(opened.layout()).isEqualTo(m.layout());
      assertThat(opened.permutation()).isEqualTo(m.permutation());
      assertThat(opened.blockHeight()).isEqualTo(100);
      assertThat(opened.blockWidth()).isEqualTo(300);
      assertThat(elements(opened)).containsExactlyElementsOf(elements(m));
      assertThat(opened.footprintBytes()).isEqualTo(m.footprintBytes());
      float[] x = new float[700];
      for (int i = 0; i < x.length; i++) {
        x[i] = i % 7 - 3;
      }
      float[] y1 = new float[700];
      float[] y2 = new float[700];
      SparseKernels.sequential().spmv(m, 1f, x, 0f, y1);
      SparseKernels.sequential().spmv(opened, 1f, x, 0f, y2);
      assertThat(y2).containsExactly(y1);
    }
  }

  @Test
  void closedMappingsCannotBeUsed(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("m.bcoo");
    BlockCoo.fromGraph(TestGraphs.random(1, 20, 50, false, false), BlockCooOptions.defaults(), 1).save(file);
    BlockCoo opened = BlockCoo.open(file);
    opened.close();
    assertThatThrownBy(() -> opened.forEachElement((r, c, v) -> { })).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void brokenFilesAreRefusedNamingTheFile(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("m.bcoo");
    BlockCoo.fromGraph(TestGraphs.random(1, 200, 900, false, true), BlockCooOptions.defaults().withBlockSize(50), 1)
        .save(file);
    byte[] bytes = Files.readAllBytes(file);

    Path truncated = dir.resolve("truncated.bcoo");
    Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length - 100));
    assertThatThrownBy(() -> BlockCoo.open(truncated)).isInstanceOf(IOException.class)
        .hasMessageContaining("truncated.bcoo").hasMessageContaining("truncated");

    Path magic = dir.resolve("magic.bcoo");
    byte[] wrong = bytes.clone();
    wrong[0] = 'X';
    Files.write(magic, wrong);
    assertThatThrownBy(() -> BlockCoo.open(magic)).isInstanceOf(IOException.class)
        .hasMessageContaining("magic.bcoo").hasMessageContaining("magic");

    Path tiny = dir.resolve("tiny.bcoo");
    Files.write(tiny, new byte[10]);
    assertThatThrownBy(() -> BlockCoo.open(tiny)).hasMessageContaining("tiny.bcoo");

    Path offsets = dir.resolve("offsets.bcoo");
    byte[] bad = bytes.clone();
    bad[128 + 4] = (byte) 0x7f;
    Files.write(offsets, bad);
    assertThatThrownBy(() -> BlockCoo.open(offsets)).isInstanceOf(IOException.class)
        .hasMessageContaining("offsets.bcoo");
  }

  /** A folder named like a matrix is refused by name; mapping it failed with the bare "No such device". */
  @Test
  void aFolderIsRefusedNamingIt(@TempDir Path dir) throws IOException {
    Path folder = Files.createDirectory(dir.resolve("m.bcoo"));
    assertThatThrownBy(() -> BlockCoo.open(folder)).isInstanceOf(IOException.class)
        .hasMessage(folder + ": is a folder, not a block-COO file");
  }

  /**
   * A coordinate outside its block is refused in every block, not only on the last block row or column, where the
   * kernels would otherwise wrap it into another vertex (an interior block) or index past the vector.
   */
  @Test
  void coordinatesOutsideTheirBlockAreRefusedInEveryBlock(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("m.bcoo");
    BlockCoo m = BlockCoo.fromGraph(TestGraphs.random(1, 200, 2_000, false, false),
        BlockCooOptions.defaults().withBlockSize(64), 1);
    m.save(file);
    assertThat(m.blockColumn()[0]).isZero(); // block 0 is interior: block row 0, block column 0 of 4
    long coordsAt = coordinatesOffset(m);
    for (int bad : new int[] {0xFFFF << 16, 0xFFFF, 64 << 16}) {
      byte[] bytes = Files.readAllBytes(file);
      java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt((int) coordsAt, bad);
      Path corrupt = dir.resolve("corrupt.bcoo");
      Files.write(corrupt, bytes);
      assertThatThrownBy(() -> BlockCoo.open(corrupt)).isInstanceOf(IOException.class)
          .hasMessageContaining("corrupt.bcoo").hasMessageContaining("block 0 (block row 0, block column 0, 64×64)")
          .hasMessageContaining("in-block row " + (bad >>> 16) + " and column " + (bad & 0xFFFF));
    }
  }

  /** A changed element that stays inside its block is caught by the checksum; files without one still open. */
  @Test
  void checksumCatchesInRangeDamageAndOldFilesWithoutOneStillOpen(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("m.bcoo");
    BlockCoo m = BlockCoo.fromGraph(TestGraphs.random(1, 200, 2_000, false, true),
        BlockCooOptions.defaults().withBlockSize(64), 1);
    m.save(file);
    byte[] bytes = Files.readAllBytes(file);
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    int coord = b.getInt((int) coordinatesOffset(m));
    b.putInt((int) coordinatesOffset(m), coord ^ 1);
    Path damaged = dir.resolve("damaged.bcoo");
    Files.write(damaged, bytes);
    assertThatThrownBy(() -> BlockCoo.open(damaged)).isInstanceOf(IOException.class)
        .hasMessageContaining("damaged.bcoo").hasMessageContaining("checksum mismatch");

    byte[] symmetric = Files.readAllBytes(file);
    symmetric[28] |= 2; // the header's "symmetric" bit on a directed matrix
    Files.write(damaged, symmetric);
    assertThatThrownBy(() -> BlockCoo.open(damaged)).hasMessageContaining("checksum mismatch");

    // A file from before the checksum: flag clear and the field zero. Its damage is not detected, but it opens.
    b.putInt(28, b.getInt(28) & ~(8 | 16 | 32)).putInt(64, 0);
    b.putInt((int) coordinatesOffset(m), coord);
    Path old = dir.resolve("old.bcoo");
    Files.write(old, bytes);
    try (BlockCoo opened = BlockCoo.open(old)) {
      assertThat(elements(opened)).containsExactlyElementsOf(elements(m));
      assertThat(opened.labelRecord()).isEqualTo(BlockCoo.LabelRecord.UNRECORDED);
    }
  }

  @Test
  void theHeaderRecordsWhetherTheGraphHadLabels(@TempDir Path dir) throws IOException {
    BlockCoo m = BlockCoo.fromGraph(TestGraphs.random(1, 20, 50, false, false), BlockCooOptions.defaults(), 1);
    Path file = dir.resolve("m.bcoo");
    m.save(file, true);
    try (BlockCoo opened = BlockCoo.open(file)) {
      assertThat(opened.labelRecord()).isEqualTo(BlockCoo.LabelRecord.SIDECAR);
    }
    m.save(file, false);
    try (BlockCoo opened = BlockCoo.open(file)) {
      assertThat(opened.labelRecord()).isEqualTo(BlockCoo.LabelRecord.NONE);
    }
  }

  /**
   * A damaged flags word that clears the checksum bit must not switch the check off: such a file (its flags also
   * saying "pattern") opened, its weights read as ones. Files written without a checksum hold zero
   * where it would be, so a checksum there with the bit clear is damage.
   */
  @Test
  void aClearedChecksumFlagBesideAChecksumIsDamage(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("m.bcoo");
    BlockCoo.fromGraph(TestGraphs.random(2, 100, 600, false, true), BlockCooOptions.defaults(), 1).save(file);
    byte[] bytes = Files.readAllBytes(file);
    bytes[28] ^= 8 | 1; // the checksum bit cleared and the pattern bit set: the weights would be read as ones
    Path damaged = dir.resolve("flags.bcoo");
    Files.write(damaged, bytes);
    assertThatThrownBy(() -> BlockCoo.open(damaged)).isInstanceOf(IOException.class)
        .hasMessageContaining("flags.bcoo").hasMessageContaining("the header holds a checksum")
        .hasMessageContaining("the header is damaged");
  }

  /**
   * Any truncation, and any changed byte the checksum covers (the header's fields and all after the header), is
   * refused with an error naming the file: never opened, never a bare runtime exception. Bytes 68..127 are the
   * labels file's checksum (checked against the labels when they are read) and padding nothing reads.
   */
  @Property(tries = 300)
  void anyTruncationOrChangedByteIsRefusedNamingTheFile(@ForAll @IntRange(min = 0, max = 1_000_000) int where,
      @ForAll boolean truncate, @ForAll @IntRange(min = 1, max = 255) int xor) throws IOException {
    Path dir = Files.createTempDirectory("bcoo-damage");
    try {
      Path file = dir.resolve("m.bcoo");
      BlockCoo.fromGraph(TestGraphs.random(3, 40, 120, false, true), BlockCooOptions.defaults().withBlockSize(16), 1)
          .save(file);
      byte[] bytes = Files.readAllBytes(file);
      int at = where % bytes.length;
      if (truncate) {
        bytes = java.util.Arrays.copyOf(bytes, at);
      } else {
        at = at >= 68 && at < 128 ? at % 68 : at;
        bytes[at] ^= (byte) xor;
      }
      Path damaged = dir.resolve("damaged.bcoo");
      Files.write(damaged, bytes);
      assertThatThrownBy(() -> BlockCoo.open(damaged).close()).isInstanceOf(IOException.class)
          .hasMessageContaining(damaged.toString());
    } finally {
      try (var files = Files.list(dir)) {
        for (Path f : files.toList()) {
          Files.delete(f);
        }
      }
      Files.delete(dir);
    }
  }

  /**
   * Found by fuzzing: rows near 2^31 overflowed the block-row count to 1 (a 944-byte file then asked for an
   * int[2^31 - 1], an out-of-memory error), or the index length to a negative count (an out-of-bounds exception
   * without the file's name). Both are refused as damage, naming the file.
   */
  @Test
  void aHeaderOfRowsNear2To31IsRefusedNotAllocated(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("m.bcoo");
    BlockCoo.fromGraph(TestGraphs.random(4, 34, 100, false, true), BlockCooOptions.defaults(), 1).save(file);
    byte[] saved = Files.readAllBytes(file);
    for (int[] rowsHeightBlockRows : new int[][] {{Integer.MAX_VALUE, 1024, 1}, {Integer.MAX_VALUE, 1,
        Integer.MAX_VALUE}}) {
      java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(saved.clone()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      b.putInt(12, rowsHeightBlockRows[0]).putInt(16, rowsHeightBlockRows[0]).putInt(20, rowsHeightBlockRows[1])
          .putInt(44, rowsHeightBlockRows[2]);
      Path damaged = dir.resolve("huge.bcoo");
      Files.write(damaged, b.array());
      assertThatThrownBy(() -> BlockCoo.open(damaged).close()).isInstanceOf(IOException.class)
          .hasMessageContaining(damaged.toString());
    }
  }

  /** The labels file's CRC32C goes in the header when the caller gives it, and comes back on open. */
  @Test
  void theHeaderRecordsTheLabelsChecksumWhenGiven(@TempDir Path dir) throws IOException {
    BlockCoo m = BlockCoo.fromGraph(TestGraphs.random(1, 20, 50, false, false), BlockCooOptions.defaults(), 1);
    Path file = dir.resolve("m.bcoo");
    org.tropic.io.AtomicFiles.write(file, m.fileContent(file, 0xCAFE_F00D));
    try (BlockCoo opened = BlockCoo.open(file)) {
      assertThat(opened.labelRecord()).isEqualTo(BlockCoo.LabelRecord.SIDECAR);
      assertThat(opened.labelsChecksum()).hasValue(0xCAFE_F00D);
    }
    m.save(file, true); // labelled, no checksum given: as files written before there was one
    try (BlockCoo opened = BlockCoo.open(file)) {
      assertThat(opened.labelsChecksum()).isEmpty();
    }
    byte[] bytes = Files.readAllBytes(file);
    bytes[68] = 1; // a labels checksum whose flag is clear
    Files.write(file, bytes);
    assertThatThrownBy(() -> BlockCoo.open(file)).hasMessageContaining("holds a labels checksum");
  }

  /** Where the packed coordinates start in the file of {@code m} (not permuted): after the 64-byte aligned index. */
  private static long coordinatesOffset(BlockCoo m) {
    long at = 128;
    for (int[] section : new int[][] {m.blockRowStart(), m.blockColumn(), m.blockStart()}) {
      at = (at + 4L * section.length + 63) & -64;
    }
    return at;
  }

  @Test
  void optionsRejectImpossibleValues() {
    assertThatThrownBy(() -> BlockCooOptions.defaults().withBlockSize(65_537))
        .hasMessageContaining("65537").hasMessageContaining("1..65536");
    assertThatThrownBy(() -> BlockCooOptions.defaults().withCacheLineBytes(48)).hasMessageContaining("48");
    assertThat(BlockCooOptions.defaults().blockHeightFor(100_000, 2)).isEqualTo(8_192);
    assertThat(BlockCooOptions.defaults().blockHeightFor(10_000_000, 2)).isEqualTo(65_536);
    assertThat(BlockCooOptions.defaults().blockHeightFor(50, 8)).isEqualTo(1_024);
    assertThatThrownBy(() -> BlockCooOptions.defaults().withBlockWidth(-1)).hasMessageContaining("block width -1");
  }

  /** Up to 65,536 columns one block column spans them all; beyond, blocks are square unless told otherwise. */
  @Test
  void automaticWidthIsOneBlockColumnWhere16BitIndicesReachEveryColumn() {
    BlockCooOptions auto = BlockCooOptions.defaults();
    assertThat(auto.blockWidthFor(22_963, 2_048)).isEqualTo(22_963);
    assertThat(auto.blockWidthFor(65_536, 8_192)).isEqualTo(65_536);
    assertThat(auto.blockWidthFor(65_537, 8_192)).isEqualTo(8_192);
    assertThat(auto.withBlockWidth(100).blockWidthFor(22_963, 2_048)).isEqualTo(100);
    assertThat(auto.withBlockSize(512).blockWidthFor(22_963, 512)).isEqualTo(512);

    BlockCoo m = BlockCoo.fromGraph(TestGraphs.random(3, 5_000, 20_000, false, false), auto, 2);
    assertThat(m.blockWidth()).isEqualTo(5_000);
    assertThat(m.blockColumnCount()).isEqualTo(1);
    assertThat(m.storedBlockCount()).isEqualTo(m.blockRowCount());
  }

  /** Files from before blocks had a width of their own (format version 1) open with square blocks. */
  @Test
  void version1FilesOpenWithSquareBlocks(@TempDir Path dir) throws IOException {
    Graph g = TestGraphs.random(5, 300, 2_000, false, true);
    BlockCoo square = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(64), 1);
    Path file = dir.resolve("v1.bcoo");
    square.save(file);
    byte[] bytes = Files.readAllBytes(file);
    // Version 1 had the same header up to the element count and nothing after it.
    java.nio.ByteBuffer header = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    header.putInt(8, 1);
    header.putInt(60, 0);
    header.putInt(28, header.getInt(28) & ~(8 | 16 | 32)).putInt(64, 0); // nor a checksum or a label record
    Files.write(file, bytes);
    try (BlockCoo opened = BlockCoo.open(file)) {
      assertThat(opened.blockHeight()).isEqualTo(64);
      assertThat(opened.blockWidth()).isEqualTo(64);
      assertThat(elements(opened)).containsExactlyElementsOf(elements(square));
    }
    header.putInt(8, 3);
    Files.write(file, bytes);
    assertThatThrownBy(() -> BlockCoo.open(file)).isInstanceOf(IOException.class)
        .hasMessageContaining("v1.bcoo").hasMessageContaining("format version 3")
        .hasMessageContaining("a newer Tropic wrote it: convert the graph again with this one");
  }

  private static boolean isSymmetric(Graph g) {
    java.util.Set<String> arcs = new java.util.HashSet<>();
    for (int u = 0; u < g.vertexCount(); u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        arcs.add(u + " " + g.targets()[e] + " " + g.weights()[e]);
      }
    }
    for (int u = 0; u < g.vertexCount(); u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        if (!arcs.contains(g.targets()[e] + " " + u + " " + g.weights()[e])) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean allOnes(Graph g) {
    for (float w : g.weights()) {
      if (w != 1f) {
        return false;
      }
    }
    return true;
  }

  /** Arcs as "u v w" in graph ids, sorted. */
  static List<String> sortedArcs(Graph g) {
    List<String> out = new ArrayList<>();
    for (int u = 0; u < g.vertexCount(); u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        out.add(u + " " + g.targets()[e] + " " + (allOnes(g) ? 1f : g.weights()[e]));
      }
    }
    out.sort(null);
    return out;
  }

  /** The matrix's elements as arcs "u v w" in graph ids, sorted. */
  static List<String> sortedArcs(BlockCoo m) {
    List<String> out = new ArrayList<>();
    Permutation p = m.permutation();
    boolean transposed = m.layout().orientation() == Orientation.TRANSPOSE;
    m.forEachElement((row, column, value) -> {
      int u = p.oldId(transposed ? column : row);
      int v = p.oldId(transposed ? row : column);
      out.add(u + " " + v + " " + value);
    });
    out.sort(null);
    return out;
  }

  static List<String> elements(BlockCoo m) {
    List<String> out = new ArrayList<>();
    m.forEachElement((row, column, value) -> out.add(row + " " + column + " " + value));
    return out;
  }
}
