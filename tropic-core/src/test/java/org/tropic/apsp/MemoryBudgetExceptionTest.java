package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A refusal's figures are read by people: the two sizes it compares must look different when they are. */
class MemoryBudgetExceptionTest {

  /** power.edges.gz with --predecessors under -Xmx200m once read "needs 0.19 GiB ... but only 0.19 GiB". */
  @Test
  void sizesJustApartReadApartInReadableUnitsWithTheExactBytesBeside() {
    var e = new MemoryBudgetException("APSP of n = 4,941 with --predecessors", 205_555_482, 201_887_520);
    assertThat(e.getMessage())
        .contains("needs 196.0 MiB (205,555,482 bytes) but only 192.5 MiB (201,887,520 bytes) is available")
        .doesNotContain("0.19 GiB");
  }

  @Test
  void largeSizesStayInGibibytes() {
    assertThat(MemoryBudgetException.gib(2_126_516_184L)).isEqualTo("2.0 GiB (2,126,516,184 bytes)");
    assertThat(MemoryBudgetException.gib(900)).isEqualTo("900 B (900 bytes)");
  }
}
