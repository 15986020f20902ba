package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriteRateTest {
  @TempDir Path dir;

  /** The probe is written where the output goes, its missing folder created, and nothing is left behind. */
  @Test
  void measuresBesideTheOutputAndLeavesNoFile() throws IOException {
    Path out = dir.resolve("missing/new.npy");
    double rate = WriteRate.measure(out);
    assertThat(rate).isPositive().isFinite();
    assertThat(WriteRate.measure(out, 128)).isPositive().isFinite(); // a result of 128 bytes: a probe of as many
    try (Stream<Path> left = Files.list(out.getParent())) {
      assertThat(left).isEmpty();
    }
  }

  /** A probe a kill -9 left has the name of a partial write, which the next run writing there deletes. */
  @Test
  void aProbeLeftBehindIsDeletedAsAPartialWrite() throws IOException {
    Path out = dir.resolve("new.npy");
    Path left = dir.resolve(".new.npy.tmp-0123456789abcdef");
    Files.write(left, new byte[WriteRate.PROBE_BYTES / 1024]);
    assertThat(DistanceStore.deleteLeftovers(out)).isEqualTo(WriteRate.PROBE_BYTES / 1024);
    assertThat(left).doesNotExist();
  }
}
