package org.tropic.cli.kg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code kg build} stopped while it writes leaves nothing behind: a real JVM runs the command on this test's class
 * path and is stopped as soon as its hidden staging directory appears. It is stopped with SIGTERM, which runs the
 * same shutdown hooks as Ctrl-C's SIGINT: a test run in the background inherits SIGINT ignored, and the JVM then
 * never sees it.
 */
class KgInterruptTest {
  private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(120);

  @TempDir
  Path dir;

  @Test
  void aBuildStoppedWhileWritingLeavesNoStagingDirectory() throws IOException, InterruptedException {
    Path triples = randomTriples(6_000, 60_000);
    Path out = Files.createDirectories(dir.resolve("out"));
    Path log = dir.resolve("build.log");
    Process build = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
        "org.tropic.cli.Tropic", "kg", "build", "--triples", triples.toString(), "--edges", "concept-concept",
        "--apsp", "-o", out.resolve("kg").toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      long deadline = System.nanoTime() + WAIT_NANOS;
      while (entries(out).stream().noneMatch(name -> name.startsWith(".kg.tmp-")) && build.isAlive()
          && System.nanoTime() < deadline) {
        Thread.sleep(2);
      }
      assertThat(build.isAlive()).as("the build ended before it was stopped:%n%s", Files.readString(log)).isTrue();
      build.destroy(); // SIGTERM
      assertThat(build.waitFor(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      build.destroyForcibly();
    }
    assertThat(build.exitValue()).as(Files.readString(log)).isEqualTo(143); // 128 + SIGTERM: stopped, not done
    assertThat(entries(out)).as("left in %s", out).isEmpty();
    // the log says so, and how the next attempt could keep its work; it ended at a bar, as a hang's would
    assertThat(Files.readString(log)).contains("tropic kg build: stopped; no --apsp-checkpoint was given, so the"
        + " same command starts afresh (--apsp-checkpoint FILE saves a long solve as it goes");
  }

  private static List<String> entries(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(file -> file.getFileName().toString()).toList();
    }
  }

  /** {@code m} triples among {@code n} concepts: a graph whose APSP and its n² store take a while to write. */
  private Path randomTriples(int n, int m) throws IOException {
    Random random = new Random(7);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < m; i++) {
      text.append('C').append(random.nextInt(n)).append("\tX\tC").append(random.nextInt(n)).append('\n');
    }
    return Files.writeString(dir.resolve("triples.tsv"), text.toString());
  }
}
