package org.tropic.gpu;

/**
 * A CUDA compute capability such as 9.0 (Hopper: H100, H200). Names the compiler targets for it and the figures
 * of the min-plus peak that depend on it.
 */
public record ComputeCapability(int major, int minor) implements Comparable<ComputeCapability> {

  public ComputeCapability {
    if (major < 1 || minor < 0 || minor > 9) {
      throw new IllegalArgumentException("not a compute capability: " + major + "." + minor);
    }
  }

  /** The capability written as NVRTC's number, e.g. 90. */
  public int number() {
    return major * 10 + minor;
  }

  /** The real architecture, e.g. {@code sm_90}. */
  public String realArchitecture() {
    return "sm_" + number();
  }

  /** Whether this device has Hopper's DPX instructions ({@code __viaddmin_s32} in one instruction). */
  public boolean hasDpx() {
    return major >= 9;
  }

  /**
   * FP32 lanes per multiprocessor: how many float adds, and as many float min/max, issue per SM per clock. 128 on
   * Ampere consumer parts (8.6, 8.9), Hopper (9.0) and Blackwell; 64 on Turing (7.5) and A100 (8.0).
   */
  public int fp32LanesPerMultiprocessor() {
    if (major >= 9 || major == 8 && minor >= 6) {
      return 128;
    }
    return 64;
  }

  /**
   * Min-plus flops per SM per clock: a min-plus update is one add and one min (2 flops), and each kind issues at
   * {@link #fp32LanesPerMultiprocessor()} lanes per clock, so lanes/2 updates = lanes flops per clock (128 on Hopper).
   */
  public int minPlusFlopsPerMultiprocessorPerClock() {
    return fp32LanesPerMultiprocessor();
  }

  @Override
  public int compareTo(ComputeCapability other) {
    return Integer.compare(number(), other.number());
  }

  @Override
  public String toString() {
    return major + "." + minor;
  }
}
