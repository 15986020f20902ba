package org.tropic.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tropic.apsp.Path;
import org.tropic.graph.Graph;

/**
 * A shortest path as every command shows it, arc by arc with each arc's weight: {@code a →[1] b →[2.5] c} in tables,
 * and in JSON {@code {"from", "to", "distance", "arcs", "path": [{"from", "to", "weight"}, ...]}}, the shape of
 * {@code query path --json} and of {@code apsp --json}'s examples alike.
 */
final class PathSteps {
  private PathSteps() {}

  /** The path's vertex names joined by arrows carrying each arc's weight, or "none (unreachable)". */
  static String text(Graph graph, Path path) {
    if (!path.exists()) {
      return "none (unreachable)";
    }
    int[] p = path.vertices();
    StringBuilder text = new StringBuilder(graph.name(p[0]));
    for (int i = 0; i + 1 < p.length; i++) {
      text.append(" →[").append(Summary.formatLength(graph.weight(p[i], p[i + 1]))).append("] ")
          .append(graph.name(p[i + 1]));
    }
    return text.toString();
  }

  /** The path arc by arc, each with its weight: empty when there is no path. */
  static List<Map<String, Object>> steps(Graph graph, Path path) {
    List<Map<String, Object>> steps = new ArrayList<>();
    int[] p = path.vertices();
    for (int i = 0; i + 1 < p.length; i++) {
      Map<String, Object> step = new LinkedHashMap<>();
      step.put("from", graph.name(p[i]));
      step.put("to", graph.name(p[i + 1]));
      step.put("weight", graph.weight(p[i], p[i + 1]));
      steps.add(step);
    }
    return steps;
  }

  /** One pair's answer for JSON: its names, distance (null when unreachable), arc count and steps. */
  static Map<String, Object> json(String from, String to, double distance, Graph graph, Path path) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("from", from);
    entry.put("to", to);
    entry.put("distance", distance);
    entry.put("arcs", path.exists() ? path.arcCount() : null);
    entry.put("path", steps(graph, path));
    return entry;
  }
}
