package org.tropic.kg;

/**
 * How an edge's weight becomes the length shortest paths add up.
 */
public enum DistanceRule {
  /**
   * {@code −log(weight)}: weights are similarities in (0, 1], so stronger evidence is shorter and a path's length is
   * minus the log of the product of its weights (COAST, SC22, appendix).
   */
  NEG_LOG_WEIGHT,
  /** Every edge has length 1, so distances count hops: for curated graphs, whose edges carry no strength. */
  HOPS;

  /** The length of an edge of weight {@code weight}. */
  public float distance(float weight) {
    if (this == HOPS) {
      return 1f;
    }
    // +0f turns −log(1) = −0.0 into +0.0, which the kernels' int-ordered fast path needs.
    return (float) -Math.log(weight) + 0f;
  }
}
