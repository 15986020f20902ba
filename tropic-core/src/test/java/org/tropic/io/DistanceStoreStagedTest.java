package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.RowDistanceMatrix;

/** A result written piecewise at offsets, as MPI ranks write their tiles, then committed or discarded. */
class DistanceStoreStagedTest {
  @TempDir Path dir;

  @Test
  void piecesWrittenAtTheirOffsetsCommitToTheSameFileAsAWholeWrite() throws IOException {
    int n = 37;
    RowDistanceMatrix matrix = NpyTestSupport.randomMatrix(n, 99, null);
    Path out = dir.resolve("d.npy");
    Path staged = DistanceStore.createStaged(out, n);
    assertThat(Files.exists(out)).isFalse();
    assertThat(staged.getFileName().toString()).startsWith(".d.npy.tmp-");
    NpyHeader header = NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n);
    // Write 10-column strips in reverse order, as independent writers would, each at its own offset.
    try (FileChannel channel = FileChannel.open(staged, StandardOpenOption.WRITE)) {
      for (int from = n / 10 * 10; from >= 0; from -= 10) {
        int width = Math.min(10, n - from);
        for (int u = 0; u < n; u++) {
          ByteBuffer strip = ByteBuffer.allocate(width * 4).order(ByteOrder.LITTLE_ENDIAN);
          for (int v = from; v < from + width; v++) {
            strip.putFloat(matrix.get(u, v));
          }
          strip.flip();
          channel.write(strip, header.offsetOf(u, from));
        }
      }
    }
    DistanceStore.commitStaged(staged, out, NpyTestSupport.sidecar(n, null));

    Path whole = dir.resolve("whole.npy");
    DistanceStore.write(matrix, whole, NpyTestSupport.sidecar(n, null), org.tropic.apsp.Progress.NONE);
    assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(whole));
    // The pieces' writers never see the whole matrix, so the commit takes the checksum from the file itself.
    assertThat(Sidecar.read(Sidecar.pathFor(out)).checksums())
        .isEqualTo(Sidecar.read(Sidecar.pathFor(whole)).checksums());
    assertThat(NpyTestSupport.listing(dir)).containsExactlyInAnyOrder("d.npy", "d.npy.json", "whole.npy",
        "whole.npy.json");
  }

  @Test
  void aStagedFileOfTheWrongSizeIsRefusedAndRemoved() throws IOException {
    Path out = dir.resolve("d.npy");
    Path staged = DistanceStore.createStaged(out, 5);
    assertThatThrownBy(() -> DistanceStore.commitStaged(staged, out, NpyTestSupport.sidecar(6, null)))
        .isInstanceOf(IOException.class).hasMessageContaining("5×5").hasMessageContaining("n=6");
    assertThat(NpyTestSupport.listing(dir)).isEmpty();
  }

  @Test
  void discardLeavesNothing() throws IOException {
    Path staged = DistanceStore.createStaged(dir.resolve("d.npy"), 3);
    DistanceStore.discardStaged(staged);
    assertThat(NpyTestSupport.listing(dir)).isEmpty();
  }

  @Test
  void missingFoldersAreCreatedAndAFileInThePathIsReported() throws IOException {
    Path staged = DistanceStore.createStaged(dir.resolve("no/such/d.npy"), 3);
    assertThat(staged.getParent()).isEqualTo(dir.resolve("no/such"));
    DistanceStore.discardStaged(staged);

    Files.writeString(dir.resolve("plain"), "x");
    assertThatThrownBy(() -> DistanceStore.createStaged(dir.resolve("plain/d.npy"), 3))
        .isInstanceOf(IOException.class).hasMessageContaining("is a file, not a folder");
  }
}
