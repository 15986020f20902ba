package org.tropic.bench;

import java.util.Locale;
import org.tropic.apsp.DistanceMatrix;

/**
 * How Tropic's distances compare with another implementation's at sampled pairs. Two distances agree when both
 * are +∞ or they differ by at most {@value #RELATIVE_TOLERANCE} relative to the larger (absolute below 1): Tropic
 * sums in float32, the peers in float64, and near-equal paths may win in either.
 *
 * @param against what was compared with ({@code scipy}, {@code jgrapht-dijkstra}, ...)
 * @param compared how many pairs
 * @param mismatches how many disagreed
 * @param maxRelativeError the largest relative difference among finite pairs that are finite in both
 * @param firstMismatch the first disagreeing pair as text, or empty
 */
public record Agreement(String against, int compared, int mismatches, double maxRelativeError,
    String firstMismatch) {
  public static final double RELATIVE_TOLERANCE = 1e-4;

  /** Whether every compared pair agreed (and some were compared). */
  public boolean agrees() {
    return compared > 0 && mismatches == 0;
  }

  /** Compares {@code tropic} at the pairs with the expected float64 distances. */
  public static Agreement compare(String against, DistanceMatrix tropic, SamplePairs pairs, double[] expected) {
    if (expected.length != pairs.size()) {
      throw new IllegalArgumentException(expected.length + " expected distances for " + pairs.size() + " pairs");
    }
    int mismatches = 0;
    double maxRelative = 0;
    String first = "";
    for (int i = 0; i < pairs.size(); i++) {
      int u = pairs.sources()[i];
      int v = pairs.targets()[i];
      float got = tropic.get(u, v);
      double want = expected[i];
      if (Double.isFinite(got) && Double.isFinite(want)) {
        maxRelative = Math.max(maxRelative, Math.abs(got - want) / Math.max(1, Math.abs(want)));
      }
      if (!close(got, want)) {
        mismatches++;
        if (first.isEmpty()) {
          first = String.format(Locale.ROOT, "d(%d,%d): tropic %s, %s %s", u, v, got, against, want);
        }
      }
    }
    return new Agreement(against, pairs.size(), mismatches, maxRelative, first);
  }

  /** Whether a float32 distance matches a float64 one within the tolerance. */
  static boolean close(float got, double want) {
    if (Double.isNaN(got) || Double.isNaN(want)) {
      return false;
    }
    if (Double.isInfinite(got) || Double.isInfinite(want)) {
      return got == want;
    }
    return Math.abs(got - want) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(want));
  }

  /** One line for the report: {@code "1000/1000 agree"} or the first mismatch. */
  public String summary() {
    if (compared == 0) {
      return "not compared";
    }
    return mismatches == 0 ? (compared + "/" + compared + " agree")
        : (mismatches + "/" + compared + " DIFFER, e.g. " + firstMismatch);
  }
}
