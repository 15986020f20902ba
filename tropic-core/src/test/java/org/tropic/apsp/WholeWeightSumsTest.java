package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;

class WholeWeightSumsTest {

  @Test
  void theBoundIsTheSmallerOfTheLongestSimplePathAndTheSumOfTheWeights() {
    Graph path = GraphBuilder.withVertexCount(6).addArc(0, 1, 1f).addArc(1, 2, 1f).addArc(2, 3, 1f)
        .addArc(3, 4, 1f).addArc(4, 5, 16_777_215f).build();
    assertThat(WholeWeightSums.lengthBound(path)).isEqualTo(16_777_219); // (n − 1) × max would be 5 × 16,777,215
    assertThat(WholeWeightSums.mayPassExactLimit(path)).isTrue();
    assertThat(WholeWeightSums.note(path, null)).contains("--arithmetic int32");
    assertThat(WholeWeightSums.note(path, Arithmetic.INT32)).contains("rounded once");

    GraphBuilder dense = GraphBuilder.withVertexCount(100);
    for (int u = 0; u < 100; u++) {
      for (int v = 0; v < 100; v++) {
        dense.addArc(u, v, u == v ? 0f : -200_000f + u); // many arcs: (n − 1) × max |w| is the smaller bound
      }
    }
    Graph negative = dense.build();
    assertThat(WholeWeightSums.lengthBound(negative)).isEqualTo(99 * 200_000.0);
    assertThat(WholeWeightSums.note(negative, null)).contains("negative weights").contains("scale the weights");
  }

  @Test
  void fractionalOrShortWeightsNeedNoNote() {
    Graph fractional = GraphBuilder.withVertexCount(4).addArc(0, 1, 1e7f).addArc(1, 2, 1e7f).addArc(2, 3, 0.5f)
        .build();
    assertThat(WholeWeightSums.note(fractional, null)).isNull(); // not whole: float rounding is expected anyway
    Graph whole = GraphBuilder.withVertexCount(3).addArc(0, 1, 8_000_000f).addArc(1, 2, 8_000_000f).build();
    assertThat(WholeWeightSums.note(whole, null)).isNull(); // 16,000,000 ≤ 2^24
    assertThat(WholeWeightSums.lengthBound(GraphBuilder.withVertexCount(1).build())).isZero();
  }
}
