package org.tropic.bench.sparse;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A product that differs from CSR's is a failed check naming the kernel, its layout, the graph, the first entry that
 * differs and both values; it was an IllegalStateException ("differs from CSR by 1.0"), reported as an internal error
 * with a stack trace, and a NaN entry passed (the largest difference of a NaN is NaN, never above the tolerance).
 */
class ProductCheckTest {
  private static final float[] CSR = {1f, 2f, 300f, 4f};

  @Test
  void theSameProductUpToRoundingPasses() {
    assertThatCode(() -> ProductCheck.require(CSR, new float[] {1f, 2.00001f, 300.01f, 4f}, "k", "g"))
        .doesNotThrowAnyException();
  }

  @Test
  void aWrongProductNamesTheFirstEntryThatDiffersAndBothValues() {
    assertThatThrownBy(() -> ProductCheck.require(CSR, new float[] {1f, 2f, 301f, 5f}, "BlockCoo SpMV, rcm layout,",
        "road")).isInstanceOf(ProductMismatchException.class)
        .hasMessage("BlockCoo SpMV, rcm layout, differs from CSR on road: y[2] = 301.0, CSR 300.0 (relative"
            + " difference 0.0033333334, above 1.0E-4)");
  }

  @Test
  void aNotANumberDiffers() {
    assertThatThrownBy(() -> ProductCheck.require(CSR, new float[] {1f, Float.NaN, 300f, 4f}, "k", "g"))
        .isInstanceOf(ProductMismatchException.class).hasMessageContaining("y[1] = NaN, CSR 2.0");
  }
}
