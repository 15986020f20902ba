package org.tropic.kg;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the shared real-data folder ({@code shared/data}) by walking up from the working directory. */
public final class SharedData {
  private SharedData() {}

  /** The shared data folder; skips the calling test, saying why, if it is absent. */
  public static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("data");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    assumeTrue(false, "no shared/data folder above " + Path.of("").toAbsolutePath()
        + "; the tests on real graphs need the project's shared data checkout");
    return null;
  }

  /** A file under the shared data folder; skips the calling test if it is absent. */
  public static Path file(String relative) {
    Path file = root().resolve(relative);
    assumeTrue(Files.isRegularFile(file), "shared data file missing: " + file);
    return file;
  }
}
