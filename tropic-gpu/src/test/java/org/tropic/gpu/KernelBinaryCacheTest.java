package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelBinaryCacheTest {

  @Test
  void storesUnderTheHashAndTargetAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
    KernelBinaryCache cache = new KernelBinaryCache(dir.resolve("nested"));
    assertThat(cache.put("abc", "sm_90", true, new byte[] {1, 2, 3})).isTrue();
    assertThat(cache.get("abc", "sm_90", true)).hasValueSatisfying(v -> assertThat(v).containsExactly(1, 2, 3));
    assertThat(cache.get("abc", "sm_80", true)).isEmpty();
    assertThat(cache.get("abc", "sm_90", false)).isEmpty();
    try (var files = Files.list(dir.resolve("nested"))) {
      assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("minplus-abc-sm_90.cubin");
    }
  }

  @Test
  void anUnwritableFolderIsSkippedNotFatal(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
    KernelBinaryCache cache = new KernelBinaryCache(file.resolve("cuda"));
    assertThat(cache.put("abc", "sm_90", true, new byte[] {1})).isFalse();
    assertThat(cache.get("abc", "sm_90", true)).isEmpty();
  }

  @Test
  void theKeyChangesWithTheSourceAndTheOptions() {
    KernelSource source = KernelSource.minPlus();
    assertThat(source.text()).contains("tropic_srgemm_nt_exact_float");
    assertThat(source.hash("a")).hasSize(64).isNotEqualTo(source.hash("b"));
    assertThat(new KernelSource("x.cu", source.text() + " ").hash("a")).isNotEqualTo(source.hash("a"));
  }
}
