package org.tropic.apsp;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.Objects;
import org.tropic.graph.Graph;

/**
 * Path queries on a computed {@link DistanceMatrix} and its {@link Graph}, without an n² predecessor matrix.
 *
 * <p>{@link #path} walks from u, each step taking the out-neighbour w that minimises {@code w(x,w) + D[w][v]}
 * (a tie goes to v itself, then to the smaller id), never re-entering a vertex, and accepts the walk only if every
 * step stays within rounding of {@code D[x][v]} and the total stays within rounding of {@code D[u][v]} (see below).
 * That costs O(path length × out-degree) lookups of D. When the walk fails — a dead end among zero-weight cycles,
 * or float rounding steering it wrong — an exact search takes over: Dijkstra from u on the reduced costs
 * {@code w(x,y) + D[y][v] − D[x][v]}, which expands little beyond the shortest paths themselves but reads column v
 * of D and allocates O(n).
 *
 * <p><b>Tolerance.</b> A returned path is a real path of the graph, from u to v, with no repeated vertex; its length
 * (its arcs' weights summed) equals {@code D[u][v]} within {@code 1e-5 × (Σ|w| along the path + |D[u][v]|)},
 * widened to {@code 2(arcs + 1) × 2⁻²⁴} of that scale for paths long enough that float32 rounding alone needs
 * more. If even the exact search finds only a path more than 1e-3 of that scale away from {@code D[u][v]}, the
 * matrix does not belong to the graph and an {@link IllegalStateException} says so.
 *
 * <p>Thread-safe: queries keep no shared state.
 */
public final class ShortestPaths {
  private final Graph graph;
  private final DistanceMatrix distances;

  /**
   * Queries over {@code distances}, which must have been computed for {@code graph}.
   *
   * @throws IllegalArgumentException if the sizes differ or the diagonal is negative (a negative cycle)
   */
  public ShortestPaths(Graph graph, DistanceMatrix distances) {
    this.graph = Objects.requireNonNull(graph, "graph");
    this.distances = Objects.requireNonNull(distances, "distances");
    if (distances.size() != graph.vertexCount()) {
      throw new IllegalArgumentException("the distance matrix is " + distances.size() + "×" + distances.size()
          + " but " + graph + " has " + graph.vertexCount() + " vertices");
    }
    for (int u = 0; u < graph.vertexCount(); u++) {
      if (distances.get(u, u) < 0) {
        throw new IllegalArgumentException("the distance matrix has D[" + graph.name(u) + "][" + graph.name(u)
            + "] = " + distances.get(u, u) + " < 0, so the graph has a negative cycle and paths are undefined");
      }
    }
  }

  /** The distance from u to v, +∞ if v is unreachable. */
  public float distance(int u, int v) {
    DijkstraAllPairs.checkVertex(graph, u);
    DijkstraAllPairs.checkVertex(graph, v);
    return distances.get(u, v);
  }

  /**
   * A shortest path from u to v, or {@link Path#NONE} if v is unreachable from u.
   *
   * @throws IllegalStateException if the distance matrix contradicts the graph
   */
  public Path path(int u, int v) {
    DijkstraAllPairs.checkVertex(graph, u);
    DijkstraAllPairs.checkVertex(graph, v);
    float d = distances.get(u, v);
    if (d == Float.POSITIVE_INFINITY) {
      return Path.NONE;
    }
    if (u == v) {
      return new Path(new int[] {u}, 0f);
    }
    Path walked = greedyWalk(u, v, d);
    return walked != null ? walked : exactSearch(u, v, d);
  }

  /** The k vertices nearest to u (excluding u, only reachable ones, ties by id); see {@link Nearest#of}. */
  public Nearest nearest(int u, int k) {
    DijkstraAllPairs.checkVertex(graph, u);
    return Nearest.of(distances, u, k);
  }

  /** The greedy walk, or null where it strays from D by more than rounding or runs into a dead end. */
  private Path greedyWalk(int u, int v, float d) {
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    IntArrayList walk = new IntArrayList();
    IntOpenHashSet seen = new IntOpenHashSet();
    walk.add(u);
    seen.add(u);
    double length = 0;
    double scale = Math.abs(d);
    int x = u;
    float remaining = d;
    while (x != v) {
      int best = -1;
      double bestValue = Double.POSITIVE_INFINITY;
      float bestWeight = 0f;
      float bestRest = 0f;
      for (int a = offsets[x], end = offsets[x + 1]; a < end; a++) {
        int w = targets[a];
        float weight = weights[a];
        if (weight == Float.POSITIVE_INFINITY || seen.contains(w)) {
          continue;
        }
        float rest = distances.get(w, v);
        double value = (double) weight + rest;
        // Arcs come sorted by target, so among equal values the smaller id is already held; v itself wins a tie.
        if (value < bestValue || value == bestValue && w == v) {
          best = w;
          bestValue = value;
          bestWeight = weight;
          bestRest = rest;
        }
      }
      double localScale = Math.abs(remaining) + Math.abs(bestWeight) + Math.abs(bestRest);
      if (best < 0 || bestValue - remaining > PathTolerance.allowed(localScale, 1)) {
        return null;
      }
      length += bestWeight;
      scale += Math.abs(bestWeight);
      walk.add(best);
      seen.add(best);
      x = best;
      remaining = bestRest;
    }
    if (!PathTolerance.close(length, d, scale, walk.size() - 1)) {
      return null;
    }
    return new Path(walk.toIntArray(), (float) length);
  }

  private Path exactSearch(int u, int v, float d) {
    int n = graph.vertexCount();
    float[] towardV = new float[n];
    for (int x = 0; x < n; x++) {
      towardV[x] = -distances.get(x, v);
    }
    int[] pred = new int[n];
    if (!new ReducedCostSearch(graph).run(u, v, towardV, pred)) {
      throw new IllegalStateException("the distance matrix says " + graph.name(v) + " is at " + d + " from "
          + graph.name(u) + ", but the graph has no path between them: the matrix was not computed for " + graph);
    }
    Path path = PredecessorMatrix.pathFrom(graph, u, v, pred);
    double scale = Math.abs(d);
    int[] vs = path.vertices();
    for (int i = 1; i < vs.length; i++) {
      scale += Math.abs(graph.weight(vs[i - 1], vs[i]));
    }
    if (Math.abs(path.length() - (double) d) > PathTolerance.MISMATCH * scale) {
      throw new IllegalStateException("the distance matrix says " + graph.name(v) + " is at " + d + " from "
          + graph.name(u) + ", but the shortest path the graph has is " + path.length()
          + " long: the matrix was not computed for " + graph);
    }
    return path;
  }
}
