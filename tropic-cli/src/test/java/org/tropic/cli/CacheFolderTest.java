package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CacheFolderTest {
  @Test
  void theVariableWinsThenXdgThenHome() {
    assertThat(CacheFolder.of(Map.of("TROPIC_CACHE_DIR", "/scratch/t", "XDG_CACHE_HOME", "/x"), "/home/u"))
        .contains(Path.of("/scratch/t"));
    assertThat(CacheFolder.of(Map.of("XDG_CACHE_HOME", "/x"), "/home/u")).contains(Path.of("/x/tropic"));
    assertThat(CacheFolder.of(Map.of(), "/home/u")).contains(Path.of("/home/u/.cache/tropic"));
  }

  @Test
  void offKeepsNothingAndARelativeXdgIsIgnoredAsTheSpecificationSays() {
    assertThat(CacheFolder.of(Map.of("TROPIC_CACHE_DIR", "off"), "/home/u")).isEmpty();
    assertThat(CacheFolder.of(Map.of("TROPIC_CACHE_DIR", " OFF "), "/home/u")).isEmpty();
    assertThat(CacheFolder.of(Map.of("XDG_CACHE_HOME", "rel/cache"), "/home/u"))
        .contains(Path.of("/home/u/.cache/tropic"));
    assertThat(CacheFolder.of(Map.of(), "")).isEmpty();
  }
}
