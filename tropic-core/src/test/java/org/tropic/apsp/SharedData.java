package org.tropic.apsp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the project's shared data folder by walking up from the working directory; skips the test without it. */
final class SharedData {
  private SharedData() {}

  static Path file(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path data = dir.resolve("shared").resolve("data");
      if (Files.isDirectory(data)) {
        Path file = data.resolve(relative);
        assumeTrue(Files.isReadable(file), "shared data file " + file + " is missing");
        return file;
      }
    }
    assumeTrue(false, "no shared/data folder above " + Path.of("").toAbsolutePath() + "; skipping real-data test");
    throw new AssertionError("unreachable");
  }
}
