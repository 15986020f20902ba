package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;

class HostMatrixTest {

  @Test
  void holdsTheLightestArcsAZeroDiagonalAndInfinityElsewhereIncludingThePadding() {
    Graph g = threeVertices();
    try (HostMatrix m = HostMatrix.ofArcs(g, 128, Arithmetic.INT32)) {
      assertThat(m.size()).isEqualTo(3);
      assertThat(m.padded()).isEqualTo(128);
      assertThat(Float.floatToRawIntBits(m.stored(0, 1))).isEqualTo(2);
      assertThat(Float.floatToRawIntBits(m.stored(1, 1))).isZero();
      assertThat(Float.floatToRawIntBits(m.stored(2, 0))).isEqualTo(Arithmetic.INT_INFINITY);
      assertThat(Float.floatToRawIntBits(m.stored(127, 127))).isEqualTo(Arithmetic.INT_INFINITY);
      Int32Decode.range(m.segment(), 0, 128L * 128);
      assertThat(m.get(0, 1)).isEqualTo(2f);
      assertThat(m.get(0, 0)).isZero();
      assertThat(m.get(2, 0)).isEqualTo(Float.POSITIVE_INFINITY);
      float[] row = new float[3];
      m.copyRow(1, row);
      assertThat(row).containsExactly(Float.POSITIVE_INFINITY, 0f, 7f);
    }
  }

  @Test
  void floatPathsStoreDistancesAsThemselves() {
    try (HostMatrix m = HostMatrix.ofArcs(threeVertices(), 256, Arithmetic.EXACT_FLOAT)) {
      assertThat(m.stored(0, 1)).isEqualTo(2f);
      assertThat(m.stored(0, 2)).isEqualTo(Float.POSITIVE_INFINITY);
      assertThat(m.segment().byteSize()).isEqualTo(256L * 256 * 4);
    }
  }

  private static Graph threeVertices() {
    GraphBuilder b = GraphBuilder.withVertexCount(3);
    b.addArc(0, 1, 5f);
    b.addArc(0, 1, 2f);
    b.addArc(1, 2, 7f);
    return b.build();
  }
}
