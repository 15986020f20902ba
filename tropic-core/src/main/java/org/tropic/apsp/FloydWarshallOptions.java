package org.tropic.apsp;

import org.tropic.semiring.Arithmetic;

/**
 * How {@link BlockedFloydWarshall} runs.
 *
 * @param blockSize the tile side b; 0 lets {@link BlockSizeModel} choose
 * @param threads worker threads; 0 means one per available processor
 * @param arithmetic the arithmetic path; {@code null} lets {@link Arithmetic#choose} pick the fastest exact one
 * @param lookahead whether the next iteration's diagonal and panels run ahead of the current outer product
 * @param symmetry whether a symmetric graph (undirected, weights ≥ 0) is solved on the upper triangle of tiles
 *     only: about half the work and the memory, the same distances bit for bit
 * @param pivotOrder whether pivots go in {@link PivotOrder} (by component, then ascending degree), which lets the
 *     solver skip more +∞ work on sparse graphs; otherwise in id order. The distances are the same, up to float32
 *     rounding on real weights (a sum may be added up in another order), and exactly so on whole ones
 */
public record FloydWarshallOptions(int blockSize, int threads, Arithmetic arithmetic, boolean lookahead,
    boolean symmetry, boolean pivotOrder) {

  /** Everything chosen automatically; lookahead, symmetry and the pivot order on. */
  public static FloydWarshallOptions defaults() {
    return new FloydWarshallOptions(0, 0, null, true, true, true);
  }

  /** The given settings, with symmetry used where the graph allows and the pivot order on. */
  public FloydWarshallOptions(int blockSize, int threads, Arithmetic arithmetic, boolean lookahead) {
    this(blockSize, threads, arithmetic, lookahead, true, true);
  }

  /** The given settings, with the pivot order on. */
  public FloydWarshallOptions(int blockSize, int threads, Arithmetic arithmetic, boolean lookahead,
      boolean symmetry) {
    this(blockSize, threads, arithmetic, lookahead, symmetry, true);
  }

  public FloydWarshallOptions {
    if (blockSize < 0 || threads < 0) {
      throw new IllegalArgumentException("block size and threads must be ≥ 0 (0 = automatic), got b=" + blockSize
          + ", threads=" + threads);
    }
  }

  /**
   * The largest tile side worth using for n vertices: n rounded up to a multiple of 32, one tile holding the whole
   * matrix. A larger tile only pads the matrix with +∞, and its b² floats overflow a Java array from b = 46,341 on.
   */
  public static int largestUsefulBlockSize(int n) {
    return (int) Math.min(Integer.MAX_VALUE & ~31, Math.max(32, ((long) n + 31) / 32 * 32));
  }

  /** The thread count to use: the given one, or one per available processor. */
  public int effectiveThreads() {
    return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
  }

  public FloydWarshallOptions withBlockSize(int b) {
    return new FloydWarshallOptions(b, threads, arithmetic, lookahead, symmetry, pivotOrder);
  }

  public FloydWarshallOptions withThreads(int t) {
    return new FloydWarshallOptions(blockSize, t, arithmetic, lookahead, symmetry, pivotOrder);
  }

  public FloydWarshallOptions withArithmetic(Arithmetic a) {
    return new FloydWarshallOptions(blockSize, threads, a, lookahead, symmetry, pivotOrder);
  }

  public FloydWarshallOptions withLookahead(boolean on) {
    return new FloydWarshallOptions(blockSize, threads, arithmetic, on, symmetry, pivotOrder);
  }

  public FloydWarshallOptions withSymmetry(boolean on) {
    return new FloydWarshallOptions(blockSize, threads, arithmetic, lookahead, on, pivotOrder);
  }

  public FloydWarshallOptions withPivotOrder(boolean on) {
    return new FloydWarshallOptions(blockSize, threads, arithmetic, lookahead, symmetry, on);
  }
}
