package org.tropic.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.NodeKind;

/**
 * A path between two knowledge-graph nodes with the evidence of each edge and its intermediate concepts — Swanson's
 * B terms when the path runs from A to C.
 *
 * @param nodes the node ids along the path, ends included
 * @param names the node names, parallel to {@code nodes}
 * @param length the sum of the edge lengths
 * @param steps the edges, in order
 * @param intermediates the ids of the concepts strictly inside the path (abstracts left out)
 */
public record DiscoveredPath(List<String> nodes, List<String> names, double length, List<PathStep> steps,
    List<String> intermediates) {

  public DiscoveredPath {
    nodes = List.copyOf(nodes);
    names = List.copyOf(names);
    steps = List.copyOf(steps);
    intermediates = List.copyOf(intermediates);
  }

  /**
   * The path through the view's vertices {@code vertices}, each step evidenced by the shortest edge of the view's
   * kinds between its ends.
   *
   * @throws IllegalArgumentException if two consecutive vertices are not joined in the view
   */
  public static DiscoveredPath of(KgView view, int[] vertices) {
    KnowledgeGraph kg = view.kg();
    List<String> nodes = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<PathStep> steps = new ArrayList<>();
    List<String> intermediates = new ArrayList<>();
    double length = 0;
    for (int i = 0; i < vertices.length; i++) {
      int node = view.node(vertices[i]);
      nodes.add(kg.id(node));
      names.add(kg.name(node));
      if (i > 0 && i < vertices.length - 1 && kg.kind(node) == NodeKind.CONCEPT) {
        intermediates.add(kg.id(node));
      }
      if (i > 0) {
        int previous = view.node(vertices[i - 1]);
        int edge = kg.edgeBetween(previous, node, view.kinds());
        if (edge < 0) {
          throw new IllegalArgumentException("no edge between " + kg.id(previous) + " and " + kg.id(node));
        }
        steps.add(new PathStep(kg.id(previous), kg.id(node), kg.edgeKind(edge), kg.relation(edge), kg.weight(edge),
            kg.distance(edge), kg.count(edge), kg.firstYear(edge)));
        length += kg.distance(edge);
      }
    }
    return new DiscoveredPath(nodes, names, length, steps, intermediates);
  }

  /** Edges on the path. */
  public int hops() {
    return steps.size();
  }

  /**
   * The path on one line for people, e.g. {@code fish oils [C0016157] -(w=0.5, n=4, 1985)- blood viscosity
   * [C0005847] ...}, with a curated step's relation instead of the counts.
   */
  public String format() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < nodes.size(); i++) {
      if (i > 0) {
        PathStep step = steps.get(i - 1);
        text.append(" -(");
        if (step.relation() != null) {
          text.append(step.relation());
        } else {
          text.append(String.format(Locale.ROOT, "w=%.3g, n=%d", step.weight(), step.count()));
          if (step.firstYear() > 0) {
            text.append(", ").append(step.firstYear());
          }
        }
        text.append(")- ");
      }
      text.append(names.get(i));
      if (!names.get(i).equals(nodes.get(i))) {
        text.append(" [").append(nodes.get(i)).append(']');
      }
    }
    return text.toString();
  }
}
