package org.tropic.analytics;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.tropic.apsp.Progress;
import org.tropic.sparse.Permutation;

/**
 * Breadth-first search as repeated boolean SpMV (HPC-KG §2.3, Algorithm 1): the frontier f becomes Aᵀf masked by the
 * complement of the visited set, one level per product, until the frontier is empty or a depth limit is reached.
 * Each level costs one pass over the matrix whatever the frontier's size — the "constant level-traversal cost" of
 * the linear-algebra formulation — so a search costs O(depth · nnz / threads).
 */
public final class Bfs {
  private static final byte[] ZEROS = new byte[1 << 16];

  private Bfs() {}

  /**
   * The BFS levels from the sources.
   *
   * @param levels level of each vertex by original id (sources 0), −1 where unreached
   * @param levelSizes how many vertices each level holds, level 0 first
   */
  public record Result(int[] levels, long[] levelSizes) {

    /** The deepest level reached. */
    public int depth() {
      return levelSizes.length - 1;
    }

    /** How many vertices were reached, sources included. */
    public long reached() {
      long sum = 0;
      for (long s : levelSizes) {
        sum += s;
      }
      return sum;
    }

    /** The vertices at exactly {@code level}, as sorted original ids. */
    public int[] vertices(int level) {
      IntArrayList out = new IntArrayList();
      for (int v = 0; v < levels.length; v++) {
        if (levels[v] == level) {
          out.add(v);
        }
      }
      return out.toIntArray();
    }
  }

  /** Levels of every vertex from one source, with no depth limit. */
  public static Result levels(SparseGraph g, int source) {
    return levels(g, new int[] {source}, Integer.MAX_VALUE);
  }

  /**
   * Levels from a set of sources (all at level 0), stopping after {@code maxDepth} levels.
   *
   * @param sources original ids; at least one
   * @param maxDepth the deepest level to compute, at least 0
   */
  public static Result levels(SparseGraph g, int[] sources, int maxDepth) {
    return levels(g, sources, maxDepth, Progress.NONE);
  }

  /**
   * {@link #levels(SparseGraph, int[], int)}, reporting the vertices reached to {@code progress} (out of all the
   * graph's vertices). A level's cost is one pass over the matrix and the depth is not known in advance, so the
   * vertices reached are the one measure of how far the search has come; it ends short of the total where some
   * vertices cannot be reached.
   */
  public static Result levels(SparseGraph g, int[] sources, int maxDepth, Progress progress) {
    if (sources.length == 0) {
      throw new IllegalArgumentException("BFS needs at least one source");
    }
    if (maxDepth < 0) {
      throw new IllegalArgumentException("maximum depth " + maxDepth + " is negative");
    }
    int n = g.vertexCount();
    Permutation p = g.permutation();
    int[] level = new int[n];
    Arrays.fill(level, -1);
    byte[] visited = new byte[n];
    byte[] frontier = new byte[n];
    byte[] next = new byte[n];
    long firstLevel = 0;
    for (int s : sources) {
      g.checkVertex(s);
      int stored = p.newId(s);
      if (visited[stored] == 0) {
        visited[stored] = 1;
        frontier[stored] = 1;
        level[stored] = 0;
        firstLevel++;
      }
    }
    long[] sizes = new long[16];
    sizes[0] = firstLevel;
    progress.begin("BFS, vertices reached", n);
    progress.advance(firstLevel);
    int depth = 0;
    while (depth < maxDepth) {
      // next ← Aᵀ·frontier ∧ ¬visited
      g.kernels().spmvOrAnd(g.matrix(), frontier, next, visited, false);
      long found = 0;
      for (int v = nextNonZero(next, 0); v < n; v = nextNonZero(next, v + 1)) {
        visited[v] = 1;
        level[v] = depth + 1;
        found++;
      }
      if (found == 0) {
        break;
      }
      depth++;
      if (depth == sizes.length) {
        sizes = Arrays.copyOf(sizes, depth * 2);
      }
      sizes[depth] = found;
      progress.advance(found);
      byte[] t = frontier;
      frontier = next;
      next = t;
    }
    progress.end();
    return new Result(p.toOld(level), Arrays.copyOf(sizes, depth + 1));
  }

  /**
   * The first index from {@code from} on where {@code a} is non-zero, or its length. Zeros are skipped 64 KB at a
   * time by {@link Arrays#mismatch}, which compares many bytes per instruction: a level of a deep BFS (a road
   * network's frontier is a thin wave) then costs little more than its frontier.
   */
  private static int nextNonZero(byte[] a, int from) {
    for (int at = from; at < a.length; at += ZEROS.length) {
      int length = Math.min(ZEROS.length, a.length - at);
      int k = Arrays.mismatch(a, at, at + length, ZEROS, 0, length);
      if (k >= 0) {
        return at + k;
      }
    }
    return a.length;
  }

  /**
   * The k-hop neighbourhood: vertices reachable from the sources in 1..k arcs and not sources themselves, as sorted
   * original ids.
   */
  public static int[] neighbourhood(SparseGraph g, int[] sources, int k) {
    Result r = levels(g, sources, k);
    IntArrayList out = new IntArrayList();
    for (int v = 0; v < r.levels().length; v++) {
      if (r.levels()[v] > 0) {
        out.add(v);
      }
    }
    return out.toIntArray();
  }
}
