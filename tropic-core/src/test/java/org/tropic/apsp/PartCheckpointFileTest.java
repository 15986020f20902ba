package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.MinPlusKernels;

/** One rank's part of a distributed save: read back bit for bit, refused when corrupt, truncated or foreign. */
class PartCheckpointFileTest {
  private static final int B = 32;
  private static final PartCheckpointFile.Solve SOLVE =
      new PartCheckpointFile.Solve("fingerprint-1", 100, B, "exact-float", 2, 1, 1);

  @TempDir
  Path dir;

  /** Three tiles of random bits, NaN patterns and −0 included: a save must keep every bit. */
  private static float[][] tiles(long seed) {
    Random random = new Random(seed);
    float[][] tiles = new float[3][B * B];
    for (float[] tile : tiles) {
      for (int x = 0; x < tile.length; x++) {
        tile[x] = Float.intBitsToFloat(random.nextInt());
      }
    }
    return tiles;
  }

  private static PartCheckpointFile.Tiles of(float[][] tiles) {
    return new PartCheckpointFile.Tiles() {
      @Override
      public int count() {
        return tiles.length;
      }

      @Override
      public float[] tile(int index) {
        return tiles[index];
      }
    };
  }

  private Path saved() {
    Path file = dir.resolve("d.ckpt.rank-1-of-2.0");
    long bytes = PartCheckpointFile.save(file, SOLVE, of(tiles(7)), 3, 4);
    assertThat(bytes).isEqualTo(Files.exists(file) ? sizeOf(file) : -1);
    return file;
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aPartIsReadBackBitForBitWithItsHeader() {
    Path file = saved();
    PartCheckpointFile.Saved header = PartCheckpointFile.read(file);
    assertThat(header.solve()).isEqualTo(SOLVE);
    assertThat(header.iterationsDone()).isEqualTo(3);
    assertThat(header.iterations()).isEqualTo(4);
    float[][] back = new float[3][B * B];
    assertThat(PartCheckpointFile.load(file, SOLVE, 4, of(back))).isEqualTo(3);
    float[][] expected = tiles(7);
    for (int t = 0; t < 3; t++) {
      for (int x = 0; x < B * B; x++) {
        assertThat(Float.floatToRawIntBits(back[t][x])).isEqualTo(Float.floatToRawIntBits(expected[t][x]));
      }
    }
    PartCheckpointFile.check(file, SOLVE, 4); // no exception
    assertThat(PartCheckpointFile.bytes(3, B)).isGreaterThanOrEqualTo(sizeOf(file));
  }

  @Test
  void aCorruptTileOrHeaderIsRefused() throws IOException {
    Path file = saved();
    long tileByte = Files.size(file) - 8 - 100; // inside the last tile
    flip(file, tileByte);
    assertThatThrownBy(() -> PartCheckpointFile.load(file, SOLVE, 4, of(new float[3][B * B])))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("checkpoint " + file).hasMessageContaining("do not match their checksum");

    Path other = saved();
    String text = Files.readString(other, java.nio.charset.StandardCharsets.ISO_8859_1);
    int digit = text.indexOf("\"iterationsDone\":3") + "\"iterationsDone\":".length();
    flipTo(other, digit, (byte) '1'); // a header that claims fewer iterations than its tiles hold
    assertThatThrownBy(() -> PartCheckpointFile.load(other, SOLVE, 4, of(new float[3][B * B])))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("do not match their checksum");
  }

  @Test
  void aTruncatedPartIsRefused() throws IOException {
    Path file = saved();
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(raf.length() - 4 * B);
    }
    assertThatThrownBy(() -> PartCheckpointFile.load(file, SOLVE, 4, of(new float[3][B * B])))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(truncated?)");
    Files.write(file, new byte[5]);
    assertThatThrownBy(() -> PartCheckpointFile.read(file))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too short");
  }

  @Test
  void aPartOfAnotherRankGridOrSolveIsRefusedNamingWhatDiffers() {
    Path file = saved();
    var otherGrid = new PartCheckpointFile.Solve("fingerprint-1", 100, B, "exact-float", 1, 2, 1);
    assertThatThrownBy(() -> PartCheckpointFile.check(file, otherGrid, 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("process grid (--grid) 2x1 there, 1x2 here");
    var otherRank = new PartCheckpointFile.Solve("fingerprint-1", 100, B, "exact-float", 2, 1, 0);
    assertThatThrownBy(() -> PartCheckpointFile.load(file, otherRank, 4, of(new float[3][B * B])))
        .hasMessageContaining("rank 1 there, 0 here");
    var otherGraph = new PartCheckpointFile.Solve("fingerprint-2", 100, 64, "int32", 2, 1, 1);
    assertThatThrownBy(() -> PartCheckpointFile.check(file, otherGraph, 4))
        .hasMessageContaining("graph fingerprint fingerprint-1 there, fingerprint-2 here")
        .hasMessageContaining("tile size (--block) 32 there, 64 here")
        .hasMessageContaining("arithmetic exact-float there, int32 here");
    assertThatThrownBy(() -> PartCheckpointFile.check(file, SOLVE, 5)).hasMessageContaining("the file is corrupt");
  }

  /** A part is no single-node save, and a single-node save no part: the tiles would be read as others. */
  @Test
  void partsAndSingleNodeSavesAreNotTakenForEachOther() {
    Graph graph = GraphBuilder.withVertexCount(3).addArc(0, 1, 1f).addArc(1, 2, 2f).build();
    Path whole = dir.resolve("whole.ckpt");
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults().withBlockSize(B));
    Path part = saved();
    assertThatThrownBy(() -> solver.solve(graph, Progress.NONE, new FloydWarshallCheckpoint(part, Duration.ZERO)))
        .hasMessageContaining("it is rank 1's part of a distributed save on grid 2x1");
    CheckpointFile.save(whole, new CheckpointFile.Header(CheckpointFile.FORMAT_VERSION,
        new CheckpointFile.Identity("f", 3, B, "exact-float", false, "ids"), 0, 1, "now"), new CheckpointFile.Tiles() {
          @Override
          public int count() {
            return 1;
          }

          @Override
          public float[] tile(int index) {
            return new float[B * B];
          }
        });
    assertThatThrownBy(() -> PartCheckpointFile.read(whole))
        .hasMessageContaining("it is a single-node save of the whole solve");
  }

  private static void flip(Path file, long at) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x10);
    }
  }

  private static void flipTo(Path file, long at, byte value) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(at);
      raf.write(value);
    }
  }
}
