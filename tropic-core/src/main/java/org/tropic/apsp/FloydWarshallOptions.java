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
 */
public record FloydWarshallOptions(int blockSize, int threads, Arithmetic arithmetic, boolean lookahead,
    boolean symmetry) {

  /** Everything chosen automatically, lookahead and symmetry on. */
  public static FloydWarshallOptions defaults() {
    return new FloydWarshallOptions(0, 0, null, true, true);
  }

  /** The given settings, with symmetry used where the graph allows. */
  public FloydWarshallOptions(int blockSize, int threads, Arithmetic arithmetic, boolean lookahead) {
    this(blockSize, threads, arithmetic, lookahead, true);
  }

  public FloydWarshallOptions {
    if (blockSize < 0 || threads < 0) {
      throw new IllegalArgumentException("block size and threads must be ≥ 0 (0 = automatic), got b=" + blockSize
          + ", threads=" + threads);
    }
  }

  /** The thread count to use: the given one, or one per available processor. */
  public int effectiveThreads() {
    return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
  }

  public FloydWarshallOptions withBlockSize(int b) {
    return new FloydWarshallOptions(b, threads, arithmetic, lookahead, symmetry);
  }

  public FloydWarshallOptions withThreads(int t) {
    return new FloydWarshallOptions(blockSize, t, arithmetic, lookahead, symmetry);
  }

  public FloydWarshallOptions withArithmetic(Arithmetic a) {
    return new FloydWarshallOptions(blockSize, threads, a, lookahead, symmetry);
  }

  public FloydWarshallOptions withLookahead(boolean on) {
    return new FloydWarshallOptions(blockSize, threads, arithmetic, on, symmetry);
  }

  public FloydWarshallOptions withSymmetry(boolean on) {
    return new FloydWarshallOptions(blockSize, threads, arithmetic, lookahead, on);
  }
}
