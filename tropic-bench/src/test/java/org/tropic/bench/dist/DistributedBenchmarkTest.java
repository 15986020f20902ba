package org.tropic.bench.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DistributedBenchmarkTest {

  /** '--help' was taken for a mode: MPI started, the rank aborted, and Open MPI printed an ORTE error. */
  @Test
  void helpPrintsTheModesWithoutStartingMpi() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream before = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      DistributedBenchmark.main(new String[] {"--help"});
    } finally {
      System.setOut(before);
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(DistributedBenchmark.USAGE)
        .contains("broadcast [MAX_BYTES] [REPS]", "apsp [N] [B] [GRID|auto] [THREADS] [REPS]");
  }
}
