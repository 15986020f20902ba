package org.tropic.apsp;

import java.util.Objects;
import org.tropic.graph.Graph;

/**
 * For users who want constant-time path steps: {@code predecessor(u, v)} is the vertex before v on a shortest path
 * from u, −1 for v = u and where v is unreachable. Row u is a tree of shortest paths rooted at u, built from D and
 * the graph (not kept from the solver): the arcs x→y with {@code D[u][x] + w(x,y) = D[u][y]} up to rounding, picked
 * by a Dijkstra on the reduced costs {@code D[u][x] + w(x,y) − D[u][y]} ({@link ReducedCostSearch}). Being a tree,
 * following predecessors from any v always climbs back to u, zero-weight cycles included, and the path's length
 * equals {@code D[u][v]} up to D's own rounding.
 *
 * <p><b>Cost.</b> Building is about as expensive as running Dijkstra from every source again,
 * O(n (n + m) log n), spread over the caller's threads. Memory is 4n² bytes, as much as the distances themselves,
 * held as one {@code int[]} per row. {@link ShortestPaths#path} needs none of it; prefer that unless paths are
 * queried by the million. {@link PredecessorRows} hands out the same rows a block at a time, for a writer.
 */
public final class PredecessorMatrix {
  private final Graph graph;
  private final int[][] predecessors;

  private PredecessorMatrix(Graph graph, int[][] predecessors) {
    this.graph = graph;
    this.predecessors = predecessors;
  }

  /**
   * Builds the predecessors of every row of {@code distances} on {@code threads} threads; progress counts rows.
   *
   * @throws IllegalArgumentException if the matrix and graph differ in size, or the thread count is below 1
   * @throws IllegalStateException if the matrix claims a distance the graph has no path for, or if the n² result
   *     cannot fit in this JVM's heap (said before allocating)
   */
  public static PredecessorMatrix of(Graph graph, DistanceMatrix distances, int threads, Progress progress) {
    Objects.requireNonNull(graph, "graph");
    Objects.requireNonNull(distances, "distances");
    Objects.requireNonNull(progress, "progress");
    ParallelRows.checkThreads(threads);
    int n = graph.vertexCount();
    if (distances.size() != n) {
      throw new IllegalArgumentException("the distance matrix is " + distances.size() + "×" + distances.size()
          + " but " + graph + " has " + n + " vertices");
    }
    long bytes = bytes(n);
    long max = Runtime.getRuntime().maxMemory();
    if (max != Long.MAX_VALUE && bytes > max) {
      throw new IllegalStateException(String.format("a predecessor matrix for %s needs %,d MiB, but the JVM heap is"
          + " at most %,d MiB; use ShortestPaths.path, which needs none", graph, bytes >> 20, max >> 20));
    }
    int[][] predecessors = new int[n][];
    ParallelRows.run("predecessor rows", n, threads, progress, () -> {
      ReducedCostSearch search = new ReducedCostSearch(graph);
      float[] row = new float[n];
      return u -> {
        int[] pred = new int[n];
        rowOf(graph, distances, u, search, row, pred);
        predecessors[u] = pred;
      };
    });
    return new PredecessorMatrix(graph, predecessors);
  }

  /**
   * Row u of the predecessors into {@code pred}: the tree of shortest paths from u over the graph's arcs that the
   * distances of row u (copied into {@code row}) make tight.
   *
   * @throws IllegalStateException if the row claims a distance the graph has no path for
   */
  static void rowOf(Graph graph, DistanceMatrix distances, int u, ReducedCostSearch search, float[] row,
      int[] pred) {
    distances.copyRow(u, row);
    search.run(u, -1, row, pred);
    for (int v = 0; v < row.length; v++) {
      if (pred[v] < 0 && v != u && row[v] != Float.POSITIVE_INFINITY) {
        throw new IllegalStateException("the distance matrix says " + graph.name(v) + " is at " + row[v]
            + " from " + graph.name(u) + ", but the graph has no path between them: the matrix was not"
            + " computed for " + graph);
      }
    }
  }

  /** The heap a predecessor matrix of n vertices takes: n rows of n int32 and their array headers. */
  public static long bytes(int n) {
    return 4L * n * n + 16L * n;
  }

  /** The number of vertices n. */
  public int size() {
    return predecessors.length;
  }

  /** The vertex before v on the chosen shortest path from u; −1 if v = u or v is unreachable from u. */
  public int predecessor(int u, int v) {
    DijkstraAllPairs.checkVertex(graph, u);
    DijkstraAllPairs.checkVertex(graph, v);
    return predecessors[u][v];
  }

  /** The shortest path from u to v read off the predecessors, or {@link Path#NONE}; O(path length). */
  public Path path(int u, int v) {
    DijkstraAllPairs.checkVertex(graph, u);
    DijkstraAllPairs.checkVertex(graph, v);
    if (u == v) {
      return new Path(new int[] {u}, 0f);
    }
    return predecessors[u][v] < 0 ? Path.NONE : pathFrom(graph, u, v, predecessors[u]);
  }

  /** The path from u to v in a tree given by predecessor links (v must be in u's tree). */
  static Path pathFrom(Graph graph, int u, int v, int[] pred) {
    int arcs = 0;
    for (int x = v; x != u; x = pred[x]) {
      arcs++;
    }
    int[] vertices = new int[arcs + 1];
    double length = 0;
    int at = arcs;
    for (int x = v; x != u; x = pred[x]) {
      vertices[at--] = x;
      length += graph.weight(pred[x], x);
    }
    vertices[0] = u;
    return new Path(vertices, (float) length);
  }
}
