package org.tropic.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Where and with what a run was measured, printed above its numbers so they can be compared honestly.
 *
 * @param kernels the kernel implementation's name
 * @param solver the all-pairs solver's name
 * @param java the Java runtime's version and vendor
 * @param os operating system and architecture
 * @param cpu the CPU model from /proc/cpuinfo, or "unknown"
 * @param availableProcessors cores the JVM may use
 * @param maxHeapBytes the JVM's heap limit
 * @param startedAt when the run started (UTC, ISO-8601)
 */
public record BenchEnvironment(String kernels, String solver, String java, String os, String cpu,
    int availableProcessors, long maxHeapBytes, String startedAt) {

  /** The environment of this JVM, running the given kernels and solver. */
  public static BenchEnvironment current(String kernels, String solver) {
    return new BenchEnvironment(kernels, solver,
        System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")",
        System.getProperty("os.name") + " " + System.getProperty("os.arch"), cpuModel(),
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory(), Instant.now().toString());
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).strip();
        }
      }
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
    return "unknown";
  }
}
