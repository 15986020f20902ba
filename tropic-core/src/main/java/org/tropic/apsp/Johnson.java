package org.tropic.apsp;

import java.util.Objects;
import org.tropic.graph.Graph;

/**
 * All-pairs shortest paths for sparse graphs with negative arc weights, by Johnson's reweighting (D. B. Johnson,
 * "Efficient algorithms for shortest paths in sparse networks", J. ACM 24(1), 1977): Bellman–Ford from a virtual
 * source gives potentials h with {@code h(v) ≤ h(u) + w(u,v)}; the reweighted arcs
 * {@code w'(u,v) = w(u,v) + h(u) − h(v)} are non-negative and keep every shortest path, so Dijkstra runs from every
 * source on them; finally {@code d(u,v) = d'(u,v) − h(u) + h(v)}.
 *
 * <p>Cost: O(n m) worst case for the potentials (skipped when no weight is negative), then
 * O(n (n + m) log n) for the Dijkstra runs, on the caller's threads; memory is the result's 4n² bytes plus O(n + m).
 *
 * <p><b>Rounding.</b> Potentials are computed and subtracted in double precision. Reweighted arcs are rounded to
 * float32 (a tiny negative value left by rounding is clamped to 0) and the reweighted distances d' are summed in
 * float32 as in {@link DijkstraAllPairs}. Because d' carries the potentials, its rounding error is relative to
 * {@code |d| + |h(u)| + |h(v)|}, not to |d| alone: where potentials are much larger than the distances (long
 * chains of negative arcs), distances lose correspondingly more relative precision than Dijkstra's or
 * Floyd–Warshall's. A negative cycle lighter than the double rounding of the potentials (|weight| below about
 * 1e-16 of them) cannot be told from zero and is not detected.
 */
public final class Johnson {
  private final Graph graph;
  private final double[] potentials;
  private final float[] reweighted;

  /**
   * Computes the potentials and reweighted arcs for {@code graph}.
   *
   * @throws NegativeCycleException if the graph has a negative cycle, naming a vertex on it and its length
   */
  public Johnson(Graph graph) {
    this.graph = Objects.requireNonNull(graph, "graph");
    this.potentials = graph.weightStats().hasNegative()
        ? BellmanFordPotentials.compute(graph)
        : new double[graph.vertexCount()];
    this.reweighted = reweight(graph, potentials);
  }

  /** Distances for {@code graph} from every source, on {@code threads} threads; shorthand for the instance call. */
  public static RowDistanceMatrix solve(Graph graph, int threads, Progress progress) {
    return new Johnson(graph).solve(threads, progress);
  }

  /** The potential h(v) (a copy of all n of them). */
  public double[] potentials() {
    return potentials.clone();
  }

  /** The distances from {@code source} to every vertex, +∞ where unreachable. Allocates O(n) scratch per call. */
  public float[] distancesFrom(int source) {
    DijkstraAllPairs.checkVertex(graph, source);
    float[] dist = new float[graph.vertexCount()];
    new DijkstraSearch(graph.offsets(), graph.targets(), reweighted).run(source, dist);
    restore(source, dist);
    return dist;
  }

  /**
   * The full n×n distance matrix, computed on {@code threads} threads; progress is counted in sources.
   *
   * @throws IllegalStateException if the n² result cannot fit in this JVM's heap (said before allocating)
   */
  public RowDistanceMatrix solve(int threads, Progress progress) {
    ParallelRows.checkThreads(threads);
    Objects.requireNonNull(progress, "progress");
    RowDistanceMatrix result = DijkstraAllPairs.newResult(graph, "Johnson", true);
    ParallelRows.run("Johnson: Dijkstra from every source", graph.vertexCount(), threads, progress, () -> {
      DijkstraSearch search = new DijkstraSearch(graph.offsets(), graph.targets(), reweighted);
      return u -> {
        float[] row = result.row(u);
        search.run(u, row);
        restore(u, row);
      };
    });
    return result;
  }

  /** d(u,v) = d'(u,v) − h(u) + h(v), in double, rounded once to float. */
  private void restore(int source, float[] dist) {
    double hs = potentials[source];
    for (int v = 0; v < dist.length; v++) {
      float d = dist[v];
      if (d != Float.POSITIVE_INFINITY) {
        dist[v] = v == source ? 0f : (float) (d - hs + potentials[v]);
      }
    }
  }

  private static float[] reweight(Graph graph, double[] h) {
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    float[] out = new float[weights.length];
    for (int u = 0; u < offsets.length - 1; u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        double w = weights[a] + h[u] - h[targets[a]];
        // Exact potentials make w ≥ 0; what rounding leaves below zero is noise.
        out[a] = w > 0 ? (float) w : 0f;
      }
    }
    return out;
  }
}
