package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.mpi.MpiAvailability;
import org.tropic.mpi.MpiRun;

/**
 * Under a real {@code mpirun}, ranks of 64 MiB: power (n = 4,941) was given b = 1024 (or 192: the kernel is timed)
 * by the cost model and refused for it, exit 2, although b = 32 runs. Left open, b is now the fastest that fits; a
 * --block that does not fit is refused naming the largest that does.
 */
class DistributedHeapChoiceTest {
  private static final Duration TIMEOUT = Duration.ofMinutes(3);
  /**
   * Under the serial collector about 54 MiB is free after the graph, less a twentieth of the heap kept spare: room
   * for b = 32 (50.2 MiB a rank, counted), not for b = 64 (53.2 MiB) or more (at 60 MiB not even b = 32 fits).
   */
  private static final String HEAP = "64m";
  private static Path mpirun;

  @TempDir
  Path dir;

  @BeforeAll
  static void find() {
    mpirun = MpiAvailability.assumeMpirun();
  }

  @Test
  void aSmallHeapGetsABlockSizeThatFitsAndRuns() {
    Path out = dir.resolve("power.npy");
    MpiRun.Result result = job("graph=" + TestGraphs.shared("graphs/power.edges.gz") + ";out=" + out);
    assertThat(result.exitCode()).as(result.output()).isZero();
    // the timed model's fastest differs from run to run (1024, 192, 32 seen): when it was not b = 32 it was refused
    assertThat(result.output()).contains("DONE out=" + out + " b=32 ").doesNotContain("OutOfMemoryError");
    if (!result.output().contains("chosen for memory, not speed")) {
      assertThat(result.output()).as("no note: the fastest fitted").doesNotContain("fastest, b =");
    }
    assertThat(out).exists();
  }

  @Test
  void aGivenBlockThatDoesNotFitIsRefusedOnceNamingTheLargestThatDoes() throws Exception {
    Path out = dir.resolve("power.npy");
    MpiRun.Result result = job("graph=" + TestGraphs.shared("graphs/power.edges.gz") + ";out=" + out
        + ";grid=1x2;b=1024");
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining("failed:")).as(result.output()).hasSize(1);
    assertThat(result.output()).containsPattern("b = 1024\\): rank \\d's share")
        .containsPattern("--block (32|64|96) is the largest block size that fits, or give each rank a larger heap");
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  private MpiRun.Result job(String spec) {
    return MpiRun.run(mpirun, 2, DistributedJob.class, List.of("job", spec + ";threads=1"), TIMEOUT, HEAP);
  }
}
