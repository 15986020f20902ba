package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tropic.apsp.NegativeCycleException;
import org.tropic.apsp.Progress;
import org.tropic.apsp.TiledDistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * The GPU solvers' host side, end to end without a GPU: {@link GpuFloydWarshall}, resident and offloaded, on the
 * {@link DriverStandIn}, whose launches carry out each kernel's contract in C over the launch's grid, and whose
 * streams run their work only when the host has to see it. Every distance must equal the CPU solver's with the same
 * tile side, bit for bit, so a wrong pad, pivot offset, skip range, transpose, chunk or host update shows here, and
 * so does a host that reads or refills a pinned buffer without waiting for the copy. The CUDA kernels themselves
 * are checked against the same contract on a GPU ({@link GpuKernelParityTest}, {@link GpuFloydWarshallTest}).
 */
class StandInFloydWarshallTest {
  private static DriverStandIn standIn;
  private static GpuContext gpu;

  @BeforeAll
  static void open(@TempDir Path dir) throws Exception {
    standIn = DriverStandIn.build(dir);
  }

  @AfterAll
  static void close() {
    if (gpu != null) {
      gpu.close();
    }
  }

  private int violationsBefore;

  @BeforeEach
  void countViolations() {
    violationsBefore = standIn.library() == null ? 0 : standIn.violations();
  }

  /** The solvers wait for their streams before they free what the work uses, failures included. */
  @AfterEach
  void nothingWasFreedWhileWorkWasQueued() {
    if (gpu != null) {
      assertThat(standIn.violations() - violationsBefore).as("frees while work was queued on a stream").isZero();
    }
  }

  private static GpuContext gpu() {
    if (gpu == null) {
      gpu = standIn.openWithKernels();
    }
    return gpu;
  }

  /**
   * A tile too large for one block's shared memory (the stand-in offers 227 KiB, a side of 241) is closed blocked,
   * on 128×128 sub-tiles: int32 exactly as the reference order, floats (from 1,024 up) within rounding of it.
   */
  @ParameterizedTest(name = "{0}, b = {1}")
  @CsvSource({"INT32, 384", "INT32, 512", "NONNEGATIVE_FLOAT, 1024", "EXACT_FLOAT, 1024"})
  void aLargeTileIsClosedBlocked(Arithmetic arithmetic, int b) {
    Random random = new Random(System.nanoTime());
    float[] tile = new float[b * b];
    for (int i = 0; i < tile.length; i++) {
      tile[i] = random.nextInt(6) == 0 ? arithmetic.encode(random.nextInt(1000) / 4f) : arithmetic.infinity();
    }
    for (int v = 0; v < b; v++) {
      tile[v * b + v] = arithmetic.encode(0f);
    }
    float[] expected = tile.clone();
    new ScalarMinPlusKernels().closure(arithmetic, b, expected, 0, b);
    MinPlusModule kernels = gpu().kernels();
    assertThat(TileClosure.blocked(arithmetic, b, kernels.sharedClosureSide())).isTrue();
    long bytes = (long) b * b * Float.BYTES;
    try (Arena arena = Arena.ofConfined();
        CudaStream stream = gpu().createStream();
        DeviceBuffer d = gpu().allocate(bytes);
        TileClosure closure = TileClosure.open(gpu(), kernels, arithmetic, b)) {
      MemorySegment host = arena.allocate(bytes);
      MemorySegment.copy(tile, 0, host, ValueLayout.JAVA_FLOAT, 0, tile.length);
      d.upload(host, 0, bytes, stream);
      closure.apply(stream, d.address(), b);
      d.download(0, bytes, host, stream);
      stream.synchronize();
      float[] actual = host.toArray(ValueLayout.JAVA_FLOAT);
      if (arithmetic == Arithmetic.INT32) {
        assertThat(actual).isEqualTo(expected);
      } else {
        for (int i = 0; i < actual.length; i++) {
          if (Float.isInfinite(expected[i])) {
            assertThat(actual[i]).as("entry %d", i).isEqualTo(expected[i]);
          } else {
            assertThat(actual[i]).as("entry %d", i).isCloseTo(expected[i], Percentage.withPercentage(1e-4));
          }
        }
      }
    }
  }

  /**
   * The resident solver's matrix, made on the device from the arcs in batches, equals {@link HostMatrix#ofArcs} bit
   * for bit: +∞, the zero diagonal, the lightest of repeated arcs, a negative self-loop below the zero.
   */
  @ParameterizedTest(name = "{0}, batches of {1} arcs")
  @CsvSource({"INT32, 7", "NONNEGATIVE_FLOAT, 1", "EXACT_FLOAT, 50", "EXACT_FLOAT, 1000000"})
  void theDeviceBuildsTheMatrixOfArcs(Arithmetic arithmetic, int batchArcs) {
    Random random = new Random(System.nanoTime());
    GraphBuilder builder = GraphBuilder.withVertexCount(150);
    for (int a = 0; a < 900; a++) {
      int u = random.nextInt(150);
      int v = random.nextInt(arithmetic == Arithmetic.EXACT_FLOAT ? 150 : 20); // repeats, and self-loops
      float w = arithmetic == Arithmetic.INT32 ? random.nextInt(50) : random.nextFloat() * 9;
      builder.addArc(u, v, arithmetic == Arithmetic.EXACT_FLOAT && u == v ? -w : w);
    }
    Graph graph = builder.build();
    int nn = 256;
    long bytes = (long) nn * nn * Float.BYTES;
    try (HostMatrix expected = HostMatrix.ofArcs(graph, nn, arithmetic);
        HostMatrix actual = HostMatrix.forResults(graph.vertexCount(), nn, graph.labels());
        CudaStream stream = gpu().createStream();
        DeviceBuffer d = gpu().allocate(bytes)) {
      d.fill(0, (long) nn * nn, Float.NaN, stream); // poisoned: every entry must be written
      DeviceMatrixFill.fill(gpu(), gpu().kernels(), arithmetic, graph, d, nn, stream, batchArcs);
      d.download(0, bytes, actual.segment(), stream);
      stream.synchronize();
      assertThat(actual.segment().mismatch(expected.segment())).as("first differing byte").isEqualTo(-1);
    }
  }

  /**
   * Every distance equals the CPU solver's: resident, and offloaded with and without lookahead (chunks of 256², so
   * that each iteration streams several and, with lookahead, the lanes run on into the next iteration's); n a
   * multiple of b too, where the last pivot's strips hold real vertices to the end.
   */
  @ParameterizedTest(name = "{0}, n = {1}, b = {2}, offload = {3}, lookahead = {4}")
  @CsvSource({"INT32, 300, 128, false, NEVER", "NONNEGATIVE_FLOAT, 200, 128, false, NEVER",
      "EXACT_FLOAT, 300, 128, false, NEVER", "INT32, 517, 256, false, NEVER", "INT32, 400, 128, true, NEVER",
      "NONNEGATIVE_FLOAT, 300, 128, true, NEVER", "EXACT_FLOAT, 385, 128, true, NEVER", "INT32, 500, 384, false, NEVER",
      "INT32, 700, 384, true, NEVER", "INT32, 600, 128, true, ALWAYS", "NONNEGATIVE_FLOAT, 300, 128, true, ALWAYS",
      "EXACT_FLOAT, 385, 128, true, ALWAYS", "INT32, 700, 384, true, ALWAYS", "INT32, 100, 128, true, ALWAYS",
      "INT32, 384, 128, true, NEVER", "INT32, 512, 128, true, ALWAYS"})
  void agreesWithTheCpuSolver(Arithmetic arithmetic, int n, int b, boolean offload, OffloadLookahead lookahead) {
    long seed = System.nanoTime();
    Graph graph = GpuFloydWarshallTest.randomGraph(n, arithmetic, new Random(seed));
    TiledDistanceMatrix cpu = GpuFloydWarshallTest.cpuSolve(graph, b, arithmetic);
    GpuFloydWarshallOptions options = GpuFloydWarshallOptions.defaults().withBlockSize(b).withArithmetic(arithmetic)
        .withOffload(offload, 3).withLookahead(lookahead);
    if (offload) {
      // Room for the panels and three 256×256 chunks only, so the outer product is cut into several chunks.
      options = options.withDeviceMemoryLimit(panelBytes(n, b, lookahead) + 3L * 256 * 256 * Float.BYTES);
    }
    GpuFloydWarshall.Result result = new GpuFloydWarshall(gpu(), options, 2).solve(graph, Progress.NONE);
    try (HostMatrix d = result.distances()) {
      assertThat(result.plan().resident()).isEqualTo(!offload);
      assertThat(result.plan().lookahead()).isEqualTo(offload && lookahead == OffloadLookahead.ALWAYS);
      GpuFloydWarshallTest.assertSameDistances("seed " + seed, cpu, d);
    }
  }

  /**
   * With lookahead the lanes run on into the next iteration's chunks while the host still takes this one's, each
   * made to wait on the device for the next panels' event. Here the solve's first stream, its main stream where the
   * panels are computed, lags behind the lanes, which run each chunk as soon as it is queued: a lane that did not
   * wait would multiply the next pivot's panels before they were computed.
   */
  @ParameterizedTest(name = "{0}, n = {1}, b = {2}, symmetric = {3}")
  @CsvSource({"INT32, 600, 128, false", "EXACT_FLOAT, 385, 128, false", "INT32, 520, 128, true"})
  void lookaheadAgreesWithTheCpuSolverWhenTheMainStreamLags(Arithmetic arithmetic, int n, int b, boolean symmetric) {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    Graph graph = symmetric ? GpuFloydWarshallTest.randomUndirectedGraph(n, arithmetic, random)
        : GpuFloydWarshallTest.randomGraph(n, arithmetic, random);
    TiledDistanceMatrix cpu = GpuFloydWarshallTest.cpuSolve(graph, b, arithmetic);
    GpuFloydWarshallOptions options = GpuFloydWarshallOptions.defaults().withBlockSize(b).withArithmetic(arithmetic)
        .withOffload(true, 3).withLookahead(OffloadLookahead.ALWAYS)
        .withDeviceMemoryLimit(panelBytes(n, b, OffloadLookahead.ALWAYS) + 3L * 256 * 256 * Float.BYTES);
    GpuContext context = gpu();
    standIn.lagFirstStream(true);
    try {
      GpuFloydWarshall.Result result = new GpuFloydWarshall(context, options, 2).solve(graph, Progress.NONE);
      try (HostMatrix d = result.distances()) {
        assertThat(result.plan().lookahead()).isTrue();
        GpuFloydWarshallTest.assertSameDistances("seed " + seed, cpu, d);
      }
    } finally {
      standIn.lagFirstStream(false);
    }
  }

  /** The offload mode's device bytes before the chunks: one set of panels, or two with lookahead. */
  static long panelBytes(int n, int b, OffloadLookahead lookahead) {
    int padded = DeviceMemoryPlan.padded(n, b);
    return DeviceMemoryPlan.offloadFixedDeviceBytes(padded, b)
        + (lookahead == OffloadLookahead.NEVER ? 0 : DeviceMemoryPlan.lookaheadDeviceBytes(padded, b));
  }

  /**
   * Undirected graphs: both modes work on the tiles on and above the diagonal (gathering the pivot row from its
   * mirror, mirroring at the end; the offload mode leaves out the chunks below the diagonal) and must still give
   * every distance of the CPU solver, which does the same; with symmetry off, the same distances from every tile.
   */
  @ParameterizedTest(name = "{0}, n = {1}, b = {2}, symmetry = {3}, offload = {4}, lookahead = {5}")
  @CsvSource({"INT32, 300, 128, true, false, NEVER", "NONNEGATIVE_FLOAT, 517, 256, true, false, NEVER",
      "EXACT_FLOAT, 400, 128, true, false, NEVER", "INT32, 260, 128, false, false, NEVER",
      "INT32, 520, 128, true, true, NEVER", "NONNEGATIVE_FLOAT, 400, 256, true, true, NEVER",
      "EXACT_FLOAT, 300, 128, true, true, NEVER", "INT32, 1, 128, true, false, NEVER",
      "INT32, 5, 128, true, true, NEVER", "INT32, 600, 384, true, false, NEVER", "INT32, 650, 384, true, true, NEVER",
      "INT32, 520, 128, true, true, ALWAYS", "EXACT_FLOAT, 300, 128, true, true, ALWAYS",
      "INT32, 650, 384, true, true, ALWAYS", "INT32, 400, 128, false, true, ALWAYS"})
  void agreesWithTheCpuSolverOnTheUpperTriangle(Arithmetic arithmetic, int n, int b, boolean symmetry,
      boolean offload, OffloadLookahead lookahead) {
    long seed = System.nanoTime();
    Graph graph = GpuFloydWarshallTest.randomUndirectedGraph(n, arithmetic, new Random(seed));
    TiledDistanceMatrix cpu = GpuFloydWarshallTest.cpuSolve(graph, b, arithmetic);
    GpuFloydWarshallOptions options = GpuFloydWarshallOptions.defaults().withBlockSize(b).withArithmetic(arithmetic)
        .withSymmetry(symmetry).withOffload(offload, 3).withLookahead(lookahead);
    if (offload) {
      // Chunks of 128² (the smallest), so that many straddle the diagonal or lie wholly below it.
      options = options.withDeviceMemoryLimit(panelBytes(n, b, lookahead) + 3L * 128 * 128 * Float.BYTES);
    }
    GpuFloydWarshall.Result result = new GpuFloydWarshall(gpu(), options, 2).solve(graph, Progress.NONE);
    try (HostMatrix d = result.distances()) {
      assertThat(result.symmetric()).isEqualTo(symmetry);
      assertThat(result.plan().resident()).isEqualTo(!offload);
      assertThat(result.plan().lookahead()).isEqualTo(offload && lookahead == OffloadLookahead.ALWAYS);
      GpuFloydWarshallTest.assertSameDistances("seed " + seed, cpu, d);
    }
  }

  @Test
  void aNegativeCycleIsReportedByBothModes() {
    GraphBuilder builder = GraphBuilder.withVertexCount(300);
    for (int v = 0; v < 299; v++) {
      builder.addArc(v, v + 1, 1f);
    }
    builder.addArc(299, 150, -200f);
    Graph graph = builder.build();
    var device = gpu(); // outside the lambdas: a skip thrown inside one would be caught as the wrong exception
    GpuFloydWarshallOptions resident = GpuFloydWarshallOptions.defaults().withBlockSize(128);
    assertThatThrownBy(() -> new GpuFloydWarshall(device, resident, 2).solve(graph, Progress.NONE))
        .isInstanceOf(NegativeCycleException.class);
    for (OffloadLookahead lookahead : List.of(OffloadLookahead.NEVER, OffloadLookahead.ALWAYS)) {
      GpuFloydWarshallOptions offload = resident.withOffload(true, 3).withLookahead(lookahead)
          .withDeviceMemoryLimit(panelBytes(300, 128, lookahead) + 3L * 128 * 128 * 4);
      assertThatThrownBy(() -> new GpuFloydWarshall(device, offload, 2).solve(graph, Progress.NONE))
          .as("lookahead %s", lookahead).isInstanceOf(NegativeCycleException.class);
    }
  }
}
