package org.tropic.apsp;

import org.tropic.semiring.Arithmetic;

/**
 * How {@link BlockedFloydWarshall} runs.
 *
 * @param blockSize the tile side b; 0 lets {@link BlockSizeModel} choose
 * @param threads worker threads; 0 means one per available processor
 * @param arithmetic the arithmetic path; {@code null} lets {@link Arithmetic#choose} pick the fastest exact one
 * @param lookahead whether the next iteration's diagonal and panels run ahead of the current outer product
 */
public record FloydWarshallOptions(int blockSize, int threads, Arithmetic arithmetic, boolean lookahead) {

  /** Everything chosen automatically, lookahead on. */
  public static FloydWarshallOptions defaults() {
    return new FloydWarshallOptions(0, 0, null, true);
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
    return new FloydWarshallOptions(b, threads, arithmetic, lookahead);
  }

  public FloydWarshallOptions withThreads(int t) {
    return new FloydWarshallOptions(blockSize, t, arithmetic, lookahead);
  }

  public FloydWarshallOptions withArithmetic(Arithmetic a) {
    return new FloydWarshallOptions(blockSize, threads, a, lookahead);
  }

  public FloydWarshallOptions withLookahead(boolean on) {
    return new FloydWarshallOptions(blockSize, threads, arithmetic, on);
  }
}
