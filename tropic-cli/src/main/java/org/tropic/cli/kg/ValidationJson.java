package org.tropic.cli.kg;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tropic.discovery.CuratedComparison;
import org.tropic.discovery.KsResult;
import org.tropic.discovery.LinkPredictionEvaluation;
import org.tropic.discovery.PairLengths;
import org.tropic.discovery.Scenario;

/** How the validate commands print their results for programs ({@code --json}): the tables' facts, snake_case keys. */
final class ValidationJson {
  private ValidationJson() {}

  /**
   * A link-prediction evaluation: both pair sets, the KS tests, the AUCs and precision at each k.
   *
   * @param positives the key of the true links (e.g. "new_links")
   * @param negatives the key of the random pairs they are compared with
   */
  static Map<String, Object> evaluation(LinkPredictionEvaluation e, String positives, String negatives) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put(positives, pairs(e.positives()));
    json.put(negatives, pairs(e.negatives()));
    json.put("ks_length", ks(e.lengthKs()));
    json.put("ks_hops", ks(e.hopsKs()));
    json.put("auc_length", e.lengthAuc());
    json.put("auc_hops", e.hopsAuc());
    Map<String, Double> precision = new LinkedHashMap<>();
    e.precisionAtK().forEach((k, p) -> precision.put(Integer.toString(k), p));
    json.put("precision_at", precision);
    Map<String, Object> ties = new LinkedHashMap<>();
    e.tiesAtCutOff().forEach((k, tie) -> {
      Map<String, Integer> counts = new LinkedHashMap<>();
      counts.put("tied_pairs", tie.tied());
      counts.put("positives", tie.positives());
      counts.put("places", tie.places());
      ties.put(Integer.toString(k), counts);
    });
    // Where a tie of lengths straddles the cut-off, precision_at is the mean over the tie's orders.
    json.put("precision_ties_at_cut_off", ties);
    return json;
  }

  /** COAST's comparison: the counts per scenario and the example paths. */
  static Map<String, Object> comparison(CuratedComparison.Result result) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("mapping", result.mapping());
    json.put("literature_concepts", result.candidates());
    json.put("mapped", result.mapped());
    json.put("pairs", result.pairs());
    Map<String, Object> scenarios = new LinkedHashMap<>();
    for (Scenario scenario : Scenario.values()) {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("description", scenario.description());
      s.put("pairs", result.counts().get(scenario));
      scenarios.put(scenario.code(), s);
    }
    json.put("scenarios", scenarios);
    json.put("joined_in_neither", result.neither());
    List<Map<String, Object>> examples = new ArrayList<>();
    for (CuratedComparison.Example example : result.examples()) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("scenario", example.scenario().code());
      e.put("literature_path", example.literaturePath() == null ? null
          : DiscoveryJson.path(example.literaturePath()));
      e.put("mapped_path", example.mappedPath());
      e.put("matched_edges", example.matchedEdges());
      e.put("compared_edges", example.comparedEdges());
      e.put("curated_path", example.curatedPath());
      examples.add(e);
    }
    json.put("examples", examples);
    return json;
  }

  private static Map<String, Object> pairs(PairLengths lengths) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("pairs", lengths.size());
    json.put("unreachable", lengths.unreachable());
    json.put("mean_length", Printing.meanOfFinite(lengths.lengths()));
    return json;
  }

  private static Map<String, Object> ks(KsResult ks) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("d", ks.statistic());
    json.put("p", ks.pValue());
    // Ties broken apart can only lower p; given where the ties could matter.
    json.put("tie_broken_p", ks.significantTies() ? ks.tieBrokenPValue() : null);
    return json;
  }
}
