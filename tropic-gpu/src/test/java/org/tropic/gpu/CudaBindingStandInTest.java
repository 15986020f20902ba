package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * The CUDA driver bindings' marshalling — argument order and types, out-parameters, sizes, error translation, the
 * {@code void**} of kernel launches — and the solvers' sequence of calls, run against a stand-in for
 * {@code libcuda.so.1} ({@link DriverStandIn}). The stand-in keeps "device" memory on the host and records launches
 * (and carries out the kernels' contracts in C, which {@link StandInFloydWarshallTest} checks), so this proves the
 * glue, not the kernels (those are checked on a real GPU by {@link GpuKernelParityTest}). Skipped without
 * {@code cc}/{@code gcc}; the parts that load kernels also need NVRTC.
 */
class CudaBindingStandInTest {
  private static DriverStandIn standIn;
  private static CudaDriver driver;
  private static Recorder recorder;

  @BeforeAll
  static void build(@TempDir Path dir) throws Exception {
    standIn = DriverStandIn.build(dir);
    if (standIn.library() == null) {
      return;
    }
    driver = Gpu.initialisedDriver(standIn.loader());
    recorder = new Recorder(SymbolLookup.libraryLookup(standIn.library(), java.lang.foreign.Arena.global()));
  }

  private static void assumeStandIn() {
    assumeTrue(driver != null, "no C compiler (gcc or cc) on the PATH to build the driver stand-in");
  }

  @Test
  void devicePropertiesComeThroughTheOutParameters() {
    assumeStandIn();
    assertThat(driver.driverVersion()).isEqualTo(13000);
    assertThat(driver.deviceCount()).isEqualTo(1);
    GpuDevice device = Gpu.readDevice(driver, 0);
    assertThat(device).isEqualTo(new GpuDevice(0, "Stand-in GPU", new ComputeCapability(9, 0), 132, 1_980_000,
        1L << 30, 232_448, 3, 50 << 20));
    assertThatThrownBy(() -> driver.device(1)).isInstanceOf(CudaException.class)
        .hasMessageStartingWith("cuDeviceGet failed: CUDA_ERROR_101 (101)");
  }

  @Test
  void memoryRoundTripsThroughEveryCopy() {
    assumeStandIn();
    try (GpuContext gpu = new GpuContext(driver, Gpu.readDevice(driver, 0), null);
        CudaStream stream = gpu.createStream();
        DeviceBuffer a = gpu.allocate(4096);
        DeviceBuffer b = gpu.allocate(4096);
        PinnedBuffer host = gpu.allocatePinned(4096)) {
      for (int i = 0; i < 1024; i++) {
        host.segment().setAtIndex(JAVA_FLOAT, i, i * 0.5f);
      }
      a.upload(host.segment(), 0, 4096, stream);
      gpu.driver.copyOnDeviceAsync(b.at(10), a.at(20), 100 * Float.BYTES, stream.handle());
      b.fill(200, 50, Float.POSITIVE_INFINITY, stream);
      stream.synchronize(); // the upload reads the pinned buffer until then
      host.segment().fill((byte) 0);
      b.download(0, 4096, host.segment(), stream);
      stream.synchronize();
      assertThat(host.segment().getAtIndex(JAVA_FLOAT, 10)).isEqualTo(10f);
      assertThat(host.segment().getAtIndex(JAVA_FLOAT, 109)).isEqualTo(59.5f);
      assertThat(host.segment().getAtIndex(JAVA_FLOAT, 110)).isZero();
      assertThat(host.segment().getAtIndex(JAVA_FLOAT, 249)).isEqualTo(Float.POSITIVE_INFINITY);
      assertThat(gpu.freeBytes()).isLessThanOrEqualTo((1L << 30) - 8192);
      assertThatThrownBy(() -> a.download(4000, 200, host.segment(), stream))
          .isInstanceOf(IndexOutOfBoundsException.class);
    }
  }

  @Test
  void errorsCarryTheDriversNameAndText() {
    assumeStandIn();
    try (GpuContext gpu = new GpuContext(driver, Gpu.readDevice(driver, 0), null)) {
      assertThatThrownBy(() -> gpu.allocate(2L << 30)).isInstanceOf(CudaException.class)
          .hasMessage("cuMemAlloc(2147483648 bytes) failed: CUDA_ERROR_OUT_OF_MEMORY (2): out of memory")
          .satisfies(e -> assertThat(((CudaException) e).code()).isEqualTo(2));
    }
  }

  @Test
  void eventsTimeTheStream() throws Exception {
    assumeStandIn();
    try (GpuContext gpu = new GpuContext(driver, Gpu.readDevice(driver, 0), null);
        CudaStream stream = gpu.createStream();
        CudaEvent start = gpu.createEvent();
        CudaEvent end = gpu.createEvent()) {
      start.record(stream);
      Thread.sleep(20);
      end.record(stream);
      end.synchronize();
      // The stand-in's events read the monotonic clock: at least the 20 ms slept, through the float out-parameter.
      assertThat(end.secondsSince(start)).isGreaterThanOrEqualTo(0.019);
      stream.waitFor(end);
    }
  }

  @Test
  void launchesPassEveryArgumentInOrder() {
    assumeStandIn();
    // Real buffers: the stand-in carries the launches out.
    try (GpuContext gpu = openWithKernels(); CudaStream stream = gpu.createStream();
        DeviceBuffer at = gpu.allocate(48L * 256 * Float.BYTES);
        DeviceBuffer b = gpu.allocate(48L * 388 * Float.BYTES);
        DeviceBuffer c = gpu.allocate(256L * 392 * Float.BYTES);
        DeviceBuffer tile = gpu.allocate(256L * 512 * Float.BYTES);
        DeviceBuffer source = gpu.allocate(64L * 96 * Float.BYTES);
        DeviceBuffer target = gpu.allocate(96L * 64 * Float.BYTES)) {
      MinPlusModule kernels = gpu.kernels();
      assertThat(recorder.attributeValue()).isEqualTo(232_448);
      kernels.multiplyMin(stream, Arithmetic.INT32, 256, 384, 48, at.address(), 256, b.address(), 388, c.address(),
          392, true, -128, 0, 128, 256, 256);
      assertThat(recorder.lastKernel()).isEqualTo("tropic_srgemm_nt_int32");
      assertThat(recorder.dimensions()).containsExactly(3, 2, 1, 256, 1, 1, 0);
      int[] ints = {256, 384, 48, -1, 256, -1, 388, -1, 392, 1, -128, 0, 128, 256, 256};
      for (int i = 0; i < ints.length; i++) {
        if (ints[i] != -1) {
          assertThat(recorder.intParameter(i)).as("parameter %d", i).isEqualTo(ints[i]);
        }
      }
      assertThat(recorder.longParameter(3)).isEqualTo(at.address());
      assertThat(recorder.longParameter(5)).isEqualTo(b.address());
      assertThat(recorder.longParameter(7)).isEqualTo(c.address());

      kernels.closure(stream, Arithmetic.EXACT_FLOAT, 128, tile.address(), 512);
      assertThat(recorder.lastKernel()).isEqualTo("tropic_closure_shared_exact_float");
      assertThat(recorder.dimensions()).containsExactly(1, 1, 1, 32, 32, 1, 128 * 128 * 4);
      assertThat(recorder.longParameter(0)).isEqualTo(tile.address());
      assertThat(recorder.intParameter(1)).isEqualTo(512);
      assertThat(recorder.intParameter(2)).isEqualTo(128);

      int before = recorder.launches();
      kernels.closure(stream, Arithmetic.NONNEGATIVE_FLOAT, 256, tile.address(), 512);
      assertThat(recorder.launches() - before).as("one launch per pivot").isEqualTo(256);
      assertThat(recorder.lastKernel()).isEqualTo("tropic_closure_step_nonnegative_float");
      assertThat(recorder.intParameter(3)).as("the last pivot").isEqualTo(255);

      kernels.transpose(stream, 64, 96, source.address(), 96, target.address(), 64);
      assertThat(recorder.dimensions()).containsExactly(3, 2, 1, 32, 8, 1, 0);
      assertThat(recorder.longParameter(2)).isEqualTo(source.address());
      assertThat(recorder.longParameter(4)).isEqualTo(target.address());

      kernels.clockSpin(stream, 132, 1_000_000_000_000L, 0x7000);
      assertThat(recorder.longParameter(0)).isEqualTo(1_000_000_000_000L);
      assertThat(recorder.dimensions()).startsWith(132, 1, 1, 32);

      assertThatThrownBy(() -> kernels.multiplyMin(stream, Arithmetic.INT32, 200, 128, 16, 0, 200, 0, 128, 0, 128,
          true, 0, 0, 0, 0)).hasMessageContaining("m = 200 must be a positive multiple of 128");
      assertThatThrownBy(() -> kernels.multiplyMin(stream, Arithmetic.INT32, 128, 128, 16, 4, 128, 0, 128, 0, 128,
          true, 0, 0, 0, 0)).hasMessageContaining("not 16-byte aligned");
      stream.synchronize(); // the queued launches use the buffers until then
    }
    assertThat(standIn.violations()).as("buffers freed while work was queued").isZero();
  }

  @Test
  void residentFloydWarshallMakesSevenLaunchesPerPivotAndThreeOnce() {
    assumeStandIn();
    Graph graph = GpuFloydWarshallTest.randomGraph(300, Arithmetic.INT32, new Random(1));
    try (GpuContext gpu = openWithKernels()) {
      gpu.kernels();
      int before = recorder.launches();
      GpuFloydWarshall.Result r = new GpuFloydWarshall(gpu, GpuFloydWarshallOptions.defaults().withBlockSize(128), 2)
          .solve(graph, Progress.NONE);
      r.distances().close();
      assertThat(r.plan().resident()).isTrue();
      assertThat(r.plan().padded()).isEqualTo(384);
      // Per pivot: closure, transpose of the tile, row panel, transpose and column panel, transpose and outer product;
      // once: the fill, the arcs (one batch) and the int32 decode.
      assertThat(recorder.launches() - before).isEqualTo(3 * 7 + 3);
    }
  }

  @ParameterizedTest
  @EnumSource(value = OffloadLookahead.class, names = {"NEVER", "ALWAYS"})
  void offloadedFloydWarshallStreamsOneProductPerChunk(OffloadLookahead lookahead) {
    assumeStandIn();
    Graph graph = GpuFloydWarshallTest.randomGraph(600, Arithmetic.EXACT_FLOAT, new Random(2));
    int b = 128;
    int padded = DeviceMemoryPlan.padded(600, b);
    long limit = StandInFloydWarshallTest.panelBytes(600, b, lookahead) + 3L * 256 * 256 * Float.BYTES;
    try (GpuContext gpu = openWithKernels()) {
      gpu.kernels();
      int before = recorder.launches();
      GpuFloydWarshall.Result r = new GpuFloydWarshall(gpu, GpuFloydWarshallOptions.defaults().withBlockSize(b)
          .withDeviceMemoryLimit(limit).withOffload(true, 3).withLookahead(lookahead), 2).solve(graph, Progress.NONE);
      r.distances().close();
      assertThat(r.plan().resident()).isFalse();
      assertThat(r.plan().lookahead()).isEqualTo(lookahead == OffloadLookahead.ALWAYS);
      assertThat(r.plan().chunk()).isEqualTo(256);
      int expected = 0;
      for (int k = 0; k < padded / b; k++) {
        List<OffloadChunks.Chunk> chunks = OffloadChunks.chunks(padded, 256, k * b, b);
        // closure, two tile transposes, two panel products, two strip transposes, one product per chunk
        expected += 7 + chunks.size();
      }
      assertThat(recorder.launches() - before).isEqualTo(expected);
    }
  }

  /**
   * A solve that fails part way, here at the last lane's pinned buffer, frees every buffer, stream and event it
   * made (pinned memory is locked memory: a leak of it outlives the failure).
   */
  @ParameterizedTest
  @EnumSource(value = OffloadLookahead.class, names = {"NEVER", "ALWAYS"})
  void aFailedOffloadSolveFreesWhatItMade(OffloadLookahead lookahead) {
    assumeStandIn();
    Graph graph = GpuFloydWarshallTest.randomGraph(600, Arithmetic.EXACT_FLOAT, new Random(3));
    int b = 128;
    long limit = StandInFloydWarshallTest.panelBytes(600, b, lookahead) + 3L * 256 * 256 * Float.BYTES;
    GpuFloydWarshallOptions options = GpuFloydWarshallOptions.defaults().withBlockSize(b).withDeviceMemoryLimit(limit)
        .withOffload(true, 3).withLookahead(lookahead);
    try (GpuContext gpu = openWithKernels()) {
      gpu.kernels();
      int[] before = recorder.live();
      int first = recorder.hostAllocations();
      new GpuFloydWarshall(gpu, options, 2).solve(graph, Progress.NONE).distances().close();
      int pinnedPerSolve = recorder.hostAllocations() - first;
      assertThat(recorder.live()).as("live buffers, pinned buffers, streams, events").containsExactly(before);

      recorder.failHostAllocation(recorder.hostAllocations() + pinnedPerSolve);
      try {
        assertThatThrownBy(() -> new GpuFloydWarshall(gpu, options, 2).solve(graph, Progress.NONE))
            .isInstanceOf(CudaException.class).hasMessageContaining("CUDA_ERROR_OUT_OF_MEMORY");
      } finally {
        recorder.failHostAllocation(0);
      }
      assertThat(recorder.live()).as("live buffers, pinned buffers, streams, events").containsExactly(before);
    }
  }

  private static GpuContext openWithKernels() {
    return standIn.openWithKernels();
  }

  /** Reads what the stand-in recorded. */
  private record Recorder(SymbolLookup lib) {
    /** A downcall to the stand-in's {@code name}; {@code result} null for a void function. */
    private MethodHandle handle(String name, java.lang.foreign.MemoryLayout result,
        java.lang.foreign.MemoryLayout... args) {
      FunctionDescriptor signature = result == null ? FunctionDescriptor.ofVoid(args)
          : FunctionDescriptor.of(result, args);
      return Linker.nativeLinker().downcallHandle(lib.find(name).orElseThrow(), signature);
    }

    int launches() {
      try {
        return (int) handle("stand_in_launches", JAVA_INT).invokeExact();
      } catch (Throwable t) {
        throw new AssertionError(t);
      }
    }

    /** Live device buffers, pinned buffers, streams and events. */
    int[] live() {
      int[] counts = new int[4];
      try {
        MethodHandle h = handle("stand_in_live", JAVA_INT, JAVA_INT);
        for (int kind = 0; kind < counts.length; kind++) {
          counts[kind] = (int) h.invokeExact(kind);
        }
      } catch (Throwable t) {
        throw new AssertionError(t);
      }
      return counts;
    }

    int hostAllocations() {
      try {
        return (int) handle("stand_in_host_allocations", JAVA_INT).invokeExact();
      } catch (Throwable t) {
        throw new AssertionError(t);
      }
    }

    /** Makes pinned allocation number {@code at} (counted as {@link #hostAllocations}) fail; 0: none. */
    void failHostAllocation(int at) {
      try {
        handle("stand_in_fail_host_allocation", null, JAVA_INT).invokeExact(at);
      } catch (Throwable t) {
        throw new AssertionError(t);
      }
    }

    int attributeValue() {
      try {
        return (int) handle("stand_in_attribute_value", JAVA_INT).invokeExact();
      } catch (Throwable t) {
        throw new AssertionError(t);
      }
    }

    String lastKernel() {
      try {
        MemorySegment s = (MemorySegment) handle("stand_in_last_kernel", ADDRESS).invokeExact();
        return s.reinterpret(128).getString(0);
      } catch (Throwable t) {
        throw new AssertionError(t);
      }
    }

    int[] dimensions() {
      int[] d = new int[7];
      try {
        MethodHandle h = handle("stand_in_last_dimension", JAVA_INT, JAVA_INT);
        for (int i = 0; i < 7; i++) {
          d[i] = (int) h.invokeExact(i);
        }
      } catch (Throwable t) {
        throw new AssertionError(t);
      }
      return d;
    }

    int intParameter(int i) {
      try {
        return (int) handle("stand_in_last_int", JAVA_INT, JAVA_INT).invokeExact(i);
      } catch (Throwable t) {
        throw new AssertionError(t);
      }
    }

    long longParameter(int i) {
      try {
        return (long) handle("stand_in_last_long", JAVA_LONG, JAVA_INT).invokeExact(i);
      } catch (Throwable t) {
        throw new AssertionError(t);
      }
    }
  }
}
