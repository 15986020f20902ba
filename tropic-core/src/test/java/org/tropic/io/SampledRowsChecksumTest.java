package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.Progress;
import org.tropic.apsp.RowDistanceMatrix;
import org.tropic.io.DistanceStore.RowSource;

/** A stored result whose {@code .npy} no longer holds what its sidecar describes is refused when opened. */
class SampledRowsChecksumTest {
  @TempDir
  Path dir;

  @Test
  void aMatrixSwappedForAnotherResultOfTheSameSizeIsRefused() throws IOException {
    Path first = write("first.npy", 40, 1);
    Path second = write("second.npy", 40, 2);
    Files.copy(second, first, StandardCopyOption.REPLACE_EXISTING);

    assertThatThrownBy(() -> NpyDistanceMatrix.open(first))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith(first.toString())
        .hasMessageContaining("first.npy.json")
        .hasMessageContaining("replaced or changed after Tropic wrote it");
    try (NpyDistanceMatrix untouched = NpyDistanceMatrix.open(second)) {
      assertThat(untouched.size()).isEqualTo(40);
    }
  }

  @Test
  void aValueChangedInTheFirstOrLastRowIsRefused() throws IOException {
    for (int row : new int[] {0, 99}) {
      Path out = write("edited" + row + ".npy", 100, 3);
      overwriteFloat(out, 100, row, 7, 42.5f);
      assertThatThrownBy(() -> NpyDistanceMatrix.open(out)).isInstanceOf(NpyFormatException.class)
          .hasMessageContaining("checksum " + SampledRowsChecksum.SCHEME);
    }
  }

  @Test
  void swappedPredecessorsAreRefusedWhileTheDistancesStillOpen() throws IOException {
    Path first = dir.resolve("first.npy");
    Path second = dir.resolve("second.npy");
    RowSource rows = RowSource.of(NpyTestSupport.randomMatrix(12, 4, null));
    DistanceStore.write(rows, NpyTestSupport.predecessors(12, 1), first, NpyTestSupport.sidecar(12, null),
        Progress.NONE);
    DistanceStore.write(rows, NpyTestSupport.predecessors(12, 5), second, NpyTestSupport.sidecar(12, null),
        Progress.NONE);
    Files.copy(DistanceStore.predecessorsPathFor(second), DistanceStore.predecessorsPathFor(first),
        StandardCopyOption.REPLACE_EXISTING);

    try (NpyDistanceMatrix distances = NpyDistanceMatrix.open(first)) {
      assertThatThrownBy(distances::openPredecessors).isInstanceOf(NpyFormatException.class)
          .hasMessageStartingWith(DistanceStore.predecessorsPathFor(first).toString())
          .hasMessageContaining("replaced or changed");
    }
    try (NpyDistanceMatrix distances = NpyDistanceMatrix.open(second);
        NpyIntMatrix predecessors = distances.openPredecessors()) {
      assertThat(predecessors.get(3, 4)).isEqualTo((3 * 5 + 4) % 12);
    }
  }

  @Test
  void sidecarsWrittenBeforeChecksumsOrWithAnotherSchemeOpenUnchecked() throws IOException {
    Path older = write("older.npy", 30, 6);
    Path later = write("later.npy", 30, 7);
    rewriteSidecar(older, null);
    rewriteSidecar(later, new Sidecar.Checksums("sha256-all:00ff", null));
    Path other = write("other.npy", 30, 8);
    Files.copy(other, older, StandardCopyOption.REPLACE_EXISTING);
    Files.copy(other, later, StandardCopyOption.REPLACE_EXISTING);

    for (Path out : new Path[] {older, later}) {
      try (NpyDistanceMatrix matrix = NpyDistanceMatrix.open(out)) {
        assertThat(matrix.size()).isEqualTo(30);
      }
    }
  }

  @Property(tries = 60)
  void everyWrittenResultOpensAndDiffersFromAnother(@ForAll @IntRange(min = 0, max = 70) int n,
      @ForAll long seed) throws IOException {
    Path dir = Files.createTempDirectory("checksum");
    try {
      Path out = dir.resolve("r.npy");
      RowDistanceMatrix matrix = NpyTestSupport.randomMatrix(n, seed, null);
      DistanceStore.write(matrix, out, NpyTestSupport.sidecar(n, null), Progress.NONE);
      String recorded = Sidecar.read(Sidecar.pathFor(out)).checksums().distances();
      assertThat(recorded).matches(SampledRowsChecksum.SCHEME + "[0-9a-f]{8}");
      try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(out)) {
        assertThat(stored.size()).isEqualTo(n);
      }
      if (n > 0) {
        // Another result differs in the sampled rows; a 32-bit CRC collides once in 4 billion.
        matrix.row(n - 1)[0] = Float.isNaN(matrix.get(n - 1, 0)) ? 1f : Float.NaN;
        Path changed = dir.resolve("changed.npy");
        DistanceStore.write(matrix, changed, NpyTestSupport.sidecar(n, null), Progress.NONE);
        assertThat(Sidecar.read(Sidecar.pathFor(changed)).checksums().distances()).isNotEqualTo(recorded);
      }
    } finally {
      try (var files = Files.list(dir)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(dir);
    }
  }

  private Path write(String name, int n, long seed) throws IOException {
    Path out = dir.resolve(name);
    DistanceStore.write(NpyTestSupport.randomMatrix(n, seed, null), out, NpyTestSupport.sidecar(n, null),
        Progress.NONE);
    return out;
  }

  private static void overwriteFloat(Path npy, int n, int row, int column, float value) throws IOException {
    NpyHeader header = NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n);
    try (FileChannel channel = FileChannel.open(npy, StandardOpenOption.WRITE)) {
      ByteBuffer bytes = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(0, value);
      channel.write(bytes, header.offsetOf(row, column));
    }
  }

  private static void rewriteSidecar(Path npy, Sidecar.Checksums checksums) throws IOException {
    Path file = Sidecar.pathFor(npy);
    Files.write(file, Sidecar.read(file).withChecksums(checksums).toJson());
  }
}
