package org.tropic.apsp;

import java.util.List;
import org.jgrapht.graph.DefaultDirectedWeightedGraph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.util.SupplierUtil;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/** A small generated graph: its arcs as drawn, built into a Tropic {@link Graph} or a JGraphT graph on demand. */
record TestGraph(int n, List<Arc> arcs, boolean undirected) {

  record Arc(int from, int to, float weight) {}

  Graph build() {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(undirected);
    for (Arc arc : arcs) {
      if (undirected) {
        builder.addEdge(arc.from(), arc.to(), arc.weight());
      } else {
        builder.addArc(arc.from(), arc.to(), arc.weight());
      }
    }
    return builder.build();
  }

  /** The same arcs (after the builder's merging of duplicates) as a JGraphT graph on vertices 0..n-1. */
  static DefaultDirectedWeightedGraph<Integer, DefaultWeightedEdge> toJGraphT(Graph graph) {
    // JGraphT's Johnson adds a vertex of its own, so the graph needs a supplier of fresh ids.
    var g = new DefaultDirectedWeightedGraph<Integer, DefaultWeightedEdge>(
        SupplierUtil.createIntegerSupplier(graph.vertexCount()), SupplierUtil.createDefaultWeightedEdgeSupplier());
    for (int v = 0; v < graph.vertexCount(); v++) {
      g.addVertex(v);
    }
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        DefaultWeightedEdge e = g.addEdge(u, graph.targets()[a]);
        g.setEdgeWeight(e, graph.weights()[a]);
      }
    }
    return g;
  }

  @Override
  public String toString() {
    return (undirected ? "undirected" : "directed") + " n=" + n + " " + arcs;
  }
}
