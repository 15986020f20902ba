package org.tropic.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class GraphReversedTest {

  @Property(tries = 200)
  void everyArcIsTurnedAroundWithItsWeightAndRowsStaySorted(
      @ForAll @IntRange(min = 1, max = 30) int n, @ForAll @Size(max = 120) List<@IntRange(max = 10_000) Integer> arcs) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int i = 0; i < arcs.size(); i++) {
      int code = arcs.get(i);
      builder.addArc(code % n, code / n % n, 1 + code % 7);
    }
    Graph graph = builder.build();
    Graph reversed = graph.reversed();

    assertThat(reversed.vertexCount()).isEqualTo(n);
    assertThat(arcList(reversed)).containsExactlyInAnyOrderElementsOf(turned(arcList(graph)));
    for (int v = 0; v < n; v++) {
      for (int a = reversed.offsets()[v] + 1; a < reversed.offsets()[v + 1]; a++) {
        assertThat(reversed.targets()[a]).isGreaterThan(reversed.targets()[a - 1]);
      }
    }
    assertThat(reversed.reversed().fingerprint()).isEqualTo(graph.fingerprint());
  }

  @Test
  void anUndirectedGraphIsItsOwnReversal() {
    Graph graph = GraphBuilder.withVertexCount(3).undirected(true).addEdge(0, 1, 2).addEdge(1, 2, 5).build();
    assertThat(graph.reversed()).isSameAs(graph);
  }

  private static List<String> arcList(Graph g) {
    List<String> out = new ArrayList<>();
    for (int u = 0; u < g.vertexCount(); u++) {
      for (int a = g.offsets()[u]; a < g.offsets()[u + 1]; a++) {
        out.add(u + ">" + g.targets()[a] + ":" + g.weights()[a]);
      }
    }
    return out;
  }

  private static List<String> turned(List<String> arcs) {
    List<String> out = new ArrayList<>();
    for (String arc : arcs) {
      String[] ends = arc.split("[>:]");
      out.add(ends[1] + ">" + ends[0] + ":" + ends[2]);
    }
    return out;
  }
}
