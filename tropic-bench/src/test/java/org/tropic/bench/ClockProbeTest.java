package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClockProbeTest {

  @Test
  void trustsAProbeWhoseTimeDoublesAtAPlausibleClock() {
    assertThat(ClockProbe.verdict(3.7, 2.01)).isEmpty();
  }

  @Test
  void flagsAFoldedChainOrAnImpossibleClock() {
    assertThat(ClockProbe.verdict(3.7, 1.05)).contains("doubling").contains("1.05x");
    assertThat(ClockProbe.verdict(40, 2.0)).contains("40.00 GHz");
    assertThat(ClockProbe.verdict(0.05, 2.0)).contains("outside");
  }

  @Test
  void theChainDependsOnEveryStep() {
    assertThat(ClockProbe.chain(1000, 1)).isNotEqualTo(ClockProbe.chain(1001, 1));
    assertThat(ClockProbe.chain(1000, 1)).isEqualTo(ClockProbe.chain(1000, 1));
  }

  @Test
  void aGivenClockSaysSo() {
    ClockMeasurement given = ClockMeasurement.given(3.2, 2);
    assertThat(given.ghz().median()).isEqualTo(3.2);
    assertThat(given.note()).isEqualTo("given, not measured");
    assertThatThrownBy(() -> ClockMeasurement.given(-1, 1)).hasMessageContaining("positive");
    assertThatThrownBy(() -> ClockProbe.measure(0, 1, 1)).hasMessageContaining("threads");
  }
}
