package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.tropic.apsp.PartitionedApspTest.KERNELS;
import static org.tropic.apsp.PartitionedApspTest.assertMatches;
import static org.tropic.apsp.PartitionedApspTest.assumeMetis;
import static org.tropic.apsp.PartitionedApspTest.randomPartitioner;
import static org.tropic.apsp.PartitionedApspTest.randomWeights;
import static org.tropic.apsp.PartitionedTestGraphs.dijkstraAll;

import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.io.Units;
import org.tropic.partition.GraphPartitioner;
import org.tropic.partition.Partition;
import org.tropic.semiring.Arithmetic;

/**
 * Partitioned APSP's tile sizes are chosen among those whose memory fits, as Floyd–Warshall's are. They were the
 * model's fastest, checked only at solve time: bcspwr10 in 2 parts was refused a 160 MiB heap in 256 or 384 tiles
 * (its two components closed side by side), though smaller tiles fit it and ran.
 */
class PartitionedTileMemoryTest {
  private static final long MIB = 1 << 20;
  /** G1 with 1 MiB regions, as in a heap of up to 2 GiB. */
  private static final LongUnaryOperator ONE_MIB_REGIONS =
      length -> HeapFootprint.footprint(HeapFootprint.ARRAY_HEADER + length * Float.BYTES, MIB);

  /** Consecutive ids to a part: on a grid, strips of rows, whose boundary grows with the number of parts. */
  private static final GraphPartitioner STRIPS = (graph, parts) -> new Partition(parts,
      IntStream.range(0, graph.vertexCount()).map(v -> (int) ((long) v * parts / graph.vertexCount())).toArray());

  private static ApspRequest partitionedWithin(long budget) {
    return new ApspRequest(Algorithm.PARTITIONED, FloydWarshallOptions.defaults().withThreads(2), 2, budget,
        Device.CPU);
  }

  /** The tile size of n vertices whose tiles and panels take the least heap, of those the model may pick. */
  private static int leanest(int n, boolean symmetric) {
    if (n <= 128) {
      return Math.max(32, (n + 31) / 32 * 32); // one tile, whatever is allowed
    }
    return Arrays.stream(BlockSizeModel.usableCandidates()).boxed()
        .min((a, b) -> Long.compare(Planner.floydWarshallBytes(n, a, symmetric),
            Planner.floydWarshallBytes(n, b, symmetric)))
        .orElseThrow();
  }

  /** The least a solve of this partition can take: every matrix in its leanest tiles. */
  private static long leastPeak(PartitionedApsp.Prepared prepared, int threads) {
    PartitionReport report = prepared.report();
    int[] tiles = Arrays.stream(report.componentSizes()).map(s -> leanest(s, prepared.symmetric())).toArray();
    int boundary = report.boundaryVertices() == 0 ? 0 : leanest(report.boundaryVertices(), prepared.symmetric());
    return PartitionedMemory.of(report, threads, tiles, boundary, prepared.symmetric(), HeapFootprint::floatArray)
        .peak();
  }

  /**
   * bcspwr10 (n = 5,300) in 2 parts, with a budget between what its leanest tiles take and what the fastest take:
   * planned in tiles that fit, with a note saying memory chose them. Before, the fastest were planned regardless.
   */
  @Test
  void aPartitionedSolveIsPlannedInTilesThatFitTheBudget() throws IOException {
    assumeMetis();
    Graph graph = PartitionedTestGraphs.read("suitesparse/bcspwr10.mtx");
    Planner planner = new Planner(KERNELS, new ColdStart());
    ApspPlan roomy = planner.plan(graph, partitionedWithin(1L << 40));
    long fastest = roomy.estimatedBytes();
    long least = leastPeak(roomy.partitioned(), 2);
    assumeThat(least).as("some tiles leaner than the fastest in this heap's regions").isLessThan(fastest);
    long budget = (least + fastest) / 2;

    ApspPlan plan = planner.plan(graph, partitionedWithin(budget));

    assertThat(plan.partitioned().report().componentSizes()).isEqualTo(roomy.partitioned().report()
        .componentSizes());
    assertThat(plan.estimatedBytes()).isLessThanOrEqualTo(budget).isGreaterThanOrEqualTo(least);
    assertThat(plan.reason()).contains("the fastest sizes that fit", String.format("%,d bytes", fastest));
  }

  /** The solve closes its matrices in the tiles its memory was counted in, and its distances are exact. */
  @Test
  void aSolveInTheTilesThatFitIsExact() {
    Graph graph = PartitionedTestGraphs.grid(30, 30, randomWeights(7));
    var options = new PartitionedOptions(2, 2, null, PartitionedOptions.Recursion.NEVER);
    PartitionedApsp apsp = new PartitionedApsp(KERNELS, options, randomPartitioner(11));
    PartitionedApsp.Prepared roomy = apsp.prepare(graph);
    long least = leastPeak(roomy, 2);
    assumeThat(least).isLessThan(roomy.estimatedBytes());
    long room = (least + roomy.estimatedBytes()) / 2;

    PartitionedApsp.Prepared fitted = apsp.withHeapRoom(need -> room).prepare(graph);
    PartitionedDistanceMatrix d = apsp.solve(fitted, Progress.NONE);

    assertThat(fitted.estimatedBytes()).isLessThanOrEqualTo(room);
    assertThat(fitted.tiles().describe()).as("tile sizes").isNotEqualTo(roomy.tiles().describe());
    assertMatches(d, dijkstraAll(graph), false, "30x30 grid in tiles that fit");
  }

  /**
   * Over many partitions and rooms, in 1 MiB regions: the chosen tiles fit the room, or none do and the tiles are
   * those that take the least heap; where the fastest fit, they are kept.
   */
  @Property(tries = 40)
  void theChosenTilesFitAndNoneFitOnlyBelowTheLeanest(@ForAll @IntRange(min = 1, max = 6) int parts,
      @ForAll @IntRange(min = 100, max = 3000) int componentSize, @ForAll @IntRange(min = 0, max = 600) int boundary,
      @ForAll @IntRange(min = 1, max = 4) int threads, @ForAll boolean symmetric,
      @ForAll @DoubleRange(min = 0.5, max = 3) double roomOverOutput) {
    int[] sizes = new int[parts];
    int[] boundaries = new int[parts];
    for (int c = 0; c < parts; c++) {
      sizes[c] = componentSize + 37 * c; // not all alike
      boundaries[c] = parts == 1 ? 0 : Math.min(boundary, sizes[c]);
    }
    long n = Arrays.stream(sizes).sum();
    PartitionReport report = new PartitionReport(parts, sizes, boundaries, Arrays.stream(boundaries).sum(), 0, 0,
        4 * n * n, null);
    BlockSizeModel model = BlockSizeModel.forMachine(KERNELS);
    long room = (long) (roomOverOutput * 4 * n * n);

    PartitionedTiles tiles = PartitionedTiles.choose(model, report, threads, Arithmetic.NONNEGATIVE_FLOAT, symmetric,
        ONE_MIB_REGIONS, need -> room);
    PartitionedTiles fastest = PartitionedTiles.choose(model, report, threads, Arithmetic.NONNEGATIVE_FLOAT, symmetric,
        ONE_MIB_REGIONS, need -> Long.MAX_VALUE);
    PartitionedTiles leanest = PartitionedTiles.choose(model, report, threads, Arithmetic.NONNEGATIVE_FLOAT, symmetric,
        ONE_MIB_REGIONS, need -> 0);

    assertThat(tiles.memory()).isEqualTo(PartitionedMemory.of(report, threads, tiles.components(),
        tiles.boundary(), symmetric, ONE_MIB_REGIONS));
    assertThat(leanest.memory().peak()).isLessThanOrEqualTo(fastest.memory().peak());
    if (fastest.memory().peak() <= room) {
      assertThat(tiles.components()).isEqualTo(fastest.components());
      assertThat(tiles.note()).isEmpty();
    } else if (leanest.memory().peak() <= room) {
      assertThat(tiles.noneFits()).isFalse();
      assertThat(tiles.memory().peak()).isLessThanOrEqualTo(room);
      assertThat(tiles.note()).contains("the fastest sizes that fit");
    } else {
      assertThat(tiles.noneFits()).isTrue();
      assertThat(tiles.memory().peak()).isEqualTo(leanest.memory().peak());
    }
  }

  /**
   * A room below what the fastest k's solve takes in its leanest tiles, but above what a smaller k's takes: the
   * search keeps to the k that fit, and the plan says which faster k it passed over. It took the fastest k and the
   * solve was refused, though the smaller boundary matrix of fewer parts fit.
   */
  @Test
  void thePartCountIsChosenAmongThoseWhoseSolveFits() {
    Graph graph = PartitionedTestGraphs.grid(48, 48, randomWeights(3));
    var options = new PartitionedOptions(0, 2, null, PartitionedOptions.Recursion.NEVER);
    PartitionedApsp apsp = new PartitionedApsp(KERNELS, options, STRIPS);
    PartitionedApsp.Prepared roomy = apsp.prepare(graph);
    int fastK = roomy.requestedParts();
    PartitionedApsp.Prepared fewer = new PartitionedApsp(KERNELS, options.withParts(fastK / 2), STRIPS)
        .prepare(graph);
    long room = leastPeak(roomy, 2) - 1;
    assumeThat(fastK).as("a smaller k to fall back on").isGreaterThanOrEqualTo(4);
    assumeThat(leastPeak(fewer, 2)).as("fewer parts take less").isLessThanOrEqualTo(room);

    PartitionedApsp.Prepared fitted = apsp.withHeapRoom(need -> room).prepare(graph);

    assertThat(fitted.requestedParts()).isLessThan(fastK);
    assertThat(fitted.estimatedBytes()).isLessThanOrEqualTo(room);
    assertThat(fitted.partsNote()).isEqualTo(String.format(Locale.ROOT, "; %d parts, not the faster %d, whose solve"
        + " takes %s: more than the heap holds", fitted.requestedParts(), fastK, Units.bytes(leastPeak(roomy, 2))));
    assertThat(roomy.partsNote()).isEmpty();
  }
}
