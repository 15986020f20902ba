package org.tropic.discovery;

import java.util.Locale;

/**
 * Checks the validations make before their searches, so that input which cannot give a result is refused at once
 * with its reason, not after minutes of searching with an error about the statistics (or, worse, a result of
 * all-unreachable pairs that looks like one).
 */
final class ValidationInputs {
  /** The KS test's least sample size ({@link KsResult#test}). */
  static final int LEAST_PAIRS = 2;

  private ValidationInputs() {}

  /**
   * Refuses a set of pairs too small for the KS test, before the searches.
   *
   * @param what the pairs, counted (e.g. "1 new link")
   * @param why where the count comes from and what to change
   */
  static void requireEnough(int pairs, String what, String why) {
    if (pairs < LEAST_PAIRS) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: the KS test needs at least %d; %s", what,
          LEAST_PAIRS, why));
    }
  }
}
