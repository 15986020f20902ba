package org.tropic.apsp;

import org.tropic.graph.Graph;

/**
 * The share of blocked Floyd–Warshall's outer-product work that a graph's sparsity leaves to do. The solver skips a
 * product whose row panel tile is all +∞ and multiplies a column panel tile with few finite entries from those alone
 * ({@link FloydWarshallSteps}); in {@link PivotOrder} that spares most of the early iterations on a sparse graph
 * (cond-mat: 18 s against the 157 s the dense work predicts). This finds which panel entries are finite without
 * solving anything.
 *
 * <p>At pivot tile K the column panel holds d(i, k) for the pivots k of tile K, over paths whose intermediate
 * vertices lie in tiles 0..K. With V the vertices of those tiles, d(i, k) is finite exactly when i lies in the
 * connected component X of k in the graph V induces, or outside V with an arc into X (undirected graph). So a
 * union–find adding tile after tile, with each component's members in a circular list, gives every panel tile's
 * finite count from a sweep of the components that hold tile K's pivots and their neighbours: O(tiles · m) at
 * most. On a directed graph the same sweep, over arcs taken both ways, counts a superset of the finite entries, so
 * the share is an upper bound there. Past a work budget only some tiles are swept, evenly spaced, each standing for
 * its neighbours.
 */
final class PanelFill {
  /**
   * The time of a column panel's sparse product per finite entry and column, over that of a dense product per
   * multiply–add. Little rides on it: on the graphs measured, most of the work left is in tiles past the sparse
   * share, multiplied densely (the share moves by 0.01 between 0 and 8 here).
   */
  static final double SPARSE_ENTRY_COST = 2.0;

  /** Arc visits the sweeps may take in all, about 0.1 s; past it only some tiles are swept. */
  private static final long SWEEP_BUDGET = 50_000_000L;

  /**
   * A sparse solve's time over its work share of a dense solve's: what skipping costs that the dense rates do not
   * see (a lookahead with few products to overlap the panels with, threads idle where the work left is a few tile
   * rows, scans for +∞). Measured from fresh runs, solve over estimate with the work share alone, against batched
   * Bellman–Ford's in the same minutes for the load: power grid 3.4–4.7 (batched 1.7), hep-th 2.1 (1.4), cond-mat
   * 1.5 (1.1), as-22july06 2.5 (1.5); see the performance log.
   */
  static final double SPARSE_SOLVE_OVERHEAD = 2.0;

  private PanelFill() {}

  /**
   * A solve's time over a dense solve's: the work share ({@link #outerWorkShare}) times the overhead of skipping,
   * at most 1.
   */
  static double timeShare(Graph graph, int[] oldIdOf, int b, boolean upperTriangle) {
    return Math.min(1, SPARSE_SOLVE_OVERHEAD * outerWorkShare(graph, oldIdOf, b, upperTriangle));
  }

  /**
   * The outer products' work over the dense work, in (0, 1]: 1 for a graph whose panels fill at once.
   *
   * @param oldIdOf the pivot order (position → vertex), or null for the graph's own
   * @param b the tile size
   * @param upperTriangle whether the solve updates the tiles on and above the diagonal only
   */
  static double outerWorkShare(Graph graph, int[] oldIdOf, int b, boolean upperTriangle) {
    int n = graph.vertexCount();
    if (n == 0) {
      return 1;
    }
    Sweep sweep = new Sweep(graph, oldIdOf, b);
    int tiles = sweep.tiles;
    int stride = (int) Math.max(1, Math.min(tiles, (long) tiles * Math.max(1, sweep.neighbours.length)
        / SWEEP_BUDGET));
    double work = 0;
    double dense = 0;
    for (int k = 0; k < tiles; k++) {
      sweep.add(k);
      // tiles go in groups of stride, each swept at its middle tile (the last group's may be short)
      int group = k / stride;
      int groupEnd = Math.min(tiles, (group + 1) * stride);
      if (k != Math.min(group * stride + stride / 2, groupEnd - 1)) {
        continue;
      }
      double stands = groupEnd - group * stride; // the tiles this sweep stands for
      long[] finite = sweep.finiteEntries(k);
      int columns = sweep.extent(k);
      // per tile row t: the left operand's work per column of the right one, then the columns it meets
      double[] leftWork = new double[tiles];
      double[] nonEmptyFrom = new double[tiles + 1]; // Σ extent of the tiles J ≥ t whose panel tile is not all +∞
      double[] allFrom = new double[tiles + 1];
      for (int t = tiles - 1; t >= 0; t--) {
        int rows = sweep.extent(t);
        double entries = (double) rows * columns;
        leftWork[t] = finite[t] == 0 ? 0
            : finite[t] * FloydWarshallSteps.SPARSE_SHARE <= entries ? finite[t] * SPARSE_ENTRY_COST : entries;
        nonEmptyFrom[t] = nonEmptyFrom[t + 1] + (finite[t] == 0 ? 0 : rows);
        allFrom[t] = allFrom[t + 1] + rows;
      }
      for (int t = 0; t < tiles; t++) {
        double entries = (double) sweep.extent(t) * columns;
        int from = upperTriangle ? t : 0; // the tasks of tile row t: J ≥ t on the upper triangle, else every J
        double nonEmpty = nonEmptyFrom[from];
        double all = allFrom[from];
        if (t == k) { // the diagonal and the row panel: dense products, skipped where the panel tile is all +∞
          work += stands * entries * nonEmpty;
        } else {
          // the column panel tile (t, k), dense unless all +∞, and the outer products against the row panel
          boolean panelTask = k >= from; // below the diagonal, the panel tile is its mirror's transpose
          double panel = finite[t] == 0 || !panelTask ? 0 : entries * columns;
          double outerColumns = nonEmpty - (panelTask ? columns : 0);
          work += stands * (panel + leftWork[t] * outerColumns);
        }
        dense += stands * entries * all;
      }
    }
    return Math.min(1, Math.max(work / dense, Double.MIN_NORMAL));
  }

  /**
   * The finite entries of every column panel tile, [K][I], as the solve reaches pivot tile K: exact on an
   * undirected graph, at least the true count on a directed one.
   */
  static long[][] finiteEntries(Graph graph, int[] oldIdOf, int b) {
    Sweep sweep = new Sweep(graph, oldIdOf, b);
    long[][] finite = new long[sweep.tiles][];
    for (int k = 0; k < sweep.tiles; k++) {
      sweep.add(k);
      finite[k] = sweep.finiteEntries(k);
    }
    return finite;
  }

  /** The union–find of the vertices of the tiles added so far, in pivot positions. */
  private static final class Sweep {
    final int n;
    final int b;
    final int tiles;
    final int[] offsets;
    final int[] neighbours;
    final int[] parent;
    final int[] next; // circular member lists: next[x] is x's successor in its component
    final boolean[] inside;
    final int[] seen; // the component sweep that last counted a vertex as a row, to count it once per component
    final int[] rootStamp;
    final int[] pivotsOfRoot;
    final int[] rowsOfTile;
    int stamp;

    Sweep(Graph graph, int[] oldIdOf, int b) {
      this.n = graph.vertexCount();
      this.b = b;
      this.tiles = (n + b - 1) / b;
      int[][] adjacency = positionAdjacency(graph, oldIdOf);
      offsets = adjacency[0];
      neighbours = adjacency[1];
      parent = new int[n];
      next = new int[n];
      inside = new boolean[n];
      seen = new int[n];
      rootStamp = new int[n];
      pivotsOfRoot = new int[n];
      rowsOfTile = new int[tiles];
    }

    int extent(int t) {
      return Math.min(n, (t + 1) * b) - t * b;
    }

    /** Adds tile k's vertices and their arcs to those added before. */
    void add(int k) {
      for (int v = k * b; v < Math.min(n, (k + 1) * b); v++) {
        parent[v] = v;
        next[v] = v;
        inside[v] = true;
        for (int a = offsets[v]; a < offsets[v + 1]; a++) {
          if (inside[neighbours[a]]) {
            union(v, neighbours[a]);
          }
        }
      }
    }

    /** The finite entries of column panel tile (I, k) for every I, once tile k has been added. */
    long[] finiteEntries(int k) {
      long[] finite = new long[tiles];
      int from = k * b;
      int to = Math.min(n, from + b);
      int pivotsStamp = ++stamp;
      for (int pivot = from; pivot < to; pivot++) {
        int root = find(pivot);
        if (rootStamp[root] != pivotsStamp) {
          rootStamp[root] = pivotsStamp;
          pivotsOfRoot[root] = 0;
        }
        pivotsOfRoot[root]++;
      }
      for (int pivot = from; pivot < to; pivot++) {
        int root = find(pivot);
        int pivots = pivotsOfRoot[root];
        if (pivots == 0) {
          continue; // its component was counted
        }
        pivotsOfRoot[root] = 0;
        java.util.Arrays.fill(rowsOfTile, 0);
        int tag = ++stamp;
        int x = root;
        do { // the component's members reach its pivots inside it; vertices outside with an arc into it, too
          count(x, tag);
          for (int a = offsets[x]; a < offsets[x + 1]; a++) {
            if (!inside[neighbours[a]]) {
              count(neighbours[a], tag);
            }
          }
          x = next[x];
        } while (x != root);
        for (int t = 0; t < tiles; t++) {
          finite[t] += (long) pivots * rowsOfTile[t];
        }
      }
      return finite;
    }

    private void count(int row, int tag) {
      if (seen[row] != tag) {
        seen[row] = tag;
        rowsOfTile[row / b]++;
      }
    }

    private void union(int u, int v) {
      int ru = find(u);
      int rv = find(v);
      if (ru == rv) {
        return;
      }
      parent[rv] = ru;
      int after = next[ru]; // splice the two circular member lists into one
      next[ru] = next[rv];
      next[rv] = after;
    }

    private int find(int v) {
      while (parent[v] != v) {
        parent[v] = parent[parent[v]];
        v = parent[v];
      }
      return v;
    }
  }

  /** Arcs both ways, renumbered to pivot positions, as offsets and neighbours. */
  private static int[][] positionAdjacency(Graph graph, int[] oldIdOf) {
    int n = graph.vertexCount();
    int[] positionOf = new int[n];
    for (int p = 0; p < n; p++) {
      positionOf[oldIdOf == null ? p : oldIdOf[p]] = p;
    }
    int[] graphOffsets = graph.offsets();
    int[] targets = graph.targets();
    int[] offsets = new int[n + 1];
    for (int u = 0; u < n; u++) {
      for (int a = graphOffsets[u]; a < graphOffsets[u + 1]; a++) {
        offsets[positionOf[u] + 1]++;
        offsets[positionOf[targets[a]] + 1]++;
      }
    }
    for (int p = 0; p < n; p++) {
      offsets[p + 1] += offsets[p];
    }
    int[] fill = java.util.Arrays.copyOf(offsets, n);
    int[] neighbours = new int[offsets[n]];
    for (int u = 0; u < n; u++) {
      for (int a = graphOffsets[u]; a < graphOffsets[u + 1]; a++) {
        int pu = positionOf[u];
        int pv = positionOf[targets[a]];
        neighbours[fill[pu]++] = pv;
        neighbours[fill[pv]++] = pu;
      }
    }
    return new int[][] {offsets, neighbours};
  }
}
