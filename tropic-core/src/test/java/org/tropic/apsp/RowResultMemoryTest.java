package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.MinPlusKernels;

/**
 * Dijkstra and batched Bellman–Ford hold the n² result as n float rows, planned as the heap holds them. Counted as
 * n² × 4 bytes, batched on cond-mat (n = 16,264) was let start in a 1,040 MiB heap and ran out of it: each row of
 * 65,072 bytes takes 65,536 of a G1 region (sixteen to 1 MiB, 32 to 2 MiB), 7.5 MB more in all, and each thread's
 * batch state of 8 MiB takes whole regions. The tests run under G1 (the poms' -XX:+UseG1GC), where rows leave room.
 */
class RowResultMemoryTest {
  private static final int N = 16_264;

  @Test
  void aRowResultIsCountedAsTheHeapHoldsItsRows() {
    long row = HeapFootprint.floatArray(N);
    assertThat(row).as("under G1 a row of 65,072 bytes leaves part of a region").isGreaterThan(16 + 4L * N);
    assertThat(RowDistanceMatrix.heapBytes(N)).isGreaterThanOrEqualTo(N * row);
    assertThat(Planner.dijkstraBytes(N, 2)).isGreaterThanOrEqualTo(N * row + 2L * N * 16);
  }

  /** A budget with room for the floats, ints and flags alone, not for the regions they take, is refused. */
  @Test
  void batchedIsRefusedWhereOnlyItsBytesWouldFit() {
    Graph ring = ring(N);
    int threads = 1;
    int width = TargetBatch.roundUpToLanes(BatchedBellmanFord.batchFor(N, threads));
    long floatsAlone = 4L * N * N + threads * ((long) N * width * 4 + 5L * N) + 8L * N + 4L * (N + 1);
    var request = new ApspRequest(Algorithm.BATCHED, FloydWarshallOptions.defaults().withThreads(threads), 0,
        floatsAlone + (1 << 20), Device.CPU);
    assertThatThrownBy(() -> new Planner(MinPlusKernels.best()).plan(ring, request))
        .isInstanceOfSatisfying(MemoryBudgetException.class, e -> {
          assertThat(e.neededBytes()).isEqualTo(BatchedBellmanFord.bytes(ring, threads));
          assertThat(e.getMessage()).contains("batched Bellman–Ford").contains("row headers and heap packing");
        });
  }

  private static Graph ring(int n) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int v = 0; v < n; v++) {
      builder.addArc(v, (v + 1) % n, 1f);
    }
    return builder.build();
  }
}
