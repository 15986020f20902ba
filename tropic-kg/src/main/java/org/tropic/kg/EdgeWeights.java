package org.tropic.kg;

/**
 * The edge weights of the literature graph exactly as the seeds define them (DSNAPSHOT, SC20 §IV-D; COAST, SC22
 * appendix); each is a similarity in (0, 1], turned into a length by {@link DistanceRule}.
 */
public final class EdgeWeights {
  private EdgeWeights() {}

  /**
   * Concept–concept: the Jaccard similarity of the two concepts' predication sets, {@code co / (na + nb − co)}: the
   * predications naming both, over the predications naming either.
   *
   * @param co predications (or co-occurrences) naming both concepts, ≥ 1
   * @param na predications naming concept a, ≥ co
   * @param nb predications naming concept b, ≥ co
   */
  public static float jaccard(long co, long na, long nb) {
    if (co < 1 || na < co || nb < co) {
      throw new IllegalArgumentException("Jaccard needs 1 ≤ co ≤ na, nb; got co=" + co + ", na=" + na + ", nb=" + nb);
    }
    return (float) ((double) co / (na + nb - co));
  }

  /**
   * Concept–abstract: the occurrences of the concept in the abstract over all concept occurrences in it.
   *
   * @param occurrences times concept c occurs in abstract p, ≥ 1
   * @param total occurrences of all concepts in p, ≥ occurrences
   */
  public static float occurrenceShare(long occurrences, long total) {
    if (occurrences < 1 || total < occurrences) {
      throw new IllegalArgumentException("occurrence share needs 1 ≤ occurrences ≤ total; got " + occurrences + " of "
          + total);
    }
    return (float) ((double) occurrences / total);
  }

  /**
   * Abstract–abstract: {@code 1 / (N_p1 + N_p2)}, N a paper's number of citation relations (citing or cited).
   *
   * @param citationsOfP1 citation relations of the first paper, ≥ 1 (this one included)
   * @param citationsOfP2 citation relations of the second paper, ≥ 1
   */
  public static float citation(long citationsOfP1, long citationsOfP2) {
    if (citationsOfP1 < 1 || citationsOfP2 < 1) {
      throw new IllegalArgumentException("a cited pair has at least one citation each; got " + citationsOfP1 + " and "
          + citationsOfP2);
    }
    return (float) (1.0 / (citationsOfP1 + citationsOfP2));
  }
}
