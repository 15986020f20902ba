package org.tropic.bench;

import org.tropic.graph.Graph;

/**
 * A graph a benchmark runs on, with the name the report shows.
 *
 * @param name e.g. {@code random n=4096 d=16 real} or {@code bcsstk13}
 * @param graph the graph
 */
public record GraphCase(String name, Graph graph) {

  /** The reproducible random digraph of {@link RandomGraphs#digraph}. */
  public static GraphCase random(int n, int outDegree, RandomGraphs.Weights weights, long seed) {
    return new GraphCase(RandomGraphs.describe(n, outDegree, weights),
        RandomGraphs.digraph(n, outDegree, weights, seed));
  }

  public int n() {
    return graph.vertexCount();
  }
}
