package org.tropic.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where the command line keeps what it measured about this machine between runs (the tile kernels' rates, see
 * {@code BlockSizeModel}): {@code $TROPIC_CACHE_DIR}, else {@code $XDG_CACHE_HOME/tropic}, else
 * {@code ~/.cache/tropic}; {@code TROPIC_CACHE_DIR=off} keeps nothing, and every command measures afresh.
 */
final class CacheFolder {
  static final String VARIABLE = "TROPIC_CACHE_DIR";

  private CacheFolder() {}

  /** The folder for this environment, or none when caching is off. */
  static Optional<Path> of(Map<String, String> environment, String home) {
    String chosen = environment.get(VARIABLE);
    if (chosen != null && !chosen.isBlank()) {
      return chosen.strip().equalsIgnoreCase("off") ? Optional.empty() : Optional.of(Path.of(chosen.strip()));
    }
    String xdg = environment.get("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Optional.of(Path.of(xdg, "tropic"));
    }
    return home == null || home.isBlank() ? Optional.empty() : Optional.of(Path.of(home, ".cache", "tropic"));
  }
}
