package org.tropic.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The binding in real multi-rank jobs started with {@code mpirun} on this machine. */
class MpiMultiRankTest {
  private static Path mpirun;

  @BeforeAll
  static void findMpirun() {
    mpirun = MpiAvailability.assumeMpirun();
  }

  @Test
  void everyCallWorksAcrossFourRanks() {
    MpiRun.Result result = MpiRun.run(mpirun, 4, MpiSelfCheck.class, List.of(), Duration.ofSeconds(120));
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.linesContaining("OK rank ")).as(result.output()).hasSize(4);
  }

  @Test
  void aFailingRankAbortsTheJobWithItsMessage() {
    MpiRun.Result result = MpiRun.run(mpirun, 3, MpiSelfCheck.class, List.of("fail-on=1"),
        Duration.ofSeconds(120));
    assertThat(result.exitCode()).as(result.output()).isNotZero();
    assertThat(result.output()).contains("rank 1 of 3 failed: deliberate failure on rank 1 to test MPI_Abort");
    assertThat(result.linesContaining("OK rank ")).isEmpty();
  }
}
