package org.tropic.graph;

/**
 * What the arithmetic planner needs to know about a graph's weights.
 *
 * @param min the smallest weight (+∞ if there are no arcs)
 * @param max the largest weight (−∞ if there are no arcs)
 * @param integral whether every weight is a whole number (so sums are exact in int32 while they stay small)
 */
public record WeightStats(float min, float max, boolean integral) {

  public boolean hasNegative() {
    return min < 0;
  }

  static WeightStats of(float[] weights) {
    float min = Float.POSITIVE_INFINITY;
    float max = Float.NEGATIVE_INFINITY;
    boolean integral = true;
    for (float w : weights) {
      min = Math.min(min, w);
      max = Math.max(max, w);
      integral &= w == Math.rint(w);
    }
    return new WeightStats(min, max, integral);
  }
}
