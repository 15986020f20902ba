package org.tropic.gpu;

/**
 * Where the distances of a GPU Floyd–Warshall live, and the buffers that takes. Resident: the padded N×N matrix on
 * the device, plus a row-panel copy and a transposed column panel (b×N each) and a b×b transposed diagonal tile.
 * Offload (HPDC'21 §4.3): the matrix stays in host memory; the device holds the two panels (row panel, its copy,
 * the column panel and its transpose: 4·b·N floats), the b×b tile, and one chunk×chunk result buffer per stream,
 * with the chunk side as large as the budget allows, in multiples of the kernel tile. With lookahead (DSNAPSHOT,
 * SC20 §V-B1) the next iteration's panels are computed while this one's outer product streams, so the device holds a
 * second row panel and transposed column panel (2·b·N floats more); by default ({@link OffloadLookahead#AUTO}) when
 * the budget still leaves chunks of at least {@value #MIN_LOOKAHEAD_CHUNK} (or the whole matrix) with it: smaller
 * ones no longer fill the device.
 *
 * @param resident whether the matrix lives on the device
 * @param n vertices
 * @param blockSize the Floyd–Warshall tile side b (a multiple of 128)
 * @param padded N: n rounded up to a multiple of b
 * @param chunk the offload chunk side (0 when resident)
 * @param streams streams overlapping kernel, copy and host update (offload), else 1
 * @param lookahead whether the offload mode keeps two sets of panels, so that the next pivot's panel step overlaps
 *     the current outer product
 * @param deviceBytes device memory the solve allocates
 * @param hostBytes host memory: the N×N matrix, plus pinned staging buffers when offloading
 */
public record DeviceMemoryPlan(boolean resident, int n, int blockSize, int padded, int chunk, int streams,
    boolean lookahead, long deviceBytes, long hostBytes) {

  /** The fewest streams the offload mode runs with: kernel, device→host copy and host update all overlap. */
  public static final int MIN_OFFLOAD_STREAMS = 3;

  /**
   * The smallest chunk side worth a second set of panels: 16×16 kernel tiles, which is about two blocks for each of
   * an H100's 132 SMs; smaller chunks leave SMs idle while the host is updating.
   */
  public static final int MIN_LOOKAHEAD_CHUNK = 2048;

  /** n rounded up to a multiple of b (at least b). */
  public static int padded(int n, int b) {
    return Math.max(b, (int) (((long) n + b - 1) / b * b));
  }

  /** Device bytes of the resident mode: N² + 2·b·N + b² floats, and a blocked tile closure's scratch. */
  public static long residentDeviceBytes(int padded, int b) {
    return Float.BYTES * ((long) padded * padded + 2L * b * padded + (long) b * b) + TileClosure.scratchBytes(b);
  }

  /** Device bytes of the offload mode before the per-stream chunks: 4·b·N + b² floats, and the closure's scratch. */
  public static long offloadFixedDeviceBytes(int padded, int b) {
    return Float.BYTES * (4L * b * padded + (long) b * b) + TileClosure.scratchBytes(b);
  }

  /** Device bytes the offload mode's lookahead adds: a second row panel and transposed column panel, 2·b·N floats. */
  public static long lookaheadDeviceBytes(int padded, int b) {
    return Float.BYTES * 2L * b * padded;
  }

  /** {@link #choose(int, int, long, int, boolean, OffloadLookahead)} with {@link OffloadLookahead#AUTO}. */
  public static DeviceMemoryPlan choose(int n, int b, long budgetBytes, int streams, boolean forceOffload) {
    return choose(n, b, budgetBytes, streams, forceOffload, OffloadLookahead.AUTO);
  }

  /**
   * The plan for n vertices and tile b within {@code budgetBytes} of device memory: resident when it fits (and
   * offload is not forced), else offload with {@code streams} streams and the largest chunk that fits, with
   * lookahead as {@code lookahead} says.
   *
   * @throws IllegalArgumentException if b is not a positive multiple of 128, or streams &lt; 3 for offload
   * @throws org.tropic.apsp.MemoryBudgetException if not even the offload mode's panels and one tile per stream fit
   */
  public static DeviceMemoryPlan choose(int n, int b, long budgetBytes, int streams, boolean forceOffload,
      OffloadLookahead lookahead) {
    if (n < 1) {
      throw new IllegalArgumentException("n must be ≥ 1, got " + n);
    }
    if (b <= 0 || b % MinPlusModule.TILE != 0) {
      throw new IllegalArgumentException("the GPU tile side b = " + b + " must be a positive multiple of "
          + MinPlusModule.TILE);
    }
    int padded = padded(n, b);
    long matrixBytes = (long) padded * padded * Float.BYTES;
    long resident = residentDeviceBytes(padded, b);
    if (!forceOffload && resident <= budgetBytes) {
      return new DeviceMemoryPlan(true, n, b, padded, 0, 1, false, resident, matrixBytes);
    }
    if (streams < MIN_OFFLOAD_STREAMS) {
      throw new IllegalArgumentException("the offload mode needs ≥ " + MIN_OFFLOAD_STREAMS
          + " streams so that kernel, copy and host update overlap (HPDC'21 §4.5), got " + streams);
    }
    long fixed = offloadFixedDeviceBytes(padded, b);
    int chunk = largestChunk(budgetBytes - fixed, streams, padded);
    if (chunk < MinPlusModule.TILE) {
      throw new org.tropic.apsp.MemoryBudgetException(String.format("GPU Floyd–Warshall of n = %,d with b = %d in"
          + " offload mode (panels of 4·b·N floats plus %d chunks of %d²)", n, b, streams, MinPlusModule.TILE),
          offloadMinimumDeviceBytes(padded, b, streams), budgetBytes,
          "the device memory budget is too small for the panels: use a smaller b (--block), a GPU with more memory,"
              + " or the CPU (--device cpu)");
    }
    int lookaheadChunk = largestChunk(budgetBytes - fixed - lookaheadDeviceBytes(padded, b), streams, padded);
    boolean withLookahead = switch (lookahead) {
      case AUTO -> lookaheadChunk >= Math.min(padded, MIN_LOOKAHEAD_CHUNK);
      case ALWAYS -> lookaheadChunk >= MinPlusModule.TILE;
      case NEVER -> false;
    };
    if (withLookahead) {
      chunk = lookaheadChunk;
      fixed += lookaheadDeviceBytes(padded, b);
    }
    long device = fixed + (long) streams * chunk * chunk * Float.BYTES;
    long host = matrixBytes + (long) streams * chunk * chunk * Float.BYTES + 2L * b * padded * Float.BYTES;
    return new DeviceMemoryPlan(false, n, b, padded, chunk, streams, withLookahead, device, host);
  }

  /** The largest chunk side, a multiple of the kernel tile up to N, of which {@code streams} fit in {@code bytes}. */
  private static int largestChunk(long bytes, int streams, int padded) {
    long perStream = bytes / streams;
    long side = perStream <= 0 ? 0 : (long) Math.sqrt(perStream / (double) Float.BYTES) / MinPlusModule.TILE
        * MinPlusModule.TILE;
    return (int) Math.min(side, padded);
  }

  /** The least device memory the offload mode can run in: its panels and one smallest chunk per stream. */
  public static long offloadMinimumDeviceBytes(int padded, int b, int streams) {
    return offloadFixedDeviceBytes(padded, b) + (long) streams * MinPlusModule.TILE * MinPlusModule.TILE * Float.BYTES;
  }

  /** Tiles per side, N / b: the number of Floyd–Warshall iterations. */
  public int tilesPerSide() {
    return padded / blockSize;
  }

  /** Offload chunks per side, ⌈N / chunk⌉ (0 when resident). */
  public int chunksPerSide() {
    return resident ? 0 : (padded + chunk - 1) / chunk;
  }

  /** One line for plans, e.g. {@code resident: 4.0 GiB of device memory}. */
  public String describe() {
    if (resident) {
      return String.format("resident: %.2f GiB of device memory, b = %d", deviceBytes / GIB, blockSize);
    }
    return String.format("offload: the %.2f GiB matrix in host memory, streamed through %d streams in %d×%d"
        + " chunks (%.2f GiB of device memory), b = %d, %s", padded * (double) padded * Float.BYTES / GIB, streams,
        chunk, chunk, deviceBytes / GIB, blockSize, lookahead ? "lookahead" : "no lookahead");
  }

  private static final double GIB = 1L << 30;
}
