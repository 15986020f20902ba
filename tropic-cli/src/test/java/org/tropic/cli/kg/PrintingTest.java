package org.tropic.cli.kg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tropic.discovery.DiscoveredPath;
import org.tropic.discovery.LinkPredictionEvaluation;
import org.tropic.discovery.PairLengths;
import org.tropic.discovery.PathStep;
import org.tropic.kg.EdgeKind;

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

  /** Closed discovery's intermediates are its answer: named as open discovery names nodes, with their ids. */
  /**
   * 1,000 links all shorter than 1,000 random pairs: the exact p (about 1e-600; scipy's ks_2samp gives 0 too)
   * underflows a double to 0, which printed as "p = 0.00"; it is shown as below 1e-300. Other p-values keep three
   * digits; counts have thousands separators, as the other commands print them.
   */
  @Test
  void aPValueThatUnderflowedIsShownAsBelowWhatADoubleHolds() {
    double[] near = new double[1000];
    double[] far = new double[1000];
    int[] hops = new int[1000];
    for (int i = 0; i < 1000; i++) {
      near[i] = 1 + i / 1000.0;
      far[i] = 10 + i / 1000.0;
      hops[i] = i % 3 + 1;
    }
    LinkPredictionEvaluation evaluation = LinkPredictionEvaluation.of(new PairLengths(near, hops),
        new PairLengths(far, hops), 10);
    StringWriter text = new StringWriter();
    Printing.evaluation(new PrintWriter(text, true), evaluation, "new links", "random pairs");

    assertThat(evaluation.lengthKs().pValue()).isZero();
    assertThat(text.toString()).contains("  new links: 1,000 pairs (0 unreachable); random pairs: 1,000 pairs")
        .contains("  KS on path length: D = 1.0000, p < 1e-300\n")
        .contains("  KS on hops: D = 0.0000, p = 1.00 (tied values: broken apart, p could fall ")
        .doesNotContain("0.00\n");
    assertThat(Printing.pValue("to ", 0)).isEqualTo("below 1e-300");
    assertThat(Printing.pValue("= ", 6.965669468368667e-40)).isEqualTo("= 6.97e-40");
  }

  @Test
  void pathsNameTheirNodesWithTheirIds() {
    DiscoveredPath path = new DiscoveredPath(List.of("DOID:2377", "DOID:1094", "X"),
        List.of("multiple sclerosis", "attention deficit hyperactivity disorder", "X"), 2,
        List.of(new PathStep("DOID:2377", "DOID:1094", EdgeKind.CONCEPT_CONCEPT, null, 0.5f, 1, 3, 1999),
            new PathStep("DOID:1094", "X", EdgeKind.CONCEPT_CONCEPT, null, 0.5f, 1, 1, 0)),
        List.of("DOID:1094"));
    StringWriter text = new StringWriter();
    Printing.paths(new PrintWriter(text, true), List.of(path));

    assertThat(text.toString()).contains("1. length 2.0000, 2 edge(s), via attention deficit hyperactivity disorder"
        + " [DOID:1094]\n")
        .contains("     multiple sclerosis [DOID:2377] -- attention deficit hyperactivity disorder [DOID:1094]  [")
        .contains("attention deficit hyperactivity disorder [DOID:1094] -- X  [");
  }
}
