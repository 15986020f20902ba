package org.tropic.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** KS, ROC AUC and precision@k against their definitions. */
class StatisticsTest {

  /** D = sup_t |F₁(t) − F₂(t)|, evaluated at every sample value: the definition. */
  private static double ksByDefinition(double[] a, double[] b) {
    double d = 0;
    for (double[] sample : new double[][] {a, b}) {
      for (double t : sample) {
        d = Math.max(d, Math.abs(cdf(a, t) - cdf(b, t)));
      }
    }
    return d;
  }

  private static double cdf(double[] sample, double t) {
    return Arrays.stream(sample).filter(v -> v <= t).count() / (double) sample.length;
  }

  /** P(p > q) + ½ P(p = q) over all pairs: the definition of the AUC. */
  private static double aucByDefinition(double[] positives, double[] negatives) {
    double wins = 0;
    for (double p : positives) {
      for (double q : negatives) {
        wins += p > q ? 1 : p == q ? 0.5 : 0;
      }
    }
    return wins / (positives.length * (double) negatives.length);
  }

  private static double[] sample(SplittableRandom random, int n, int distinct) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = random.nextInt(distinct) * 0.5;
    }
    return values;
  }

  @Property(tries = 60)
  void ksStatisticIsTheLargestGapBetweenTheEmpiricalCdfs(@ForAll @IntRange(min = 2, max = 40) int n,
      @ForAll @IntRange(min = 2, max = 40) int m, @ForAll @IntRange(min = 1, max = 12) int distinct,
      @ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] a = sample(random, n, distinct);
    double[] b = sample(random, m, distinct + 3);
    KsResult result = KsResult.test(a, b);
    assertThat(result.statistic()).isCloseTo(ksByDefinition(a, b), within(1e-12));
    assertThat(result.pValue()).isBetween(0.0, 1.0);
    assertThat(result.tieBrokenPValue()).isBetween(0.0, result.pValue());
  }

  @Test
  void ksExactPValueOfFullySeparatedSamples() {
    // Under H0 all C(10,5) = 252 orderings are equally likely; D = 1 happens in 2 of them.
    KsResult result = KsResult.test(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
    assertThat(result.statistic()).isEqualTo(1.0);
    assertThat(result.pValue()).isCloseTo(2.0 / 252, within(1e-12));
    assertThat(result.significantTies()).isFalse();
  }

  @Test
  void ksTreatsUnreachableAsLongerThanEverything() {
    double inf = Double.POSITIVE_INFINITY;
    KsResult result = KsResult.test(new double[] {1, 2, inf}, new double[] {inf, inf, 3});
    assertThat(result.statistic()).isCloseTo(ksByDefinition(new double[] {1, 2, 9}, new double[] {9, 9, 3}),
        within(1e-12));
  }

  @Property(tries = 60)
  void aucIsTheMannWhitneyProbability(@ForAll @IntRange(min = 1, max = 30) int n,
      @ForAll @IntRange(min = 1, max = 30) int m, @ForAll @IntRange(min = 1, max = 8) int distinct,
      @ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] positives = sample(random, n, distinct);
    double[] negatives = sample(random, m, distinct);
    double auc = RankMetrics.auc(positives, negatives);
    assertThat(auc).isCloseTo(aucByDefinition(positives, negatives), within(1e-12));

    List<RankMetrics.RocPoint> curve = RankMetrics.rocCurve(positives, negatives);
    assertThat(curve.get(0)).isEqualTo(new RankMetrics.RocPoint(0, 0));
    assertThat(curve.get(curve.size() - 1)).isEqualTo(new RankMetrics.RocPoint(1, 1));
    double trapezoids = 0;
    for (int i = 1; i < curve.size(); i++) {
      trapezoids += (curve.get(i).falsePositiveRate() - curve.get(i - 1).falsePositiveRate())
          * (curve.get(i).truePositiveRate() + curve.get(i - 1).truePositiveRate()) / 2;
    }
    assertThat(trapezoids).as("area under the curve's points").isCloseTo(auc, within(1e-9));
  }

  @Test
  void aucOfPerfectAndReversedSeparation() {
    assertThat(RankMetrics.auc(new double[] {5, 6}, new double[] {1, 2, 3})).isEqualTo(1.0);
    assertThat(RankMetrics.auc(new double[] {1}, new double[] {5, 6})).isEqualTo(0.0);
    assertThat(RankMetrics.auc(new double[] {2}, new double[] {2})).isEqualTo(0.5);
    double minusInf = Double.NEGATIVE_INFINITY;
    assertThat(RankMetrics.auc(new double[] {-1, minusInf}, new double[] {minusInf, -3})).isEqualTo(0.625);
  }

  @Test
  void precisionAtKBreaksTiesInExpectation() {
    double[] positives = {3, 2};
    double[] negatives = {2, 1};
    assertThat(RankMetrics.precisionAtK(positives, negatives, 1)).isEqualTo(1.0);
    assertThat(RankMetrics.precisionAtK(positives, negatives, 2)).isEqualTo(0.75);
    assertThat(RankMetrics.precisionAtK(positives, negatives, 3)).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(RankMetrics.precisionAtK(positives, negatives, 4)).isEqualTo(0.5);
  }

  /** Only a tie of links and non-links that the cut-off splits makes the precision an average over orders. */
  @Test
  void aTieAtTheCutOffIsReportedOnlyWhereItsOrderMatters() {
    double[] positives = {3, 2};
    double[] negatives = {2, 1};
    assertThat(RankMetrics.tieAtCutOff(positives, negatives, 1)).isNull(); // 3 stands alone
    assertThat(RankMetrics.tieAtCutOff(positives, negatives, 2)).isEqualTo(new RankMetrics.CutOffTie(2, 1, 1));
    assertThat(RankMetrics.tieAtCutOff(positives, negatives, 3)).isNull(); // the tie lies wholly inside
    assertThat(RankMetrics.tieAtCutOff(positives, negatives, 4)).isNull();
    assertThat(RankMetrics.tieAtCutOff(new double[] {5}, new double[] {2, 2, 2}, 2)).as("negatives only").isNull();
    // Scores 9 | 7 7 7 7 (two links) | 1 with k = 3: the tie holds places 2 and 3 of the top 3.
    double[] links = {9, 7, 7};
    double[] others = {7, 7, 1};
    assertThat(RankMetrics.tieAtCutOff(links, others, 3)).isEqualTo(new RankMetrics.CutOffTie(4, 2, 2));
    assertThat(RankMetrics.precisionAtK(links, others, 3)).isCloseTo((1 + 2 * 2 / 4.0) / 3, within(1e-12));
  }
}
