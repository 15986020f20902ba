package org.tropic.graph;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GraphBuilderTest {

  /**
   * Room made for the declared arcs is used as it is: adding that many never doubles the arrays (which left up to
   * twice the room, the peak of a read), and more still grow them.
   */
  @Test
  void roomMadeForTheDeclaredArcsIsNotDoubled() {
    int declared = (1 << 20) + 1;
    GraphBuilder builder = GraphBuilder.withVertexCount(1000).expectingArcs(declared);
    for (int a = 0; a < declared; a++) {
      builder.addArc(a % 1000, (a / 1000) % 1000, 1);
    }
    assertThat(builder.arcRoom()).isEqualTo(declared);
    builder.addArc(0, 1, 1);
    assertThat(builder.arcRoom()).isGreaterThan(declared);
    assertThat(builder.build().arcCount()).isLessThanOrEqualTo(declared + 1);
  }

  @Test
  void countsTheSelfLoopsItDropsAndTheDuplicateArcsItMerges() {
    GraphBuilder builder = GraphBuilder.withVertexCount(3)
        .addArc(0, 0, 1)
        .addArc(0, 1, 4)
        .addArc(0, 1, 2)
        .addArc(0, 1, 3)
        .addArc(1, 1, 0)
        .addArc(1, 2, 1);

    Graph g = builder.build();

    assertThat(g.arcCount()).isEqualTo(2);
    assertThat(g.weight(0, 1)).isEqualTo(2f);
    assertThat(builder.droppedArcs()).isEqualTo(new DroppedArcs(2, 2));
  }

  @Test
  void aNegativeSelfLoopIsKeptAndNotCounted() {
    GraphBuilder builder = GraphBuilder.withVertexCount(2).addArc(0, 0, -1).addArc(0, 1, 1);

    Graph g = builder.build();

    assertThat(g.weight(0, 0)).isEqualTo(-1f);
    assertThat(builder.droppedArcs()).isEqualTo(DroppedArcs.NONE);
  }

  @Test
  void aRepeatedUndirectedEdgeIsTwoMergedArcsAndItsSelfLoopOne() {
    GraphBuilder builder = GraphBuilder.withVertexCount(2).undirected(true)
        .addEdge(0, 1, 1)
        .addEdge(1, 0, 1)
        .addEdge(1, 1, 5);

    builder.build();

    assertThat(builder.droppedArcs()).isEqualTo(new DroppedArcs(1, 2));
  }

  @Test
  void nothingIsCountedBeforeTheBuild() {
    GraphBuilder builder = GraphBuilder.withVertexCount(1).addArc(0, 0, 1);

    assertThat(builder.droppedArcs()).isEqualTo(DroppedArcs.NONE);
  }

  @Test
  void describesOnlyTheNonZeroCountsInSingularOrPlural() {
    assertThat(new DroppedArcs(1, 0).describe()).isEqualTo("1 self-loop dropped");
    assertThat(new DroppedArcs(0, 1).describe()).isEqualTo("1 duplicate arc merged");
    assertThat(new DroppedArcs(2, 1_500).describe()).isEqualTo("2 self-loops dropped, 1,500 duplicate arcs merged");
    assertThat(DroppedArcs.NONE.any()).isFalse();
    assertThat(DroppedArcs.NONE.describe()).isEmpty();
  }
}
