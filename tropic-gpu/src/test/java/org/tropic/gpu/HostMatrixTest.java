package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;

class HostMatrixTest {
  /** A row length that is no multiple of any vector width: every row ends in a scalar tail. */
  private static final int SIDE = 131;

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
      m.decode(Arithmetic.INT32);
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

  /** Decoding takes every stored int32 as {@link Arithmetic#decode} does, in whole vectors and the rows' tails. */
  @Property(tries = 40)
  void decodingAgreesWithTheArithmeticsDecode(@ForAll long seed) {
    Random random = new Random(seed);
    try (HostMatrix m = new HostMatrix(SIDE, SIDE, Arithmetic.INT32, null)) {
      float[] stored = new float[SIDE * SIDE];
      for (int i = 0; i < stored.length; i++) {
        int bits = switch (random.nextInt(4)) {
          case 0 -> Arithmetic.INT_INFINITY + random.nextInt(3) - 1; // just under, at and above +∞
          case 1 -> random.nextInt(); // any int: negative, and beyond 2^24 where the float rounds
          case 2 -> random.nextInt(2_000) - 1_000;
          default -> Integer.MAX_VALUE - random.nextInt(2);
        };
        stored[i] = Float.intBitsToFloat(bits);
        m.set(i / SIDE, i % SIDE, stored[i]);
      }
      m.decode(Arithmetic.INT32);
      for (int i = 0; i < stored.length; i++) {
        assertThat(Float.floatToRawIntBits(m.stored(i / SIDE, i % SIDE))).as("element %d", i)
            .isEqualTo(Float.floatToRawIntBits(Arithmetic.INT32.decode(stored[i])));
      }
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
