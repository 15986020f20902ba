package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.Progress;
import org.tropic.apsp.RowDistanceMatrix;
import org.tropic.graph.VertexLabels;
import org.tropic.io.DistanceStore.IntRowSource;
import org.tropic.io.DistanceStore.RowSource;
import org.tropic.semiring.Arithmetic;

class DistanceStoreTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 7, 16, 63, 64, 65, 127, 257, 1031})
  void roundTripIsBitExact(int n) throws IOException {
    RowDistanceMatrix matrix = NpyTestSupport.randomMatrix(n, 1000 + n, null);
    Path out = dir.resolve("d.npy");

    DistanceStore.write(matrix, out, NpyTestSupport.sidecar(n, null), Progress.NONE);

    byte[] file = Files.readAllBytes(out);
    NpyHeader header = NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n);
    assertThat(file).hasSize((int) header.fileSize());
    assertThat(Arrays.copyOf(file, (int) header.dataOffset())).isEqualTo(header.toBytes());
    assertThat(Arrays.copyOfRange(file, (int) header.dataOffset(), file.length))
        .isEqualTo(NpyTestSupport.rawLittleEndian(matrix));
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(out)) {
      assertThat(stored.size()).isEqualTo(n);
      float[] row = new float[n];
      int[] expected = new int[n];
      int[] copied = new int[n];
      int[] got = new int[n];
      for (int u = 0; u < n; u++) {
        stored.copyRow(u, row);
        for (int v = 0; v < n; v++) {
          expected[v] = Float.floatToRawIntBits(matrix.get(u, v));
          copied[v] = Float.floatToRawIntBits(row[v]);
          got[v] = Float.floatToRawIntBits(stored.get(u, v));
        }
        assertThat(copied).as("copyRow(%d)", u).isEqualTo(expected);
        assertThat(got).as("get(%d, *)", u).isEqualTo(expected);
      }
    }
    assertThat(NpyTestSupport.listing(dir)).containsExactly("d.npy", "d.npy.json");
  }

  @Test
  void storesLabelsAndTheSidecarBeside() throws IOException {
    VertexLabels labels = VertexLabels.of("C0001", "C0002", "héllo wörld", "with \"quotes\"");
    RowDistanceMatrix matrix = NpyTestSupport.randomMatrix(4, 7, labels);
    Path out = dir.resolve("labelled.npy");
    Sidecar sidecar = NpyTestSupport.sidecar(4, labels);

    DistanceStore.write(matrix, out, sidecar, Progress.NONE);

    Sidecar read = Sidecar.read(dir.resolve("labelled.npy.json"));
    assertThat(read.checksums().distances()).startsWith(SampledRowsChecksum.SCHEME);
    assertThat(read.checksums().predecessors()).isNull();
    assertThat(read).isEqualTo(sidecar.withChecksums(read.checksums()));
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(out)) {
      assertThat(stored.labels()).isEqualTo(labels);
      assertThat(stored.sidecar()).isEqualTo(read);
      assertThat(stored.file()).isEqualTo(out);
    }
  }

  @Test
  void refusesASidecarWhoseLabelsDifferFromTheMatrix() {
    RowDistanceMatrix matrix = NpyTestSupport.randomMatrix(2, 7, VertexLabels.of("a", "b"));
    assertThatThrownBy(() -> DistanceStore.write(matrix, dir.resolve("x.npy"),
        NpyTestSupport.sidecar(2, VertexLabels.of("a", "c")), Progress.NONE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("labels differ");
    assertThatThrownBy(() -> DistanceStore.write(matrix, dir.resolve("x.npy"),
        NpyTestSupport.sidecar(3, null), Progress.NONE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n=3").hasMessageContaining("2×2");
  }

  @Test
  void writesFromTilesDecodingTheStoragePathAndIgnoringPadding() throws IOException {
    int n = 10;
    int b = 4;
    int perSide = 3;
    RowDistanceMatrix expected = new RowDistanceMatrix(n, null);
    float[][] tiles = new float[perSide * perSide][b * b];
    for (float[] tile : tiles) {
      Arrays.fill(tile, 12345f); // padding beyond n must not leak into the file
    }
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        float distance = (u * 7 + v * 3) % 5 == 0 ? Float.POSITIVE_INFINITY : Math.abs(u - v) * 2;
        expected.row(u)[v] = distance;
        tiles[(u / b) * perSide + v / b][(u % b) * b + v % b] = Arithmetic.INT32.encode(distance);
      }
    }
    Path out = dir.resolve("tiles.npy");

    DistanceStore.write(RowSource.ofTiles(tiles, n, b, Arithmetic.INT32), null, out,
        NpyTestSupport.sidecar(n, null), Progress.NONE);

    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(out)) {
      for (int u = 0; u < n; u++) {
        for (int v = 0; v < n; v++) {
          assertThat(stored.get(u, v)).as("(%d, %d)", u, v).isEqualTo(expected.get(u, v));
        }
      }
    }
    assertThatThrownBy(() -> RowSource.ofTiles(new float[8][16], n, b, Arithmetic.EXACT_FLOAT))
        .hasMessageContaining("8 tiles").hasMessageContaining("3×3");
    assertThatThrownBy(() -> RowSource.ofTiles(new float[9][15], n, b, Arithmetic.EXACT_FLOAT))
        .hasMessageContaining("tile 0 holds 15 values");
  }

  @Test
  void aSourceThatFailsMidwayLeavesNothingBehind() {
    RowDistanceMatrix matrix = NpyTestSupport.randomMatrix(50, 3, null);
    Path out = dir.resolve("fails.npy");

    assertThatThrownBy(() -> DistanceStore.write(failingAt(matrix, 31), null, out,
        NpyTestSupport.sidecar(50, null), Progress.NONE))
        .isInstanceOf(IllegalStateException.class).hasMessage("solver died at row 31");

    assertThat(dir).isEmptyDirectory();
  }

  @Test
  void aFailedOverwriteLeavesTheEarlierResultIntact() throws IOException {
    RowDistanceMatrix first = NpyTestSupport.randomMatrix(20, 1, null);
    Path out = dir.resolve("r.npy");
    DistanceStore.write(first, out, NpyTestSupport.sidecar(20, null), Progress.NONE);
    byte[] npyBefore = Files.readAllBytes(out);
    byte[] jsonBefore = Files.readAllBytes(Sidecar.pathFor(out));

    assertThatThrownBy(() -> DistanceStore.write(failingAt(NpyTestSupport.randomMatrix(30, 2, null), 29),
        predecessorsOf(30), out, NpyTestSupport.sidecar(30, null), Progress.NONE))
        .hasMessage("solver died at row 29");
    assertThatThrownBy(() -> DistanceStore.write(RowSource.of(NpyTestSupport.randomMatrix(30, 2, null)),
        failingInts(30, 5), out, NpyTestSupport.sidecar(30, null), Progress.NONE))
        .hasMessage("predecessors died at row 5");

    assertThat(NpyTestSupport.listing(dir)).containsExactly("r.npy", "r.npy.json");
    assertThat(Files.readAllBytes(out)).isEqualTo(npyBefore);
    assertThat(Files.readAllBytes(Sidecar.pathFor(out))).isEqualTo(jsonBefore);
  }

  @Test
  void overwritingReplacesMatrixSidecarAndPredecessorsTogether() throws IOException {
    Path out = dir.resolve("r.npy");
    DistanceStore.write(NpyTestSupport.randomMatrix(5, 1, null), out, NpyTestSupport.sidecar(5, null),
        Progress.NONE);
    RowDistanceMatrix second = NpyTestSupport.randomMatrix(9, 2, null);

    DistanceStore.write(RowSource.of(second), predecessorsOf(9), out, NpyTestSupport.sidecar(9, null),
        Progress.NONE);

    assertThat(NpyTestSupport.listing(dir)).containsExactly("r.npy", "r.npy.json", "r.pred.npy");
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(out);
        NpyIntMatrix predecessors = stored.openPredecessors()) {
      assertThat(stored.size()).isEqualTo(9);
      assertThat(stored.sidecar().predecessors()).isEqualTo("r.pred.npy");
      assertThat(stored.get(8, 3)).isEqualTo(second.get(8, 3));
      int[] row = new int[9];
      for (int u = 0; u < 9; u++) {
        predecessors.copyRow(u, row);
        for (int v = 0; v < 9; v++) {
          int expected = u == v ? -1 : (u * 31 + v) % 9;
          assertThat(row[v]).isEqualTo(expected);
          assertThat(predecessors.get(u, v)).isEqualTo(expected);
        }
      }
    }
  }

  /**
   * Predecessors found from the distances as written are handed the staged distances, every bit of them, before
   * anything is published; one that fails leaves the earlier result as it was.
   */
  @Test
  void predecessorsFoundFromTheWrittenDistancesSeeThemAndAFailureKeepsTheEarlierResult() throws IOException {
    Path out = dir.resolve("r.npy");
    DistanceStore.write(NpyTestSupport.randomMatrix(5, 1, null), out, NpyTestSupport.sidecar(5, null),
        Progress.NONE);
    byte[] npyBefore = Files.readAllBytes(out);
    RowDistanceMatrix second = NpyTestSupport.randomMatrix(12, 4, null);
    assertThatThrownBy(() -> DistanceStore.writeFindingPredecessors(RowSource.of(second), written -> {
      assertThat(dir.resolve("r.pred.npy")).as("nothing published yet").doesNotExist();
      return failingInts(12, 7);
    }, out, NpyTestSupport.sidecar(12, null), Progress.NONE)).hasMessage("predecessors died at row 7");
    assertThat(NpyTestSupport.listing(dir)).containsExactly("r.npy", "r.npy.json");
    assertThat(Files.readAllBytes(out)).isEqualTo(npyBefore);

    float[][] seen = new float[12][12];
    DistanceStore.writeFindingPredecessors(RowSource.of(second), written -> {
      for (int u = 0; u < 12; u++) {
        written.copyRow(u, seen[u]);
      }
      return predecessorsOf(12);
    }, out, NpyTestSupport.sidecar(12, null), Progress.NONE);
    float[] row = new float[12];
    for (int u = 0; u < 12; u++) {
      second.copyRow(u, row);
      assertThat(seen[u]).isEqualTo(row);
    }
    assertThat(NpyTestSupport.listing(dir)).containsExactly("r.npy", "r.npy.json", "r.pred.npy");
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(out);
        NpyIntMatrix predecessors = stored.openPredecessors()) {
      assertThat(predecessors.get(3, 5)).isEqualTo((3 * 31 + 5) % 12);
    }
  }

  @Test
  void overwritingWithoutPredecessorsRemovesTheEarlierPredecessorFile() throws IOException {
    Path out = dir.resolve("r.npy");
    DistanceStore.write(RowSource.of(NpyTestSupport.randomMatrix(4, 1, null)), predecessorsOf(4), out,
        NpyTestSupport.sidecar(4, null), Progress.NONE);
    assertThat(NpyTestSupport.listing(dir)).contains("r.pred.npy");

    DistanceStore.write(NpyTestSupport.randomMatrix(6, 2, null), out, NpyTestSupport.sidecar(6, null),
        Progress.NONE);

    assertThat(NpyTestSupport.listing(dir)).containsExactly("r.npy", "r.npy.json");
  }

  @Test
  void aResultWithoutPredecessorsSaysSo() throws IOException {
    Path out = dir.resolve("r.npy");
    DistanceStore.write(NpyTestSupport.randomMatrix(3, 1, null), out, NpyTestSupport.sidecar(3, null),
        Progress.NONE);
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(out)) {
      assertThatThrownBy(stored::openPredecessors).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("without predecessors");
    }
  }

  @Test
  void writesAStandaloneIntMatrixAtomically() throws IOException {
    Path out = dir.resolve("p.npy");
    DistanceStore.writeInts(predecessorsOf(13), out, Progress.NONE);
    try (NpyIntMatrix stored = NpyIntMatrix.open(out)) {
      assertThat(stored.size()).isEqualTo(13);
      assertThat(stored.get(4, 4)).isEqualTo(-1);
      assertThat(stored.get(4, 5)).isEqualTo((4 * 31 + 5) % 13);
    }
    assertThatThrownBy(() -> DistanceStore.writeInts(failingInts(13, 12), out, Progress.NONE))
        .hasMessage("predecessors died at row 12");
    assertThat(NpyTestSupport.listing(dir)).containsExactly("p.npy");
    assertThatThrownBy(() -> NpyDistanceMatrix.openWithoutSidecar(out, null))
        .isInstanceOf(NpyFormatException.class).hasMessageContaining("'<i4' where '<f4'");
  }

  @Test
  void refusesUpFrontWhenTheDiskIsTooSmallWithTheNumbers() {
    int n = 1_000_000_000;
    RowSource huge = new RowSource() {
      @Override
      public int size() {
        return n;
      }

      @Override
      public void copyRow(int u, float[] dst) {
        throw new AssertionError("nothing may be written");
      }
    };

    assertThatThrownBy(() -> DistanceStore.write(huge, null, dir.resolve("huge.npy"),
        NpyTestSupport.sidecar(n, null), Progress.NONE))
        .isInstanceOf(OutputLocationException.class) // too big for the disk is bad usage, as too big for memory
        .hasMessageContaining("not enough disk space").hasMessageContaining("n = 1,000,000,000 needs")
        .hasMessageContaining("128 + 1,000,000,000²×4 = 4,000,000,000,000,000,128")
        .hasMessageContaining("bytes (3552.7 PiB; ").hasMessageContaining("usable");
    assertThat(dir).isEmptyDirectory();
  }

  @Test
  void refusesToReplaceAFifoOrALinkToADeviceAndLeavesThemAsTheyWere() throws Exception {
    Path fifo = dir.resolve("pipe.npy");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    Assumptions.assumeTrue(mkfifo.waitFor() == 0 && Files.exists(fifo), "mkfifo is not available");
    Path linkToDevice = Files.createSymbolicLink(dir.resolve("null.npy"), Path.of("/dev/null")); // never written
    Path plain = dir.resolve("plain.npy");
    Path sidecarFifo = dir.resolve("plain.npy.json");
    Files.move(fifo, sidecarFifo); // the sidecar beside a plain name is the special file
    new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();

    for (Path out : new Path[] {fifo, linkToDevice, plain}) {
      assertThatThrownBy(() -> DistanceStore.checkWritable(out, 3, false))
          .isInstanceOf(OutputLocationException.class)
          .hasMessageContaining("not a regular file").hasMessageContaining("a device, FIFO or socket");
      assertThatThrownBy(() -> DistanceStore.write(NpyTestSupport.randomMatrix(3, 1, null), out,
          NpyTestSupport.sidecar(3, null), Progress.NONE))
          .isInstanceOf(OutputLocationException.class).hasMessageContaining(out.getFileName().toString());
    }
    assertThatThrownBy(() -> DistanceStore.checkWritable(plain, 3, false)).hasMessageContaining(sidecarFifo.toString());
    assertThat(Files.isSymbolicLink(linkToDevice)).isTrue();
    for (Path special : new Path[] {fifo, sidecarFifo}) {
      assertThat(Files.exists(special) && !Files.isRegularFile(special)).as(special.toString()).isTrue();
    }
    assertThat(NpyTestSupport.listing(dir)).containsExactly("null.npy", "pipe.npy", "plain.npy.json");
  }

  /** A folder that takes no files (here: immutable, which binds root too) is named with the system's reason. */
  @Test
  void aFolderThatTakesNoFilesIsReportedWithItsReasonNotAsLackOfSpace() throws Exception {
    Path locked = Files.createDirectories(dir.resolve("locked"));
    Process chattr = new ProcessBuilder("chattr", "+i", locked.toString()).redirectErrorStream(true).start();
    Assumptions.assumeTrue(chattr.waitFor() == 0, "chattr +i is not available here");
    try {
      assertThatThrownBy(() -> DistanceStore.checkWritable(locked.resolve("d.npy"), 3, false))
          .isInstanceOf(OutputLocationException.class)
          .hasMessageContaining("no file can be created in " + locked).hasMessageContaining("file system")
          .hasMessageNotContaining("disk space");
    } finally {
      new ProcessBuilder("chattr", "-i", locked.toString()).start().waitFor();
    }
    assertThat(locked).isEmptyDirectory(); // and the probe of a folder that does take files leaves nothing
    DistanceStore.checkWritable(locked.resolve("d.npy"), 3, false);
    assertThat(locked).isEmptyDirectory();
  }

  @Test
  void reportsProgressRowByRow() throws IOException {
    AtomicLong total = new AtomicLong();
    AtomicLong done = new AtomicLong();
    Progress counting = new Progress() {
      @Override
      public void begin(String task, long totalWork) {
        total.addAndGet(totalWork);
      }

      @Override
      public void advance(long work) {
        done.addAndGet(work);
      }

      @Override
      public void end() {}
    };
    DistanceStore.write(RowSource.of(NpyTestSupport.randomMatrix(11, 1, null)), predecessorsOf(11),
        dir.resolve("p.npy"), NpyTestSupport.sidecar(11, null), counting);
    assertThat(total.get()).isEqualTo(22);
    assertThat(done.get()).isEqualTo(22);
  }

  @Test
  void openingRefusesAMissingSidecarOrOneThatDoesNotMatch() throws IOException {
    Path out = dir.resolve("r.npy");
    DistanceStore.write(NpyTestSupport.randomMatrix(6, 1, null), out, NpyTestSupport.sidecar(6, null),
        Progress.NONE);
    Path json = Sidecar.pathFor(out);
    byte[] goodJson = Files.readAllBytes(json);

    Files.write(json, NpyTestSupport.sidecar(7, null).toJson());
    assertThatThrownBy(() -> NpyDistanceMatrix.open(out)).isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("6×6").hasMessageContaining("n=7").hasMessageContaining("r.npy.json");

    Files.delete(json);
    assertThatThrownBy(() -> NpyDistanceMatrix.open(out)).isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("r.npy.json").hasMessageContaining("interrupted write");
    try (NpyDistanceMatrix bare = NpyDistanceMatrix.openWithoutSidecar(out, null)) {
      assertThat(bare.size()).isEqualTo(6);
      assertThat(bare.sidecar()).isNull();
      assertThat(bare.labels()).isNull();
    }
    assertThatThrownBy(() -> NpyDistanceMatrix.openWithoutSidecar(out, VertexLabels.of("a")))
        .hasMessageContaining("1 labels for the 6×6 matrix");
    Files.write(json, goodJson);
  }

  @Test
  void openingRefusesTruncatedOrOverlongFilesAndNonSquareMatrices() throws IOException {
    Path out = dir.resolve("r.npy");
    DistanceStore.write(NpyTestSupport.randomMatrix(6, 1, null), out, NpyTestSupport.sidecar(6, null),
        Progress.NONE);
    byte[] good = Files.readAllBytes(out);

    Files.write(out, Arrays.copyOf(good, good.length - 1));
    assertThatThrownBy(() -> NpyDistanceMatrix.open(out)).isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("r.npy").hasMessageContaining(good.length - 1 + " bytes")
        .hasMessageContaining("128 + 6²×4 = 272").hasMessageContaining("truncated")
        .hasMessageContaining("'shape': (6, 6)");
    Files.write(out, Arrays.copyOf(good, good.length + 4));
    assertThatThrownBy(() -> NpyDistanceMatrix.open(out)).hasMessageContaining("276 bytes");

    byte[] rectangular = Arrays.copyOf(NpyHeader.of(NpyHeader.Dtype.FLOAT32, 2, 3).toBytes(), 128 + 24);
    Files.write(out, rectangular);
    assertThatThrownBy(() -> NpyDistanceMatrix.openWithoutSidecar(out, null))
        .hasMessageContaining("2×3, not square");
  }

  @Test
  void indexChecksAndClose() throws IOException {
    Path out = dir.resolve("r.npy");
    DistanceStore.write(NpyTestSupport.randomMatrix(4, 1, null), out, NpyTestSupport.sidecar(4, null),
        Progress.NONE);
    NpyDistanceMatrix stored = NpyDistanceMatrix.open(out);
    assertThatThrownBy(() -> stored.get(0, 4)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> stored.get(-1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> stored.copyRow(4, new float[4])).isInstanceOf(IndexOutOfBoundsException.class);
    stored.close();
    stored.close();
    assertThatThrownBy(() -> stored.get(0, 0)).isInstanceOf(IllegalStateException.class);
  }

  /**
   * Offsets past 2 GiB: a sparse file (the length set, only three values written) with n = 23171, so n²×4 exceeds
   * 2^31 and the last row starts beyond any int offset.
   */
  @Test
  void mapsMatricesBeyondTwoGibibytes() throws IOException {
    int n = 23_171;
    NpyHeader header = NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n);
    assertThat(header.dataBytes()).isGreaterThan(Integer.MAX_VALUE);
    Path out = dir.resolve("big.npy");
    try (var file = new java.io.RandomAccessFile(out.toFile(), "rw")) {
      file.write(header.toBytes());
      file.setLength(header.fileSize());
      writeLittleEndian(file, header.offsetOf(n - 1, n - 1), Float.floatToRawIntBits(7.5f));
      writeLittleEndian(file, header.offsetOf(n - 1, 0), Float.floatToRawIntBits(Float.POSITIVE_INFINITY));
      writeLittleEndian(file, header.offsetOf(12_345, 6_789), Float.floatToRawIntBits(-2.25f));
    }
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.openWithoutSidecar(out, null)) {
      assertThat(stored.get(n - 1, n - 1)).isEqualTo(7.5f);
      assertThat(stored.get(12_345, 6_789)).isEqualTo(-2.25f);
      float[] row = new float[n];
      stored.copyRow(n - 1, row);
      assertThat(row[0]).isEqualTo(Float.POSITIVE_INFINITY);
      assertThat(row[1]).isEqualTo(0f);
      assertThat(row[n - 1]).isEqualTo(7.5f);
    } finally {
      Files.delete(out);
    }
  }

  private static void writeLittleEndian(java.io.RandomAccessFile file, long offset, int bits) throws IOException {
    file.seek(offset);
    file.write(new byte[] {(byte) bits, (byte) (bits >>> 8), (byte) (bits >>> 16), (byte) (bits >>> 24)});
  }

  /** A row source that throws at row {@code failRow}, as a solver crashing mid-write would. */
  private static RowSource failingAt(DistanceMatrix matrix, int failRow) {
    return new RowSource() {
      @Override
      public int size() {
        return matrix.size();
      }

      @Override
      public void copyRow(int u, float[] dst) {
        if (u == failRow) {
          throw new IllegalStateException("solver died at row " + u);
        }
        matrix.copyRow(u, dst);
      }
    };
  }

  private static IntRowSource predecessorsOf(int n) {
    return NpyTestSupport.predecessors(n, 31);
  }

  private static IntRowSource failingInts(int n, int failRow) {
    IntRowSource good = predecessorsOf(n);
    return new IntRowSource() {
      @Override
      public int size() {
        return n;
      }

      @Override
      public void copyRow(int u, int[] dst) {
        if (u == failRow) {
          throw new IllegalStateException("predecessors died at row " + u);
        }
        good.copyRow(u, dst);
      }
    };
  }

  /**
   * A kill -9 while cond-mat's result was written left a hidden 866 MB {@code .c.npy.tmp-…} that no later run
   * removed: the next write to the same result deletes those of the result, its sidecar and its predecessors, and
   * nothing else.
   */
  @Test
  void leftoversOfAKilledWriteAreDeletedAndNothingElse() throws IOException {
    Path out = dir.resolve("c.npy");
    Files.write(dir.resolve(".c.npy.tmp-66839f3a2e0e505d"), new byte[1000]);
    Files.write(dir.resolve(".c.npy.json.tmp-0123456789abcdef"), new byte[20]);
    Files.write(dir.resolve(".c.pred.npy.tmp-fedcba9876543210"), new byte[300]);
    Files.write(dir.resolve(".other.npy.tmp-66839f3a2e0e505d"), new byte[7]); // another result's
    Files.write(dir.resolve(".c.npy.tmp-notours"), new byte[7]); // not a name this store gives
    Files.write(dir.resolve("c.npy.tmp-66839f3a2e0e505d"), new byte[7]); // not hidden: the user's
    Files.createDirectory(dir.resolve(".c.npy.tmp-aaaaaaaaaaaaaaaa")); // a folder is never one of ours

    assertThat(DistanceStore.deleteLeftovers(out)).isEqualTo(1320);
    try (var left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
          ".other.npy.tmp-66839f3a2e0e505d", ".c.npy.tmp-notours", "c.npy.tmp-66839f3a2e0e505d",
          ".c.npy.tmp-aaaaaaaaaaaaaaaa");
    }
    assertThat(DistanceStore.deleteLeftovers(dir.resolve("absent/c.npy"))).isZero();
  }
}
