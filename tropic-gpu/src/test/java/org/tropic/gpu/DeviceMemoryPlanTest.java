package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.MemoryBudgetException;

class DeviceMemoryPlanTest {
  private static final long GIB = 1L << 30;

  @Test
  void aMatrixThatFitsStaysOnTheDevice() {
    // n = 100,000 on an 80 GB H100: N = 100,096 (b = 256), N² floats = 37.3 GiB plus two panels, and a blocked
    // tile closure's scratch (a 128² sub-tile and 128×256).
    DeviceMemoryPlan p = DeviceMemoryPlan.choose(100_000, 256, (long) (80 * GIB * 0.9), 3, false);
    assertThat(p.resident()).isTrue();
    assertThat(p.padded()).isEqualTo(100_096);
    assertThat(p.deviceBytes()).isEqualTo(4L * (100_096L * 100_096 + 2L * 256 * 100_096 + 256 * 256)
        + 4L * (128 * 128 + 128 * 256));
    assertThat(p.hostBytes()).isEqualTo(4L * 100_096 * 100_096);
    assertThat(p.tilesPerSide()).isEqualTo(391);
    assertThat(p.describe()).startsWith("resident: ");
  }

  @Test
  void aMatrixTwiceTheDeviceIsOffloadedInTheLargestChunksThatFit() {
    long budget = 8 * GIB;
    // The resident limit of 8 GiB is about n = 46,000; twice the area is n ≈ 65,536.
    DeviceMemoryPlan p = DeviceMemoryPlan.choose(65_536, 1024, budget, 3, false);
    assertThat(p.resident()).isFalse();
    assertThat(p.lookahead()).as("six panels of 256 MiB leave chunks far above 2048²").isTrue();
    long fixed = 4L * (6L * 1024 * 65_536 + 1024L * 1024);
    long perStream = (budget - fixed) / 3;
    int expected = (int) ((long) Math.sqrt(perStream / 4.0) / 128 * 128);
    assertThat(p.chunk()).isEqualTo(expected).isPositive();
    assertThat(p.chunk() % 128).isZero();
    assertThat(p.deviceBytes()).isLessThanOrEqualTo(budget);
    assertThat(p.streams()).isEqualTo(3);
    assertThat(p.chunksPerSide()).isEqualTo((65_536 + p.chunk() - 1) / p.chunk());
    assertThat(p.describe()).startsWith("offload: ");
  }

  @Test
  void lookaheadIsLeftOutWhereItWouldShrinkTheChunksBelow2048UnlessAskedForAlways() {
    // n = 65,536, b = 1024: the panels are 1 GiB, a second set 0.5 GiB more; 40 MiB more holds three chunks of
    // 1,792² beside both sets, of 7,680² beside one.
    long budget = GIB * 3 / 2 + (40L << 20);
    DeviceMemoryPlan auto = DeviceMemoryPlan.choose(65_536, 1024, budget, 3, true, OffloadLookahead.AUTO);
    DeviceMemoryPlan always = DeviceMemoryPlan.choose(65_536, 1024, budget, 3, true, OffloadLookahead.ALWAYS);
    DeviceMemoryPlan never = DeviceMemoryPlan.choose(65_536, 1024, budget, 3, true, OffloadLookahead.NEVER);
    assertThat(auto.lookahead()).isFalse();
    assertThat(auto).isEqualTo(never);
    assertThat(auto.chunk()).isGreaterThanOrEqualTo(DeviceMemoryPlan.MIN_LOOKAHEAD_CHUNK);
    assertThat(always.lookahead()).isTrue();
    assertThat(always.chunk()).isLessThan(DeviceMemoryPlan.MIN_LOOKAHEAD_CHUNK).isGreaterThanOrEqualTo(128);
    assertThat(always.deviceBytes()).isEqualTo(4L * (6L * 1024 * 65_536 + 1024L * 1024)
        + TileClosure.scratchBytes(1024) + 3L * always.chunk() * always.chunk() * 4).isLessThanOrEqualTo(budget);
    assertThat(always.describe()).endsWith(", lookahead");
    assertThat(never.describe()).endsWith(", no lookahead");
  }

  @Test
  void forcingOffloadOnASmallGraphStillCapsTheChunkAtTheMatrix() {
    DeviceMemoryPlan p = DeviceMemoryPlan.choose(1000, 128, 80 * GIB, 4, true);
    assertThat(p.resident()).isFalse();
    assertThat(p.padded()).isEqualTo(1024);
    assertThat(p.chunk()).isEqualTo(1024);
    assertThat(p.streams()).isEqualTo(4);
  }

  @Test
  void tooLittleMemoryForEvenTheOffloadPanelsIsRefusedWithNumbers() {
    assertThatThrownBy(() -> DeviceMemoryPlan.choose(1_000_000, 1024, GIB, 3, false))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("offload mode")
        .hasMessageContaining("1,000,000")
        .hasMessageContaining("smaller b (--block)").hasMessageNotContaining("JVM heap")
        .satisfies(e -> assertThat(((MemoryBudgetException) e).neededBytes())
            .isEqualTo(DeviceMemoryPlan.offloadMinimumDeviceBytes(DeviceMemoryPlan.padded(1_000_000, 1024), 1024, 3)));
  }

  @Test
  void badArgumentsAreNamed() {
    assertThatThrownBy(() -> DeviceMemoryPlan.choose(100, 100, GIB, 3, false))
        .hasMessageContaining("b = 100 must be a positive multiple of 128");
    assertThatThrownBy(() -> DeviceMemoryPlan.choose(100, 128, GIB, 2, true))
        .hasMessageContaining("needs ≥ 3 streams");
  }

  @Property(tries = 300)
  void plansFitTheirBudget(@ForAll @IntRange(min = 1, max = 400_000) int n,
      @ForAll @IntRange(min = 1, max = 8) int tiles, @ForAll @LongRange(min = 1L << 26, max = 1L << 37) long budget,
      @ForAll @IntRange(min = 3, max = 6) int streams, @ForAll boolean force, @ForAll OffloadLookahead lookahead) {
    int b = tiles * 128;
    DeviceMemoryPlan p;
    try {
      p = DeviceMemoryPlan.choose(n, b, budget, streams, force, lookahead);
    } catch (MemoryBudgetException e) {
      assertThat(DeviceMemoryPlan.offloadMinimumDeviceBytes(DeviceMemoryPlan.padded(n, b), b, streams))
          .isGreaterThan(budget);
      return;
    }
    assertThat(p.padded() % b).isZero();
    assertThat(p.padded()).isGreaterThanOrEqualTo(n).isLessThan(n + b);
    assertThat(p.deviceBytes()).isLessThanOrEqualTo(budget);
    if (p.resident()) {
      assertThat(force).isFalse();
    } else {
      assertThat(p.chunk() % 128).isZero();
      assertThat(p.chunk()).isBetween(128, p.padded());
      assertThat(force || DeviceMemoryPlan.residentDeviceBytes(p.padded(), b) > budget).isTrue();
      long panels = DeviceMemoryPlan.offloadFixedDeviceBytes(p.padded(), b)
          + (p.lookahead() ? DeviceMemoryPlan.lookaheadDeviceBytes(p.padded(), b) : 0);
      assertThat(p.deviceBytes()).isEqualTo(panels + (long) streams * p.chunk() * p.chunk() * Float.BYTES);
      if (p.lookahead()) {
        assertThat(lookahead).isNotEqualTo(OffloadLookahead.NEVER);
        assertThat(p.chunk()).isGreaterThanOrEqualTo(lookahead == OffloadLookahead.AUTO
            ? Math.min(p.padded(), DeviceMemoryPlan.MIN_LOOKAHEAD_CHUNK) : 128);
      } else if (lookahead == OffloadLookahead.ALWAYS) {
        assertThat(panels + DeviceMemoryPlan.lookaheadDeviceBytes(p.padded(), b)
            + (long) streams * 128 * 128 * Float.BYTES).isGreaterThan(budget);
      }
    }
  }
}
