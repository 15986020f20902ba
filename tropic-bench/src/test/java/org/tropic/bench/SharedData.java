package org.tropic.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** Finds the project's shared data folder by walking up from the working directory; skips the test if absent. */
final class SharedData {
  private SharedData() {}

  static Path file(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path data = dir.resolve("shared").resolve("data");
      if (Files.isDirectory(data)) {
        Path file = data.resolve(relative);
        Assumptions.assumeTrue(Files.isRegularFile(file), "shared data file " + file + " is missing");
        return file;
      }
    }
    Assumptions.abort("no shared/data folder above " + Path.of("").toAbsolutePath());
    throw new AssertionError("unreachable");
  }
}
