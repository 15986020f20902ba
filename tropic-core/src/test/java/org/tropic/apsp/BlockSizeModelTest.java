package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

class BlockSizeModelTest {
  private final BlockSizeModel model = BlockSizeModel.forMachine(MinPlusKernels.best());
  private final int cores = Runtime.getRuntime().availableProcessors();

  @Test
  void speedupIsOneForOneThreadAndAtMostTheThreadCount() {
    assertThat(model.speedup(Arithmetic.INT32, 1)).isEqualTo(1.0);
    for (int t = 1; t <= cores; t++) {
      assertThat(model.speedup(Arithmetic.INT32, t)).as("%d threads", t).isBetween(1.0, (double) t);
    }
  }

  @Test
  void speedupGrowsWithThreadsUpToTheCoresAndNoFurther() {
    double previous = 0;
    for (int t = 1; t <= cores; t++) {
      double s = model.speedup(Arithmetic.NONNEGATIVE_FLOAT, t);
      assertThat(s).as("%d threads", t).isGreaterThanOrEqualTo(previous);
      previous = s;
    }
    assertThat(model.speedup(Arithmetic.NONNEGATIVE_FLOAT, 4 * cores)).isEqualTo(previous);
  }

  @Test
  void morePredictedThreadsNeverPredictMoreTime() {
    double one = model.predictSeconds(2048, 1, Arithmetic.INT32, 256);
    double all = model.predictSeconds(2048, cores, Arithmetic.INT32, 256);
    assertThat(all).isLessThanOrEqualTo(one);
    assertThat(model.predictSeconds(2048, 8 * cores, Arithmetic.INT32, 256)).isEqualTo(all);
  }

  @Test
  void memoryLeavesAFractionOfTheInCacheRate() {
    for (Arithmetic arithmetic : Arithmetic.values()) {
      assertThat(model.memoryEfficiency(arithmetic)).as(arithmetic.label()).isBetween(0.25, 1.0);
    }
    assertThat(BlockSizeModel.lastLevelCacheBytes()).isPositive();
  }

  @Test
  void tilesWhoseTaskOverflowsL2AreNotCandidates() {
    // 3·b²·4 bytes: b = 256 needs 768 KiB, b = 320 needs 1.2 MB
    assertThat(BlockSizeModel.CANDIDATES[BlockSizeModel.usableCandidates(1L << 20) - 1]).isEqualTo(256);
    assertThat(BlockSizeModel.CANDIDATES[BlockSizeModel.usableCandidates(2L << 20) - 1]).isEqualTo(384);
    assertThat(BlockSizeModel.usableCandidates(0)).as("unknown L2: no limit")
        .isEqualTo(BlockSizeModel.CANDIDATES.length);
    assertThat(BlockSizeModel.usableCandidates(1)).as("always the smallest").isEqualTo(1);
  }

  @Test
  void cacheSizesAreReadFromSysfsOrUnknown(@TempDir Path dir) throws IOException {
    for (String[] index : new String[][] {{"index0", "1", "Data", "48K"}, {"index1", "1", "Instruction", "32K"},
        {"index2", "2", "Unified", "1024K"}, {"index3", "3", "Unified", "32768K"}}) {
      Path d = Files.createDirectories(dir.resolve(index[0]));
      Files.writeString(d.resolve("level"), index[1] + "\n");
      Files.writeString(d.resolve("type"), index[2] + "\n");
      Files.writeString(d.resolve("size"), index[3] + "\n");
    }
    assertThat(CpuCaches.read(dir, 2)).isEqualTo(1L << 20);
    assertThat(CpuCaches.read(dir, 1)).as("the data cache, not the instruction cache").isEqualTo(48L << 10);
    assertThat(CpuCaches.lastLevel(dir)).isEqualTo(32L << 20);
    assertThat(CpuCaches.read(dir.resolve("missing"), 2)).isZero();
    assertThat(CpuCaches.lastLevel(dir.resolve("missing"))).isZero();
    assertThat(CpuCaches.parseSize("2M")).isEqualTo(2L << 20);
    assertThat(CpuCaches.parseSize("512")).isEqualTo(512);
    assertThat(CpuCaches.parseSize("big")).isZero();
  }
}
