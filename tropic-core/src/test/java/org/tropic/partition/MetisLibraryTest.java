package org.tropic.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/** The METIS binding on the system's libmetis.so.5, and the message when it is missing. */
class MetisLibraryTest {

  static Metis metis() {
    assumeTrue(MetisLibrary.load().isPresent(),
        () -> "METIS missing (" + MetisLibrary.unavailableReason().orElse("?") + ")");
    return MetisLibrary.require();
  }

  static Graph grid(int rows, int cols) {
    GraphBuilder builder = GraphBuilder.withVertexCount(rows * cols).undirected(true);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        int v = r * cols + c;
        if (c + 1 < cols) {
          builder.addEdge(v, v + 1, 1);
        }
        if (r + 1 < rows) {
          builder.addEdge(v, v + cols, 1);
        }
      }
    }
    return builder.build();
  }

  @Test
  void missingLibraryIsReportedWithTheFix() {
    MetisLibrary.Loaded loaded = MetisLibrary.tryLoad("libmetis-does-not-exist.so.5");
    assertThat(loaded.library()).isNull();
    assertThat(loaded.failure()).contains("libmetis-does-not-exist.so.5 not found", "apt-get install libmetis5");
    assertThatThrownBy(loaded::orThrow).isInstanceOf(MetisUnavailableException.class)
        .hasMessageContaining("apt-get install libmetis5");
  }

  @Test
  void aLibraryWithoutMetisIsRefused() {
    MetisLibrary.Loaded loaded = MetisLibrary.tryLoad("libc.so.6");
    assertThat(loaded.library()).isNull();
    assertThat(loaded.failure()).contains("METIS_SetDefaultOptions", "libmetis5");
  }

  @Test
  void gridSplitsIntoBalancedPartsWithASmallCut() {
    Metis metis = metis();
    Graph graph = grid(32, 32);
    SymmetricAdjacency adjacency = SymmetricAdjacency.of(graph);
    Metis.KwayPartition result = metis.partGraphKway(adjacency, 4, 7);
    int[] sizes = new int[4];
    for (int p : result.partOf()) {
      assertThat(p).isBetween(0, 3);
      sizes[p]++;
    }
    for (int size : sizes) {
      assertThat(size).as("sizes %s", Arrays.toString(sizes)).isBetween(230, 282); // 256 ± 10%
    }
    int cut = 0;
    for (int u = 0; u < adjacency.vertexCount(); u++) {
      for (int i = adjacency.xadj()[u]; i < adjacency.xadj()[u + 1]; i++) {
        cut += result.partOf()[u] != result.partOf()[adjacency.adjncy()[i]] ? 1 : 0;
      }
    }
    assertThat(result.edgeCut()).isEqualTo(cut / 2);
    assertThat(result.edgeCut()).as("a 32×32 grid splits into quarters by ~64 edges").isLessThanOrEqualTo(100);
  }

  @Test
  void theSameSeedGivesTheSamePartition() {
    Metis metis = metis();
    SymmetricAdjacency adjacency = SymmetricAdjacency.of(grid(40, 25));
    int[] first = metis.partGraphKway(adjacency, 8, 99).partOf();
    int[] second = metis.partGraphKway(adjacency, 8, 99).partOf();
    assertThat(second).isEqualTo(first);
  }

  @Test
  void invalidRequestsAreRefusedBeforeReachingMetis() {
    Metis metis = metis();
    SymmetricAdjacency adjacency = SymmetricAdjacency.of(grid(3, 3));
    assertThatThrownBy(() -> metis.partGraphKway(adjacency, 1, 0)).hasMessageContaining("2 ≤ parts");
    assertThatThrownBy(() -> metis.partGraphKway(adjacency, 10, 0)).hasMessageContaining("9 vertices");
    SymmetricAdjacency noEdges = SymmetricAdjacency.of(GraphBuilder.withVertexCount(4).build());
    assertThatThrownBy(() -> metis.partGraphKway(noEdges, 2, 0)).hasMessageContaining("at least one edge");
  }

  @Test
  void partitionerHandlesDegenerateGraphsWithoutMetis() {
    MetisPartitioner partitioner = new MetisPartitioner((graph, parts, seed) -> {
      throw new AssertionError("METIS must not be called");
    }, 1);
    assertThat(partitioner.partition(GraphBuilder.withVertexCount(5).build(), 1).partOf()).containsOnly(0);
    Partition noEdges = partitioner.partition(GraphBuilder.withVertexCount(10).build(), 3);
    assertThat(noEdges.parts()).isEqualTo(3);
    assertThat(noEdges.partOf()).containsExactly(0, 0, 0, 0, 1, 1, 1, 2, 2, 2);
    assertThat(partitioner.partition(GraphBuilder.withVertexCount(1).build(), 8).parts()).isEqualTo(1);
  }

  @Test
  void directedGraphsArePartitionedOnTheirSymmetrisedStructure() {
    Metis metis = metis();
    GraphBuilder builder = GraphBuilder.withVertexCount(200);
    for (int v = 0; v + 1 < 200; v++) {
      builder.addArc(v, v + 1, 1); // a directed path: one arc per pair
    }
    Partition partition = new MetisPartitioner(metis, 3).partition(builder.build(), 4);
    PartitionLayout layout = PartitionLayout.of(builder.build(), partition);
    assertThat(layout.componentCount()).isEqualTo(4);
    assertThat(layout.boundaryVertexCount()).as("a path cut in 4 has 3 cuts, 6 boundary vertices")
        .isLessThanOrEqualTo(10);
  }
}
