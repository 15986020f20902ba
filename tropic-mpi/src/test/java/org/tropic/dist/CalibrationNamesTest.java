package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The machine names the summary and {@code tropic model} print: counted nouns agree, and one rank has no network. */
class CalibrationNamesTest {

  @Test
  void oneThreadIsSingularAndOneRankMeasuredNoNetwork() {
    assertThat(Calibration.observed(2e9, 1, null).name())
        .isEqualTo("this run's kernel rate 2.00 GFLOP/s per thread, 1 thread per rank, one rank: no network");
    assertThat(Calibration.machine(new HyperbolicFit(1e9, 10), 1, null).name()).contains("(1 thread per rank)");
    assertThat(Calibration.machine(new HyperbolicFit(1e9, 10), 4, null).name()).contains("(4 threads per rank)");
  }
}
