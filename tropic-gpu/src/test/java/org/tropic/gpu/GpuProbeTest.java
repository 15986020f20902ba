package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a machine without a GPU is told, and that being told never throws. */
class GpuProbeTest {
  private static final NativeLibraryLoader NOTHING = candidate -> Optional.empty();

  @Test
  void noDriverLibraryIsReportedByName() {
    Gpu.GpuProbe probe = Gpu.probe(NOTHING);
    assertThat(probe.available()).isFalse();
    assertThat(probe.device()).isNull();
    assertThat(probe.description()).startsWith("no NVIDIA driver (libcuda.so.1) found");
  }

  @Test
  void openingWithoutADriverThrowsTheSameMessage() {
    assertThatThrownBy(() -> Gpu.open(NOTHING, new KernelBinaryCache(java.nio.file.Path.of("unused"))))
        .isInstanceOf(GpuUnavailableException.class)
        .isInstanceOf(org.tropic.apsp.DeviceUnavailableException.class)
        .hasMessageStartingWith("no NVIDIA driver (libcuda.so.1) found");
  }

  @Test
  void missingNvrtcNamesWhatToInstall() {
    assertThatThrownBy(() -> Nvrtc.load(NOTHING))
        .isInstanceOf(GpuUnavailableException.class)
        .hasMessageContaining("no NVRTC library")
        .hasMessageContaining("libnvrtc.so.13");
  }

  @Test
  void thisMachinesProbeIsConsistent() {
    Gpu.GpuProbe probe = Gpu.probe();
    if (probe.available()) {
      assertThat(probe.device()).isNotNull();
      assertThat(probe.description()).contains(probe.device().capability().realArchitecture());
    } else {
      assertThat(probe.device()).isNull();
      assertThat(probe.description()).matches("(?s)(no NVIDIA driver|no CUDA device|no NVRTC|the NVIDIA driver|"
          + "NVRTC|the GPU cannot).*");
    }
    assertThat(Gpu.probe()).isSameAs(probe);
  }

  @Test
  void theMinPlusPeakOfAnH100() {
    GpuDevice h100 = new GpuDevice(0, "NVIDIA H100 80GB HBM3", new ComputeCapability(9, 0), 132, 1_980_000,
        80L << 30, 232_448, 3, 50 << 20);
    // 132 SMs × 128 flop per SM per clock × 1.98 GHz
    assertThat(h100.minPlusPeakFlops(1.98e9)).isEqualTo(132 * 128 * 1.98e9);
    assertThat(h100.describe()).isEqualTo("NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 80.0 GiB)");
    assertThat(new ComputeCapability(8, 0).minPlusFlopsPerMultiprocessorPerClock()).isEqualTo(64);
    assertThat(new ComputeCapability(9, 0).hasDpx()).isTrue();
    assertThat(new ComputeCapability(8, 9).hasDpx()).isFalse();
  }
}
