package org.tropic.discovery;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import org.tropic.graph.Graph;

/**
 * The k shortest simple (loopless) paths between two vertices, by Yen's algorithm (Yen 1971, "Finding the k shortest
 * loopless paths in a network", Management Science 17(11)): each next path deviates from an earlier one at a spur
 * vertex, with the root's vertices and the arcs earlier paths took from the same root banned. O(k · n · Dijkstra) in
 * the worst case; each spur search stops once the target is settled.
 *
 * <p>Paths come in order of length; equal lengths are ordered by hop count, then by their vertex sequences, so
 * results are deterministic.
 */
public final class YenKShortestPaths {
  private final Graph graph;

  public YenKShortestPaths(Graph graph) {
    this.graph = graph;
  }

  /** A path and its length. */
  public record WeightedPath(int[] vertices, double length) {
    public int hops() {
      return vertices.length - 1;
    }
  }

  /**
   * Up to {@code k} shortest simple paths from {@code source} to {@code target}, shortest first; empty if the target
   * is unreachable.
   */
  public List<WeightedPath> paths(int source, int target, int k) {
    int n = graph.vertexCount();
    if (source < 0 || source >= n || target < 0 || target >= n) {
      throw new IllegalArgumentException("vertices " + source + ", " + target + " outside 0.." + (n - 1));
    }
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    List<WeightedPath> found = new ArrayList<>();
    int[] first = ShortestPathTree.search(graph, source, target, null, null).pathTo(target);
    if (first == null) {
      return found;
    }
    found.add(new WeightedPath(first, length(first)));
    PriorityQueue<WeightedPath> candidates = new PriorityQueue<>(YenKShortestPaths::compare);
    Set<List<Integer>> queued = new HashSet<>();
    queued.add(boxed(first));
    while (found.size() < k) {
      int[] previous = found.get(found.size() - 1).vertices();
      for (int i = 0; i < previous.length - 1; i++) {
        int spur = previous[i];
        LongOpenHashSet bannedArcs = new LongOpenHashSet();
        for (WeightedPath path : found) {
          int[] p = path.vertices();
          if (p.length > i + 1 && Arrays.equals(p, 0, i + 1, previous, 0, i + 1)) {
            bannedArcs.add((long) p[i] * n + p[i + 1]);
          }
        }
        boolean[] bannedVertices = new boolean[n];
        for (int r = 0; r < i; r++) {
          bannedVertices[previous[r]] = true;
        }
        int[] spurPath = ShortestPathTree.search(graph, spur, target, bannedVertices, bannedArcs::contains)
            .pathTo(target);
        if (spurPath == null) {
          continue;
        }
        int[] total = new int[i + spurPath.length];
        System.arraycopy(previous, 0, total, 0, i);
        System.arraycopy(spurPath, 0, total, i, spurPath.length);
        if (queued.add(boxed(total))) {
          candidates.add(new WeightedPath(total, length(total)));
        }
      }
      WeightedPath next = candidates.poll();
      if (next == null) {
        break;
      }
      found.add(next);
    }
    return found;
  }

  private double length(int[] path) {
    double total = 0;
    for (int i = 1; i < path.length; i++) {
      total += graph.weight(path[i - 1], path[i]);
    }
    return total;
  }

  private static int compare(WeightedPath a, WeightedPath b) {
    int byLength = Double.compare(a.length(), b.length());
    if (byLength != 0) {
      return byLength;
    }
    int byHops = Integer.compare(a.vertices().length, b.vertices().length);
    return byHops != 0 ? byHops : Arrays.compare(a.vertices(), b.vertices());
  }

  private static List<Integer> boxed(int[] path) {
    return Arrays.stream(path).boxed().toList();
  }
}
