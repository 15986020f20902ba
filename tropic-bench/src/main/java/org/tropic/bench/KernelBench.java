package org.tropic.bench;

import java.util.SplittableRandom;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * Times the packed {@link MinPlusKernels#multiplyMin(Arithmetic, PackedPanel, PackedPanel, float[], int, int)} —
 * the operation blocked Floyd–Warshall spends nearly all its time in — on square panels small enough to stay in L2.
 * Each thread owns its A, B and C, and all threads run at once, so the rate is what the cores sustain together
 * (shared L3 and memory bandwidth included) without any synchronisation cost. Work: m·n·k updates of 2 flops.
 *
 * <p>After timing, every thread's C is checked bit for bit against {@link ScalarMinPlusKernels}: a rate counts only
 * if the kernel computed the right thing.
 */
public final class KernelBench {

  /**
   * How to run one kernel measurement.
   *
   * @param size m = n = k of each thread's panels
   * @param warmupRounds untimed rounds at least (JIT compilation, calibration); more follow until the rate settles
   * @param rounds timed rounds; the median rate is reported
   * @param roundMillis approximate length of one round
   * @param minWarmupSeconds untimed seconds at least, whatever the rounds: see {@link #MIN_WARMUP_SECONDS}
   */
  public record Options(int size, int warmupRounds, int rounds, int roundMillis, double minWarmupSeconds) {
    public Options {
      if (size < 1 || warmupRounds < 0 || rounds < 1 || roundMillis < 1 || !(minWarmupSeconds >= 0)) {
        throw new IllegalArgumentException("kernel bench needs size, rounds and round length >= 1 and warmup >= 0;"
            + " got size=" + size + ", warmup=" + warmupRounds + ", rounds=" + rounds + ", ms=" + roundMillis
            + ", warmup seconds=" + minWarmupSeconds);
      }
    }

    /** With at least {@link #MIN_WARMUP_SECONDS} of warm-up. */
    public Options(int size, int warmupRounds, int rounds, int roundMillis) {
      this(size, warmupRounds, rounds, roundMillis, MIN_WARMUP_SECONDS);
    }
  }

  /**
   * Untimed seconds before any timing: C2 takes over a second to compile the vector micro-kernels, and until then
   * they run interpreted at a steady 0.1–0.3 GFLOP/s, so two rounds agree and the rate looked settled. {@code
   * --quick} (20 ms rounds, one warm-up round) reported 0.1–0.2% of the peak; 20 rounds of 100 ms reached 51
   * GFLOP/s on the same 64³ panels.
   */
  static final double MIN_WARMUP_SECONDS = 2.0;

  /** Most warm-up rounds before timing starts anyway, once {@link Options#minWarmupSeconds} have passed. */
  static final int MAX_WARMUP_ROUNDS = 20;
  /** How closely two consecutive warm-up rounds must agree for the JIT to count as settled. */
  static final double WARM_AGREEMENT = 0.03;

  private KernelBench() {}

  /** Measures one arithmetic path on {@code threads} threads; {@code peak} is the peak for that many cores. */
  public static KernelResult run(MinPlusKernels kernels, Arithmetic arithmetic, int threads, Options options,
      MinPlusPeak peak) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + threads);
    }
    int s = options.size();
    Operands[] operands = new Operands[threads];
    for (int t = 0; t < threads; t++) {
      operands[t] = Operands.random(kernels, arithmetic, s, 0x5EED_0000L + t);
    }
    long[] sink = new long[threads];
    long calls = 1;
    double previousRate = 0;
    // Warm up until C2 has settled, not for a fixed count: the 16-accumulator micro-kernel takes C2 long enough to
    // compile that a fixed three rounds left compilation running into the timed ones (median 100 GFLOP/s in a fresh
    // JVM, 121 in the same JVM's second measurement). So after the given rounds, go on until two consecutive
    // full-length rounds agree within WARM_AGREEMENT.
    double warmSeconds = 0;
    for (int r = 0; r < MAX_WARMUP_ROUNDS || warmSeconds < options.minWarmupSeconds(); r++) {
      long c = calls;
      double seconds = ParallelRun.timeRound(threads, t -> operands[t].multiply(kernels, arithmetic, c), sink);
      warmSeconds += seconds;
      double rate = c / Math.max(seconds, 1e-9);
      boolean fullLength = seconds >= options.roundMillis() / 2000.0;
      calls = Math.max(1, Math.round(c * options.roundMillis() / 1000.0 / Math.max(seconds, 1e-6)));
      if (r + 1 >= Math.max(1, options.warmupRounds()) && warmSeconds >= options.minWarmupSeconds() && fullLength
          && Math.abs(rate - previousRate) <= WARM_AGREEMENT * rate) {
        break;
      }
      previousRate = fullLength ? rate : 0;
    }
    long callsPerRound = calls;
    double flopsPerRound = threads * callsPerRound * MinPlusPeak.flops(s, s, s);
    double[] gflops = new double[options.rounds()];
    for (int r = 0; r < options.rounds(); r++) {
      double seconds = ParallelRun.timeRound(threads,
          t -> operands[t].multiply(kernels, arithmetic, callsPerRound), sink);
      gflops[r] = flopsPerRound / seconds / 1e9;
    }
    String mismatch = "";
    for (int t = 0; t < threads && mismatch.isEmpty(); t++) {
      mismatch = operands[t].checkAgainstScalar(arithmetic);
    }
    Timing rate = Timing.of(gflops);
    return new KernelResult(kernels.name(), arithmetic, threads, s, callsPerRound, rate,
        peak.gflops(arithmetic), peak.fractionOfPeak(arithmetic, rate.median()), MinPlusPeak.peakKind(arithmetic),
        mismatch);
  }

  /** One thread's panels: raw A and B (for the check), their packed forms, and the thread's own C. */
  private record Operands(int size, float[] a, float[] b, PackedPanel packedA, PackedPanel packedB, float[] c) {

    static Operands random(MinPlusKernels kernels, Arithmetic arithmetic, int size, long seed) {
      SplittableRandom random = new SplittableRandom(seed);
      float[] a = randomValues(arithmetic, size * size, random);
      float[] b = randomValues(arithmetic, size * size, random);
      float[] c = new float[size * size];
      java.util.Arrays.fill(c, arithmetic.infinity());
      return new Operands(size, a, b, kernels.packLeft(arithmetic, size, size, a, 0, size),
          kernels.packRight(arithmetic, size, size, b, 0, size), c);
    }

    /** Runs the kernel {@code calls} times; C converges after the first call but the work per call stays the same. */
    long multiply(MinPlusKernels kernels, Arithmetic arithmetic, long calls) {
      for (long i = 0; i < calls; i++) {
        kernels.multiplyMin(arithmetic, packedA, packedB, c, 0, size);
      }
      return Float.floatToRawIntBits(c[c.length - 1]);
    }

    /** Empty if C equals the scalar reference from +∞ bit for bit, else the first difference. */
    String checkAgainstScalar(Arithmetic arithmetic) {
      float[] expected = new float[size * size];
      java.util.Arrays.fill(expected, arithmetic.infinity());
      new ScalarMinPlusKernels().multiplyMin(arithmetic, size, size, size, a, 0, size, b, 0, size, expected, 0, size);
      for (int i = 0; i < expected.length; i++) {
        if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(c[i])) {
          return "C[" + i / size + "][" + i % size + "] = " + arithmetic.decode(c[i]) + ", scalar reference gives "
              + arithmetic.decode(expected[i]);
        }
      }
      return "";
    }
  }

  /** Finite values the path supports: whole numbers for int32, non-negative reals otherwise. */
  static float[] randomValues(Arithmetic arithmetic, int count, SplittableRandom random) {
    float[] values = new float[count];
    for (int i = 0; i < count; i++) {
      float v = arithmetic == Arithmetic.INT32 ? 1 + random.nextInt(1000) : (float) (1 + 999 * random.nextDouble());
      values[i] = arithmetic.encode(v);
    }
    return values;
  }
}
