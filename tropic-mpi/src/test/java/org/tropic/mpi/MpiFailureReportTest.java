package org.tropic.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a failed rank prints before MPI_Abort; the report is built without MPI, so no job is needed. */
class MpiFailureReportTest {

  /**
   * mpirun -np 2 with -Xmx64m on power.edges.gz (b = 256) passed the heap check, then a compute thread's packing
   * ran out of heap and the job ended in "failed: Java heap space" and a stack trace: a too-small heap, not a bug.
   */
  @Test
  void aHeapRunOutOfIsOneLineWithTheHeapAndTheRemedyNoStackTrace() {
    var oom = new OutOfMemoryError("Java heap space");
    String report = Mpi.failureReport(oom, 1, 2);
    assertThat(report.lines()).hasSize(1);
    assertThat(report).startsWith("tropic: rank 1 of 2 failed: ran out of memory (Java heap space; each rank's heap"
        + " is at most ").contains("TROPIC_JAVA_OPTS=-Xmx").doesNotContain("\tat ").doesNotContain("OutOfMemoryError");
  }

  @Test
  void aHeapRunOutOfBehindAWrapperIsReportedTheSameWay() {
    var wrapped = new IllegalStateException("compute thread failed", new OutOfMemoryError("Java heap space"));
    assertThat(Mpi.failureReport(wrapped, 0, 4)).startsWith("tropic: rank 0 of 4 failed: ran out of memory")
        .doesNotContain("\tat ");
  }

  @Test
  void anUnexpectedFailureKeepsItsStackTrace() {
    String report = Mpi.failureReport(new NullPointerException("a bug"), 0, 2);
    assertThat(report).startsWith("tropic: rank 0 of 2 failed: a bug").contains("\tat ");
  }
}
