package org.tropic.gpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** For tests that need a GPU: skips, saying why, where {@link Gpu#probe()} finds none. */
final class OnTheGpu {
  private OnTheGpu() {}

  static void assumeGpu() {
    Gpu.GpuProbe probe = Gpu.probe();
    assumeTrue(probe.available(), () -> "needs an NVIDIA GPU: " + probe.description());
  }
}
