package org.tropic.gpu;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

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
   * The offload block size: the first of {@link #blockSizes(int)}.
   */
  public int blockSize(int n) {
    return blockSizes(n).getFirst();
  }

  /**
   * The block sizes eq. 5 allows for n vertices, best first: the multiples of the kernel tile (128) from the bound
   * rounded up (at least one tile) to twice that, none beyond the padded matrix side (where nothing is left to
   * offload). Those that pad n least come first, since the padding is computed too: at n = 32,731 and a bound of
   * 1,076, b = 1,152 pads to 34,560 (17% more work) and b = 2,048 to 32,768. Among equals the smaller b comes
   * first, for its smaller panels. Any b above the bound keeps the device the bottleneck, and a larger b means fewer
   * iterations of host work.
   */
  public List<Integer> blockSizes(int n) {
    int tile = MinPlusModule.TILE;
    long cap = Math.max(tile, (long) (n + tile - 1) / tile * tile);
    long first = Math.min(cap, Math.max(tile, (long) Math.ceil(minimumK() / tile) * tile));
    long last = Math.min(cap, 2 * first);
    List<Integer> sizes = new ArrayList<>();
    for (long b = first; b <= last; b += tile) {
      sizes.add((int) b);
    }
    sizes.sort(Comparator.comparingInt((Integer b) -> DeviceMemoryPlan.padded(n, b)).thenComparingInt(b -> b));
    return sizes;
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
