package org.tropic.bench;

import org.tropic.semiring.Arithmetic;

/**
 * The machine's min-plus peak: clock × cores × flops per cycle per core, where an update
 * {@code c = min(c, a + b)} counts as 2 flops. The per-cycle figures are the model the project's targets are set
 * against (an AVX-512 core with two 512-bit pipes):
 * <ul>
 *   <li>{@value #FLOAT_FLOPS_PER_CYCLE} for the exact-float path, whose add, compare and blend all run on the
 *       floating-point pipes;
 *   <li>{@value #INT_FLOPS_PER_CYCLE} for the non-negative float and int32 paths, whose min runs on the integer
 *       vector pipes beside the adds, doubling the throughput.
 * </ul>
 * Both are overridable for other machines (e.g. 16 and 32 on a core with 256-bit vectors). A core with more vector
 * pipes than the model can pass it: Zen 5 has four 512-bit pipes, and the exact-float kernel measured just over
 * 100% of this peak on one of its cores.
 *
 * @param ghz the core clock in GHz (measured by {@link ClockProbe} or given)
 * @param cores the cores the peak is for (the threads the kernel runs on, at most the processors there are)
 * @param floatFlopsPerCycle flops per cycle per core of the exact-float path
 * @param intFlopsPerCycle flops per cycle per core of the non-negative float and int32 paths
 */
public record MinPlusPeak(double ghz, int cores, int floatFlopsPerCycle, int intFlopsPerCycle) {
  public static final int FLOAT_FLOPS_PER_CYCLE = 32;
  public static final int INT_FLOPS_PER_CYCLE = 64;

  public MinPlusPeak {
    if (!(ghz > 0) || Double.isInfinite(ghz)) {
      throw new IllegalArgumentException("clock must be a positive number of GHz, got " + ghz);
    }
    if (cores < 1 || floatFlopsPerCycle < 1 || intFlopsPerCycle < 1) {
      throw new IllegalArgumentException("cores and flops per cycle must be positive: cores=" + cores
          + ", float=" + floatFlopsPerCycle + ", int=" + intFlopsPerCycle);
    }
  }

  /** The peak with the default per-cycle figures. */
  public static MinPlusPeak of(double ghz, int cores) {
    return new MinPlusPeak(ghz, cores, FLOAT_FLOPS_PER_CYCLE, INT_FLOPS_PER_CYCLE);
  }

  /** The same per-cycle figures and clock for another number of cores. */
  public MinPlusPeak withCores(int otherCores) {
    return new MinPlusPeak(ghz, otherCores, floatFlopsPerCycle, intFlopsPerCycle);
  }

  /** Flops per cycle per core the given path can reach. */
  public int flopsPerCycle(Arithmetic arithmetic) {
    return arithmetic == Arithmetic.EXACT_FLOAT ? floatFlopsPerCycle : intFlopsPerCycle;
  }

  /** Which peak a path is held against: {@code "float"} or {@code "int"}. */
  public static String peakKind(Arithmetic arithmetic) {
    return arithmetic == Arithmetic.EXACT_FLOAT ? "float" : "int";
  }

  /** Peak GFLOP/s of the path on {@link #cores()} cores. */
  public double gflops(Arithmetic arithmetic) {
    return ghz * cores * flopsPerCycle(arithmetic);
  }

  /** {@code gflops} as a fraction of this path's peak (1.0 = at peak). */
  public double fractionOfPeak(Arithmetic arithmetic, double gflops) {
    return gflops / gflops(arithmetic);
  }

  /** Flops of m·n·k min-plus updates: 2 each (one add, one min). */
  public static double flops(long m, long n, long k) {
    return 2.0 * m * n * k;
  }
}
