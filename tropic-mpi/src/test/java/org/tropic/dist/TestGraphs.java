package org.tropic.dist;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Graphs for the distributed tests: the shared real data, and small generated edge lists with a known shape. */
final class TestGraphs {

  private TestGraphs() {}

  /** A file under the shared real-data folder, found by walking up from the working directory; skips if absent. */
  static Path shared(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared/data").resolve(relative);
      if (Files.isDirectory(dir.resolve("shared/data"))) {
        assumeTrue(Files.exists(candidate), "shared data file " + candidate + " is missing");
        return candidate;
      }
    }
    assumeTrue(false, "no shared/data folder above " + Path.of("").toAbsolutePath() + ": the real-data tests need"
        + " the project's shared data");
    return null;
  }

  /**
   * A directed graph of {@code n} vertices in two components with no arcs between them, some negative arc weights
   * and no negative cycle: weights are w(u,v) = c + p(u) − p(v) for a non-negative c and a potential p, so every
   * cycle's length is the sum of its c's, and p makes many arcs negative.
   */
  static Path negativeWeightsTwoComponents(Path dir, int n, long seed) {
    Random random = new Random(seed);
    float[] potential = new float[n];
    for (int v = 0; v < n; v++) {
      potential[v] = random.nextInt(40);
    }
    List<String> lines = new ArrayList<>(List.of("# directed=True", "# two components, negative arcs, no"
        + " negative cycle"));
    int half = n / 2;
    for (int u = 0; u < n; u++) {
      int from = u < half ? 0 : half;
      int to = u < half ? half : n;
      for (int e = 0; e < 3; e++) {
        int v = from + random.nextInt(to - from);
        if (v != u) {
          float c = random.nextInt(10) * 0.25f;
          lines.add(u + " " + v + " " + (c + potential[u] - potential[v]));
        }
      }
    }
    return write(dir.resolve("negative-two-components.edges"), lines);
  }

  /** A directed 5-cycle of total weight −1 inside a few more vertices: Floyd–Warshall must refuse it. */
  static Path negativeCycle(Path dir) {
    List<String> lines = new ArrayList<>(List.of("# directed=True"));
    for (int v = 0; v < 40; v++) {
      lines.add(v + " " + (v + 1) % 40 + " 2");
    }
    lines.addAll(List.of("3 7 -4", "7 9 1", "9 3 2", "10 11 -9", "11 10 7.5"));
    return write(dir.resolve("negative-cycle.edges"), lines);
  }

  private static Path write(Path file, List<String> lines) {
    try {
      return Files.write(file, lines);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
