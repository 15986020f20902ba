package org.tropic.bench.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;

class RmatGraphTest {
  @Test
  void hasTheGraph500ShapeAndIsReproducible() {
    Graph g = RmatGraph.generate(12, 8, 7);
    assertThat(g.vertexCount()).isEqualTo(4096);
    assertThat(g.arcCount()).isEqualTo(8 * 4096);
    assertThat(Arrays.stream(g.targets()).allMatch(v -> v >= 0 && v < 4096)).isTrue();
    assertThat(g.targets()).isEqualTo(RmatGraph.generate(12, 8, 7).targets());
    assertThat(g.targets()).isNotEqualTo(RmatGraph.generate(12, 8, 8).targets());

    int[] degrees = new int[g.vertexCount()];
    for (int u = 0; u < g.vertexCount(); u++) {
      degrees[u] = g.outDegree(u);
    }
    int max = Arrays.stream(degrees).max().orElseThrow();
    long isolated = Arrays.stream(degrees).filter(d -> d == 0).count();
    assertThat(max).as("R-MAT degrees are skewed: the largest far above the mean of 8").isGreaterThan(80);
    assertThat(isolated).as("and many vertices get no arc at all").isGreaterThan(400);
  }

  @Test
  void scrambledIdsDoNotFollowDegree() {
    Graph g = RmatGraph.generate(12, 8, 7);
    // Without the permutation, vertex 0 (all-A quadrant) would have the largest degree.
    int best = 0;
    for (int u = 1; u < g.vertexCount(); u++) {
      if (g.outDegree(u) > g.outDegree(best)) {
        best = u;
      }
    }
    assertThat(best).isNotZero();
  }

  @Test
  void refusesSizesBeyondIntArcIds() {
    assertThatThrownBy(() -> RmatGraph.generate(28, 16, 1)).hasMessageContaining("does not fit");
  }
}
