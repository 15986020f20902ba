package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.NegativeCycleException;
import org.tropic.apsp.Progress;
import org.tropic.apsp.TiledDistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * On a GPU: Floyd–Warshall on the device, resident and offloaded, against the CPU solver with the same tile side on
 * fresh random graphs — n not a multiple of the tile, unreachable pairs, negative weights on the exact path. The
 * two run the same updates in the same order, so every distance must agree bit for bit. The offload mode is forced
 * with a small device budget. Skipped where there is no GPU.
 */
class GpuFloydWarshallTest {
  private static GpuContext gpu;

  @BeforeAll
  static void open() {
    if (Gpu.probe().available()) {
      gpu = Gpu.open();
    }
  }

  @AfterAll
  static void close() {
    if (gpu != null) {
      gpu.close();
    }
  }

  @ParameterizedTest(name = "{0}, n = {1}, b = {2}, offload = {3}")
  @CsvSource({"INT32, 300, 128, false", "NONNEGATIVE_FLOAT, 300, 128, false", "EXACT_FLOAT, 300, 128, false",
      "INT32, 700, 256, false", "EXACT_FLOAT, 517, 256, false", "INT32, 700, 128, true",
      "NONNEGATIVE_FLOAT, 650, 256, true", "EXACT_FLOAT, 400, 128, true"})
  void agreesWithTheCpuSolver(Arithmetic arithmetic, int n, int b, boolean offload) {
    OnTheGpu.assumeGpu();
    Graph graph = randomGraph(n, arithmetic, new Random(System.nanoTime()));
    TiledDistanceMatrix cpu = cpuSolve(graph, b, arithmetic);
    GpuFloydWarshallOptions options = GpuFloydWarshallOptions.defaults().withBlockSize(b).withArithmetic(arithmetic)
        .withOffload(offload, 3);
    if (offload) {
      // Room for the panels and three 256×256 chunks only, so the outer product is cut into many chunks.
      long padded = DeviceMemoryPlan.padded(n, b);
      options = options.withDeviceMemoryLimit(DeviceMemoryPlan.offloadFixedDeviceBytes((int) padded, b)
          + 3L * 256 * 256 * Float.BYTES);
    }
    GpuFloydWarshall.Result result = new GpuFloydWarshall(gpu, options, 0).solve(graph, Progress.NONE);
    try (HostMatrix d = result.distances()) {
      assertThat(result.plan().resident()).isEqualTo(!offload);
      assertThat(result.arithmetic()).isEqualTo(arithmetic);
      assertSameDistances("GPU vs CPU", cpu, d);
    }
  }

  /** Undirected graphs: the resident mode solves the upper triangle of tiles and must still agree bit for bit. */
  @ParameterizedTest(name = "{0}, n = {1}, b = {2}")
  @CsvSource({"INT32, 300, 128", "NONNEGATIVE_FLOAT, 517, 256", "EXACT_FLOAT, 400, 128"})
  void agreesWithTheCpuSolverOnTheUpperTriangle(Arithmetic arithmetic, int n, int b) {
    OnTheGpu.assumeGpu();
    Graph graph = randomUndirectedGraph(n, arithmetic, new Random(System.nanoTime()));
    TiledDistanceMatrix cpu = cpuSolve(graph, b, arithmetic);
    GpuFloydWarshall.Result result = new GpuFloydWarshall(gpu,
        GpuFloydWarshallOptions.defaults().withBlockSize(b).withArithmetic(arithmetic), 0).solve(graph, Progress.NONE);
    try (HostMatrix d = result.distances()) {
      assertThat(result.symmetric()).isTrue();
      assertSameDistances("GPU vs CPU", cpu, d);
    }
  }

  @Test
  void aNegativeCycleIsReported() {
    OnTheGpu.assumeGpu();
    GraphBuilder builder = GraphBuilder.withVertexCount(300);
    for (int v = 0; v < 299; v++) {
      builder.addArc(v, v + 1, 1f);
    }
    builder.addArc(299, 150, -200f);
    Graph graph = builder.build();
    assertThatThrownBy(() -> new GpuFloydWarshall(gpu, GpuFloydWarshallOptions.defaults().withBlockSize(128), 0)
        .solve(graph, Progress.NONE)).isInstanceOf(NegativeCycleException.class);
  }

  /**
   * The CPU solver's distances with the same tile side, arithmetic and pivot order (the vertices' own, as the GPU
   * solver takes them): the same updates in the same order.
   */
  static TiledDistanceMatrix cpuSolve(Graph graph, int b, Arithmetic arithmetic) {
    return new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults().withBlockSize(b)
        .withArithmetic(arithmetic).withPivotOrder(false)).solve(graph, Progress.NONE);
  }

  /** Every distance of {@code actual} has the bits of {@code expected}'s. */
  static void assertSameDistances(String what, DistanceMatrix expected, DistanceMatrix actual) {
    int n = expected.size();
    assertThat(actual.size()).as(what).isEqualTo(n);
    float[] e = new float[n];
    float[] a = new float[n];
    for (int u = 0; u < n; u++) {
      expected.copyRow(u, e);
      actual.copyRow(u, a);
      GpuKernelParityTest.assertSameBits(what + ", row " + u, e, a);
    }
  }

  /** An undirected graph with weights ≥ 0 for the arithmetic: the solvers work on its upper triangle of tiles. */
  static Graph randomUndirectedGraph(int n, Arithmetic arithmetic, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(true);
    for (int e = 0; e < n * 3; e++) {
      float w = arithmetic == Arithmetic.INT32 ? random.nextInt(100) : random.nextFloat() * 10;
      builder.addEdge(random.nextInt(n), random.nextInt(n), w);
    }
    return builder.build();
  }

  static Graph randomGraph(int n, Arithmetic arithmetic, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    float[] potential = new float[n];
    for (int v = 0; v < n; v++) {
      potential[v] = random.nextInt(20);
    }
    int arcs = n * 6;
    for (int a = 0; a < arcs; a++) {
      int u = random.nextInt(n);
      int v = random.nextInt(n);
      float w = switch (arithmetic) {
        case INT32 -> random.nextInt(100);
        case NONNEGATIVE_FLOAT -> random.nextFloat() * 10;
        // Negative arcs but no negative cycle: w + p(u) − p(v) with w ≥ 0.
        case EXACT_FLOAT -> random.nextFloat() * 10 + potential[u] - potential[v];
      };
      builder.addArc(u, v, w);
    }
    return builder.build();
  }
}
