package org.tropic.discovery;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Path lengths of true links (new or hidden) against random non-links, measured on the graph that does not contain
 * the true links, as DSNAPSHOT compares its two sets (SC20 §VI-C, Fig. 8): the KS test on lengths and on hop
 * counts, and how well shortness predicts a link — ROC AUC and precision at k with score = −length.
 *
 * @param positives lengths of the true links
 * @param negatives lengths of the random non-links
 * @param lengthKs KS test of the two length distributions
 * @param hopsKs KS test of the two hop-count distributions
 * @param lengthAuc ROC AUC of −length
 * @param hopsAuc ROC AUC of −hops
 * @param precisionAtK precision of −length at each k asked for
 * @param tiesAtCutOff the k whose precision averages over a tie of lengths at the cut-off, with that tie
 */
public record LinkPredictionEvaluation(PairLengths positives, PairLengths negatives, KsResult lengthKs,
    KsResult hopsKs, double lengthAuc, double hopsAuc, Map<Integer, Double> precisionAtK,
    Map<Integer, RankMetrics.CutOffTie> tiesAtCutOff) {

  /** Evaluates the two sets; {@code ks} are the cut-offs for precision (those beyond the pair count are skipped). */
  public static LinkPredictionEvaluation of(PairLengths positives, PairLengths negatives, int... ks) {
    double[] positiveScores = negated(positives.lengths());
    double[] negativeScores = negated(negatives.lengths());
    Map<Integer, Double> precision = new LinkedHashMap<>();
    Map<Integer, RankMetrics.CutOffTie> ties = new LinkedHashMap<>();
    for (int k : ks) {
      if (k >= 1 && k <= positives.size() + negatives.size()) {
        precision.put(k, RankMetrics.precisionAtK(positiveScores, negativeScores, k));
        RankMetrics.CutOffTie tie = RankMetrics.tieAtCutOff(positiveScores, negativeScores, k);
        if (tie != null) {
          ties.put(k, tie);
        }
      }
    }
    return new LinkPredictionEvaluation(positives, negatives,
        KsResult.test(positives.lengths(), negatives.lengths()),
        KsResult.test(positives.hopsAsLengths(), negatives.hopsAsLengths()),
        RankMetrics.auc(positiveScores, negativeScores),
        RankMetrics.auc(negated(positives.hopsAsLengths()), negated(negatives.hopsAsLengths())), precision, ties);
  }

  static double[] negated(double[] values) {
    double[] negated = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      negated[i] = -values[i];
    }
    return negated;
  }
}
