package org.tropic.bench.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CopyPairedTimingTest {

  @Test
  void eachRoundIsComparedWithItsOwnCopy() {
    // Rounds 3 and 4 ran while another tenant loaded the machine: the kernel and the copy both ran at half speed,
    // so the kernel's share of copy bandwidth was 0.5 in those rounds as in the first two. Round 5 had the kernel
    // slowed and the copy not. Paired round by round, the median share is 0.5; the median time (2) over the median
    // copy (10) would have said 0.25.
    double[] times = {1, 1, 2, 2, 2};
    double[] copies = {10, 10, 5, 5, 10};
    CopyPairedTiming.Result r = CopyPairedTiming.Result.ofRounds(times, copies, 5);
    assertThat(r.seconds()).isEqualTo(2);
    assertThat(r.copyBandwidth()).isEqualTo(10);
    assertThat(r.fractionOfCopy()).isCloseTo(0.5, within(1e-12));
    assertThat(times).as("the caller's rounds are left in order").containsExactly(1, 1, 2, 2, 2);
  }
}
