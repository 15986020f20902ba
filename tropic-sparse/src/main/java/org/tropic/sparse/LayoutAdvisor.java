package org.tropic.sparse;

import java.util.Arrays;
import java.util.Locale;
import org.tropic.graph.Graph;

/**
 * Picks the {@link BlockCoo} layout that multiplies fastest for a graph, from counts taken in one pass over its arcs
 * (O(n + m), no matrix built): how many elements a non-empty block holds per row, and what share of the elements
 * sit in long row runs. No one layout wins everywhere (SparseBench on 2 threads, ms per SpMV; R-MAT 24 from a second
 * run):
 *
 * <pre>
 *                      row order  cache order  RCM + cache   per block row  in long runs
 *   web graph            1.60        2.35         2.37           4.2            95%
 *   NY road              0.99        0.54         0.62           0.41            0%
 *   as-22july06          0.066       0.093        0.170          0.33           41%
 *   R-MAT scale 22       193         150          38.5           0.13
 *   R-MAT scale 24       906         984          200            0.03
 * </pre>
 *
 * <ul>
 *   <li>Fewer than {@value #HYPERSPARSE} elements per block row: the x and y windows of a block are barely reused,
 *       every element misses the cache, and Reverse Cuthill–McKee, which gathers the elements near the diagonal,
 *       multiplies 4× faster on R-MAT. Its build is slower (12 s against 7 s at scale 22), which about 40 products
 *       (one PageRank) pay back; a single BFS does not.
 *   <li>Else, when at least {@value #LONG_RUN_SHARE} of the elements sit in row runs of {@value RowRuns#LONG_RUN}
 *       or more: row order, which sums runs in registers where cache cells would cut them into per-element
 *       updates of y. as-22july06, whose hub rows put 41% of the elements in long runs, multiplies faster in row
 *       order and NY road (0%) in cache order, though both average 2.6 elements a run: the share separates them
 *       where the average does not.
 *   <li>Else cache-cell order, the default.
 * </ul>
 */
public final class LayoutAdvisor {
  /** Elements per row of a non-empty block below which the matrix counts as hypersparse. */
  static final double HYPERSPARSE = 0.25;
  /** Share of the elements in long row runs from which row order pays. */
  static final double LONG_RUN_SHARE = 0.10;

  private LayoutAdvisor() {}

  /** A layout and, in a sentence, why. */
  public record Choice(BlockCooOptions options, String reason) {}

  /**
   * The layout for {@code graph}: {@code base} with its element and vertex orders chosen here; block size,
   * orientation and values are kept.
   *
   * @param threads the parallelism the matrix will be used with, which sizes automatic blocks
   */
  public static Choice choose(Graph graph, BlockCooOptions base, int threads) {
    int n = graph.vertexCount();
    long nnz = graph.arcCount();
    int bs = base.blockSizeFor(n, threads);
    if (nnz == 0) {
      return new Choice(base, "no arcs: cache-cell order, the default");
    }
    long[] counts = runsAndBlocks(graph, bs, base.orientation());
    double perBlockRow = (double) nnz / ((double) counts[1] * bs);
    double run = (double) nnz / counts[0];
    double inLongRuns = (double) counts[2] / nnz;
    if (n > bs && perBlockRow < HYPERSPARSE) {
      return new Choice(base.withVertexOrder(VertexOrder.RCM).withElementOrder(ElementOrder.CACHE),
          String.format(Locale.ROOT, "a block holds %.2f elements per row: renumbered by reverse Cuthill-McKee so"
              + " that blocks fill up", perBlockRow));
    }
    if (inLongRuns >= LONG_RUN_SHARE) {
      return new Choice(base.withVertexOrder(VertexOrder.NONE).withElementOrder(ElementOrder.ROW),
          String.format(Locale.ROOT, "%.0f%% of the elements sit in row runs of %d or more (%.1f on average): row"
              + " order, each run summed in registers", 100 * inLongRuns, RowRuns.LONG_RUN, run));
    }
    return new Choice(base.withVertexOrder(VertexOrder.NONE).withElementOrder(ElementOrder.CACHE),
        String.format(Locale.ROOT, "rows run %.1f elements per block and blocks hold %.2f per row: cache-cell order",
            run, perBlockRow));
  }

  /**
   * {row runs, non-empty blocks, elements in runs of at least {@link RowRuns#LONG_RUN}} of the matrix the
   * orientation gives, blocks of {@code bs}. A run is a (row, block column) pair with elements.
   */
  static long[] runsAndBlocks(Graph graph, int bs, Orientation orientation) {
    int n = graph.vertexCount();
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    int blockCount = (n + bs - 1) / bs;
    boolean transpose = orientation == Orientation.TRANSPOSE;
    int[] blockSeen = new int[blockCount]; // stamped with the source block
    // A run's key and scope: in Aᵀ (row v) a target within a source block, in A (row u) a target block within u
    int keys = transpose ? n : blockCount;
    int[] runSeen = new int[keys];
    int[] runLength = new int[keys];
    int[] touched = new int[keys];
    Arrays.fill(blockSeen, -1);
    Arrays.fill(runSeen, -1);
    long runs = 0;
    long blocks = 0;
    long inLongRuns = 0;
    int touchedCount = 0;
    for (int u = 0; u < n; u++) {
      int sourceBlock = u / bs;
      int scope = transpose ? sourceBlock : u;
      for (int e = offsets[u]; e < offsets[u + 1]; e++) {
        int v = targets[e];
        int targetBlock = v / bs;
        if (blockSeen[targetBlock] != sourceBlock) {
          blockSeen[targetBlock] = sourceBlock;
          blocks++;
        }
        int key = transpose ? v : targetBlock;
        if (runSeen[key] != scope) {
          runSeen[key] = scope;
          runLength[key] = 0;
          touched[touchedCount++] = key;
          runs++;
        }
        runLength[key]++;
      }
      boolean scopeEnds = !transpose || u + 1 == n || (u + 1) / bs != sourceBlock;
      if (scopeEnds) {
        for (int t = 0; t < touchedCount; t++) {
          int length = runLength[touched[t]];
          if (length >= RowRuns.LONG_RUN) {
            inLongRuns += length;
          }
        }
        touchedCount = 0;
      }
    }
    return new long[] {runs, blocks, inLongRuns};
  }
}
