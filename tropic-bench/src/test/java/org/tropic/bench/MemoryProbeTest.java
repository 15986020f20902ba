package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MemoryProbeTest {

  @Test
  void readsKilobyteLinesOfProcStatus() {
    assertThat(MemoryProbe.parseKilobytes("VmHWM:\t  123456 kB")).isEqualTo(123456L * 1024);
    assertThatThrownBy(() -> MemoryProbe.parseKilobytes("Threads:\t12")).hasMessageContaining("kB");
  }

  @Test
  void seesAnAllocationThatIsStillLive() {
    MemoryProbe probe = MemoryProbe.start();
    float[] matrix = new float[16 << 20];
    MemoryUse m = probe.finish(4L * matrix.length);
    java.lang.ref.Reference.reachabilityFence(matrix);
    assertThat(m.retainedHeap()).isGreaterThanOrEqualTo(4L * matrix.length);
    assertThat(m.peakHeapAboveBaseline()).isGreaterThanOrEqualTo(m.retainedHeap());
    assertThat(m.retainedRatio()).isBetween(1.0, 1.1);
  }

  @Test
  void ratiosAreInUnitsOfTheMatrix() {
    MemoryUse m = new MemoryUse(1000, 5000, 1100, 1000, 0, -1);
    assertThat(m.peakHeapRatio()).isEqualTo(1.1);
    assertThat(m.retainedRatio()).isEqualTo(1.0);
  }
}
