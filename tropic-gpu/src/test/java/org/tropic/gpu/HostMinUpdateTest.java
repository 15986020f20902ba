package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * The offload mode's host update must take the same min as the kernels, or offloading would change results. The
 * oracle is {@link ScalarMinPlusKernels}: a 1-deep product with a zero right operand is C ← min(C, X + 0) = min(C, X).
 * Rows up to 80 wide run through several whole vectors (16 lanes with AVX-512) and the scalar tail, from any start.
 * With {@code decode} (the offload's last iteration) the int32 path stores the minimum's distance; the others
 * ignore it.
 */
class HostMinUpdateTest {

  @Property(tries = 100)
  void agreesBitForBitWithTheScalarKernelsMin(@ForAll Arithmetic arithmetic,
      @ForAll @IntRange(min = 1, max = 40) int rows, @ForAll @IntRange(min = 1, max = 80) int cols,
      @ForAll @IntRange(min = -5, max = 85) int skip0, @ForAll @IntRange(min = 0, max = 20) int skipLength,
      @ForAll boolean threaded, @ForAll boolean decode, @ForAll long seed) {
    Random random = new Random(seed);
    int ldc = cols + 3;
    int ldx = cols + 1;
    float[] c = new float[rows * ldc];
    float[] x = new float[rows * ldx];
    for (int i = 0; i < c.length; i++) {
      c[i] = value(arithmetic, random);
    }
    for (int i = 0; i < x.length; i++) {
      x[i] = value(arithmetic, random);
    }
    float[] expected = c.clone();
    var scalar = new ScalarMinPlusKernels();
    float zero = arithmetic.encode(0f);
    for (int r = 0; r < rows; r++) {
      if (r >= skip0 && r < skip0 + skipLength) {
        continue;
      }
      for (int j = 0; j < cols; j++) {
        if (j >= skip0 && j < skip0 + skipLength) {
          continue;
        }
        scalar.multiplyMin(arithmetic, 1, 1, 1, x, r * ldx + j, 1, new float[] {zero}, 0, 1, expected,
            r * ldc + j, 1);
      }
    }
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment cs = arena.allocateFrom(JAVA_FLOAT, c);
      MemorySegment xs = arena.allocateFrom(JAVA_FLOAT, x);
      HostMinUpdate.apply(arithmetic, cs, 0, ldc, xs, ldx, rows, cols, skip0, skip0 + skipLength, skip0,
          skip0 + skipLength, threaded ? 4 : 1, decode);
      if (decode && arithmetic == Arithmetic.INT32) {
        // What was updated is now the distance it stands for; the rest, skipped, stays as it was.
        for (int r = 0; r < rows; r++) {
          for (int j = 0; j < cols; j++) {
            boolean skipped = r >= skip0 && r < skip0 + skipLength || j >= skip0 && j < skip0 + skipLength;
            if (!skipped) {
              expected[r * ldc + j] = Arithmetic.INT32.decode(expected[r * ldc + j]);
            }
          }
        }
      }
      float[] actual = cs.toArray(JAVA_FLOAT);
      for (int i = 0; i < c.length; i++) {
        assertThat(Float.floatToRawIntBits(actual[i])).as("element %d", i)
            .isEqualTo(Float.floatToRawIntBits(expected[i]));
      }
    }
  }

  /** A stored value of the arithmetic: +∞ one time in five, else a weight (negative ones on the exact path). */
  static float value(Arithmetic arithmetic, Random random) {
    if (random.nextInt(5) == 0) {
      return arithmetic.infinity();
    }
    return switch (arithmetic) {
      case EXACT_FLOAT -> arithmetic.encode(random.nextFloat() * 200 - 50);
      case NONNEGATIVE_FLOAT -> arithmetic.encode(random.nextFloat() * 100);
      case INT32 -> arithmetic.encode(random.nextInt(1000));
    };
  }
}
