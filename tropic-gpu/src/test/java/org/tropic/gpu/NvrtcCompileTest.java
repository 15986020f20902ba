package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NVRTC binding, run for real wherever an NVRTC library is installed (it needs no GPU or driver): compiles the
 * shipped kernels to a CUBIN for Hopper through {@link KernelCompiler}, reads the second request from the cache,
 * and reports a broken source with NVRTC's log. Skipped, with the reason, where no NVRTC is found.
 */
class NvrtcCompileTest {
  private static Nvrtc nvrtc;
  private static String missing;

  @BeforeAll
  static void loadNvrtc() {
    try {
      nvrtc = Nvrtc.load(NativeLibraryLoader.SYSTEM);
    } catch (GpuUnavailableException e) {
      missing = e.getMessage();
    }
  }

  /** Skips the calling test, with the reason, where no NVRTC is installed. */
  static void loadNvrtcOrSkip() {
    if (nvrtc == null && missing == null) {
      loadNvrtc();
    }
    assumeTrue(nvrtc != null, () -> "no NVRTC here: " + missing);
  }

  private static Nvrtc nvrtc() {
    assumeTrue(nvrtc != null, () -> "no NVRTC here: " + missing);
    return nvrtc;
  }

  @Test
  void reportsItsVersionAndArchitectures() {
    int[] version = nvrtc().version();
    assertThat(version[0]).isGreaterThanOrEqualTo(11);
    assertThat(nvrtc().supportedArchitectures()).isNotEmpty().isSorted();
  }

  @Test
  void compilesTheKernelsToACubinForHopperAndCachesIt(@TempDir Path cacheDir) {
    int[] archs = nvrtc().supportedArchitectures();
    assumeTrue(Arrays.stream(archs).anyMatch(a -> a == 90), "this NVRTC cannot target sm_90");
    KernelCompiler compiler = new KernelCompiler(nvrtc(), new KernelBinaryCache(cacheDir));
    var capability = new ComputeCapability(9, 0);
    KernelCompiler.KernelImage first = compiler.compile(KernelSource.minPlus(), capability, false);
    assertThat(first.fromCache()).isFalse();
    assertThat(first.target().name()).isEqualTo("sm_90");
    assertThat(first.target().cubin()).isTrue();
    assertThat(Arrays.copyOf(first.image(), 4)).containsExactly(0x7f, 'E', 'L', 'F');
    String symbols = new String(first.image(), StandardCharsets.ISO_8859_1);
    for (String entry : MinPlusModule.entryPoints(false)) {
      assertThat(symbols).as("the CUBIN defines %s", entry).contains(entry);
    }
    KernelCompiler.KernelImage second = compiler.compile(KernelSource.minPlus(), capability, false);
    assertThat(second.fromCache()).isTrue();
    assertThat(second.image()).isEqualTo(first.image());
  }

  @Test
  void emitsPtxForAnArchitectureItDoesNotKnow(@TempDir Path cacheDir) {
    int[] archs = nvrtc().supportedArchitectures();
    int newest = archs[archs.length - 1];
    var future = new ComputeCapability(newest / 10 + 1, 0);
    KernelCompiler compiler = new KernelCompiler(nvrtc(), new KernelBinaryCache(cacheDir));
    KernelCompiler.KernelImage image = compiler.compile(KernelSource.minPlus(), future, false);
    assertThat(image.target().cubin()).isFalse();
    assertThat(image.target().name()).isEqualTo("compute_" + newest);
    String ptx = new String(image.image(), StandardCharsets.US_ASCII);
    assertThat(ptx).contains(".entry tropic_srgemm_nt_int32(");
    assertThat(image.image()[image.image().length - 1]).as("PTX for cuModuleLoadData ends in NUL").isZero();
  }

  @Test
  void aBrokenSourceFailsWithTheCompilerLog() {
    String broken = "extern \"C\" __global__ void k(float* x) { x[0] = undefined_name; }\n";
    Nvrtc compiler = nvrtc(); // outside the lambda: a skip thrown inside it would be caught as the wrong exception
    assertThatThrownBy(() -> compiler.compile(broken, "broken.cu", List.of("--gpu-architecture=compute_75")))
        .isInstanceOf(KernelCompilationException.class)
        .hasMessageContaining("broken.cu")
        .hasMessageContaining("undefined_name");
  }
}
