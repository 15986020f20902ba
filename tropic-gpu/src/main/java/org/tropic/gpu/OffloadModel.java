package org.tropic.gpu;

/**
 * The cost model of the out-of-GPU SRGEMM (Sao et al., HPDC'21 §4.5). C (m×n, in host memory) ← C ⊕ A ⊗ B with
 * A (m×k) and B (k×n) on the device, in chunks: the device computes X ← A_i ⊗ B_j, copies X to the host, and the
 * host takes C_ij ← min(C_ij, X). Per float: {@code tF} seconds per min-plus flop on the device, {@code tHd} seconds
 * per float moved between host and device, {@code tM} seconds per float of host-memory traffic. The three steps
 * cost t0 = 2mnk·tF, t1 = (mn + nk + mk)·tHd and t2 = 3mn·tM (the host reads C and X and writes C).
 *
 * <p>With one stream they add up; with two, one step overlaps the other two; with three or more all three overlap
 * and the time is max{t0, t1, t2}. The device stays the bottleneck (t0 ≥ t1, t2) when, as m, n ≫ k, the block size
 * satisfies eq. 5: k ≥ max{tHd / 2tF, 3tM / 2tF}.
 *
 * @param flopsPerSecond the device's measured SRGEMM rate (1/tF)
 * @param transferBytesPerSecond measured device→host copy rate from pinned memory (4/tHd)
 * @param hostUpdateBytesPerSecond measured host-update rate counting C read, X read and C written (4/tM)
 */
public record OffloadModel(double flopsPerSecond, double transferBytesPerSecond, double hostUpdateBytesPerSecond) {

  public OffloadModel {
    if (!(flopsPerSecond > 0) || !(transferBytesPerSecond > 0) || !(hostUpdateBytesPerSecond > 0)) {
      throw new IllegalArgumentException("rates must be positive: " + flopsPerSecond + " flop/s, "
          + transferBytesPerSecond + " B/s transfer, " + hostUpdateBytesPerSecond + " B/s host update");
    }
  }

  double tF() {
    return 1 / flopsPerSecond;
  }

  double tHd() {
    return Float.BYTES / transferBytesPerSecond;
  }

  double tM() {
    return Float.BYTES / hostUpdateBytesPerSecond;
  }

  /** Eq. 5's lower bound on k: max{tHd / 2tF, 3tM / 2tF}. */
  public double minimumK() {
    return Math.max(tHd() / (2 * tF()), 3 * tM() / (2 * tF()));
  }

  /**
   * The offload block size: eq. 5's bound rounded up to a multiple of the kernel tile (128), at least one tile and
   * at most the padded matrix side (beyond which there is nothing left to offload).
   */
  public int blockSize(int n) {
    int tile = MinPlusModule.TILE;
    long k = (long) Math.ceil(minimumK() / tile) * tile;
    long cap = Math.max(tile, (long) (n + tile - 1) / tile * tile);
    return (int) Math.min(cap, Math.max(tile, k));
  }

  /** t0, t1, t2 of one m×n×k offloaded product, in seconds. */
  public double[] stepSeconds(long m, long n, long k) {
    return new double[] {2.0 * m * n * k * tF(), (double) (m * n + n * k + m * k) * tHd(), 3.0 * m * n * tM()};
  }

  /** The predicted time of one m×n×k offloaded product with {@code streams} streams (§4.5). */
  public double seconds(long m, long n, long k, int streams) {
    if (streams < 1) {
      throw new IllegalArgumentException("streams must be ≥ 1, got " + streams);
    }
    double[] t = stepSeconds(m, n, k);
    if (streams == 1) {
      return t[0] + t[1] + t[2];
    }
    if (streams == 2) {
      double best = Double.POSITIVE_INFINITY;
      for (int i = 0; i < 3; i++) {
        double others = t[(i + 1) % 3] + t[(i + 2) % 3];
        best = Math.min(best, Math.max(t[i], others));
      }
      return best;
    }
    return Math.max(t[0], Math.max(t[1], t[2]));
  }
}
