package org.tropic.partition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class SymmetricAdjacencyTest {

  @Test
  void unionOfBothDirectionsWithoutSelfLoopsOrDuplicates() {
    Graph graph = GraphBuilder.withVertexCount(4)
        .addArc(0, 1, 1).addArc(1, 0, 2).addArc(1, 2, 1).addArc(3, 0, 5).addArc(2, 2, -1).build();
    SymmetricAdjacency adjacency = SymmetricAdjacency.of(graph);
    assertThat(adjacency.xadj()).containsExactly(0, 2, 4, 5, 6);
    assertThat(adjacency.adjncy()).containsExactly(1, 3, 0, 2, 1, 0);
    assertThat(adjacency.edgeCount()).isEqualTo(3);
  }
}
