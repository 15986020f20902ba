package org.tropic.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.tropic.gpu.HostMinUpdate;
import org.tropic.semiring.Arithmetic;

/**
 * The GPU offload mode's host update, C ← min(C, X) over one side×side chunk on {@code threads} threads, against
 * the limit it is bound by: a parallel copy of the same chunk (X into a third buffer), the host's memory bandwidth
 * for this access pattern. The {@code gb} column counts what each touches: 12 bytes an element for the update (C
 * and X read, C written), 8 for the copy. Needs no GPU: the update runs on the host.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class HostUpdateBenchmark {

  @Param({"int32", "exact-float"})
  public String arithmetic;

  /** The chunk side; 4096 is 64 MB a buffer, far beyond the caches. */
  @Param({"4096"})
  public int side;

  @Param({"2"})
  public int threads;

  private Arena arena;
  private Arithmetic path;
  private MemorySegment c;
  private MemorySegment x;
  private MemorySegment copy;
  private long bytes;

  @Setup(Level.Trial)
  public void setUp() {
    path = Arithmetic.ofLabel(arithmetic);
    arena = Arena.ofShared();
    bytes = (long) side * side * Float.BYTES;
    c = arena.allocate(bytes, 64);
    x = arena.allocate(bytes, 64);
    copy = arena.allocate(bytes, 64);
    c.fill((byte) 0x11);
    x.fill((byte) 0x22);
    copy.fill((byte) 0x33);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    arena.close();
  }

  @Benchmark
  public void hostUpdate(GigabyteCounter counter) {
    HostMinUpdate.apply(path, c, 0, side, x, side, side, side, 0, 0, 0, 0, threads);
    counter.gb += 3.0 * bytes / 1e9;
  }

  @Benchmark
  public void copy(GigabyteCounter counter) {
    long rowBytes = (long) side * Float.BYTES;
    IntStream rows = IntStream.range(0, side);
    (threads > 1 ? rows.parallel() : rows).forEach(r -> MemorySegment.copy(x, r * rowBytes, copy, r * rowBytes,
        rowBytes));
    counter.gb += 2.0 * bytes / 1e9;
  }
}
