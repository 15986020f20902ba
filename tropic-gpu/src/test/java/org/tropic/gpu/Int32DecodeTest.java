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

/** The vector decode takes every stored int32 as {@link Arithmetic#decode} does, and touches nothing else. */
class Int32DecodeTest {

  @Property(tries = 60)
  void decodesARangeAsTheArithmeticDoes(@ForAll @IntRange(min = 0, max = 40) int from,
      @ForAll @IntRange(min = 0, max = 300) int count, @ForAll long seed) {
    Random random = new Random(seed);
    int length = from + count + 7;
    float[] stored = new float[length];
    for (int i = 0; i < length; i++) {
      stored[i] = Float.intBitsToFloat(bits(random));
    }
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment data = arena.allocateFrom(JAVA_FLOAT, stored);
      Int32Decode.range(data, from, count);
      for (int i = 0; i < length; i++) {
        float expected = i >= from && i < from + count ? Arithmetic.INT32.decode(stored[i]) : stored[i];
        assertThat(Float.floatToRawIntBits(data.getAtIndex(JAVA_FLOAT, i))).as("element %d", i)
            .isEqualTo(Float.floatToRawIntBits(expected));
      }
    }
  }

  /** Just under, at and above +∞; any int (negative, beyond 2^24 where the float rounds); small ones. */
  static int bits(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> Arithmetic.INT_INFINITY + random.nextInt(3) - 1;
      case 1 -> random.nextInt();
      case 2 -> random.nextInt(2_000) - 1_000;
      default -> Integer.MAX_VALUE - random.nextInt(2);
    };
  }
}
