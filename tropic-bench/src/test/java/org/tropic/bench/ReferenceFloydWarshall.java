package org.tropic.bench;

import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.RowDistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * A plain triple-loop Floyd–Warshall in float32, standing in for the blocked solver so the benchmark logic can be
 * tested on its own. Ignores the arithmetic and thread count (it is always exact and single-threaded).
 */
final class ReferenceFloydWarshall implements ApspSolver {

  @Override
  public String name() {
    return "reference-fw";
  }

  @Override
  public DistanceMatrix solve(Graph graph, Arithmetic arithmetic, int threads) {
    int n = graph.vertexCount();
    RowDistanceMatrix d = new RowDistanceMatrix(n, graph.labels());
    for (int u = 0; u < n; u++) {
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        int v = graph.targets()[a];
        d.row(u)[v] = Math.min(d.row(u)[v], graph.weights()[a]);
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
          float via = dik + rowK[j];
          if (via < rowI[j]) {
            rowI[j] = via;
          }
        }
      }
    }
    return d;
  }
}
