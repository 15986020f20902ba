package org.tropic.apsp;

import java.util.Locale;
import org.tropic.io.Units;
import org.tropic.semiring.Arithmetic;

/**
 * What an incremental update ({@link IncrementalUpdate}) should take, before it starts: its products at the
 * kernels' measured rate and the n² floats it reads and writes at the disk's measured rate. Through few endpoints
 * the reading and writing dominate: ten random edges added to cond-mat (16,264 vertices, 20 endpoints, 10.6 GFLOP)
 * were estimated at 2.58 s, 0.11 s of it products, where products and writing took 3.6 s. Through many the products
 * do: 1,000 edges (1,841 endpoints, 1.1 TFLOP) were estimated at 20.5 s and took 39 s at a load of 3.8 on the
 * 2-core VM, 55 s against 17.5 s at a load of 5.7, which leaves each command a third of its processors; the
 * planner's estimate for {@code tropic apsp} of the graph was half its time then (4.1 s against 8.4 s). The rates
 * are measured at their best, so this is the time on a machine the update has to itself.
 *
 * @param productsSeconds the 2·n²·s + 2·n·s² + 2·s³ flop ({@link IncrementalUpdate#flops}) at {@code flopsPerSecond}
 * @param ioSeconds the old matrix read and the new one written, both at {@code bytesPerSecond}
 * @param flopsPerSecond the kernels' measured multiply rate on the threads used, from memory where the endpoints'
 *     packed rows exceed the last-level cache
 * @param bytesPerSecond the rate measured writing beside the output (reading is taken to be as fast: a matrix not
 *     in the page cache is read from the same disk)
 * @param ioBytes the bytes read and written
 */
public record UpdateEstimate(double productsSeconds, double ioSeconds, double flopsPerSecond, double bytesPerSecond,
    long ioBytes) {

  /** The estimate for an update from {@code oldN} to {@code n} vertices through {@code endpoints} endpoints. */
  public static UpdateEstimate of(int oldN, int n, int endpoints, double flopsPerSecond, double bytesPerSecond) {
    long bytes = 4L * oldN * oldN + 4L * n * n;
    return new UpdateEstimate(IncrementalUpdate.flops(n, endpoints) / flopsPerSecond, bytes / bytesPerSecond,
        flopsPerSecond, bytesPerSecond, bytes);
  }

  /**
   * The multiply rate an update's products get from {@code model}: the best single-thread rate over the tile sizes
   * (as {@link PartitionedCostModel} takes it: other work on the machine only lowers a rate, and under a load of 5
   * a calibration here read 2 GFLOP/s at b = 32 against 40 before), times the measured speed-up on {@code threads},
   * times the measured memory efficiency where the s × n packed rows the products stream exceed the last-level
   * cache.
   */
  public static double flopsPerSecond(BlockSizeModel model, Arithmetic arithmetic, int n, int endpoints,
      int threads) {
    double best = 0;
    for (int b : BlockSizeModel.CANDIDATES) {
      best = Math.max(best, model.multiplyRate(arithmetic, b));
    }
    double rate = best * model.speedup(arithmetic, threads);
    return 4L * n * endpoints > BlockSizeModel.lastLevelCacheBytes() ? rate * model.memoryEfficiency(arithmetic)
        : rate;
  }

  /** The whole estimate, in seconds. */
  public double seconds() {
    return productsSeconds + ioSeconds;
  }

  /**
   * One line with the estimate and its basis, e.g. {@code estimated about 2.6 s: 0.14 s of products at the kernels'
   * measured 76 GFLOP/s, 2.4 s reading and writing 2.1 GiB at the 870 MB/s measured writing beside the output}.
   */
  public String describe() {
    return String.format(Locale.ROOT, "estimated about %s: %s of products at the kernels' measured %.3g GFLOP/s, %s"
        + " reading and writing %s at the %.0f MB/s measured writing beside the output", Units.duration(seconds()),
        Units.duration(productsSeconds), flopsPerSecond / 1e9, Units.duration(ioSeconds), Units.bytes(ioBytes),
        bytesPerSecond / 1e6);
  }
}
