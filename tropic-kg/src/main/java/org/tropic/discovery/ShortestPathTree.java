package org.tropic.discovery;

import it.unimi.dsi.fastutil.longs.LongHeapPriorityQueue;
import java.util.Arrays;
import java.util.function.LongPredicate;
import org.tropic.graph.Graph;

/**
 * Single-source shortest paths by Dijkstra's algorithm with a binary heap, for graphs of non-negative arc lengths:
 * distances, the tree's parent of each vertex and its hop count. Vertices and arcs can be banned (what Yen's
 * algorithm needs) and the search can stop once a target is settled. O((n + m) log n) time, O(n) memory.
 *
 * <p>Ties: among shortest paths the one with fewer hops wins, so hop counts are those of a shortest path with the
 * fewest edges.
 */
public final class ShortestPathTree {
  private final int source;
  private final float[] distance;
  private final int[] parent;
  private final int[] hops;

  private ShortestPathTree(int source, float[] distance, int[] parent, int[] hops) {
    this.source = source;
    this.distance = distance;
    this.parent = parent;
    this.hops = hops;
  }

  /** Shortest paths from {@code source} to every vertex. */
  public static ShortestPathTree from(Graph graph, int source) {
    return search(graph, source, -1, null, null);
  }

  /**
   * Shortest paths from {@code source} to the {@code targets}, the search stopping once all are settled: distances,
   * hops and paths are final for the targets (and the vertices on their paths), not for every vertex.
   */
  public static ShortestPathTree toTargets(Graph graph, int source, int[] targets) {
    boolean[] wanted = new boolean[graph.vertexCount()];
    int count = 0;
    for (int t : targets) {
      if (t >= 0 && !wanted[t]) {
        wanted[t] = true;
        count++;
      }
    }
    return search(graph, source, -1, null, null, wanted, count);
  }

  /**
   * Shortest paths from {@code source}, skipping banned vertices and arcs, stopping once {@code target} (or -1 for
   * none) is settled.
   *
   * @param bannedVertices vertices the paths may not enter, or {@code null}
   * @param bannedArcs arcs ({@code tail * n + head}) the paths may not use, or {@code null}
   */
  static ShortestPathTree search(Graph graph, int source, int target, boolean[] bannedVertices,
      LongPredicate bannedArcs) {
    return search(graph, source, target, bannedVertices, bannedArcs, null, 0);
  }

  private static ShortestPathTree search(Graph graph, int source, int target, boolean[] bannedVertices,
      LongPredicate bannedArcs, boolean[] wanted, int wantedCount) {
    int n = graph.vertexCount();
    int stillWanted = wantedCount;
    if (source < 0 || source >= n) {
      throw new IllegalArgumentException("source " + source + " outside vertices 0.." + (n - 1));
    }
    float[] distance = new float[n];
    int[] parent = new int[n];
    int[] hops = new int[n];
    Arrays.fill(distance, Float.POSITIVE_INFINITY);
    Arrays.fill(parent, -1);
    boolean[] settled = new boolean[n];
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    LongHeapPriorityQueue heap = new LongHeapPriorityQueue();
    distance[source] = 0f;
    heap.enqueue(key(0f, source));
    while (!heap.isEmpty()) {
      long top = heap.dequeueLong();
      int u = (int) (top & 0xFFFFFFFFL);
      if (settled[u]) {
        continue;
      }
      settled[u] = true;
      if (u == target || (wanted != null && wanted[u] && --stillWanted == 0)) {
        break;
      }
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int v = targets[a];
        if (settled[v] || (bannedVertices != null && bannedVertices[v])
            || (bannedArcs != null && bannedArcs.test((long) u * n + v))) {
          continue;
        }
        float w = weights[a];
        if (w < 0) {
          throw new IllegalArgumentException("Dijkstra needs non-negative lengths; arc " + graph.name(u) + " → "
              + graph.name(v) + " has " + w);
        }
        float candidate = distance[u] + w;
        if (candidate < distance[v] || (candidate == distance[v] && hops[u] + 1 < hops[v])) {
          distance[v] = candidate;
          parent[v] = u;
          hops[v] = hops[u] + 1;
          heap.enqueue(key(candidate, v));
        }
      }
    }
    return new ShortestPathTree(source, distance, parent, hops);
  }

  /** A heap entry ordered by distance: the bits of non-negative floats order like ints. */
  private static long key(float distance, int vertex) {
    return (long) Float.floatToIntBits(distance) << 32 | (vertex & 0xFFFFFFFFL);
  }

  public int source() {
    return source;
  }

  /** The distance to {@code v}, +∞ if unreachable. */
  public float distance(int v) {
    return distance[v];
  }

  /** All distances (the tree's own array: do not modify). */
  public float[] distances() {
    return distance;
  }

  /** Edges on the tree path to {@code v}, -1 if unreachable. */
  public int hops(int v) {
    return distance[v] == Float.POSITIVE_INFINITY ? -1 : hops[v];
  }

  /** The vertices of the tree path from the source to {@code v}, or {@code null} if unreachable. */
  public int[] pathTo(int v) {
    if (distance[v] == Float.POSITIVE_INFINITY) {
      return null;
    }
    int[] path = new int[hops[v] + 1];
    for (int at = path.length - 1, x = v; at >= 0; at--, x = parent[x]) {
      path[at] = x;
    }
    return path;
  }
}
