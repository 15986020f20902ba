package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which NVRTC is tried first: the newest that is no newer than the driver, since a driver rejects newer PTX. */
class NvrtcCandidatesTest {

  @Test
  void theNewestNvrtcNoNewerThanTheDriverComesFirst() {
    assertThat(Nvrtc.candidates(13)).startsWith("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2");
    assertThat(Nvrtc.candidates(12)).startsWith("libnvrtc.so.12", "libnvrtc.so.11.2", "libnvrtc.so",
        "libnvrtc.so.13");
    assertThat(Nvrtc.candidates(Integer.MAX_VALUE)).startsWith(Nvrtc.NAMES.toArray(String[]::new));
  }

  @Test
  void aLibraryNamesItsCudaMajorVersion() {
    assertThat(Nvrtc.majorOf("libnvrtc.so.13")).isEqualTo(13);
    assertThat(Nvrtc.majorOf("/usr/local/cuda-12.4/lib64/libnvrtc.so.12")).isEqualTo(12);
    assertThat(Nvrtc.majorOf("libnvrtc.so.11.2")).isEqualTo(11);
    assertThat(Nvrtc.majorOf("libnvrtc.so")).isZero();
  }
}
