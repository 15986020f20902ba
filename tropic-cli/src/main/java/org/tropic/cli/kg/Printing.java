package org.tropic.cli.kg;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.tropic.discovery.Candidate;
import org.tropic.discovery.DiscoveredPath;
import org.tropic.discovery.KsResult;
import org.tropic.discovery.LinkPredictionEvaluation;
import org.tropic.discovery.PathStep;
import org.tropic.discovery.RankMetrics;

/** How the knowledge-graph commands print their results for people. */
final class Printing {
  private Printing() {}

  /** A ranked candidate table, each row followed by its shortest path. */
  static void candidates(PrintWriter out, List<Candidate> candidates) {
    out.printf(Locale.ROOT, "%4s  %-22s %-40s %9s %8s %7s %7s%n", "rank", "id", "name", "distance", "linking",
        "AMW", "Jaccard");
    int rank = 1;
    for (Candidate c : candidates) {
      out.printf(Locale.ROOT, "%4d  %-22s %-40s %9.4f %8d %7.4f %7.4f%n", rank++, c.id(), shorten(c.name(), 40),
          c.distance(), c.linkingTerms(), c.averageMinimumWeight(), c.jaccard());
      if (c.path() != null) {
        out.println("        path: " + c.path().format());
      }
    }
  }

  /**
   * Numbered paths, each with its length, intermediates and per-step evidence; nodes are named as in open discovery,
   * {@code name [id]} (the id alone where it is the name), since the intermediates are the answer.
   */
  static void paths(PrintWriter out, List<DiscoveredPath> paths) {
    int rank = 1;
    for (DiscoveredPath path : paths) {
      Map<String, String> names = new HashMap<>();
      for (int i = 0; i < path.nodes().size(); i++) {
        names.put(path.nodes().get(i), path.names().get(i));
      }
      Function<String, String> label = id -> label(names.getOrDefault(id, id), id);
      out.printf(Locale.ROOT, "%d. length %.4f, %d edge(s), via %s%n", rank++, path.length(), path.hops(),
          path.intermediates().isEmpty() ? "(direct)"
              : path.intermediates().stream().map(label).collect(Collectors.joining(", ")));
      for (PathStep step : path.steps()) {
        out.printf(Locale.ROOT, "     %s -- %s  [%s%s, weight %.4g, length %.4f%s%s]%n",
            label.apply(step.from()), label.apply(step.to()), step.kind().label(),
            step.relation() == null ? "" : " " + step.relation(), step.weight(), step.length(),
            step.curated() ? "" : ", count " + step.count(), step.firstYear() > 0 ? ", since " + step.firstYear() : "");
      }
    }
  }

  /** A node for people: {@code name [id]}, or the id alone when the node has no other name. */
  static String label(String name, String id) {
    return name.equals(id) ? id : name + " [" + id + "]";
  }

  /** The measures of a link-prediction evaluation. */
  static void evaluation(PrintWriter out, LinkPredictionEvaluation e, String positives, String negatives) {
    out.printf(Locale.ROOT, "  %s: %,d pairs (%,d unreachable); %s: %,d pairs (%,d unreachable)%n", positives,
        e.positives().size(), e.positives().unreachable(), negatives, e.negatives().size(),
        e.negatives().unreachable());
    out.printf(Locale.ROOT, "  mean path length: %s %s vs %s %s (reachable pairs)%n", positives,
        meanOfReachable(e.positives().lengths()), negatives, meanOfReachable(e.negatives().lengths()));
    ks(out, "path length", e.lengthKs());
    ks(out, "hops", e.hopsKs());
    out.printf(Locale.ROOT, "  ROC AUC (shorter = link): length %.4f, hops %.4f%n", e.lengthAuc(), e.hopsAuc());
    e.precisionAtK().forEach((k, p) -> out.printf(Locale.ROOT, "  precision@%d: %.4f%s%n", k, p,
        tieNote(e.tiesAtCutOff().get(k), p * k, k, positives)));
  }

  /** Why a precision is not a whole count over k: a tie at the cut-off, averaged over its orders. */
  private static String tieNote(RankMetrics.CutOffTie tie, double hits, int k, String positives) {
    if (tie == null) {
      return "";
    }
    return String.format(Locale.ROOT, " = %.2f of %d on average: %d pairs of equal length, %d of them %s, tie for"
        + " the last %d place(s), and precision averages over their orders", hits, k, tie.tied(), tie.positives(),
        positives, tie.places());
  }

  private static void ks(PrintWriter out, String what, KsResult ks) {
    out.printf(Locale.ROOT, "  KS on %s: D = %.4f, p %s%s%n", what, ks.statistic(), pValue("= ", ks.pValue()),
        ks.significantTies()
        ? " (tied values: broken apart, p could fall " + pValue("to ", ks.tieBrokenPValue()) + ")" : "");
  }

  /**
   * A p-value to three digits after {@code relation}; one of 0 underflowed (a double holds nothing below 4.9e-324),
   * so it is shown as below 1e-300, not as a p of 0.00 (what {@code %.3g} printed).
   */
  static String pValue(String relation, double p) {
    return p == 0 ? (relation.startsWith("=") ? "< " : "below ") + "1e-300"
        : relation + String.format(Locale.ROOT, "%.3g", p);
  }

  /** The mean of the finite lengths to four places, or "none reachable". */
  static String meanOfReachable(double[] lengths) {
    double mean = meanOfFinite(lengths);
    return Double.isNaN(mean) ? "none reachable" : String.format(Locale.ROOT, "%.4f", mean);
  }

  /** The mean of the finite lengths; NaN if there is none. */
  static double meanOfFinite(double[] lengths) {
    double sum = 0;
    int count = 0;
    for (double v : lengths) {
      if (v < Double.POSITIVE_INFINITY) {
        sum += v;
        count++;
      }
    }
    return count == 0 ? Double.NaN : sum / count;
  }

  static String shorten(String text, int width) {
    return text.length() <= width ? text : text.substring(0, width - 1) + "…";
  }
}
