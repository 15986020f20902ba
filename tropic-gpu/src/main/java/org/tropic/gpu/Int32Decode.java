package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.tropic.semiring.Arithmetic;

/**
 * The int32 path's stored values turned into float32 distances on the Vector API, as {@link Arithmetic#decode}
 * takes them: the int as a float, +∞ from {@link Arithmetic#INT_INFINITY} up. Whole vectors, then the tail one by
 * one.
 */
final class Int32Decode {
  static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
  private static final ByteOrder NATIVE = ByteOrder.nativeOrder();

  private Int32Decode() {}

  /** The distances that {@code bits} stand for. */
  static FloatVector decode(IntVector bits) {
    FloatVector values = (FloatVector) bits.convertShape(VectorOperators.I2F, FLOATS, 0);
    VectorMask<Float> infinite = bits.compare(VectorOperators.GE, Arithmetic.INT_INFINITY).cast(FLOATS);
    return values.blend(Float.POSITIVE_INFINITY, infinite);
  }

  /** Decodes {@code count} stored values in place, from float {@code from} of {@code data}. */
  static void range(MemorySegment data, long from, long count) {
    long at = from;
    for (long end = from + INTS.loopBound(count); at < end; at += INTS.length()) {
      decode(IntVector.fromMemorySegment(INTS, data, at * Float.BYTES, NATIVE))
          .intoMemorySegment(data, at * Float.BYTES, NATIVE);
    }
    for (; at < from + count; at++) {
      data.setAtIndex(JAVA_FLOAT, at, Arithmetic.INT32.decode(data.getAtIndex(JAVA_FLOAT, at)));
    }
  }
}
