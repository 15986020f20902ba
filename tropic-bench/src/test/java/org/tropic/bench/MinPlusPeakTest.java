package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.tropic.semiring.Arithmetic;

class MinPlusPeakTest {

  @Test
  void peakIsClockTimesCoresTimesFlopsPerCycle() {
    MinPlusPeak peak = MinPlusPeak.of(3.5, 2);
    assertThat(peak.gflops(Arithmetic.EXACT_FLOAT)).isCloseTo(3.5 * 2 * 32, within(1e-9));
    assertThat(peak.gflops(Arithmetic.NONNEGATIVE_FLOAT)).isCloseTo(3.5 * 2 * 64, within(1e-9));
    assertThat(peak.gflops(Arithmetic.INT32)).isCloseTo(3.5 * 2 * 64, within(1e-9));
    assertThat(peak.withCores(1).gflops(Arithmetic.EXACT_FLOAT)).isCloseTo(112, within(1e-9));
  }

  @Test
  void perCycleFiguresAreOverridable() {
    MinPlusPeak avx2 = new MinPlusPeak(3.0, 4, 16, 32);
    assertThat(avx2.gflops(Arithmetic.EXACT_FLOAT)).isCloseTo(192, within(1e-9));
    assertThat(avx2.gflops(Arithmetic.INT32)).isCloseTo(384, within(1e-9));
    assertThat(avx2.fractionOfPeak(Arithmetic.EXACT_FLOAT, 96)).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void anUpdateIsTwoFlops() {
    assertThat(MinPlusPeak.flops(256, 256, 256)).isEqualTo(2.0 * 256 * 256 * 256);
    assertThat(FwResult.flops(8192)).isEqualTo(2.0 * 8192 * 8192 * 8192);
    assertThat(MinPlusPeak.peakKind(Arithmetic.EXACT_FLOAT)).isEqualTo("float");
    assertThat(MinPlusPeak.peakKind(Arithmetic.NONNEGATIVE_FLOAT)).isEqualTo("int");
  }

  @Test
  void rejectsNonsense() {
    assertThatThrownBy(() -> MinPlusPeak.of(0, 2)).hasMessageContaining("GHz");
    assertThatThrownBy(() -> MinPlusPeak.of(Double.NaN, 2)).hasMessageContaining("GHz");
    assertThatThrownBy(() -> MinPlusPeak.of(3, 0)).hasMessageContaining("cores");
    assertThatThrownBy(() -> new MinPlusPeak(3, 1, 0, 64)).hasMessageContaining("float=0");
  }
}
