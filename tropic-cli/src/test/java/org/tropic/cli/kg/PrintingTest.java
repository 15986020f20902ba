package org.tropic.cli.kg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tropic.discovery.LinkPredictionEvaluation;
import org.tropic.discovery.PairLengths;

class PrintingTest {
  @Test
  void theMeanLengthCountsOnlyReachablePairsAndSaysWhenThereAreNone() {
    double inf = Double.POSITIVE_INFINITY;
    assertThat(Printing.meanOfReachable(new double[] {1, 3, inf})).isEqualTo("2.0000");
    assertThat(Printing.meanOfReachable(new double[] {inf, inf})).isEqualTo("none reachable");
    assertThat(Printing.meanOfReachable(new double[0])).isEqualTo("none reachable");
  }

  /**
   * Lengths 1 | 2 2 2 2 (two of them links) | 5: the top 3 takes two of the four tied pairs, so precision@3 counts
   * the tie's links in proportion (1 + 2 · 2/4 = 2 of 3), which a hand count of one order would not give; the output
   * says so. precision@1 has no tie and no note.
   */
  @Test
  void aPrecisionAveragedOverATieAtTheCutOffSaysSo() {
    PairLengths links = new PairLengths(new double[] {1, 2, 2}, new int[] {1, 2, 2});
    PairLengths random = new PairLengths(new double[] {2, 2, 5}, new int[] {2, 2, 3});
    LinkPredictionEvaluation evaluation = LinkPredictionEvaluation.of(links, random, 1, 3);
    StringWriter text = new StringWriter();
    Printing.evaluation(new PrintWriter(text, true), evaluation, "new links", "random pairs");

    assertThat(text.toString()).contains("  precision@1: 1.0000\n").contains("  precision@3: 0.6667 = 2.00 of 3 on"
        + " average: 4 pairs of equal length, 2 of them new links, tie for the last 2 place(s), and precision"
        + " averages over their orders");
    Map<String, Object> json = ValidationJson.evaluation(evaluation, "new_links", "random_pairs");
    assertThat(json.get("precision_ties_at_cut_off"))
        .isEqualTo(Map.of("3", Map.of("tied_pairs", 4, "positives", 2, "places", 2)));
  }
}
