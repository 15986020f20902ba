package org.tropic.semiring;

import org.tropic.graph.WeightStats;

/**
 * How a min-plus kernel adds and compares. Distances always live in {@code float[]} storage; the path decides what
 * the 32 bits mean while a solve runs, and {@link #decode} turns them back into float32 distances.
 *
 * <ul>
 *   <li>{@link #EXACT_FLOAT}: IEEE float add, and min as {@code c.blend(t, t.lt(c))}. Any weights, negative too.
 *   <li>{@link #NONNEGATIVE_FLOAT}: float add, min taken on the bits as signed ints. Non-negative floats and +∞
 *       order like their bit patterns, and the integer min runs on other vector pipes than the float add.
 *   <li>{@link #INT32}: whole-number weights held as int32 bits, +∞ as {@link #INT_INFINITY}; exact as long as no
 *       path is longer than that, which {@link #choose} checks.
 * </ul>
 */
public enum Arithmetic {
  EXACT_FLOAT,
  NONNEGATIVE_FLOAT,
  INT32;

  /**
   * The int32 path's +∞. Twice it still fits in an int, so {@code a + b} never overflows and {@code min(c, a + b)}
   * saturates at it by itself whenever {@code c} starts at or below it.
   */
  public static final int INT_INFINITY = 0x3FFF_FFFF;

  private static final float INT_INFINITY_BITS = Float.intBitsToFloat(INT_INFINITY);

  /**
   * The fastest path that is exact for a graph with these weights and {@code n} vertices: int32 for non-negative
   * whole weights whose longest possible simple path stays below {@link #INT_INFINITY}, non-negative float for
   * other non-negative weights, exact float otherwise.
   */
  public static Arithmetic choose(WeightStats weights, int n) {
    if (weights.hasNegative()) {
      return EXACT_FLOAT;
    }
    boolean noArcs = weights.max() < 0;
    if (noArcs || weights.integral() && (double) weights.max() * Math.max(1, n - 1) < INT_INFINITY) {
      return INT32;
    }
    return NONNEGATIVE_FLOAT;
  }

  /** Whether this path gives exact shortest-path distances for graphs with these weights. */
  public boolean supports(WeightStats weights, int n) {
    return switch (this) {
      case EXACT_FLOAT -> true;
      case NONNEGATIVE_FLOAT -> !weights.hasNegative();
      case INT32 -> choose(weights, n) == INT32;
    };
  }

  /**
   * Why this path is not exact for a graph with these weights and {@code n} vertices, in words a refusal can quote
   * (a user who asked for int32 on whole weights needs to see that the path bound, not the weights, rules it out);
   * {@code null} when it {@link #supports} them.
   */
  public String unsupportedReason(WeightStats weights, int n) {
    if (supports(weights, n)) {
      return null;
    }
    if (weights.hasNegative()) {
      return "it takes non-negative weights, and the smallest is " + weights.min();
    }
    if (!weights.integral()) {
      return "it takes whole-number weights, and some are not";
    }
    long arcs = Math.max(1, n - 1);
    return String.format(java.util.Locale.ROOT, "a simple path of (n − 1) × max weight = %,d × %,.0f = %,.0f could"
        + " reach its +∞, %,d", arcs, (double) weights.max(), arcs * (double) weights.max(), INT_INFINITY);
  }

  /** The storage form of a distance (an arc weight, 0, or +∞). */
  public float encode(float distance) {
    if (this != INT32) {
      return distance + 0.0f; // turns −0.0 into +0.0, whose bits order correctly as an int
    }
    return distance == Float.POSITIVE_INFINITY ? INT_INFINITY_BITS : Float.intBitsToFloat((int) distance);
  }

  /** The float32 distance a stored value stands for. */
  public float decode(float stored) {
    if (this != INT32) {
      return stored;
    }
    int bits = Float.floatToRawIntBits(stored);
    return bits >= INT_INFINITY ? Float.POSITIVE_INFINITY : bits;
  }

  /** The storage form of +∞, used for absent arcs and to pad ragged tiles. */
  public float infinity() {
    return this == INT32 ? INT_INFINITY_BITS : Float.POSITIVE_INFINITY;
  }

  /** Whether a stored value is +∞. */
  public boolean isInfinite(float stored) {
    return this == INT32
        ? Float.floatToRawIntBits(stored) >= INT_INFINITY
        : stored == Float.POSITIVE_INFINITY;
  }

  /** Decodes {@code length} stored values in place. */
  public void decodeInPlace(float[] values, int from, int length) {
    if (this == INT32) {
      for (int i = from; i < from + length; i++) {
        values[i] = decode(values[i]);
      }
    }
  }

  /** Lower-case name used on the command line and in reports ({@code exact-float}, ...). */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /** The path named by {@link #label()}. */
  public static Arithmetic ofLabel(String label) {
    for (Arithmetic a : values()) {
      if (a.label().equals(label)) {
        return a;
      }
    }
    throw new IllegalArgumentException("unknown arithmetic '" + label + "' (exact-float, nonnegative-float, int32)");
  }
}
