package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class UpdateEstimateTest {

  /**
   * cond-mat through 20 endpoints: 10.6 GFLOP at 80 GFLOP/s, and two 1.06 GB matrices at 500 MB/s; the second, I/O,
   * is what a user waits for, and the line says so with its basis.
   */
  @Test
  void addsTheProductsAndTheTwoMatricesAtTheirRates() {
    int n = 16_264;
    UpdateEstimate estimate = UpdateEstimate.of(n, n, 20, 80e9, 500e6);
    assertThat(estimate.productsSeconds()).isCloseTo(IncrementalUpdate.flops(n, 20) / 80e9, within(1e-12));
    assertThat(estimate.ioBytes()).isEqualTo(2L * 4 * n * n);
    assertThat(estimate.ioSeconds()).isCloseTo(2.0 * 4 * n * n / 500e6, within(1e-9));
    assertThat(estimate.seconds()).isCloseTo(estimate.productsSeconds() + estimate.ioSeconds(), within(1e-12));
    assertThat(estimate.describe()).isEqualTo("estimated about 4.36 s: 0.13 s of products at the kernels' measured"
        + " 80.0 GFLOP/s, 4.23 s reading and writing 2.0 GiB at the 500 MB/s measured writing beside the output");
  }

  /** New vertices: the old matrix read is the old n², the new one written the new n². */
  @Test
  void readsTheOldSizeAndWritesTheNew() {
    assertThat(UpdateEstimate.of(100, 101, 2, 1e9, 1e6).ioBytes()).isEqualTo(4L * 100 * 100 + 4L * 101 * 101);
  }
}
