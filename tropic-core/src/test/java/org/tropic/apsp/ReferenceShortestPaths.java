package org.tropic.apsp;

import java.util.Arrays;
import org.tropic.graph.Graph;

/** Plain, obviously-correct reference algorithms for the tests: Bellman–Ford in double, scalar Floyd–Warshall. */
final class ReferenceShortestPaths {
  private ReferenceShortestPaths() {}

  /** Textbook Bellman–Ford from every source in double: n−1 rounds over all arcs. Null if a negative cycle. */
  static double[][] bellmanFord(Graph graph) {
    int n = graph.vertexCount();
    double[][] dist = new double[n][];
    for (int s = 0; s < n; s++) {
      double[] d = new double[n];
      Arrays.fill(d, Double.POSITIVE_INFINITY);
      d[s] = 0;
      for (int round = 0; round < n; round++) {
        boolean changed = relaxAll(graph, d);
        if (!changed) {
          break;
        }
        if (round == n - 1) {
          return null;
        }
      }
      dist[s] = d;
    }
    return dist;
  }

  /** Whether some cycle has negative weight: Bellman–Ford from a virtual source joined to all vertices. */
  static boolean hasNegativeCycle(Graph graph) {
    int n = graph.vertexCount();
    double[] d = new double[n];
    for (int round = 0; round <= n; round++) {
      if (!relaxAll(graph, d)) {
        return false;
      }
    }
    return true;
  }

  /** The least weight of a closed walk of 1..n arcs from x back to x (+∞ if none). */
  static double minClosedWalk(Graph graph, int x) {
    int n = graph.vertexCount();
    double[] g = new double[n];
    Arrays.fill(g, Double.POSITIVE_INFINITY);
    for (int a = graph.offsets()[x]; a < graph.offsets()[x + 1]; a++) {
      g[graph.targets()[a]] = Math.min(g[graph.targets()[a]], graph.weights()[a]);
    }
    for (int k = 1; k < n; k++) {
      double[] next = g.clone();
      for (int u = 0; u < n; u++) {
        for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
          next[graph.targets()[a]] = Math.min(next[graph.targets()[a]], g[u] + graph.weights()[a]);
        }
      }
      g = next;
    }
    return g[x];
  }

  private static boolean relaxAll(Graph graph, double[] d) {
    boolean changed = false;
    for (int u = 0; u < graph.vertexCount(); u++) {
      if (d[u] == Double.POSITIVE_INFINITY) {
        continue;
      }
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        float w = graph.weights()[a];
        int v = graph.targets()[a];
        if (w != Float.POSITIVE_INFINITY && d[u] + w < d[v]) {
          d[v] = d[u] + w;
          changed = true;
        }
      }
    }
    return changed;
  }

  /** Scalar Floyd–Warshall in float32 (graphs without negative cycles), as a second source of distance matrices. */
  static RowDistanceMatrix floydWarshall(Graph graph) {
    int n = graph.vertexCount();
    RowDistanceMatrix d = new RowDistanceMatrix(n, graph.labels());
    for (int u = 0; u < n; u++) {
      float[] row = d.row(u);
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        row[graph.targets()[a]] = Math.min(row[graph.targets()[a]], graph.weights()[a]);
      }
    }
    for (int k = 0; k < n; k++) {
      float[] rowK = d.row(k);
      for (int i = 0; i < n; i++) {
        float[] rowI = d.row(i);
        float dik = rowI[k];
        if (dik == Float.POSITIVE_INFINITY) {
          continue;
        }
        for (int j = 0; j < n; j++) {
          float through = dik + rowK[j];
          if (through < rowI[j]) {
            rowI[j] = through;
          }
        }
      }
    }
    return d;
  }
}
