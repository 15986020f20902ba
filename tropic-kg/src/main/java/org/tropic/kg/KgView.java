package org.tropic.kg;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.graph.VertexLabels;

/**
 * The part of a {@link KnowledgeGraph} the shortest-path engine sees: the edges of the chosen kinds as an undirected
 * CSR {@link Graph} (arcs both ways) whose vertices are the nodes touching at least one such edge, labelled by node
 * id, with lengths from the graph's {@link DistanceRule}. Where two chosen edges join the same pair, the shorter
 * counts. Choosing kinds is how the papers' variants are made: co-occurrence only for the curated comparison (COAST,
 * SC22 §VIII), everything for the full literature graph.
 *
 * @param kg the knowledge graph
 * @param kinds the edge kinds included
 * @param graph the CSR graph over vertices {@code 0..size-1}
 * @param nodeOfVertex the knowledge-graph node of each vertex
 * @param vertexOfNode the vertex of each node, -1 where the node has no included edge
 */
public record KgView(KnowledgeGraph kg, Set<EdgeKind> kinds, Graph graph, int[] nodeOfVertex, int[] vertexOfNode) {

  /** Builds the view: O(n + m log m). */
  static KgView of(KnowledgeGraph kg, Set<EdgeKind> kinds) {
    if (kinds.isEmpty()) {
      throw new IllegalArgumentException("choose at least one edge kind");
    }
    Set<EdgeKind> chosen = EnumSet.copyOf(kinds);
    int n = kg.nodeCount();
    int[] vertexOfNode = new int[n];
    Arrays.fill(vertexOfNode, -1);
    boolean[] touched = new boolean[n];
    for (int e = 0; e < kg.edgeCount(); e++) {
      if (chosen.contains(kg.edgeKind(e))) {
        touched[kg.edgeSource(e)] = true;
        touched[kg.edgeTarget(e)] = true;
      }
    }
    int vertices = 0;
    for (int u = 0; u < n; u++) {
      if (touched[u]) {
        vertexOfNode[u] = vertices++;
      }
    }
    int[] nodeOfVertex = new int[vertices];
    String[] labels = new String[vertices];
    for (int u = 0; u < n; u++) {
      if (vertexOfNode[u] >= 0) {
        nodeOfVertex[vertexOfNode[u]] = u;
        labels[vertexOfNode[u]] = kg.id(u);
      }
    }
    GraphBuilder builder = GraphBuilder.withVertexCount(vertices).undirected(true);
    for (int e = 0; e < kg.edgeCount(); e++) {
      if (chosen.contains(kg.edgeKind(e))) {
        builder.addEdge(vertexOfNode[kg.edgeSource(e)], vertexOfNode[kg.edgeTarget(e)], kg.distance(e));
      }
    }
    Graph plain = builder.build();
    Graph graph = new Graph(plain.offsets(), plain.targets(), plain.weights(), VertexLabels.of(labels), true);
    return new KgView(kg, chosen, graph, nodeOfVertex, vertexOfNode);
  }

  /** The number of vertices. */
  public int size() {
    return nodeOfVertex.length;
  }

  /** The vertex of the node with this id, or -1 if it is not in the view. */
  public int vertex(String id) {
    int node = kg.node(id);
    return node < 0 ? -1 : vertexOfNode[node];
  }

  /**
   * The vertex of the node with this id.
   *
   * @throws IllegalArgumentException if there is no such node, or it has no edge of the chosen kinds
   */
  public int requireVertex(String id) {
    int node = kg.requireNode(id);
    int vertex = vertexOfNode[node];
    if (vertex < 0) {
      throw new IllegalArgumentException("node '" + id + "' (" + kg.name(node) + ") " + edgesOf(node)
          + ", so no path can reach it");
    }
    return vertex;
  }

  /**
   * Why a node is not in the view, as the user can act on it: no edge at all (a node-table row no edge names), or
   * only edges of kinds the view leaves out (naming them, to add to --edges). Listing the view's kinds alone named
   * kinds the graph has none of, as if they mattered.
   */
  private String edgesOf(int node) {
    KnowledgeGraph.Incidence incidence = kg.incidence();
    Set<EdgeKind> other = java.util.EnumSet.noneOf(EdgeKind.class);
    for (int i = incidence.start()[node]; i < incidence.start()[node + 1]; i++) {
      other.add(kg.edgeKind(incidence.edge()[i]));
    }
    return other.isEmpty() ? "has no edge in the graph" : "has edges of the kinds " + labels(other) + " only, which"
        + " these paths do not use (" + labels(kinds) + ")";
  }

  /** The knowledge-graph node of a vertex. */
  public int node(int vertex) {
    return nodeOfVertex[vertex];
  }

  /**
   * The chosen kinds the graph has edges of: the kinds that make up this view, what a reader is told (a curated
   * graph has concept–concept edges only, whatever {@code --edges all} chose).
   */
  public Set<EdgeKind> kindsWithEdges() {
    Set<EdgeKind> present = java.util.EnumSet.noneOf(EdgeKind.class);
    for (EdgeKind kind : kinds) {
      if (kg.edgeCount(kind) > 0) {
        present.add(kind);
      }
    }
    return present;
  }

  /** The chosen kinds as {@code concept-concept,citation}. */
  public static String labels(Set<EdgeKind> kinds) {
    StringBuilder text = new StringBuilder();
    for (EdgeKind kind : kinds) {
      text.append(text.isEmpty() ? "" : ",").append(kind.label());
    }
    return text.toString();
  }
}
