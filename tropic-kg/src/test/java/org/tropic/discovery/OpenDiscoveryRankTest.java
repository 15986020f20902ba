package org.tropic.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order of open discovery's candidates where distances tie in exact arithmetic but not in float: found on a
 * dated triples graph, where abstract PMID:692 (−ln(1/26 · 1/8), via one concept) came out one float step shorter
 * than concept c24 (−ln(1/26) − ln(1/4) − ln(1/2), via an abstract) and so ranked first, although c24 has three
 * linking terms and the tie should go to it.
 */
class OpenDiscoveryRankTest {
  /** Path lengths as the searches add them: float edge lengths summed in float, from the source outwards. */
  private static final float SHORT_ROUTE = length(1.0 / 26) + length(1.0 / 8);
  private static final float LONG_ROUTE = length(1.0 / 26) + length(1.0 / 4) + length(1.0 / 2);

  private static float length(double weight) {
    return (float) -Math.log(weight);
  }

  private static Candidate candidate(String id, float distance, int linkingTerms, double amw) {
    return new Candidate(id, id, null, distance, linkingTerms, amw, 0, null);
  }

  @Test
  void distancesEqualButForFloatRoundingTieAndMoreLinkingTermsComeFirst() {
    assertThat(SHORT_ROUTE).as("the float sums differ though the lengths are equal").isNotEqualTo(LONG_ROUTE);
    float lower = Math.min(SHORT_ROUTE, LONG_ROUTE);
    float higher = Math.max(SHORT_ROUTE, LONG_ROUTE);
    List<Candidate> ranked = OpenDiscovery.rank(List.of(candidate("PMID:692", lower, 0, 0),
        candidate("c24", higher, 3, 0), candidate("c99", 9f, 5, 0)), Ranking.DISTANCE);
    assertThat(ranked).extracting(Candidate::id).containsExactly("c24", "PMID:692", "c99");
  }

  @Test
  void distancesThatReallyDifferKeepTheirOrderWhateverTheLinkingTerms() {
    List<Candidate> ranked = OpenDiscovery.rank(List.of(candidate("b", 5.0001f, 9, 0), candidate("a", 5f, 0, 0)),
        Ranking.DISTANCE);
    assertThat(ranked).extracting(Candidate::id).containsExactly("a", "b");
  }

  @Test
  void anLbdRankingBreaksItsTiesByDistanceUpToRoundingThenById() {
    float lower = Math.min(SHORT_ROUTE, LONG_ROUTE);
    float higher = Math.max(SHORT_ROUTE, LONG_ROUTE);
    List<Candidate> ranked = OpenDiscovery.rank(List.of(candidate("z", lower, 1, 0.5),
        candidate("y", higher, 1, 0.5), candidate("x", 2f, 1, 0.5), candidate("w", 1f, 1, 0.25)),
        Ranking.AVERAGE_MINIMUM_WEIGHT);
    assertThat(ranked).extracting(Candidate::id).containsExactly("x", "y", "z", "w");
  }
}
