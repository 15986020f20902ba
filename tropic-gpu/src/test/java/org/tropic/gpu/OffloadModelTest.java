package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** HPDC'21 §4.5: the offload cost model and its block-size bound, eq. 5. */
class OffloadModelTest {

  @Test
  void eq5TakesTheLargerOfTheTransferAndHostBounds() {
    // 25 Tflop/s device, 50 GB/s device→host, 60 GB/s host update:
    // tF = 4e-14, tHd = 8e-11, tM = 6.67e-11; tHd/2tF = 1000, 3tM/2tF = 2500.
    OffloadModel m = new OffloadModel(25e12, 50e9, 60e9);
    assertThat(m.minimumK()).isCloseTo(2500, within(1e-6));
    assertThat(m.blockSize(1_000_000)).isEqualTo(2560);
    // A faster host makes the transfer bound the larger one.
    OffloadModel fastHost = new OffloadModel(25e12, 50e9, 400e9);
    assertThat(fastHost.minimumK()).isCloseTo(1000, within(1e-6));
    // 1024 pads 10⁶ to 1,000,448; 1664 to 1,000,064, the least any multiple of 128 can.
    assertThat(fastHost.blockSize(1_000_000)).isEqualTo(1664);
  }

  @Test
  void theBlockThatPadsLeastIsPreferred() {
    // The H100's rates of the last device run with a faster host update: the bound is 1,076, b = 1,152 would pad
    // n = 32,731 to 34,560 (17% more work); 2,048 pads it to 32,768.
    OffloadModel m = new OffloadModel(29.61e12, 55.1e9, 200e9);
    assertThat(m.minimumK()).isBetween(1024.0, 1152.0);
    assertThat(m.blockSizes(32_731)).first().isEqualTo(2048);
    assertThat(m.blockSizes(32_731)).hasSize(10).startsWith(2048).contains(1152, 2304).doesNotContain(1024, 2432);
  }

  @Property(tries = 300)
  void theBlockSizesAreTheMultiplesOfTheTileFromTheBoundToTwiceItLeastPaddingFirst(
      @ForAll @DoubleRange(min = 1e12, max = 1e14) double flops, @ForAll @DoubleRange(min = 5e9, max = 5e11)
      double host, @ForAll @IntRange(min = 1, max = 2_000_000) int n) {
    OffloadModel m = new OffloadModel(flops, 50e9, host);
    List<Integer> sizes = m.blockSizes(n);
    int padded128 = DeviceMemoryPlan.padded(n, 128);
    int first = (int) Math.min(padded128, Math.max(128, Math.ceil(m.minimumK() / 128) * 128));
    assertThat(sizes).isNotEmpty().allSatisfy(b -> {
      assertThat(b % 128).isZero();
      assertThat(b).isBetween(first, Math.min(2 * first, padded128));
    });
    assertThat(sizes).doesNotHaveDuplicates()
        .hasSize((Math.min(2 * first, padded128) - first) / 128 + 1);
    for (int i = 1; i < sizes.size(); i++) {
      int a = DeviceMemoryPlan.padded(n, sizes.get(i - 1));
      int b = DeviceMemoryPlan.padded(n, sizes.get(i));
      assertThat(a < b || a == b && sizes.get(i - 1) < sizes.get(i)).as("%s", sizes).isTrue();
    }
  }

  @Test
  void theBlockStaysWithinOneTileAndTheMatrix() {
    OffloadModel slow = new OffloadModel(1e9, 1e12, 1e12);
    assertThat(slow.blockSize(100_000)).isEqualTo(128);
    OffloadModel fast = new OffloadModel(1e15, 1e9, 1e9);
    assertThat(fast.blockSize(1000)).isEqualTo(1024);
  }

  @Test
  void streamsOverlapTheThreeSteps() {
    OffloadModel m = new OffloadModel(25e12, 50e9, 60e9);
    double[] t = m.stepSeconds(65_536, 65_536, 1024);
    assertThat(t[0]).isCloseTo(2.0 * 65_536 * 65_536 * 1024 / 25e12, within(1e-12));
    assertThat(t[1]).isCloseTo((65_536.0 * 65_536 + 2 * 65_536.0 * 1024) * 4 / 50e9, within(1e-12));
    assertThat(t[2]).isCloseTo(3.0 * 65_536 * 65_536 * 4 / 60e9, within(1e-12));
    assertThat(m.seconds(65_536, 65_536, 1024, 1)).isCloseTo(t[0] + t[1] + t[2], within(1e-12));
    double two = Math.min(Math.max(t[0], t[1] + t[2]),
        Math.min(Math.max(t[1], t[0] + t[2]), Math.max(t[2], t[0] + t[1])));
    assertThat(m.seconds(65_536, 65_536, 1024, 2)).isCloseTo(two, within(1e-12));
    assertThat(m.seconds(65_536, 65_536, 1024, 3)).isEqualTo(Math.max(t[0], Math.max(t[1], t[2])));
    assertThat(m.seconds(65_536, 65_536, 1024, 5)).isEqualTo(m.seconds(65_536, 65_536, 1024, 3));
  }

  @Property(tries = 200)
  void atTheEq5BlockSizeTheDeviceIsTheBottleneck(@ForAll @DoubleRange(min = 1e12, max = 1e14) double flops,
      @ForAll @DoubleRange(min = 5e9, max = 5e11) double transfer,
      @ForAll @DoubleRange(min = 5e9, max = 5e11) double host, @ForAll @IntRange(min = 200_000, max = 2_000_000)
      int n) {
    OffloadModel m = new OffloadModel(flops, transfer, host);
    int k = m.blockSize(n);
    double[] t = m.stepSeconds(n, n, k);
    // With m, n ≫ k, (mn + nk + mk) ≈ mn, so t0 ≥ t2 exactly and t0 ≥ t1 up to the 2k/n terms.
    assertThat(t[0]).isGreaterThanOrEqualTo(t[2]);
    assertThat(t[0] * (1 + 2.0 * k / n)).isGreaterThanOrEqualTo(t[1]);
  }

  @Test
  void rejectsNonPositiveRates() {
    assertThatThrownBy(() -> new OffloadModel(0, 1, 1)).hasMessageContaining("rates must be positive");
    assertThatThrownBy(() -> new OffloadModel(1, 1, 1).seconds(1, 1, 1, 0)).hasMessageContaining("streams");
  }
}
