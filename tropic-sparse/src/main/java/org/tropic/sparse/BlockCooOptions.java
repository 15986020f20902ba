package org.tropic.sparse;

import java.util.Objects;

/**
 * How a {@link BlockCoo} is built from a graph.
 *
 * @param blockSize rows and columns per block, 1..65,536; 0 picks one from the size and the thread count
 *     ({@link #blockSizeFor})
 * @param cacheLineBytes the cache line the {@link ElementOrder#CACHE} cells are sized to (64 on x86); a power of two
 *     of at least 4 bytes
 * @param elementOrder element order inside blocks
 * @param vertexOrder vertex renumbering before blocking
 * @param orientation whether rows are arc sources or targets
 * @param values whether to store weights
 */
public record BlockCooOptions(int blockSize, int cacheLineBytes, ElementOrder elementOrder, VertexOrder vertexOrder,
    Orientation orientation, ValueMode values) {

  /** Blocks of 65,536 at most, so in-block indices fit in 16 bits (HPC-KG §2.5). */
  public static final int MAX_BLOCK_SIZE = 65_536;

  public BlockCooOptions {
    if (blockSize < 0 || blockSize > MAX_BLOCK_SIZE) {
      throw new IllegalArgumentException("block size " + blockSize + " is outside 1.." + MAX_BLOCK_SIZE
          + " (0 = automatic)");
    }
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
    return new BlockCooOptions(0, 64, ElementOrder.ROW, VertexOrder.NONE, Orientation.TRANSPOSE, ValueMode.AUTO);
  }

  public BlockCooOptions withBlockSize(int size) {
    return new BlockCooOptions(size, cacheLineBytes, elementOrder, vertexOrder, orientation, values);
  }

  public BlockCooOptions withCacheLineBytes(int bytes) {
    return new BlockCooOptions(blockSize, bytes, elementOrder, vertexOrder, orientation, values);
  }

  public BlockCooOptions withElementOrder(ElementOrder order) {
    return new BlockCooOptions(blockSize, cacheLineBytes, order, vertexOrder, orientation, values);
  }

  public BlockCooOptions withVertexOrder(VertexOrder order) {
    return new BlockCooOptions(blockSize, cacheLineBytes, elementOrder, order, orientation, values);
  }

  public BlockCooOptions withOrientation(Orientation o) {
    return new BlockCooOptions(blockSize, cacheLineBytes, elementOrder, vertexOrder, o, values);
  }

  public BlockCooOptions withValues(ValueMode mode) {
    return new BlockCooOptions(blockSize, cacheLineBytes, elementOrder, vertexOrder, orientation, mode);
  }

  /** Floats per cache line: the side of a cache cell. */
  public int cacheLineFloats() {
    return cacheLineBytes / Float.BYTES;
  }

  /**
   * The block size to use for an n-row matrix: the explicit one, else 65,536 cut down (to a power of two, at least
   * 1,024) until there are about four block rows per thread, because block rows are the unit of parallel work.
   */
  public int blockSizeFor(int n, int threads) {
    if (blockSize > 0) {
      return blockSize;
    }
    long wanted = Math.max(1, (long) Math.max(1, threads) * 4);
    long size = Math.max(1, n / wanted);
    int pow = Integer.highestOneBit((int) Math.min(MAX_BLOCK_SIZE, size));
    return Math.max(1_024, Math.min(MAX_BLOCK_SIZE, pow));
  }
}
