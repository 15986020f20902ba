package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Refusals and out-of-memory lines gave TROPIC_JAVA_OPTS=-Xmx... with no figure: the user had to work it out. */
class HeapAdviceTest {
  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;

  /** The max heap, plus the shortfall, plus 5%, rounded up to two figures of MiB or whole GiB. */
  @Test
  void suggestsTheHeapThatHoldsTheShortfallInATidyFigure() {
    // 1 GiB needed, 812.5 MiB free of a 900 MiB heap: 900 + 211.5 = 1,111.5 MiB, 1,167 with the margin
    HeapAdvice advice = HeapAdvice.forShortfall(GIB, 812 * MIB + MIB / 2, 900 * MIB, 16 * GIB);
    assertThat(advice.heapBytes()).isEqualTo(1200 * MIB);
    assertThat(advice.option()).isEqualTo("TROPIC_JAVA_OPTS=-Xmx1200m");
    assertThat(advice.advise("use a machine with more memory"))
        .isEqualTo("run with TROPIC_JAVA_OPTS=-Xmx1200m; or use a machine with more memory");
    assertThat(HeapAdvice.forShortfall(50 * MIB, 40 * MIB, 64 * MIB, 0).option()).isEqualTo("TROPIC_JAVA_OPTS=-Xmx78m");
    assertThat(HeapAdvice.forShortfall(40 * GIB, 2 * GIB, 4 * GIB, 0).option()).isEqualTo("TROPIC_JAVA_OPTS=-Xmx45g");
  }

  @Test
  void aHeapLargerThanTheMachineIsSaidToBeSoAndTheOtherWaysGiven() {
    HeapAdvice advice = HeapAdvice.forShortfall(40 * GIB, 2 * GIB, 4 * GIB, 16 * GIB);
    assertThat(advice.fitsMachine()).isFalse();
    assertThat(advice.advise("spread the matrix over several")).isEqualTo("a larger heap (TROPIC_JAVA_OPTS=-Xmx45g)"
        + " would be more than this machine's 16.0 GiB of memory: spread the matrix over several");
    assertThat(advice.advisePerRank("run on more ranks")).isEqualTo("a larger heap per rank"
        + " (TROPIC_JAVA_OPTS=-Xmx45g) would be more than a rank's share of its node's memory, 16.0 GiB: run on more"
        + " ranks");
    assertThat(HeapAdvice.forShortfall(GIB, GIB / 2, GIB, 4 * GIB).advisePerRank("run on more ranks"))
        .isEqualTo("give each rank a larger heap: run with TROPIC_JAVA_OPTS=-Xmx1700m, which every rank gets; or run"
            + " on more ranks");
  }

  /** After an out-of-memory error the need is unknown: twice the heap, but no more than the machine has. */
  @Test
  void afterRunningOutTwiceTheHeapCappedByTheMachine() {
    assertThat(HeapAdvice.doubled(112 * MIB, 16 * GIB).option()).isEqualTo("TROPIC_JAVA_OPTS=-Xmx230m");
    assertThat(HeapAdvice.doubled(12 * GIB, 16 * GIB).option()).isEqualTo("TROPIC_JAVA_OPTS=-Xmx16g");
    assertThat(HeapAdvice.doubled(12 * GIB, 16 * GIB).fitsMachine()).isTrue();
    assertThat(HeapAdvice.doubled(16 * GIB, 16 * GIB).fitsMachine()).isFalse();
  }

  @Test
  void figuresAreRoundedUpAndWrittenAsTheJvmTakesThem() {
    assertThat(HeapAdvice.tidy(1)).isEqualTo(8 * MIB);
    assertThat(HeapAdvice.tidy(99.5 * MIB)).isEqualTo(100 * MIB);
    assertThat(HeapAdvice.tidy(1101.0 * MIB)).isEqualTo(1200 * MIB);
    assertThat(HeapAdvice.tidy(10.2 * GIB)).isEqualTo(11 * GIB);
    assertThat(HeapAdvice.tidy(1e30)).isPositive();
    assertThat(HeapAdvice.xmx(1100 * MIB)).isEqualTo("-Xmx1100m");
    assertThat(HeapAdvice.xmx(12 * GIB)).isEqualTo("-Xmx12g");
  }

  /** Each refusal of this JVM's heap builds its advice here: a figure, not "-Xmx...". */
  @Test
  void theHostRefusalSuggestsAFigure() {
    var e = new MemoryBudgetException("APSP of n = 4,941", 205_555_482, 201_887_520);
    assertThat(e.getMessage()).containsPattern("TROPIC_JAVA_OPTS=-Xmx[0-9]+[mg]\\b").doesNotContain("-Xmx...");
  }
}
