package org.tropic.bench.jmh;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * The packed {@code multiplyMin} on size×size×size panels that stay in L2, per arithmetic path. Each JMH thread has
 * its own panels and C ({@code -t 2} runs two cores at once, as {@code tropic bench} does). The {@code gflop} column
 * is GFLOP/s summed over threads; compare it with the min-plus peak {@code tropic bench} prints.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class MultiplyMinBenchmark {

  @Param({"exact-float", "nonnegative-float", "int32"})
  public String arithmetic;

  @Param({"256"})
  public int size;

  /** {@code best} (the Vector API kernels when available) or {@code scalar}. */
  @Param({"best"})
  public String kernels;

  private MinPlusKernels impl;
  private Arithmetic path;
  private PackedPanel a;
  private PackedPanel b;
  private float[] c;
  private double gflopPerCall;

  @Setup(Level.Trial)
  public void setUp() {
    impl = kernels.equals("scalar") ? new ScalarMinPlusKernels() : MinPlusKernels.best();
    path = Arithmetic.ofLabel(arithmetic);
    SplittableRandom random = new SplittableRandom(Thread.currentThread().threadId());
    a = impl.packLeft(path, size, size, values(random), 0, size);
    b = impl.packRight(path, size, size, values(random), 0, size);
    c = new float[size * size];
    Arrays.fill(c, path.infinity());
    gflopPerCall = 2.0 * size * size * size / 1e9;
  }

  @Benchmark
  public void multiplyMin(GflopCounter counter) {
    impl.multiplyMin(path, a, b, c, 0, size);
    counter.gflop += gflopPerCall;
  }

  private float[] values(SplittableRandom random) {
    float[] v = new float[size * size];
    for (int i = 0; i < v.length; i++) {
      v[i] = path.encode(path == Arithmetic.INT32 ? 1 + random.nextInt(1000) : (float) (1 + 999 * random.nextDouble()));
    }
    return v;
  }
}
