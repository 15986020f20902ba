package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;
import org.tropic.semiring.ScalarMinPlusKernels;

/** The kernel bench's bookkeeping and its correctness check; no assertion on how fast anything is. */
class KernelBenchTest {
  private static final KernelBench.Options TINY = new KernelBench.Options(24, 1, 2, 5, 0);

  @Test
  void measuresEveryPathOnTwoThreadsAndChecksTheResult() {
    MinPlusPeak peak = MinPlusPeak.of(3.0, 2);
    for (Arithmetic a : Arithmetic.values()) {
      KernelResult r = KernelBench.run(new ScalarMinPlusKernels(), a, 2, TINY, peak);
      assertThat(r.verified()).as(r.mismatch()).isTrue();
      assertThat(r.kernel()).isEqualTo("scalar");
      assertThat(r.threads()).isEqualTo(2);
      assertThat(r.size()).isEqualTo(24);
      assertThat(r.gflops().count()).isEqualTo(2);
      assertThat(r.gflops().median()).isPositive();
      assertThat(r.peakGflops()).isEqualTo(peak.gflops(a));
      assertThat(r.fractionOfPeak()).isEqualTo(r.gflops().median() / peak.gflops(a));
    }
  }

  @Test
  void aKernelThatComputesTheWrongThingIsCaught() {
    KernelResult r = KernelBench.run(new OffByOneSomewhere(), Arithmetic.EXACT_FLOAT, 1, TINY, MinPlusPeak.of(3, 1));
    assertThat(r.verified()).isFalse();
    assertThat(r.mismatch()).startsWith("C[5][7] = ");
  }

  /**
   * Warm-up lasts its floor in seconds however short the rounds: 20 ms rounds that agreed from the first stopped it
   * while the kernel still ran interpreted. Counted by the calls the kernel received, not by a clock.
   */
  @Test
  void warmUpLastsItsFloorInSecondsHoweverShortTheRounds() {
    CountingKernels counting = new CountingKernels();
    KernelBench.run(counting, Arithmetic.INT32, 1, new KernelBench.Options(16, 1, 1, 1, 0), MinPlusPeak.of(3, 1));
    long withoutFloor = counting.calls;
    counting.calls = 0;
    long start = System.nanoTime();
    KernelBench.run(counting, Arithmetic.INT32, 1, new KernelBench.Options(16, 1, 1, 1, 0.3), MinPlusPeak.of(3, 1));
    assertThat((System.nanoTime() - start) / 1e9).isGreaterThanOrEqualTo(0.3);
    assertThat(counting.calls).isGreaterThan(withoutFloor);
    assertThat(new KernelBench.Options(256, 3, 7, 200).minWarmupSeconds()).isEqualTo(KernelBench.MIN_WARMUP_SECONDS);
  }

  /** The scalar kernels, counting the packed multiplies. */
  private static final class CountingKernels extends ScalarButPackedMultiply {
    long calls;

    CountingKernels() {
      super("counting");
    }

    @Override
    public void multiplyMin(Arithmetic arithmetic, PackedPanel a, PackedPanel b, float[] c, int cOff, int ldc) {
      calls++;
      scalar.multiplyMin(arithmetic, a, b, c, cOff, ldc);
    }
  }

  @Test
  void theBestKernelsAgreeWithTheScalarReference() {
    KernelResult r = KernelBench.run(MinPlusKernels.best(), Arithmetic.NONNEGATIVE_FLOAT, 1,
        new KernelBench.Options(40, 0, 1, 1, 0), MinPlusPeak.of(3, 1));
    assertThat(r.verified()).as(r.mismatch()).isTrue();
  }

  /** The scalar kernels, except that the packed multiply writes one wrong value. */
  private static final class OffByOneSomewhere extends ScalarButPackedMultiply {
    OffByOneSomewhere() {
      super("broken");
    }

    @Override
    public void multiplyMin(Arithmetic arithmetic, PackedPanel a, PackedPanel b, float[] c, int cOff, int ldc) {
      scalar.multiplyMin(arithmetic, a, b, c, cOff, ldc);
      c[cOff + 5 * ldc + 7] -= 1;
    }
  }

  /** The scalar kernels in all but the packed multiply, which each test kernel writes for itself. */
  private abstract static class ScalarButPackedMultiply implements MinPlusKernels {
    final ScalarMinPlusKernels scalar = new ScalarMinPlusKernels();
    private final String name;

    ScalarButPackedMultiply(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public void multiplyMin(Arithmetic arithmetic, int m, int n, int k, float[] a, int aOff, int lda, float[] b,
        int bOff, int ldb, float[] c, int cOff, int ldc) {
      scalar.multiplyMin(arithmetic, m, n, k, a, aOff, lda, b, bOff, ldb, c, cOff, ldc);
    }

    @Override
    public PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda) {
      return scalar.packLeft(arithmetic, m, k, a, aOff, lda);
    }

    @Override
    public PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb) {
      return scalar.packRight(arithmetic, k, n, b, bOff, ldb);
    }

    @Override
    public void closure(Arithmetic arithmetic, int n, float[] t, int off, int ld) {
      scalar.closure(arithmetic, n, t, off, ld);
    }
  }
}
