package org.tropic.cli.kg;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tropic.discovery.Candidate;
import org.tropic.discovery.DiscoveredPath;
import org.tropic.discovery.PathStep;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;

/**
 * How the discovery commands print their results for programs ({@code --json}): the same facts as the tables, keys
 * in snake_case, a path as its nodes and its steps with their evidence.
 */
final class DiscoveryJson {
  private DiscoveryJson() {}

  /** A node as its id, name and semantic type (null where it has none). */
  static Map<String, Object> node(KnowledgeGraph graph, String id) {
    int node = graph.requireNode(id);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("id", id);
    json.put("name", graph.name(node));
    json.put("type", graph.type(node));
    return json;
  }

  /** The edge kinds paths may use that the graph has edges of, by label. */
  static List<String> edgeKinds(KgView view) {
    return view.kindsWithEdges().stream().map(EdgeKind::label).toList();
  }

  /**
   * Ranked candidates, rank 1 first, each with every measure and its shortest path. The path's {@code length} is the
   * candidate's {@code distance}, the float32 the distances hold: its edges summed in double differ in the last
   * digits (8.834837675… against 8.834838), a precision the float32 edge lengths do not have, and a script comparing
   * the two would find them unequal.
   */
  static List<Map<String, Object>> candidates(List<Candidate> candidates) {
    List<Map<String, Object>> json = new ArrayList<>();
    for (Candidate c : candidates) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("rank", json.size() + 1);
      row.put("id", c.id());
      row.put("name", c.name());
      row.put("type", c.type());
      row.put("distance", c.distance());
      row.put("linking_terms", c.linkingTerms());
      row.put("average_minimum_weight", c.averageMinimumWeight());
      row.put("jaccard", c.jaccard());
      row.put("path", c.path() == null ? null : path(c.path(), c.distance()));
      json.add(row);
    }
    return json;
  }

  /**
   * Paths in order, each with its length, nodes, intermediate concepts and steps, made as {@code Json.write} reaches
   * it: the maps of a million paths would need more heap than the paths themselves, which the search's memory check
   * counts.
   */
  static Iterable<Map<String, Object>> paths(List<DiscoveredPath> paths) {
    return () -> paths.stream().map(DiscoveryJson::path).iterator();
  }

  /** A path with its length, nodes, intermediate concepts and steps. */
  static Map<String, Object> path(DiscoveredPath path) {
    return path(path, path.length());
  }

  private static Map<String, Object> path(DiscoveredPath path, Number length) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("length", length);
    json.put("hops", path.hops());
    List<Map<String, Object>> nodes = new ArrayList<>();
    for (int i = 0; i < path.nodes().size(); i++) {
      Map<String, Object> node = new LinkedHashMap<>();
      node.put("id", path.nodes().get(i));
      node.put("name", path.names().get(i));
      nodes.add(node);
    }
    json.put("nodes", nodes);
    json.put("intermediates", path.intermediates());
    json.put("steps", path.steps().stream().map(DiscoveryJson::step).toList());
    return json;
  }

  private static Map<String, Object> step(PathStep step) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("from", step.from());
    json.put("to", step.to());
    json.put("kind", step.kind().label());
    json.put("relation", step.relation());
    json.put("weight", step.weight());
    json.put("length", step.length());
    json.put("count", step.curated() ? null : step.count());
    json.put("first_year", step.firstYear() > 0 ? step.firstYear() : null);
    return json;
  }
}
