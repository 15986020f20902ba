package org.tropic.bench;

import java.util.Locale;
import java.util.SplittableRandom;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/**
 * Reproducible random digraphs for benchmarks: every vertex gets {@code outDegree} arcs to uniformly chosen other
 * vertices (repeats collapse, so a few vertices end up with fewer), weights uniform in [1, 100). Floyd–Warshall's
 * work does not depend on density, so a moderate degree keeps the graph a realistic size while nearly all pairs
 * become reachable, which exercises finite arithmetic everywhere. The same (n, degree, weights, seed) always gives
 * the same graph, so Tropic and its peers see identical input and runs compare across machines.
 */
public final class RandomGraphs {

  /** Which numbers the weights are. */
  public enum Weights {
    /** Whole numbers 1..99: picks the int32 path. */
    INTEGER,
    /** Reals in [1, 100): picks the non-negative float path. */
    REAL;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    public static Weights ofLabel(String label) {
      for (Weights w : values()) {
        if (w.label().equals(label)) {
          return w;
        }
      }
      throw new IllegalArgumentException("unknown weights '" + label + "' (integer, real)");
    }
  }

  private RandomGraphs() {}

  /** The random digraph on {@code n} vertices described in the class comment. */
  public static Graph digraph(int n, int outDegree, Weights weights, long seed) {
    if (n < 1 || outDegree < 0) {
      throw new IllegalArgumentException("need n >= 1 and outDegree >= 0, got n=" + n + ", outDegree=" + outDegree);
    }
    SplittableRandom random = new SplittableRandom(seed);
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    int degree = n == 1 ? 0 : outDegree;
    for (int u = 0; u < n; u++) {
      for (int d = 0; d < degree; d++) {
        int v = random.nextInt(n - 1);
        v = v >= u ? v + 1 : v;
        float w = weights == Weights.INTEGER ? 1 + random.nextInt(99) : (float) (1 + 99 * random.nextDouble());
        builder.addArc(u, v, w);
      }
    }
    return builder.build();
  }

  /** {@link #digraph}'s arcs as undirected edges: a symmetric graph, which FW solves on its upper triangle. */
  public static Graph undirected(int n, int outDegree, Weights weights, long seed) {
    Graph arcs = digraph(n, outDegree, weights, seed);
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(true);
    for (int u = 0; u < n; u++) {
      for (int a = arcs.offsets()[u]; a < arcs.offsets()[u + 1]; a++) {
        builder.addEdge(u, arcs.targets()[a], arcs.weights()[a]);
      }
    }
    return builder.build();
  }

  /** A short name for reports, e.g. {@code random n=4096 d=16 real}. */
  public static String describe(int n, int outDegree, Weights weights) {
    return "random n=" + n + " d=" + outDegree + " " + weights.label();
  }
}
