package org.tropic.gpu;

/**
 * What Tropic needs to know about one CUDA device, read from the driver.
 *
 * @param ordinal the device's index among the visible ones
 * @param name e.g. {@code NVIDIA H100 80GB HBM3}
 * @param capability compute capability (9.0 for Hopper)
 * @param multiprocessors streaming multiprocessors (132 on H100 SXM and H200)
 * @param clockKHz the SM clock the driver reports (its boost clock), in kHz
 * @param totalBytes device memory
 * @param sharedBytesPerBlockOptIn the most shared memory a block may ask for after raising its limit
 * @param copyEngines asynchronous copy engines (2 or more let copies both ways overlap a kernel)
 * @param l2Bytes L2 cache size
 */
public record GpuDevice(int ordinal, String name, ComputeCapability capability, int multiprocessors, int clockKHz,
    long totalBytes, int sharedBytesPerBlockOptIn, int copyEngines, int l2Bytes) {

  /**
   * The min-plus peak in flop/s at {@code clockHz}: SMs ×
   * {@link ComputeCapability#minPlusFlopsPerMultiprocessorPerClock} × clock (H100/H200: 132 × 128 × clock,
   * ≈ 33.4 Tflop/s at 1.98 GHz).
   */
  public double minPlusPeakFlops(double clockHz) {
    return (double) multiprocessors * capability.minPlusFlopsPerMultiprocessorPerClock() * clockHz;
  }

  /** One line for plans and reports, e.g. {@code NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.1 GiB)}. */
  public String describe() {
    return String.format("%s (%s, %d SMs, %.1f GiB)", name, capability.realArchitecture(), multiprocessors,
        totalBytes / (double) (1L << 30));
  }
}
