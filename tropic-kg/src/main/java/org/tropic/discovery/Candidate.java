package org.tropic.discovery;

/**
 * A C concept proposed by open discovery for a source A, with every ranking measure.
 *
 * @param id the node id
 * @param name the node name
 * @param type its semantic type, or {@code null}
 * @param distance the shortest-path length from A
 * @param linkingTerms B concepts directly linked to both A and C
 * @param averageMinimumWeight the mean of min(w(A,B), w(B,C)) over the linking terms (0 without any)
 * @param jaccard |N(A) ∩ N(C)| / |N(A) ∪ N(C)| over concept neighbours
 * @param path a shortest path from A to C with its evidence, or {@code null} where not computed
 */
public record Candidate(String id, String name, String type, float distance, int linkingTerms,
    double averageMinimumWeight, double jaccard, DiscoveredPath path) {

  /** The measure {@code ranking} orders by. */
  public double score(Ranking ranking) {
    return switch (ranking) {
      case DISTANCE -> distance;
      case LINKING_TERMS -> linkingTerms;
      case AVERAGE_MINIMUM_WEIGHT -> averageMinimumWeight;
      case JACCARD -> jaccard;
    };
  }

  Candidate withPath(DiscoveredPath shortest) {
    return new Candidate(id, name, type, distance, linkingTerms, averageMinimumWeight, jaccard, shortest);
  }
}
