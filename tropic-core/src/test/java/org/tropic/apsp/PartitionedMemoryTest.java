package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tropic.apsp.PartitionedApspTest.KERNELS;
import static org.tropic.apsp.PartitionedApspTest.assertMatches;
import static org.tropic.apsp.PartitionedApspTest.randomPartitioner;
import static org.tropic.apsp.PartitionedApspTest.randomWeights;
import static org.tropic.apsp.PartitionedTestGraphs.dijkstraAll;

import java.util.Arrays;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;

/**
 * The partitioned solve's memory is counted by the rule Floyd–Warshall's plan uses ({@link HeapFootprint}): under G1
 * its arrays take whole regions or share them, not their bytes alone. Counted by bytes, a solve on power (k = 1,016,
 * its boundary graph partitioned again into row blocks of 1.3 MB) was admitted to a 160 MiB heap and ran out of it.
 */
class PartitionedMemoryTest {
  private static final long MIB = 1 << 20;
  /** G1 with 1 MiB regions, as in a heap of 160 MiB. */
  private static final LongUnaryOperator ONE_MIB_REGIONS =
      length -> HeapFootprint.footprint(HeapFootprint.ARRAY_HEADER + length * Float.BYTES, MIB);

  private static PartitionReport report(int[] sizes, int[] boundaries) {
    long n = Arrays.stream(sizes).sum();
    return new PartitionReport(sizes.length, sizes, boundaries, Arrays.stream(boundaries).sum(), 0, 0, 4 * n * n,
        null);
  }

  @Test
  void rowBlocksOverHalfARegionTakeWholeRegions() {
    int[] sizes = new int[33];
    Arrays.fill(sizes, 100); // n = 3300: each row block is 100 × 3300 floats, 1.32 MB, humongous in 1 MiB regions
    int[] tiles = new int[33];
    Arrays.fill(tiles, 128);
    PartitionedMemory memory = PartitionedMemory.of(report(sizes, new int[33]), 2, tiles, 0, false, ONE_MIB_REGIONS);
    assertThat(memory.rowBlocks()).isEqualTo(33 * 2 * MIB).isGreaterThan(4L * 3300 * 3300 * 3 / 2);
    assertThat(memory.boundary()).isZero();
    assertThat(memory.working()).isZero();
  }

  @Test
  void boundaryMatrixCountsItsPanelsAndRegionPackingAsFloydWarshallDoes() {
    int[] sizes = {400, 400};
    int[] boundaries = {384, 384}; // B = 768: 3 × 3 tiles of 256 × 256, three to a 1 MiB region, not four
    PartitionedMemory memory = PartitionedMemory.of(report(sizes, boundaries), 2, new int[] {128, 128}, 256, false,
        ONE_MIB_REGIONS);
    long tile = (MIB + 2) / 3;
    assertThat(memory.boundary()).isEqualTo((9 + 3 * 2 * 3) * tile)
        .isEqualTo(PartitionedMemory.floydWarshallBytes(768, 256, false, ONE_MIB_REGIONS))
        .isGreaterThan((9 + 3 * 2 * 3) * 256L * 256 * 4);
    // the upper triangle: 6 tiles and the same panels
    assertThat(PartitionedMemory.of(report(sizes, boundaries), 2, new int[] {128, 128}, 256, true,
        ONE_MIB_REGIONS).boundary()).isEqualTo((6 + 3 * 2 * 3) * tile);
  }

  @Test
  void theJvmsOwnRuleGivesThePlannersBoundaryFigure() {
    int[] sizes = {400, 400};
    int[] boundaries = {384, 384};
    PartitionedMemory memory = PartitionedMemory.of(report(sizes, boundaries), 2, new int[] {128, 128}, 256, false,
        HeapFootprint::floatArray);
    assertThat(memory.boundary()).isEqualTo(Planner.floydWarshallBytes(768, 256, false));
  }

  @Test
  void stepOneCountsTheComponentsClosedSideBySide() {
    int[] sizes = {1000, 1000, 10};
    PartitionedMemory memory = PartitionedMemory.of(report(sizes, new int[3]), 2, new int[] {256, 256, 32}, 0,
        false, ONE_MIB_REGIONS);
    long each = PartitionedMemory.floydWarshallBytes(1000, 256, false, ONE_MIB_REGIONS);
    assertThat(memory.components()).isEqualTo(2 * each); // the two largest, on two threads
    assertThat(memory.peak()).isEqualTo(memory.rowBlocks() + 2 * each);
  }

  @Test
  void theRefusalsPartsAddUpToThePeak() {
    int[] sizes = {400, 400};
    int[] boundaries = {384, 384};
    PartitionReport report = report(sizes, boundaries);
    PartitionedMemory memory = PartitionedMemory.of(report, 2, new int[] {128, 128}, 256, false, ONE_MIB_REGIONS);
    String text = memory.describe(report.outputBytes());
    assertThat(memory.rowBlocks() + memory.boundary() + memory.working()).isEqualTo(memory.peak());
    assertThat(text).contains("row blocks", "boundary matrix", "buffers", grouped(memory.rowBlocks()),
        grouped(report.outputBytes()), grouped(memory.rowBlocks() - report.outputBytes()),
        grouped(memory.boundary()), grouped(memory.working()));
  }

  private static String grouped(long bytes) {
    return String.format(java.util.Locale.ROOT, "%,d", bytes);
  }

  @Test
  void preparedEstimateCountsEveryArrayAsTheHeapTakesIt() {
    Graph graph = PartitionedTestGraphs.grid(30, 30, randomWeights(4));
    var options = new PartitionedOptions(6, 2, null, PartitionedOptions.Recursion.NEVER);
    PartitionedApsp.Prepared prepared = new PartitionedApsp(KERNELS, options, randomPartitioner(3)).prepare(graph);
    PartitionReport report = prepared.report();
    long rows = 0;
    for (int s : report.componentSizes()) {
      rows += HeapFootprint.floatArray((long) s * report.vertexCount());
    }
    assertThat(prepared.memory().rowBlocks()).isEqualTo(rows);
    assertThat(report.boundaryMatrixBytes()).isEqualTo(prepared.memory().boundary())
        // at least the tiles of the smallest tile side, stored as the solve stores them: the side is the timed
        // model's choice, and against the full square an upper triangle passed only where that side was large
        .isGreaterThanOrEqualTo(TiledDistanceMatrix.storageBytes(report.boundaryVertices(), 32,
            prepared.symmetric()));
    assertThat(prepared.estimatedBytes())
        .isGreaterThanOrEqualTo(rows + report.boundaryMatrixBytes() + prepared.memory().working());
  }

  /**
   * The solve is admitted with the direct boundary matrix in its budget; a recursive boundary solve brings its own
   * n² output and buffers, so it is taken only where they fit, and the boundary matrix is closed directly otherwise.
   */
  @Test
  void recursionThatDoesNotFitTheHeapClosesTheBoundaryDirectly() {
    Graph graph = PartitionedTestGraphs.grid(20, 20, randomWeights(5));
    var options = new PartitionedOptions(8, 2, null, PartitionedOptions.Recursion.ALWAYS);
    PartitionedApsp apsp = new PartitionedApsp(KERNELS, options, randomPartitioner(9));
    long[] asked = new long[1];
    PartitionedDistanceMatrix noRoom = apsp.withHeapRoom(bytes -> {
      asked[0] = bytes;
      return 0;
    }).solve(graph, Progress.NONE);
    assertThat(noRoom.report().boundaryPartition()).as("boundary graph partitioned again").isNull();
    assertThat(asked[0]).as("bytes asked for: the inner solve's peak and steps 3–4's buffers").isPositive();
    assertMatches(noRoom, dijkstraAll(graph), true, "20x20 grid, recursion refused");
    PartitionedDistanceMatrix room = apsp.withHeapRoom(bytes -> Long.MAX_VALUE).solve(graph, Progress.NONE);
    assertThat(room.report().boundaryPartition()).isNotNull();
  }
}
