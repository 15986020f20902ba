package org.tropic.discovery;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;

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
   * Refuses edge kinds the graph has no edge of: every path would be missing, every pair unreachable, and the
   * statistics would compare nothing with nothing.
   */
  static void requireEdges(KnowledgeGraph graph, Set<EdgeKind> kinds) {
    for (EdgeKind kind : kinds) {
      if (graph.edgeCount(kind) > 0) {
        return;
      }
    }
    Set<EdgeKind> present = EnumSet.noneOf(EdgeKind.class);
    for (EdgeKind kind : EdgeKind.values()) {
      if (graph.edgeCount(kind) > 0) {
        present.add(kind);
      }
    }
    throw new IllegalArgumentException("the graph has no edges of the kinds " + KgView.labels(kinds)
        + ", so no path could be measured; " + (present.isEmpty() ? "it has no edges at all"
        : "it has edges of the kinds " + KgView.labels(present)));
  }

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
