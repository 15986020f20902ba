package org.tropic.sparse;

import java.util.Objects;

/**
 * How a {@link BlockCoo} is built from a graph.
 *
 * @param blockHeight rows per block (the unit of parallel work is a block row), 1..65,536; 0 picks one from the size
 *     and the thread count ({@link #blockHeightFor})
 * @param blockWidth columns per block, 1..65,536; 0 picks one ({@link #blockWidthFor})
 * @param cacheLineBytes the cache line the {@link ElementOrder#CACHE} cells are sized to (64 on x86); a power of two
 *     of at least 4 bytes
 * @param elementOrder element order inside blocks
 * @param vertexOrder vertex renumbering before blocking
 * @param orientation whether rows are arc sources or targets
 * @param values whether to store weights
 */
public record BlockCooOptions(int blockHeight, int blockWidth, int cacheLineBytes, ElementOrder elementOrder,
    VertexOrder vertexOrder, Orientation orientation, ValueMode values) {

  /** Blocks of 65,536 at most, so in-block indices fit in 16 bits (HPC-KG §2.5). */
  public static final int MAX_BLOCK_SIZE = 65_536;

  public BlockCooOptions {
    checkSide("block height", blockHeight);
    checkSide("block width", blockWidth);
    if (cacheLineBytes < Float.BYTES || Integer.bitCount(cacheLineBytes) != 1 || cacheLineBytes > 4096) {
      throw new IllegalArgumentException("cache line of " + cacheLineBytes + " bytes: need a power of two in 4..4096");
    }
    Objects.requireNonNull(elementOrder, "elementOrder");
    Objects.requireNonNull(vertexOrder, "vertexOrder");
    Objects.requireNonNull(orientation, "orientation");
    Objects.requireNonNull(values, "values");
  }

  /**
   * Automatic block size, 64-byte cache cells (for {@link ElementOrder#CACHE}), row element order, no renumbering,
   * Aᵀ, pattern when weights are 1. Row order is the default because it multiplied fastest on every graph measured
   * (see {@link LayoutAdvisor}).
   */
  public static BlockCooOptions defaults() {
    return new BlockCooOptions(0, 0, 64, ElementOrder.ROW, VertexOrder.NONE, Orientation.TRANSPOSE, ValueMode.AUTO);
  }

  /** Square blocks of {@code size} rows and columns (0: both automatic). */
  public BlockCooOptions withBlockSize(int size) {
    return new BlockCooOptions(size, size, cacheLineBytes, elementOrder, vertexOrder, orientation, values);
  }

  public BlockCooOptions withBlockHeight(int height) {
    return new BlockCooOptions(height, blockWidth, cacheLineBytes, elementOrder, vertexOrder, orientation, values);
  }

  public BlockCooOptions withBlockWidth(int width) {
    return new BlockCooOptions(blockHeight, width, cacheLineBytes, elementOrder, vertexOrder, orientation, values);
  }

  public BlockCooOptions withCacheLineBytes(int bytes) {
    return new BlockCooOptions(blockHeight, blockWidth, bytes, elementOrder, vertexOrder, orientation, values);
  }

  public BlockCooOptions withElementOrder(ElementOrder order) {
    return new BlockCooOptions(blockHeight, blockWidth, cacheLineBytes, order, vertexOrder, orientation, values);
  }

  public BlockCooOptions withVertexOrder(VertexOrder order) {
    return new BlockCooOptions(blockHeight, blockWidth, cacheLineBytes, elementOrder, order, orientation, values);
  }

  public BlockCooOptions withOrientation(Orientation o) {
    return new BlockCooOptions(blockHeight, blockWidth, cacheLineBytes, elementOrder, vertexOrder, o, values);
  }

  public BlockCooOptions withValues(ValueMode mode) {
    return new BlockCooOptions(blockHeight, blockWidth, cacheLineBytes, elementOrder, vertexOrder, orientation,
        mode);
  }

  /** Floats per cache line: the side of a cache cell. */
  public int cacheLineFloats() {
    return cacheLineBytes / Float.BYTES;
  }

  /**
   * The block height to use for an n-row matrix: the explicit one, else 65,536 cut down (to a power of two, at least
   * 1,024) until there are about four block rows per thread, because block rows are the unit of parallel work.
   */
  public int blockHeightFor(int n, int threads) {
    if (blockHeight > 0) {
      return blockHeight;
    }
    long wanted = Math.max(1, (long) Math.max(1, threads) * 4);
    long size = Math.max(1, n / wanted);
    int pow = Integer.highestOneBit((int) Math.min(MAX_BLOCK_SIZE, size));
    return Math.max(1_024, Math.min(MAX_BLOCK_SIZE, pow));
  }

  /**
   * The block width to use for a matrix of {@code columns} columns cut into block rows {@code height} high: the
   * explicit one; else, when 16-bit indices reach every column, one block column spanning them all; else square
   * blocks. A row then makes one run per block row rather than one per block, and a block row is one block.
   * SpmvAb on 2 threads, 20 rounds, 2026-11-21: as-22july06 (22,963 columns, blocks 4,096 high) 0.936× the time of
   * square blocks, R-MAT scale 16 0.905×, scale 14 0.857×. Wider blocks did not pay on the larger graphs: blocks
   * 65,536 wide took NY road 1.06–1.08× the time and the web graph 1.05–1.08×, whose x windows per block grew to
   * 256 KB from 128 KB and 32 KB.
   */
  public int blockWidthFor(int columns, int height) {
    if (blockWidth > 0) {
      return blockWidth;
    }
    return columns <= MAX_BLOCK_SIZE ? Math.max(1, columns) : height;
  }

  private static void checkSide(String what, int side) {
    if (side < 0 || side > MAX_BLOCK_SIZE) {
      throw new IllegalArgumentException(what + " " + side + " is outside 1.." + MAX_BLOCK_SIZE + " (0 = automatic)");
    }
  }
}
