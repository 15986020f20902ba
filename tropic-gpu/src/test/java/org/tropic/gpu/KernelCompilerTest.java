package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** How the compile target and options follow from the device and the NVRTC at hand. */
class KernelCompilerTest {
  private static final int[] NVRTC_11_8 = {35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90};
  private static final int[] V11 = {11, 8};
  private static final int[] V13 = {13, 0};

  @Test
  void aKnownArchitectureGetsACubin() {
    var t = KernelCompiler.target(new ComputeCapability(9, 0), NVRTC_11_8, V11);
    assertThat(t).isEqualTo(new KernelCompiler.Target("--gpu-architecture=sm_90", "sm_90", true));
  }

  @Test
  void aNewerDeviceGetsPtxForTheNewestKnownArchitecture() {
    var t = KernelCompiler.target(new ComputeCapability(10, 0), NVRTC_11_8, V11);
    assertThat(t).isEqualTo(new KernelCompiler.Target("--gpu-architecture=compute_90", "compute_90", false));
  }

  @Test
  void anOlderDeviceThanNvrtcKnowsIsRefused() {
    assertThatThrownBy(() -> KernelCompiler.target(new ComputeCapability(3, 0), NVRTC_11_8, V11))
        .isInstanceOf(GpuUnavailableException.class)
        .hasMessageContaining("cannot compile for this GPU (3.0, sm_30)");
  }

  @Test
  void dpxOnlyOnHopperWithNvrtc12OrNewerAndWhenAskedFor() {
    var hopper = new ComputeCapability(9, 0);
    var cubin = KernelCompiler.target(hopper, new int[] {90}, V13);
    assertThat(KernelCompiler.dpxPossible(true, hopper, cubin, 13)).isTrue();
    assertThat(KernelCompiler.dpxPossible(false, hopper, cubin, 13)).isFalse();
    assertThat(KernelCompiler.dpxPossible(true, hopper, cubin, 11)).isFalse();
    var ada = new ComputeCapability(8, 9);
    assertThat(KernelCompiler.dpxPossible(true, ada, KernelCompiler.target(ada, new int[] {89}, V13), 13)).isFalse();
    assertThat(KernelCompiler.options(cubin, true)).contains("-DTROPIC_DPX=1", "--ftz=false", "--fmad=false")
        .first().isEqualTo("--gpu-architecture=sm_90");
    assertThat(KernelCompiler.options(cubin, false)).doesNotContain("-DTROPIC_DPX=1");
  }
}
