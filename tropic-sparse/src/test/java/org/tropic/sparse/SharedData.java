package org.tropic.sparse;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the shared data folder by walking up from the working directory; skips the test when it is absent. */
public final class SharedData {
  private SharedData() {}

  /** {@code shared/data/relative}, skipping the calling test if it does not exist. */
  public static Path file(String relative) {
    Path dir = null;
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("shared/data"))) {
        dir = p.resolve("shared/data");
        break;
      }
    }
    assumeTrue(dir != null, "no shared/data folder above " + Path.of("").toAbsolutePath() + "; test skipped");
    Path file = dir.resolve(relative);
    assumeTrue(Files.exists(file), file + " is missing; test skipped");
    return file;
  }
}
