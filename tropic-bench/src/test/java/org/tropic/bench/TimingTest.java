package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimingTest {

  @Test
  void medianOfOddAndEvenCounts() {
    assertThat(Timing.of(5, 1, 3)).isEqualTo(new Timing(3, 1, 5, 3));
    assertThat(Timing.of(4, 1, 3, 10)).isEqualTo(new Timing(3.5, 1, 10, 4));
    assertThat(Timing.of(7).relativeSpread()).isZero();
    assertThat(Timing.of(1, 2, 3).relativeSpread()).isEqualTo(1.0);
  }

  @Test
  void rejectsNoSamplesAndNaN() {
    assertThatThrownBy(Timing::of).hasMessageContaining("no samples");
    assertThatThrownBy(() -> Timing.of(1, Double.NaN)).hasMessageContaining("NaN");
  }
}
