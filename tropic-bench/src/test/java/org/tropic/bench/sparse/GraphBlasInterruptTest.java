package org.tropic.bench.sparse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sparse bench stopped while GraphBLAS runs leaves neither the folder of arrays it hands the script nor the script
 * itself: both outlived a SIGTERM (the folder in /tmp, the Python process running on without its JVM). A real JVM
 * runs the bench on this test's class path with a script that records its pid and sleeps, and is stopped once the
 * script runs. SIGTERM runs the hooks Ctrl-C's SIGINT runs.
 */
class GraphBlasInterruptTest {
  private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(120);

  @TempDir
  Path dir;

  @Test
  void aBenchStoppedDuringGraphBlasLeavesNoFolderAndNoScript() throws Exception {
    Path data = SparseBench.findData();
    Assumptions.assumeTrue(Files.exists(data.resolve("graphs/as-22july06.edges.gz")), "no as-22july06 in " + data);
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "no /usr/bin/python3");
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    Path pidFile = dir.resolve("script.pid");
    Path script = Files.writeString(dir.resolve("sleepy.py"), "import os, time\n"
        + "open(" + pythonString(pidFile) + ", 'w').write(str(os.getpid()))\n" + "time.sleep(600)\n");
    Path log = dir.resolve("bench.log");
    Process bench = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-modules", "jdk.incubator.vector", "-Djava.io.tmpdir=" + tmp, "-cp",
        System.getProperty("java.class.path"), SparseBench.class.getName(), "--data", data.toString(), "--graphs",
        "as", "--seconds", "0.05", "--copy-mib", "1", "--threads", "1", "--script", script.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    long pid;
    try {
      long deadline = System.nanoTime() + WAIT_NANOS;
      while (!(Files.exists(pidFile) && Files.size(pidFile) > 0) && bench.isAlive()
          && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertThat(bench.isAlive()).as("the bench ended before its script ran:%n%s", Files.readString(log)).isTrue();
      assertThat(entries(tmp)).as("the arrays' folder while the script runs").hasSize(1);
      pid = Long.parseLong(Files.readString(pidFile).strip());
      bench.destroy(); // SIGTERM
      assertThat(bench.waitFor(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      bench.destroyForcibly();
    }
    assertThat(entries(tmp)).as("left in %s", tmp).isEmpty();
    ProcessHandle running = ProcessHandle.of(pid).orElse(null);
    if (running != null) {
      running.onExit().get(10, TimeUnit.SECONDS); // SIGTERM'd by the hook; it may take a moment to go
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).as("the script, pid %d", pid)
        .isNotEqualTo(java.util.Optional.of(true));
  }

  /** A script the fix failed to stop is not left sleeping for ten minutes. */
  @AfterEach
  void stopTheScript() throws IOException {
    Path pidFile = dir.resolve("script.pid");
    if (Files.exists(pidFile) && Files.size(pidFile) > 0) {
      ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip())).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  private static String pythonString(Path path) {
    return "'" + path.toString().replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  private static List<String> entries(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(file -> file.getFileName().toString()).toList();
    }
  }
}
