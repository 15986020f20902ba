package org.tropic.gpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.tropic.io.AtomicFiles;

/**
 * Compiled kernels on disk, so NVRTC runs once per source version and architecture rather than at every start
 * (compiling {@code minplus.cu} takes seconds). The folder is {@code -Dtropic.cuda.cache=DIR}, else
 * {@code $XDG_CACHE_HOME/tropic/cuda}, else {@code ~/.cache/tropic/cuda}. Entries are named by the source hash and the
 * target ({@code minplus-<sha256>-sm_90.cubin}), written to a temporary file and renamed, so a reader never sees half
 * a binary. A cache that cannot be written is skipped: the kernels are then compiled every run.
 */
public final class KernelBinaryCache {
  static final String FOLDER_PROPERTY = "tropic.cuda.cache";

  private final Path folder;

  public KernelBinaryCache(Path folder) {
    this.folder = folder;
  }

  /** The cache in the default folder. */
  public static KernelBinaryCache standard() {
    String override = System.getProperty(FOLDER_PROPERTY);
    if (override != null && !override.isBlank()) {
      return new KernelBinaryCache(Path.of(override));
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
    return new KernelBinaryCache(base.resolve("tropic").resolve("cuda"));
  }

  public Path folder() {
    return folder;
  }

  /** The file an entry lives in. */
  public Path file(String sourceHash, String target, boolean cubin) {
    return folder.resolve("minplus-" + sourceHash + "-" + target + (cubin ? ".cubin" : ".ptx"));
  }

  /** The cached binary, if present and readable. */
  public Optional<byte[]> get(String sourceHash, String target, boolean cubin) {
    Path file = file(sourceHash, target, cubin);
    try {
      return Files.isRegularFile(file) ? Optional.of(Files.readAllBytes(file)) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Stores a binary atomically; returns false (and leaves nothing behind) when the folder is not writable. */
  public boolean put(String sourceHash, String target, boolean cubin, byte[] image) {
    try {
      AtomicFiles.write(file(sourceHash, target, cubin), image);
      return true;
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

}
