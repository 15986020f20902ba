package org.tropic.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class PartitionLayoutTest {

  @Test
  void componentsAreContiguousWithBoundaryVerticesFirst() {
    // path 0-1-2-3-4-5 (undirected), parts {0,1,2} and {3,4,5}, listed in part order 1, 0 by first vertex
    GraphBuilder builder = GraphBuilder.withVertexCount(6);
    for (int v = 0; v < 5; v++) {
      builder.addEdge(v, v + 1, 1);
    }
    PartitionLayout layout = PartitionLayout.of(builder.build(), new Partition(3, new int[] {1, 1, 1, 0, 0, 0}));
    assertThat(layout.componentCount()).as("the empty part 2 is dropped").isEqualTo(2);
    assertThat(layout.componentSizes()).containsExactly(3, 3);
    assertThat(layout.boundarySizes()).containsExactly(1, 1);
    assertThat(new int[] {layout.vertexAt(0), layout.vertexAt(1), layout.vertexAt(2)}).containsExactly(2, 0, 1);
    assertThat(new int[] {layout.vertexAt(3), layout.vertexAt(4), layout.vertexAt(5)}).containsExactly(3, 4, 5);
    assertThat(layout.boundaryIndexOf(layout.positionOf(2))).isZero();
    assertThat(layout.boundaryIndexOf(layout.positionOf(3))).isEqualTo(1);
    assertThat(layout.boundaryIndexOf(layout.positionOf(4))).isEqualTo(-1);
    assertThat(layout.positionOfBoundary(1)).isEqualTo(3);
    assertThat(layout.cutArcs()).isEqualTo(2);
  }

  @Property(tries = 40)
  void layoutIsAPermutationAndBoundaryMeansACrossingArc(@ForAll @IntRange(min = 1, max = 80) int n,
      @ForAll @IntRange(min = 1, max = 9) int parts, @ForAll long seed) {
    Random random = new Random(seed);
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int a = 0; a < 2 * n; a++) {
      builder.addArc(random.nextInt(n), random.nextInt(n), 1);
    }
    Graph graph = builder.build();
    int[] partOf = new int[n];
    for (int v = 0; v < n; v++) {
      partOf[v] = random.nextInt(parts);
    }
    PartitionLayout layout = PartitionLayout.of(graph, new Partition(parts, partOf));
    boolean[] crossing = new boolean[n];
    for (int u = 0; u < n; u++) {
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        int v = graph.targets()[a];
        if (partOf[u] != partOf[v]) {
          crossing[u] = crossing[v] = true;
        }
      }
    }
    int boundary = 0;
    for (int p = 0; p < n; p++) {
      int v = layout.vertexAt(p);
      assertThat(layout.positionOf(v)).isEqualTo(p);
      int c = layout.componentAt(p);
      assertThat(p).isBetween(layout.componentStart(c), layout.componentStart(c) + layout.componentSize(c) - 1);
      assertThat(layout.boundaryIndexOf(p) >= 0).isEqualTo(crossing[v]);
      if (crossing[v]) {
        assertThat(layout.positionOfBoundary(layout.boundaryIndexOf(p))).isEqualTo(p);
        boundary++;
      }
      if (p > layout.componentStart(c) && layout.boundaryIndexOf(p) >= 0) {
        assertThat(layout.boundaryIndexOf(p - 1)).as("boundary first").isGreaterThanOrEqualTo(0);
      }
      if (p > 0 && layout.componentAt(p - 1) == c) {
        assertThat(partOf[layout.vertexAt(p - 1)]).isEqualTo(partOf[v]);
      }
    }
    assertThat(layout.boundaryVertexCount()).isEqualTo(boundary);
  }

  @Test
  void partitionsAreValidated() {
    assertThatThrownBy(() -> new Partition(2, new int[] {0, 2})).hasMessageContaining("vertex 1")
        .hasMessageContaining("part 2");
    assertThatThrownBy(() -> new Partition(0, new int[0])).hasMessageContaining("at least one part");
    Graph graph = GraphBuilder.withVertexCount(3).build();
    assertThatThrownBy(() -> PartitionLayout.of(graph, Partition.single(4))).hasMessageContaining("4 vertices");
  }
}
