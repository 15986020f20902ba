package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tropic.bench.TargetCheck.Status;
import org.tropic.semiring.Arithmetic;

class TargetCheckTest {

  static KernelResult kernel(Arithmetic a, int threads, double gflops, double peak, String mismatch) {
    return new KernelResult("vector-512", a, threads, 256, 10, Timing.of(gflops), peak, gflops / peak,
        MinPlusPeak.peakKind(a), mismatch);
  }

  static FwResult fw(int n, double gflops, double kernel, MemoryUse memory, Agreement check) {
    return new FwResult("random n=" + n + " d=16 real", n, 16L * n, "blocked-fw", Arithmetic.NONNEGATIVE_FLOAT, 2,
        Timing.of(FwResult.flops(n) / gflops / 1e9), Timing.of(gflops), kernel, gflops / kernel, memory, check, "");
  }

  static PeerResult peer(String peer, int n, double speedup, boolean agrees) {
    return peer(peer, "fw", n, speedup, agrees);
  }

  static PeerResult peer(String peer, String tropic, int n, double speedup, boolean agrees) {
    Agreement a = new Agreement(peer, 10, agrees ? 0 : 1, 0, agrees ? "" : "d(1,2): tropic 1.0, x 2.0");
    return new PeerResult("random n=" + n + " d=16 real", n, peer + " 1.0", tropic, speedup, 1, 2, speedup, a, "");
  }

  private static TargetCheck find(List<TargetCheck> checks, String prefix) {
    return checks.stream().filter(c -> c.target().startsWith(prefix)).findFirst().orElseThrow();
  }

  @Test
  void passesAndFailsOnTheStatedThresholds() {
    List<TargetCheck> checks = TargetCheck.evaluate(
        List.of(kernel(Arithmetic.EXACT_FLOAT, 1, 113, 125, ""), kernel(Arithmetic.EXACT_FLOAT, 2, 200, 250, ""),
            kernel(Arithmetic.NONNEGATIVE_FLOAT, 2, 371, 500, "")),
        List.of(fw(8192, 330, 371, new MemoryUse(1 << 28, 0, (long) (1.2 * (1 << 28)), 1 << 28, 0, -1), null)),
        List.of(peer("scipy", 4000, 150, true), peer("jgrapht", 4000, 350, true)));
    assertThat(find(checks, "exact-float kernel >= 90% of float peak, 1 thread").status()).isEqualTo(Status.PASS);
    assertThat(find(checks, "exact-float kernel >= 90% of float peak, 2 threads").status()).isEqualTo(Status.FAIL);
    assertThat(find(checks, "nonnegative-float").status()).isEqualTo(Status.PASS);
    assertThat(find(checks, "FW at n=8192").status()).isEqualTo(Status.PASS);
    assertThat(find(checks, ">= 100x scipy").status()).isEqualTo(Status.PASS);
    assertThat(find(checks, ">= 400x jgrapht").status()).isEqualTo(Status.FAIL);
    assertThat(find(checks, "peak heap").status()).isEqualTo(Status.PASS);
  }

  @Test
  void wrongResultsNeverPass() {
    List<TargetCheck> checks = TargetCheck.evaluate(
        List.of(kernel(Arithmetic.EXACT_FLOAT, 1, 124, 125, "C[0][0] = 1.0, scalar reference gives 2.0")),
        List.of(fw(8192, 370, 371, null, new Agreement("jgrapht-dijkstra", 10, 1, 0, "d(0,1)"))),
        List.of(peer("scipy", 4000, 1000, false)));
    assertThat(find(checks, "exact-float").status()).isEqualTo(Status.FAIL);
    assertThat(find(checks, "exact-float").measured()).contains("WRONG");
    assertThat(find(checks, "FW at n=8192").status()).isEqualTo(Status.FAIL);
    assertThat(find(checks, ">= 100x scipy").status()).isEqualTo(Status.FAIL);
  }

  @Test
  void saysWhatWasNotMeasuredAndWhereJGraphTWasMeasuredInstead() {
    List<TargetCheck> checks = TargetCheck.evaluate(List.of(), List.of(fw(4096, 300, Double.NaN, null, null)),
        List.of(peer("jgrapht", 2000, 420, true)));
    assertThat(checks).allMatch(c -> c.status() == Status.NOT_MEASURED);
    assertThat(find(checks, ">= 400x jgrapht").measured()).isEqualTo("measured only at n=2000: 420x");
    assertThat(find(checks, "FW at n=8192").measured()).isEqualTo("FW not run at n=8192");
  }

  @Test
  void eachPeerTargetIsCheckedAgainstTropicsFloydWarshallAndItsPlannersPick() {
    List<TargetCheck> checks = TargetCheck.evaluate(List.of(), List.of(),
        List.of(peer("jgrapht", "fw", 4000, 313, true), peer("jgrapht", "auto: batched", 4000, 720, true),
            peer("scipy", "fw", 4000, 108, true), peer("scipy", "auto: batched", 4000, 250, false),
            peer("scipy-dijkstra", "fw", 4000, 5, true)));
    assertThat(find(checks, ">= 400x jgrapht at n=4000, Tropic fw").status()).isEqualTo(Status.FAIL);
    TargetCheck auto = find(checks, ">= 400x jgrapht at n=4000, Tropic auto");
    assertThat(auto.status()).isEqualTo(Status.PASS);
    assertThat(auto.target()).endsWith("auto (batched)");
    assertThat(auto.measured()).isEqualTo("720x");
    assertThat(find(checks, ">= 100x scipy at n=4000, Tropic fw").measured()).as("not the Dijkstra row")
        .isEqualTo("108x");
    assertThat(find(checks, ">= 100x scipy at n=4000, Tropic auto").status()).as("distances differ")
        .isEqualTo(Status.FAIL);
  }

  @Test
  void speedupsKeepTheDigitsThatMatter() {
    assertThat(TargetCheck.speedup(858.4)).isEqualTo("858x");
    assertThat(TargetCheck.speedup(9.24)).isEqualTo("9.2x");
    assertThat(TargetCheck.speedup(0.2134)).isEqualTo("0.21x"); // printed as "0x"
    List<TargetCheck> checks = TargetCheck.evaluate(List.of(), List.of(), List.of(peer("jgrapht", 160, 0.2, true)));
    assertThat(find(checks, ">= 400x jgrapht").measured()).isEqualTo("measured only at n=160: 0.20x");
  }

  @Test
  void memoryAllowsTheFixedOverheadOnTopOfTheRatio() {
    long matrix = 4L * 4096 * 4096;
    long justInside = (long) (1.3 * matrix) + (32L << 20);
    assertThat(find(TargetCheck.evaluate(List.of(), List.of(fw(4096, 1, 1,
        new MemoryUse(matrix, 0, justInside, matrix, 0, -1), null)), List.of()), "peak heap").status())
        .isEqualTo(Status.PASS);
    assertThat(find(TargetCheck.evaluate(List.of(), List.of(fw(4096, 1, 1,
        new MemoryUse(matrix, 0, justInside + 1, matrix, 0, -1), null)), List.of()), "peak heap").status())
        .isEqualTo(Status.FAIL);
  }

  /** A smoke run (--quick: 64³ kernel panels, n = 192) printed FAIL for targets it cannot judge at those sizes. */
  @Test
  void smokeSizesAreNotJudgedButAWrongKernelStillFails() {
    long matrix = 4L * 192 * 192;
    KernelResult small = new KernelResult("vector-512", Arithmetic.EXACT_FLOAT, 1, 64, 10, Timing.of(0.2), 82, 0.002,
        "float", "");
    KernelResult smallNonnegative = new KernelResult("vector-512", Arithmetic.NONNEGATIVE_FLOAT, 2, 64, 10,
        Timing.of(0.1), 315, 0.0003, "int", "");
    List<TargetCheck> checks = TargetCheck.evaluate(List.of(small, smallNonnegative),
        List.of(fw(192, 0.1, 0.1, new MemoryUse(matrix, 0, 116L << 20, matrix, 0, -1), null)), List.of());
    assertThat(find(checks, "exact-float").status()).isEqualTo(Status.NOT_MEASURED);
    assertThat(find(checks, "exact-float").measured()).isEqualTo("measured only on 64^3 panels: 0.2% (0.2 of 82.0"
        + " GFLOP/s)");
    assertThat(find(checks, "nonnegative-float").status()).isEqualTo(Status.NOT_MEASURED);
    assertThat(find(checks, "peak heap").status()).isEqualTo(Status.NOT_MEASURED);
    assertThat(find(checks, "peak heap").measured()).endsWith("matrix below the allowance, too small to judge");

    KernelResult wrong = new KernelResult("vector-512", Arithmetic.EXACT_FLOAT, 1, 64, 10, Timing.of(80), 82, 0.98,
        "float", "C[0][0] = 1.0, scalar reference gives 2.0");
    assertThat(find(TargetCheck.evaluate(List.of(wrong), List.of(), List.of()), "exact-float").status())
        .isEqualTo(Status.FAIL);
  }
}
