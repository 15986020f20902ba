package org.tropic.gpu;

/**
 * The tile side b of the device-resident GPU Floyd–Warshall when the user names none. b is the k of every outer
 * product (longer k amortises loading and storing C), and the diagonal closure runs in one block's shared memory
 * only while b²·4 bytes fit there (b = 128 on every GPU with ≥ 64 KB per block); larger b closes the tile with one
 * launch per pivot, which costs b launches per iteration. So: 128, and 256 only once n is large enough that those
 * launches are lost in the outer products. These are starting values for the device benchmark to confirm.
 */
public final class GpuBlockSize {
  static final int LARGE_N = 32_768;

  private GpuBlockSize() {}

  /** The default resident b for n vertices. */
  public static int resident(int n) {
    return n >= LARGE_N ? 2 * MinPlusModule.TILE : MinPlusModule.TILE;
  }

  /** The largest tile side whose b²·4 bytes fit in {@code sharedBytes}. */
  public static int sharedClosureSide(int sharedBytes) {
    return (int) Math.sqrt(sharedBytes / (double) Float.BYTES);
  }
}
