package org.tropic.cli.kg;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrintingTest {
  @Test
  void theMeanLengthCountsOnlyReachablePairsAndSaysWhenThereAreNone() {
    double inf = Double.POSITIVE_INFINITY;
    assertThat(Printing.meanOfReachable(new double[] {1, 3, inf})).isEqualTo("2.0000");
    assertThat(Printing.meanOfReachable(new double[] {inf, inf})).isEqualTo("none reachable");
    assertThat(Printing.meanOfReachable(new double[0])).isEqualTo("none reachable");
  }
}
