package org.tropic.apsp;

import java.util.Objects;
import org.tropic.graph.Graph;

/**
 * All-pairs shortest paths by Dijkstra's algorithm from every source (E. W. Dijkstra, "A note on two problems in
 * connexion with graphs", Numerische Mathematik 1, 1959), for graphs whose arc weights are all non-negative. The
 * right solver for sparse graphs: O(n (n + m) log n) time against Floyd–Warshall's O(n³), and only the result's
 * 4n² bytes of memory plus O(n) per thread. Graphs with negative weights go to {@link Johnson}.
 *
 * <p>Sources are split into chunks handed out to a caller-given number of threads; each thread owns its own
 * indexed binary heap (primitive arrays, decrease-key) and reuses it for every source it takes.
 *
 * <p><b>Arithmetic.</b> Distances are float32 and are accumulated in float32 along each path,
 * {@code d(v) = fl(d(u) + w(u,v))}, which is also what Floyd–Warshall computes; the two may still differ in the
 * last bits because Floyd–Warshall may add a path's arcs in a different grouping. Each distance is within about
 * {@code hops × 2⁻²⁴} of the exact path length, relatively. Unreachable vertices get +∞.
 */
public final class DijkstraAllPairs {
  private final Graph graph;

  /**
   * A solver for {@code graph}.
   *
   * @throws IllegalArgumentException if an arc weight is negative (use {@link Johnson})
   */
  public DijkstraAllPairs(Graph graph) {
    this.graph = Objects.requireNonNull(graph, "graph");
    if (graph.weightStats().hasNegative()) {
      throw new IllegalArgumentException("Dijkstra needs non-negative arc weights, but " + graph
          + " has a weight of " + graph.weightStats().min() + "; use Johnson for negative weights");
    }
  }

  /** Distances for {@code graph} from every source, on {@code threads} threads; shorthand for the instance call. */
  public static RowDistanceMatrix solve(Graph graph, int threads, Progress progress) {
    return new DijkstraAllPairs(graph).solve(threads, progress);
  }

  /**
   * The distances from {@code source} to every vertex, +∞ where unreachable. Allocates O(n) scratch per call; to
   * run many sources use {@link #solve}.
   */
  public float[] distancesFrom(int source) {
    checkVertex(graph, source);
    float[] dist = new float[graph.vertexCount()];
    new DijkstraSearch(graph.offsets(), graph.targets(), graph.weights()).run(source, dist);
    return dist;
  }

  /**
   * The full n×n distance matrix, computed on {@code threads} threads. Progress is counted in sources.
   *
   * @throws IllegalArgumentException if {@code threads < 1}
   * @throws IllegalStateException if the n² result cannot fit in this JVM's heap (said before allocating)
   */
  public RowDistanceMatrix solve(int threads, Progress progress) {
    ParallelRows.checkThreads(threads);
    Objects.requireNonNull(progress, "progress");
    RowDistanceMatrix result = newResult(graph, "Dijkstra", true);
    ParallelRows.run("Dijkstra from every source", graph.vertexCount(), threads, progress, () -> {
      DijkstraSearch search = new DijkstraSearch(graph.offsets(), graph.targets(), graph.weights());
      return u -> search.run(u, result.row(u));
    });
    return result;
  }

  /**
   * An n×n row matrix for {@code graph}'s result, refusing up front when it clearly cannot fit in the heap.
   *
   * @param filled whether to start from +∞ with a zero diagonal; a solver that writes every entry passes false
   */
  static RowDistanceMatrix newResult(Graph graph, String solver, boolean filled) {
    int n = graph.vertexCount();
    long bytes = 4L * n * n + 16L * n;
    long max = Runtime.getRuntime().maxMemory();
    if (max != Long.MAX_VALUE && bytes > max) {
      throw new IllegalStateException(String.format(
          "%s on %s needs %,d MiB for the %d×%d float32 result in memory, but the JVM heap is at most %,d MiB; "
              + "raise -Xmx or use a solver that writes tiles to a .npy store", solver, graph, bytes >> 20, n, n,
          max >> 20));
    }
    return filled ? new RowDistanceMatrix(n, graph.labels()) : RowDistanceMatrix.unfilled(n, graph.labels());
  }

  static void checkVertex(Graph graph, int v) {
    if (v < 0 || v >= graph.vertexCount()) {
      throw new IndexOutOfBoundsException(
          "vertex " + v + " is not in " + graph + " (ids 0.." + (graph.vertexCount() - 1) + ")");
    }
  }
}
