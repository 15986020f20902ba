package org.tropic.discovery;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How well a score separates positives (links that exist or came to exist) from negatives (random non-links); a
 * higher score means "more likely a link" — for path lengths pass {@code −length}. Ties count half, as in the
 * Mann–Whitney form of the ROC AUC.
 */
public final class RankMetrics {
  private RankMetrics() {}

  /** A point of a ROC curve. */
  public record RocPoint(double falsePositiveRate, double truePositiveRate) {}

  /**
   * The area under the ROC curve: P(score of a random positive > score of a random negative) + ½ P(equal). O((p + q)
   * log(p + q)).
   */
  public static double auc(double[] positives, double[] negatives) {
    check(positives, negatives);
    double[] neg = negatives.clone();
    Arrays.sort(neg);
    double wins = 0;
    for (double p : positives) {
      int below = lowerBound(neg, p);
      int notAbove = upperBound(neg, p);
      wins += below + 0.5 * (notAbove - below);
    }
    return wins / ((double) positives.length * negatives.length);
  }

  /** The ROC curve from (0, 0) to (1, 1), one point per distinct score threshold, highest first. */
  public static List<RocPoint> rocCurve(double[] positives, double[] negatives) {
    check(positives, negatives);
    double[][] scored = scoredDescending(positives, negatives);
    List<RocPoint> curve = new ArrayList<>();
    curve.add(new RocPoint(0, 0));
    int tp = 0;
    int fp = 0;
    for (int i = 0; i < scored.length; i++) {
      if (scored[i][1] > 0) {
        tp++;
      } else {
        fp++;
      }
      if (i == scored.length - 1 || scored[i + 1][0] != scored[i][0]) {
        curve.add(new RocPoint((double) fp / negatives.length, (double) tp / positives.length));
      }
    }
    return curve;
  }

  /**
   * The share of positives among the k highest scores, ties at the cut-off broken at random (in expectation): the
   * tied group contributes its share of positives for the places left, so the count of positives need not be whole
   * (6.5 of 10); {@link #tieAtCutOff} says when that happens.
   */
  public static double precisionAtK(double[] positives, double[] negatives, int k) {
    check(positives, negatives);
    int total = positives.length + negatives.length;
    if (k < 1 || k > total) {
      throw new IllegalArgumentException("k must be in 1.." + total + ", got " + k);
    }
    double[][] scored = scoredDescending(positives, negatives);
    double hits = 0;
    int i = 0;
    while (i < k) {
      int j = i;
      int groupPositives = 0;
      while (j < scored.length && scored[j][0] == scored[i][0]) {
        groupPositives += scored[j][1] > 0 ? 1 : 0;
        j++;
      }
      int taken = Math.min(j, k) - i;
      hits += groupPositives * (double) taken / (j - i);
      i = j;
    }
    return hits / k;
  }

  /**
   * A group of equal scores that the cut-off of precision at k splits, with links and non-links in it: some ways of
   * ordering the tie put more links in the top k than others, so {@link #precisionAtK} counts the group's links in
   * proportion to its places there (the mean over the orders), and a count by hand of one order can differ.
   *
   * @param tied the scores in the group
   * @param positives the positives among them
   * @param places the group's places within the top k
   */
  public record CutOffTie(int tied, int positives, int places) {}

  /** The tie {@link #precisionAtK} averages over at {@code k}, or {@code null} if no order of ties changes it. */
  public static CutOffTie tieAtCutOff(double[] positives, double[] negatives, int k) {
    double[][] scored = scoredDescending(positives, negatives);
    if (k < 1 || k >= scored.length || scored[k - 1][0] != scored[k][0]) {
      return null;
    }
    int first = k - 1;
    while (first > 0 && scored[first - 1][0] == scored[k][0]) {
      first--;
    }
    int end = k + 1;
    while (end < scored.length && scored[end][0] == scored[k][0]) {
      end++;
    }
    int groupPositives = 0;
    for (int i = first; i < end; i++) {
      groupPositives += scored[i][1] > 0 ? 1 : 0;
    }
    boolean mixed = groupPositives > 0 && groupPositives < end - first;
    return mixed ? new CutOffTie(end - first, groupPositives, k - first) : null;
  }

  private static double[][] scoredDescending(double[] positives, double[] negatives) {
    double[][] scored = new double[positives.length + negatives.length][];
    int at = 0;
    for (double p : positives) {
      scored[at++] = new double[] {p, 1};
    }
    for (double q : negatives) {
      scored[at++] = new double[] {q, 0};
    }
    Arrays.sort(scored, (x, y) -> Double.compare(y[0], x[0]));
    return scored;
  }

  private static int lowerBound(double[] sorted, double value) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Double.compare(sorted[mid], value) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static int upperBound(double[] sorted, double value) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Double.compare(sorted[mid], value) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static void check(double[] positives, double[] negatives) {
    if (positives.length == 0 || negatives.length == 0) {
      throw new IllegalArgumentException("need at least one positive and one negative, got " + positives.length
          + " and " + negatives.length);
    }
    for (double[] sample : new double[][] {positives, negatives}) {
      for (double v : sample) {
        if (Double.isNaN(v)) {
          throw new IllegalArgumentException("NaN score");
        }
      }
    }
  }
}
