package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

class RandomGraphsTest {

  @Test
  void theSameSeedGivesTheSameGraph() {
    Graph a = RandomGraphs.digraph(300, 8, RandomGraphs.Weights.REAL, 42);
    Graph b = RandomGraphs.digraph(300, 8, RandomGraphs.Weights.REAL, 42);
    Graph c = RandomGraphs.digraph(300, 8, RandomGraphs.Weights.REAL, 43);
    assertThat(a.fingerprint()).isEqualTo(b.fingerprint()).isNotEqualTo(c.fingerprint());
  }

  @Test
  void degreesAndWeightsAreAsDescribed() {
    Graph g = RandomGraphs.digraph(200, 16, RandomGraphs.Weights.INTEGER, 1);
    assertThat(g.vertexCount()).isEqualTo(200);
    for (int u = 0; u < 200; u++) {
      assertThat(g.outDegree(u)).isBetween(12, 16);
      assertThat(g.weight(u, u)).isEqualTo(Float.POSITIVE_INFINITY);
    }
    assertThat(g.weightStats().min()).isGreaterThanOrEqualTo(1f);
    assertThat(g.weightStats().max()).isLessThan(100f);
    assertThat(Arithmetic.choose(g.weightStats(), 200)).isEqualTo(Arithmetic.INT32);
    Graph real = RandomGraphs.digraph(200, 16, RandomGraphs.Weights.REAL, 1);
    assertThat(Arithmetic.choose(real.weightStats(), 200)).isEqualTo(Arithmetic.NONNEGATIVE_FLOAT);
    assertThat(RandomGraphs.digraph(1, 16, RandomGraphs.Weights.REAL, 1).arcCount()).isZero();
  }

  @Test
  void theUndirectedGraphHasEachArcBothWays() {
    Graph arcs = RandomGraphs.digraph(150, 6, RandomGraphs.Weights.INTEGER, 5);
    Graph edges = RandomGraphs.undirected(150, 6, RandomGraphs.Weights.INTEGER, 5);
    assertThat(edges.isSymmetric()).isTrue();
    assertThat(edges.undirected()).isTrue();
    for (int u = 0; u < 150; u++) {
      for (int v = 0; v < 150; v++) {
        float lighter = Math.min(arcs.weight(u, v), arcs.weight(v, u));
        assertThat(edges.weight(u, v)).as("%d–%d", u, v).isEqualTo(lighter);
      }
    }
  }

  @Test
  void rejectsEmptyGraphs() {
    assertThatThrownBy(() -> RandomGraphs.digraph(0, 4, RandomGraphs.Weights.REAL, 1)).hasMessageContaining("n=0");
    assertThatThrownBy(() -> RandomGraphs.Weights.ofLabel("complex")).hasMessageContaining("unknown weights");
  }
}
