package org.tropic.sparse;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntUnaryOperator;
import org.tropic.graph.Graph;

/**
 * Picks the {@link BlockCoo} layout that multiplies fastest for a graph, from counts taken in one pass over its arcs
 * (O(n + m), no matrix built): how many elements a non-empty block holds per row, and how long its row runs are.
 * SparseBench on 2 threads, ms per SpMV, one run on 2026-11-21 after rows were put longest first in row order:
 *
 * <pre>
 *                      row order  cache order  RCM + cache   per block row  in long runs
 *   web graph            1.78        1.97         2.79           4.2            95%
 *   NY road              0.50        0.68         0.63           0.41            0%
 *   as-22july06          0.091       0.108        0.154          0.33           41%
 *   R-MAT scale 22       124         193          36.1           0.13
 * </pre>
 *
 * <ul>
 *   <li>Fewer than {@value #HYPERSPARSE} elements per block row: the x and y windows of a block are barely reused,
 *       every element misses the cache, and Reverse Cuthill–McKee, which gathers the elements near the diagonal,
 *       multiplies 3–4× faster on R-MAT. Its build is slower (12 s against 7 s at scale 22), which about 40
 *       products (one PageRank) pay back; a single BFS does not. Its elements go in row order, which took 0.79×
 *       and 0.70× the time of cache-cell order at R-MAT scales 22 and 20 ({@code SpmvAb}, 2026-11-21).
 *   <li>Else row order for SpMV, cache-cell order for SpMM ({@link Product#SPMM}). Before its rows were put longest
 *       first, cache-cell order won SpMV on NY road (0.54 against 0.99 ms), whose runs are short; since, row order
 *       has been as fast or faster there in four runs out of four (0.44–0.56 against 0.47–0.72 ms), and 1.6–2.8×
 *       faster on R-MAT.
 *   <li>Outside RCM, an automatic block size is doubled while blocks would hold fewer than
 *       {@value #MIN_BLOCK_ELEMENTS} elements on average ({@link #MIN_BLOCK_ELEMENTS}).
 * </ul>
 */
public final class LayoutAdvisor {
  /** Elements per row of a non-empty block below which the matrix counts as hypersparse. */
  static final double HYPERSPARSE = 0.25;
  /**
   * Elements a non-empty block should average, so that the work of starting a block (its slices, its run table,
   * its x and y blocks) stays small against its elements: automatic blocks are doubled while they hold fewer.
   * as-22july06 in blocks of 4,096 instead of 2,048 (2,690 against 682 elements each) took 0.86–0.89× the time on 2
   * threads ({@code SpmvAb}, 2026-11-21).
   */
  static final long MIN_BLOCK_ELEMENTS = 1_024;
  /** Block rows per thread that doubling the blocks must leave, so that the workers can still balance. */
  static final int MIN_BLOCK_ROWS_PER_THREAD = 2;

  private LayoutAdvisor() {}

  /** A layout and, in a sentence, why. */
  public record Choice(BlockCooOptions options, String reason) {}

  /** The product the matrix will mostly take part in: with one vector (SpMV) or with a block of them (SpMM). */
  public enum Product {
    SPMV,
    /**
     * Cache-cell order suits SpMM better: each element reads and writes a whole row of X and Y (k floats), which
     * the cells reuse and row order's longest-first rows scatter. SparseBench with k = 32 on 2 threads: NY road
     * 6.8–9.5 ms in cache order against 11.2–11.3 ms in row order, the web graph 9.4 against 11.8 ms, as-22july06
     * on par (2026-11-21). Summing a run's products in registers did not help (road 14.6–24.5 ms).
     */
    SPMM,
    /**
     * Boolean products with a frontier (BFS, k-hop): square blocks, since the kernel skips every block whose columns
     * of x hold no frontier vertex, and one block column spanning the matrix would leave nothing to skip. A BFS of
     * as-22july06 (RCM) took 0.57–0.61 ms in one block column against 0.42–0.43 ms in square blocks of 4,096
     * (SparseBench, 2 threads, 2026-11-21).
     */
    BFS
  }

  /** {@link #choose(Graph, BlockCooOptions, int, Product)} for SpMV. */
  public static Choice choose(Graph graph, BlockCooOptions base, int threads) {
    return choose(graph, base, threads, Product.SPMV);
  }

  /**
   * The layout for {@code graph}: {@code base} with its element and vertex orders chosen here, and an automatic block
   * size made larger where blocks would hold few elements ({@link #MIN_BLOCK_ELEMENTS}); an explicit block size,
   * orientation and values are kept.
   *
   * @param threads the parallelism the matrix will be used with, which sizes automatic blocks
   * @param product what the matrix will be multiplied with
   */
  public static Choice choose(Graph graph, BlockCooOptions base, int threads, Product product) {
    int n = graph.vertexCount();
    long nnz = graph.arcCount();
    int height = base.blockHeightFor(n, threads);
    if (nnz == 0) {
      return new Choice(base, "no arcs: the default layout");
    }
    IntUnaryOperator width = h -> product == Product.BFS && base.blockWidth() == 0 ? h : base.blockWidthFor(n, h);
    Choice choice = choose(graph, base, threads, height, width, product);
    BlockCooOptions chosen = choice.options();
    return new Choice(chosen.withBlockWidth(width.applyAsInt(chosen.blockHeightFor(n, threads))), choice.reason());
  }

  private static Choice choose(Graph graph, BlockCooOptions base, int threads, int height, IntUnaryOperator width,
      Product product) {
    int n = graph.vertexCount();
    long nnz = graph.arcCount();
    long[] counts = runsAndBlocks(graph, height, width.applyAsInt(height), base.orientation());
    double perBlockRow = (double) nnz / ((double) counts[1] * height);
    double run = (double) nnz / counts[0];
    double inLongRuns = (double) counts[2] / nnz;
    ElementOrder order = product == Product.SPMM ? ElementOrder.CACHE : ElementOrder.ROW;
    if (n > height && perBlockRow < HYPERSPARSE) {
      return new Choice(base.withVertexOrder(VertexOrder.RCM).withElementOrder(order),
          String.format(Locale.ROOT, "a block holds %.2f elements per row: renumbered by reverse Cuthill-McKee so"
              + " that blocks fill up, then %s order", perBlockRow, order == ElementOrder.ROW ? "row" : "cache-cell"));
    }
    BlockCooOptions sized = base;
    String blocks = "";
    if (base.blockHeight() == 0) {
      int chosen = height;
      long stored = counts[1];
      while (chosen < BlockCooOptions.MAX_BLOCK_SIZE && nnz < MIN_BLOCK_ELEMENTS * stored
          && (n + 2L * chosen - 1) / (2L * chosen) >= (long) MIN_BLOCK_ROWS_PER_THREAD * threads) {
        chosen *= 2;
        stored = runsAndBlocks(graph, chosen, width.applyAsInt(chosen), base.orientation())[1];
      }
      if (chosen != height) {
        blocks = String.format(Locale.ROOT, "; block rows of %,d rather than %,d, whose blocks would hold %,d"
            + " elements each", chosen, height, nnz / counts[1]);
        sized = base.withBlockHeight(chosen);
      }
    }
    if (product == Product.SPMM) {
      return new Choice(sized.withVertexOrder(VertexOrder.NONE).withElementOrder(ElementOrder.CACHE),
          "the matrix multiplies blocks of vectors (SpMM): cache-cell order, whose cells reuse rows of X and Y"
              + blocks);
    }
    return new Choice(sized.withVertexOrder(VertexOrder.NONE).withElementOrder(ElementOrder.ROW),
        String.format(Locale.ROOT, "rows run %.1f elements per block (%.0f%% of the elements in runs of %d or more)"
            + " and blocks hold %.2f per row: row order, longest rows first", run, 100 * inLongRuns,
            RowRuns.LONG_RUN, perBlockRow) + blocks);
  }

  /**
   * {row runs, non-empty blocks, elements in runs of at least {@link RowRuns#LONG_RUN}} of the matrix the
   * orientation gives, in blocks {@code height} rows high and {@code width} columns wide. A run is a (row, block
   * column) pair with elements.
   */
  static long[] runsAndBlocks(Graph graph, int height, int width, Orientation orientation) {
    int n = graph.vertexCount();
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    boolean transpose = orientation == Orientation.TRANSPOSE;
    // Arc u→v is element (v, u) of Aᵀ and (u, v) of A: the side each endpoint's block is cut along.
    int sourceSide = transpose ? width : height;
    int targetSide = transpose ? height : width;
    int[] blockSeen = new int[(n + targetSide - 1) / targetSide]; // stamped with the source block
    // A run's key and scope: in Aᵀ (row v) a target within a source block, in A (row u) a target block within u
    int keys = transpose ? n : blockSeen.length;
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
      int sourceBlock = u / sourceSide;
      int scope = transpose ? sourceBlock : u;
      for (int e = offsets[u]; e < offsets[u + 1]; e++) {
        int v = targets[e];
        int targetBlock = v / targetSide;
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
      boolean scopeEnds = !transpose || u + 1 == n || (u + 1) / sourceSide != sourceBlock;
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
