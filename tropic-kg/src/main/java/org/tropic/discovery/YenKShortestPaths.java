package org.tropic.discovery;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntSet;
import it.unimi.dsi.fastutil.ints.IntSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import org.tropic.apsp.DistanceTies;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;

/**
 * The k shortest simple (loopless) paths between two vertices, by Yen's algorithm (Yen 1971, "Finding the k shortest
 * loopless paths in a network", Management Science 17(11)): each next path deviates from an earlier one at a spur
 * vertex, with the root's vertices and the arcs earlier paths took from the same root banned. O(k · n · Dijkstra) in
 * the worst case; each spur search stops once the target is settled. The found paths are kept as a prefix tree, so
 * the arcs to ban at a spur are looked up rather than searched for among all earlier paths, and each next path costs
 * about its hop count in searches however many came before it.
 *
 * <p>Paths come in order of length; equal lengths are ordered by hop count, then by their vertex sequences, so
 * results are deterministic. Lengths equal up to float rounding ({@link DistanceTies}) count as equal: a path of
 * one edge of −ln(1/14) and one of two edges of −ln(1/2) − ln(1/7) tie, and the fewer hops come first. On a graph
 * whose lengths are not all whole numbers (whose sums can round), the search goes on past the k-th path, by up to
 * k more, while the paths it finds tie the k-th's length, and a tied path of fewer hops takes its place; on one whose
 * lengths are whole, by one more. Either way {@link Found#tiedBeyond()} tells how many paths it found past the k-th
 * that tie its length: the k-th place was then decided by hops and vertex ids, not by length.
 */
public final class YenKShortestPaths {
  private final Graph graph;
  private final long memoryBudgetBytes;
  private final boolean roundingCanTie;

  /** Paths in {@code graph}, refused up front when their estimated footprint exceeds the heap still available. */
  public YenKShortestPaths(Graph graph) {
    this(graph, 0);
  }

  /**
   * Paths in {@code graph}, refused up front when their estimated footprint ({@link YenFootprint}) exceeds
   * {@code memoryBudgetBytes}, or the heap still available when it is 0.
   */
  public YenKShortestPaths(Graph graph, long memoryBudgetBytes) {
    if (memoryBudgetBytes < 0) {
      throw new IllegalArgumentException("memory budget " + memoryBudgetBytes + " is negative");
    }
    this.graph = graph;
    this.memoryBudgetBytes = memoryBudgetBytes;
    this.roundingCanTie = !wholeLengths(graph);
  }

  /** A path and its length. */
  public record WeightedPath(int[] vertices, double length) {
    public int hops() {
      return vertices.length - 1;
    }
  }

  /**
   * The paths found, shortest first, at most k of them, and how many more the search found past the k-th that tie
   * its length (at least that many exist; 0 when the search found none, or fewer than k paths exist).
   */
  public record Found(List<WeightedPath> paths, int tiedBeyond) {}

  /**
   * Up to {@code k} shortest simple paths from {@code source} to {@code target}, shortest first; empty if the target
   * is unreachable.
   */
  public List<WeightedPath> paths(int source, int target, int k) {
    return paths(source, target, k, Progress.NONE);
  }

  /** Like {@link #find}, the paths alone. */
  public List<WeightedPath> paths(int source, int target, int k, Progress progress) {
    return find(source, target, k, progress).paths();
  }

  /**
   * Up to {@code k} shortest simple paths from {@code source} to {@code target} and the ties past the k-th, reporting
   * on {@code progress} one unit of {@code k} per path found; the task ends early, short of {@code k}, when no
   * further simple path exists.
   *
   * @throws MemoryBudgetException before the search for more than the shortest path, if the paths and candidates
   *     it would hold ({@link YenFootprint}) cannot fit the memory budget
   */
  public Found find(int source, int target, int k, Progress progress) {
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
      return new Found(found, 0);
    }
    if (k > 1) {
      YenFootprint footprint = YenFootprint.of(graph, source, k, first.length - 1);
      footprint.check(memoryBudgetBytes > 0 ? memoryBudgetBytes : availableHeap(footprint.peakBytes()));
    }
    progress.begin("paths", k);
    try {
      search(first, target, k, found, progress);
    } catch (Throwable e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
    int tiedBeyond = Math.max(0, found.size() - k);
    found.subList(Math.min(k, found.size()), found.size()).clear();
    return new Found(found, tiedBeyond);
  }

  private void search(int[] first, int target, int k, List<WeightedPath> found, Progress progress) {
    int n = graph.vertexCount();
    PrefixTree tree = new PrefixTree();
    found.add(new WeightedPath(first, length(first)));
    tree.add(first);
    progress.advance(1);
    PriorityQueue<WeightedPath> candidates = new PriorityQueue<>(YenKShortestPaths::compare);
    Set<List<Integer>> queued = new HashSet<>();
    queued.add(boxed(first));
    int most = (int) Math.min(Integer.MAX_VALUE, roundingCanTie ? 2L * k : k + 1L);
    double lastKey = Double.NaN;
    while (found.size() < most) {
      int[] previous = found.get(found.size() - 1).vertices();
      int root = PrefixTree.ROOT;
      for (int i = 0; i < previous.length - 1; i++) {
        int spur = previous[i];
        if (i > 0) {
          root = tree.child(root, spur);
        }
        // Found paths that share the root previous[0..i] leave the spur by the arcs to these vertices.
        IntSet takenNext = tree.next(root);
        boolean[] bannedVertices = new boolean[n];
        for (int r = 0; r < i; r++) {
          bannedVertices[previous[r]] = true;
        }
        int[] spurPath = ShortestPathTree.search(graph, spur, target, bannedVertices,
            arc -> arc / n == spur && takenNext.contains((int) (arc % n))).pathTo(target);
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
      if (found.size() == k) { // from here on, only paths that tie the k-th's length are taken
        lastKey = lastTieKey(found, k);
      }
      WeightedPath next = candidates.peek();
      if (next == null || found.size() >= k && !DistanceTies.joins(lastKey, next.length())) {
        break;
      }
      candidates.poll();
      found.add(next);
      tree.add(next.vertices());
      if (found.size() <= k) {
        progress.advance(1);
      }
    }
    if (roundingCanTie) {
      found.sort(DistanceTies.byDistance(found, WeightedPath::length)
          .thenComparing(YenKShortestPaths::compareHopsThenVertices));
    } else {
      found.sort(YenKShortestPaths::compare);
    }
  }

  /**
   * The key of the longest path's tie among the first k found. Sorted first: the first path comes from a search
   * that sums in float, and its double length may lie a rounding above the next one's.
   */
  private static double lastTieKey(List<WeightedPath> found, int k) {
    double[] lengths = new double[k];
    for (int i = 0; i < k; i++) {
      lengths[i] = found.get(i).length();
    }
    Arrays.sort(lengths);
    return DistanceTies.keysOfSorted(lengths)[k - 1];
  }

  /** Whether every length is a whole number, so that sums of them are exact (below 2^24) and cannot round apart. */
  private static boolean wholeLengths(Graph graph) {
    for (float w : graph.weights()) {
      if (w != Math.rint(w)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The heap still free, counted again after a collection when {@code needed} seems not to fit: garbage counts as
   * used until collected, and a refusal should not rest on it.
   */
  private static long availableHeap(long needed) {
    Runtime runtime = Runtime.getRuntime();
    long available = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    if (needed <= available || needed > runtime.maxMemory()) {
      return available;
    }
    System.gc();
    return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
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
    return byLength != 0 ? byLength : compareHopsThenVertices(a, b);
  }

  private static int compareHopsThenVertices(WeightedPath a, WeightedPath b) {
    int byHops = Integer.compare(a.vertices().length, b.vertices().length);
    return byHops != 0 ? byHops : Arrays.compare(a.vertices(), b.vertices());
  }

  private static List<Integer> boxed(int[] path) {
    return Arrays.stream(path).boxed().toList();
  }

  /**
   * The found paths as a tree of their prefixes, all starting at the source (the root): a prefix's children are the
   * vertices that found paths take next after it.
   */
  private static final class PrefixTree {
    static final int ROOT = 0;
    private final List<Int2IntOpenHashMap> children = new ArrayList<>();

    PrefixTree() {
      children.add(null);
    }

    void add(int[] path) {
      int prefix = ROOT;
      for (int i = 1; i < path.length; i++) {
        Int2IntOpenHashMap next = children.get(prefix);
        if (next == null) {
          next = new Int2IntOpenHashMap();
          next.defaultReturnValue(-1);
          children.set(prefix, next);
        }
        int child = next.get(path[i]);
        if (child < 0) {
          child = children.size();
          children.add(null); // a leaf until a longer path passes through it
          next.put(path[i], child);
        }
        prefix = child;
      }
    }

    /** The prefix extended by {@code vertex}, which a found path must take next. */
    int child(int prefix, int vertex) {
      return children.get(prefix).get(vertex);
    }

    /** The vertices found paths take next after the prefix. */
    IntSet next(int prefix) {
      Int2IntOpenHashMap next = children.get(prefix);
      return next == null ? IntSets.EMPTY_SET : next.keySet();
    }
  }
}
