package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.tropic.apsp.PartitionedTestGraphs.dijkstraAll;
import static org.tropic.apsp.PartitionedTestGraphs.floydWarshallDouble;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.partition.GraphPartitioner;
import org.tropic.partition.Partition;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Partitioned APSP against independent oracles (a double-precision triple loop, Dijkstra from every source) and
 * against blocked Floyd–Warshall, for arbitrary partitions (the algorithm is exact for any) on random graphs.
 */
class PartitionedApspTest {
  static final MinPlusKernels KERNELS = MinPlusKernels.best();

  /** Every vertex to a uniformly random part: a worst case for the boundary, and no METIS needed. */
  static GraphPartitioner randomPartitioner(long seed) {
    return (graph, parts) -> {
      Random random = new Random(seed);
      int[] partOf = new int[graph.vertexCount()];
      for (int v = 0; v < partOf.length; v++) {
        partOf[v] = random.nextInt(parts);
      }
      return new Partition(parts, partOf);
    };
  }

  @Property(tries = 50)
  void exactForAnyPartitionOnRandomGraphs(@ForAll @IntRange(min = 1, max = 110) int n,
      @ForAll @IntRange(min = 0, max = 5) int degree, @ForAll boolean integral, @ForAll boolean negative,
      @ForAll @IntRange(min = 1, max = 12) int parts, @ForAll @IntRange(min = 1, max = 3) int threads,
      @ForAll boolean recurse, @ForAll long seed) {
    Graph graph = FloydWarshallTest.randomGraph(n, degree, integral, negative, new Random(seed));
    var options = new PartitionedOptions(parts, threads, null,
        recurse ? PartitionedOptions.Recursion.ALWAYS : PartitionedOptions.Recursion.NEVER);
    DistanceMatrix d = new PartitionedApsp(KERNELS, options, randomPartitioner(seed)).solve(graph, Progress.NONE);
    assertMatches(d, floydWarshallDouble(graph), integral, "random graph");
    DistanceMatrix fw = new BlockedFloydWarshall(KERNELS, FloydWarshallOptions.defaults().withThreads(1))
        .solve(graph, Progress.NONE);
    assertMatches(d, fw, integral);
  }

  /**
   * Components and boundary matrix solved on their upper triangles give the same bits as solved whole, in the same
   * tiles. With recursion the boundary graph's parts are chosen by the cost model, which counts the triangle, and a
   * matrix of more than 128 vertices gets the tile size the block-size model predicts fastest from rates measured on
   * this machine, for the triangle or the whole: the two runs may then split or tile differently, and real weights
   * agree to float rounding, whole numbers exactly. (On a loaded machine, with no recursion, a distance of the two
   * runs once came out one ulp apart: 367.61905 against 367.61902.)
   */
  @Property(tries = 30)
  void symmetricGraphsGiveTheSameBitsWithAndWithoutSymmetry(@ForAll @IntRange(min = 1, max = 200) int n,
      @ForAll @IntRange(min = 0, max = 4) int degree, @ForAll boolean integral,
      @ForAll @IntRange(min = 1, max = 8) int parts, @ForAll boolean recurse, @ForAll long seed) {
    Graph graph = SymmetricFloydWarshallTest.undirectedGraph(n, degree, integral, new Random(seed));
    var options = new PartitionedOptions(parts, 2, null,
        recurse ? PartitionedOptions.Recursion.ALWAYS : PartitionedOptions.Recursion.NEVER);
    PartitionedApsp symmetric = new PartitionedApsp(KERNELS, options, randomPartitioner(seed));
    PartitionedApsp.Prepared prepared = symmetric.prepare(graph);
    assertThat(prepared.symmetric()).isTrue();
    DistanceMatrix whole = new PartitionedApsp(KERNELS, options.withSymmetry(false), randomPartitioner(seed))
        .solve(graph, Progress.NONE);
    DistanceMatrix upper = symmetric.solve(prepared, Progress.NONE);
    boolean tiledByMeasuredRates = n > 128;
    if ((recurse || tiledByMeasuredRates) && !integral) {
      assertMatches(upper, whole, false);
    } else {
      SymmetricFloydWarshallTest.assertSameBits(upper, whole);
    }
    assertMatches(whole, floydWarshallDouble(graph), integral, "undirected random graph");
  }

  @Test
  void forcedRecursionOnRandomPartitionsStaysExact() {
    Graph graph = PartitionedTestGraphs.grid(20, 20, randomWeights(5));
    var options = new PartitionedOptions(8, 2, null, PartitionedOptions.Recursion.ALWAYS);
    PartitionedDistanceMatrix d = new PartitionedApsp(KERNELS, options, randomPartitioner(9))
        .solve(graph, Progress.NONE);
    assertThat(d.report().boundaryPartition()).as("boundary graph partitioned again").isNotNull();
    assertThat(d.report().boundarySolve()).startsWith("partitioned again: " + d.report().boundaryPartition().parts()
        + " parts, " + d.report().boundaryPartition().boundaryVertices() + " boundary vertices");
    assertMatches(d, dijkstraAll(graph), true, "20x20 grid, recursion");
  }

  @Test
  void everyArithmeticPathGivesTheSameDistances() {
    Graph graph = PartitionedTestGraphs.grid(15, 17, randomWeights(3));
    float[][] reference = null;
    for (Arithmetic arithmetic : Arithmetic.values()) {
      var options = new PartitionedOptions(6, 2, arithmetic, PartitionedOptions.Recursion.NEVER);
      float[][] rows = FloydWarshallTest.rows(
          new PartitionedApsp(KERNELS, options, randomPartitioner(1)).solve(graph, Progress.NONE));
      if (reference == null) {
        reference = rows;
      } else {
        assertThat(rows).as(arithmetic.label()).isDeepEqualTo(reference);
      }
    }
  }

  @Test
  void disconnectedGraphsAndIsolatedVertices() {
    GraphBuilder builder = GraphBuilder.withVertexCount(130);
    Random random = new Random(17);
    for (int block = 0; block < 2; block++) {
      int base = block * 60;
      for (int v = 0; v < 59; v++) {
        builder.addEdge(base + v, base + v + 1, 1 + random.nextInt(9));
        if (v + 7 < 60) {
          builder.addArc(base + v, base + v + 7, 1 + random.nextInt(20));
        }
      }
    }
    builder.addArc(10, 70, 3); // one-way bridge: block 2 cannot reach block 1
    Graph graph = builder.build(); // vertices 120..129 are isolated
    for (int parts : new int[] {1, 2, 5, 13, 40}) {
      var options = new PartitionedOptions(parts, 2, null, PartitionedOptions.Recursion.NEVER);
      DistanceMatrix d = new PartitionedApsp(KERNELS, options, randomPartitioner(parts)).solve(graph, Progress.NONE);
      assertMatches(d, dijkstraAll(graph), true, "disconnected, k=" + parts);
      assertThat(d.get(70, 10)).isEqualTo(Float.POSITIVE_INFINITY);
      assertThat(d.get(125, 125)).isZero();
    }
  }

  @Test
  void negativeCycleThroughSeveralComponentsIsReportedWithAnOriginalVertex() {
    GraphBuilder builder = GraphBuilder.withVertexCount(60);
    for (int v = 0; v + 1 < 60; v++) {
      builder.addArc(v, v + 1, 1f);
    }
    builder.addArc(45, 5, -41f); // cycle 5 → … → 45 → 5 of length 40 − 41 = −1
    Graph graph = builder.build();
    int[] partOf = new int[60];
    for (int v = 0; v < 60; v++) {
      partOf[v] = v / 10; // the cycle crosses five components: found only in the boundary graph
    }
    for (var recursion : PartitionedOptions.Recursion.values()) {
      var options = new PartitionedOptions(6, 2, null, recursion);
      assertThatThrownBy(() -> new PartitionedApsp(KERNELS, options, (g, k) -> new Partition(6, partOf))
          .solve(graph, Progress.NONE))
          .as(recursion.name())
          .isInstanceOf(NegativeCycleException.class)
          .hasMessageContaining("negative cycle")
          .satisfies(e -> assertThat(((NegativeCycleException) e).vertex()).isBetween(5, 45))
          .satisfies(e -> assertThat(((NegativeCycleException) e).closedWalkLength()).isNegative());
    }
  }

  @Test
  void negativeCycleInsideOneComponentIsFoundInStepOne() {
    Graph graph = GraphBuilder.withVertexCount(40).addArc(0, 39, 1).addArc(21, 22, 2).addArc(22, 23, 2)
        .addArc(23, 21, -5).build();
    int[] partOf = new int[40];
    for (int v = 0; v < 40; v++) {
      partOf[v] = v < 20 ? 0 : 1;
    }
    assertThatThrownBy(() -> new PartitionedApsp(KERNELS, new PartitionedOptions(2, 1, null,
        PartitionedOptions.Recursion.NEVER), (g, k) -> new Partition(2, partOf)).solve(graph, Progress.NONE))
        .isInstanceOf(NegativeCycleException.class)
        .satisfies(e -> assertThat(((NegativeCycleException) e).vertex()).isBetween(21, 23));
  }

  @Test
  void requestingAnInexactArithmeticIsRefused() {
    Graph graph = GraphBuilder.withVertexCount(3).addArc(0, 1, -1f).addArc(1, 2, 0.5f).build();
    var options = new PartitionedOptions(2, 1, Arithmetic.INT32, PartitionedOptions.Recursion.NEVER);
    assertThatThrownBy(() -> new PartitionedApsp(KERNELS, options, randomPartitioner(1)).prepare(graph))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not exact");
  }

  @Test
  void emptyAndSingleVertexGraphs() {
    var options = new PartitionedOptions(4, 1, null, PartitionedOptions.Recursion.NEVER);
    var apsp = new PartitionedApsp(KERNELS, options, randomPartitioner(1));
    assertThat(apsp.solve(GraphBuilder.withVertexCount(0).build(), Progress.NONE).size()).isZero();
    DistanceMatrix one = apsp.solve(GraphBuilder.withVertexCount(1).build(), Progress.NONE);
    assertThat(one.get(0, 0)).isZero();
  }

  @Test
  void reportDescribesThePartitionBeforeSolving() {
    Graph graph = PartitionedTestGraphs.grid(12, 12, () -> 1);
    int[] partOf = new int[144];
    for (int v = 0; v < 144; v++) {
      partOf[v] = (v % 12) < 6 ? 0 : 1; // left and right halves: 2 × 12 boundary vertices, 24 edges cut
    }
    var apsp = new PartitionedApsp(KERNELS, new PartitionedOptions(2, 1, null, PartitionedOptions.Recursion.NEVER),
        (g, k) -> new Partition(2, partOf));
    PartitionedApsp.Prepared prepared = apsp.prepare(graph);
    PartitionReport report = prepared.report();
    assertThat(report.parts()).isEqualTo(2);
    assertThat(report.componentSizes()).containsExactly(72, 72);
    assertThat(report.boundarySizes()).containsExactly(12, 12);
    assertThat(report.boundaryVertices()).isEqualTo(24);
    assertThat(report.cutArcs()).isEqualTo(24);
    assertThat(report.boundaryMatrixBytes()).isGreaterThanOrEqualTo(4L * 24 * 24);
    assertThat(report.outputBytes()).isEqualTo(4L * 144 * 144);
    assertThat(report.boundaryFraction()).isEqualTo(24 / 144.0);
    assertThat(report.summary()).contains("2 parts", "24 boundary vertices", "24 cut arcs");
    assertThat(prepared.estimatedSeconds()).isPositive().isFinite();
    assertThat(prepared.estimatedBytes())
        .isGreaterThanOrEqualTo(report.outputBytes() + report.boundaryMatrixBytes());
    PartitionedDistanceMatrix d = apsp.solve(prepared, Progress.NONE);
    assertThat(d.report().boundaryPartition()).isNull();
    assertThat(d.report().boundarySolve()).isEqualTo("floyd-warshall");
    assertMatches(d, dijkstraAll(graph), true, "halves");
  }

  @Test
  void progressCountsTheWholeWork() {
    Graph graph = PartitionedTestGraphs.grid(10, 10, () -> 2);
    long[] seen = new long[2];
    Progress counting = new Progress() {
      @Override
      public void begin(String task, long totalWork) {
        seen[0] = totalWork;
      }

      @Override
      public synchronized void advance(long work) {
        seen[1] += work;
      }

      @Override
      public void end() {}
    };
    new PartitionedApsp(KERNELS, new PartitionedOptions(4, 2, null, PartitionedOptions.Recursion.NEVER),
        randomPartitioner(4)).solve(graph, counting);
    assertThat(seen[1]).isEqualTo(seen[0]).isPositive();
  }

  /** Whole weights 1..9 from a seeded generator. */
  static java.util.function.DoubleSupplier randomWeights(long seed) {
    Random random = new Random(seed);
    return () -> 1 + random.nextInt(9);
  }

  // ---- comparison helpers ----

  /** Exact (as float32) where {@code exact} or infinite, else within relative 1e-5. */
  static void assertMatches(DistanceMatrix actual, double[][] expected, boolean exact, String what) {
    int n = expected.length;
    assertThat(actual.size()).isEqualTo(n);
    float[] row = new float[n];
    for (int u = 0; u < n; u++) {
      actual.copyRow(u, row);
      for (int v = 0; v < n; v++) {
        double e = expected[u][v];
        float a = row[v];
        boolean ok = exact || Double.isInfinite(e) ? a == (float) e
            : Math.abs(a - e) <= 1e-5 * Math.max(1, Math.abs(e));
        if (!ok) {
          fail(what + ": d(" + u + "," + v + ") = " + a + ", expected " + e);
        }
      }
      int v = (u * 7919) % n;
      if (actual.get(u, v) != row[v]) {
        fail(what + ": get(" + u + "," + v + ") = " + actual.get(u, v) + " but copyRow gives " + row[v]);
      }
    }
  }

  static void assertMatches(DistanceMatrix actual, DistanceMatrix expected, boolean exact) {
    int n = expected.size();
    double[][] reference = new double[n][n];
    float[] row = new float[n];
    for (int u = 0; u < n; u++) {
      expected.copyRow(u, row);
      for (int v = 0; v < n; v++) {
        reference[u][v] = row[v];
      }
    }
    assertMatches(actual, reference, exact, "against blocked Floyd–Warshall");
  }

  static void assumeMetis() {
    assumeTrue(PartitionedApsp.available(), () -> "METIS missing: " + PartitionedApsp.unavailableReason().orElse(""));
  }
}
