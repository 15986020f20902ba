package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.semiring.Arithmetic;

/**
 * The host side of the offload calibration, which needs no GPU: the host-update rate is measured with the solver's
 * worker threads, so its buffers must be readable from all of them (a confined arena threw WrongThreadException).
 */
class OffloadCalibrationTest {

  @Test
  void hostUpdateRateIsMeasuredOnSeveralThreads() {
    double bytesPerSecond = OffloadCalibration.hostUpdateRate(Arithmetic.NONNEGATIVE_FLOAT, 4);
    assertThat(bytesPerSecond).isPositive().isFinite();
  }
}
