package org.tropic.dist;

import org.tropic.semiring.Arithmetic;

/**
 * How a distributed Floyd–Warshall runs.
 *
 * @param grid the process grid, or {@code null} to let the cost model choose (Pr ≈ Pc)
 * @param broadcast how panels are broadcast
 * @param lookahead whether the next pivot's diagonal and panels are computed and sent while the current outer
 *     product runs (DSNAPSHOT §V-B); off gives the bulk-synchronous baseline
 * @param blockSize the tile side b; 0 lets the cost model choose
 * @param threads compute threads per rank; 0 shares this node's cores among the ranks on it
 * @param arithmetic the arithmetic path, or {@code null} for the fastest exact one
 * @param chunkBytes the ring broadcasts' pipeline chunk in bytes (a multiple of 4)
 */
public record DistributedOptions(ProcessGrid grid, BroadcastAlgorithm broadcast, boolean lookahead, int blockSize,
    int threads, Arithmetic arithmetic, long chunkBytes) {

  /** COAST's chunk: 4 MB. */
  public static final long DEFAULT_CHUNK_BYTES = 4L << 20;

  public DistributedOptions {
    java.util.Objects.requireNonNull(broadcast, "broadcast");
    if (blockSize < 0 || threads < 0) {
      throw new IllegalArgumentException("block size and threads must be ≥ 0 (0 = automatic), got b=" + blockSize
          + ", threads=" + threads);
    }
    if (chunkBytes < 4 || chunkBytes % 4 != 0 || chunkBytes > 1L << 30) {
      throw new IllegalArgumentException("chunk size must be a positive multiple of 4 bytes up to 1 GiB, got "
          + chunkBytes);
    }
  }

  /** Grid and block size chosen by the cost model, ring broadcasts, lookahead on. */
  public static DistributedOptions defaults() {
    return new DistributedOptions(null, BroadcastAlgorithm.RING, true, 0, 0, null, DEFAULT_CHUNK_BYTES);
  }

  /** The baseline of DSNAPSHOT Alg. 2: library broadcasts, no lookahead. */
  public static DistributedOptions baseline() {
    return defaults().withBroadcast(BroadcastAlgorithm.LIBRARY).withLookahead(false);
  }

  public DistributedOptions withGrid(ProcessGrid g) {
    return new DistributedOptions(g, broadcast, lookahead, blockSize, threads, arithmetic, chunkBytes);
  }

  public DistributedOptions withBroadcast(BroadcastAlgorithm b) {
    return new DistributedOptions(grid, b, lookahead, blockSize, threads, arithmetic, chunkBytes);
  }

  public DistributedOptions withLookahead(boolean on) {
    return new DistributedOptions(grid, broadcast, on, blockSize, threads, arithmetic, chunkBytes);
  }

  public DistributedOptions withBlockSize(int b) {
    return new DistributedOptions(grid, broadcast, lookahead, b, threads, arithmetic, chunkBytes);
  }

  public DistributedOptions withThreads(int t) {
    return new DistributedOptions(grid, broadcast, lookahead, blockSize, t, arithmetic, chunkBytes);
  }

  public DistributedOptions withArithmetic(Arithmetic a) {
    return new DistributedOptions(grid, broadcast, lookahead, blockSize, threads, a, chunkBytes);
  }

  public DistributedOptions withChunkBytes(long bytes) {
    return new DistributedOptions(grid, broadcast, lookahead, blockSize, threads, arithmetic, bytes);
  }

  /** The compute threads per rank: the given number, or this node's cores shared among its ranks. */
  public int effectiveThreads() {
    if (threads > 0) {
      return threads;
    }
    int ranksHere = 1;
    String local = System.getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
    if (local != null) {
      try {
        ranksHere = Math.max(1, Integer.parseInt(local.strip()));
      } catch (NumberFormatException e) {
        ranksHere = 1;
      }
    }
    return Math.max(1, Runtime.getRuntime().availableProcessors() / ranksHere);
  }
}
