package org.tropic.semiring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SparsePanelTest {

  @Test
  void keepsTheFiniteEntriesRowByRowInColumnOrder() {
    float inf = Float.POSITIVE_INFINITY;
    float[] a = {
      9, 9, 9, 9, // the row before the operand, skipped by the offset
      inf, 2, inf, 9,
      inf, inf, inf, 9,
      0, inf, 5, 9,
    };
    SparsePanel panel = SparsePanel.of(Arithmetic.NONNEGATIVE_FLOAT, 3, 3, a, 4, 4, 9);
    assertThat(panel.entries()).isEqualTo(3);
    assertThat(panel.rowStart()).containsExactly(0, 1, 1, 3);
    assertThat(panel.columns()).containsExactly(1, 0, 2);
    assertThat(panel.values()).containsExactly(2f, 0f, 5f);
  }

  @Test
  void refusesAnOperandWithMoreFiniteEntriesThanTheLimit() {
    float[] a = {1, 2, Float.POSITIVE_INFINITY, 4};
    assertThat(SparsePanel.of(Arithmetic.EXACT_FLOAT, 2, 2, a, 0, 2, 2)).isNull();
    assertThat(SparsePanel.of(Arithmetic.EXACT_FLOAT, 2, 2, a, 0, 2, 3)).isNotNull();
  }

  @Test
  void int32InfinityIsRecognisedByItsBits() {
    Arithmetic int32 = Arithmetic.INT32;
    float[] a = {int32.infinity(), int32.encode(7), int32.infinity(), int32.infinity()};
    assertThat(SparsePanel.allInfinite(int32, 1, 1, a, 0, 2)).isTrue();
    assertThat(SparsePanel.allInfinite(int32, 2, 2, a, 0, 2)).isFalse();
    assertThat(SparsePanel.of(int32, 2, 2, a, 0, 2, 4).entries()).isEqualTo(1);
  }

  @Property(tries = 200)
  void transposedPanelIsThePanelOfTheTranspose(@ForAll @IntRange(min = 1, max = 40) int rows,
      @ForAll @IntRange(min = 1, max = 40) int cols, @ForAll long seed) {
    Random random = new Random(seed);
    int ld = rows + random.nextInt(3);
    float[] held = new float[cols * ld]; // the cols×rows matrix whose transpose is the operand
    for (int i = 0; i < held.length; i++) {
      held[i] = random.nextInt(4) == 0 ? random.nextInt(100) : Float.POSITIVE_INFINITY;
    }
    float[] operand = new float[rows * cols];
    for (int r = 0; r < rows; r++) {
      for (int l = 0; l < cols; l++) {
        operand[r * cols + l] = held[l * ld + r];
      }
    }
    Arithmetic arithmetic = Arithmetic.NONNEGATIVE_FLOAT;
    SparsePanel direct = SparsePanel.of(arithmetic, rows, cols, operand, 0, cols, rows * cols);
    SparsePanel transposed = SparsePanel.ofTransposed(arithmetic, rows, cols, held, 0, ld, rows * cols);
    assertThat(transposed.rowStart()).isEqualTo(direct.rowStart());
    assertThat(transposed.columns()).isEqualTo(direct.columns());
    assertThat(transposed.values()).isEqualTo(direct.values());
    assertThat(Arrays.equals(direct.toDense(arithmetic), operand)).isTrue();
  }
}
