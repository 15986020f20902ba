package org.tropic.bench.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A smoke run of the GPU benchmark, started as users start it (its own JVM, {@code main}, small sizes), on the
 * stand-in driver of tropic-gpu's tests, whose launches carry out the kernels' contracts in C. It proves that every
 * part of the benchmark runs through and that its checks pass, so the first session on a real GPU does not spend
 * its time on a crash; the timings it prints are meaningless here. The first such run found two: a confined arena
 * read from worker threads, and an offload budget too small for the panels at a small n. Skipped without a C
 * compiler or NVRTC.
 */
class GpuBenchStandInTest {
  private static final Path STAND_IN_SOURCE =
      Path.of("..", "tropic-gpu", "src", "test", "resources", "org", "tropic", "gpu", "driver-stand-in.c");

  @Test
  void everyPartRunsAndEveryCheckPasses(@TempDir Path dir) throws Exception {
    Path compiler = onPath("gcc") != null ? onPath("gcc") : onPath("cc");
    assumeTrue(compiler != null, "no C compiler on the PATH to build the driver stand-in");
    assertThat(STAND_IN_SOURCE).as("the stand-in's source, from tropic-bench's folder").exists();
    Path library = dir.resolve("libcuda-stand-in.so");
    Process cc = new ProcessBuilder(compiler.toString(), "-shared", "-fPIC", "-O3", "-o", library.toString(),
        STAND_IN_SOURCE.toString()).redirectErrorStream(true).start();
    String ccOutput = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(cc.waitFor()).as("compiling the stand-in:%n%s", ccOutput).isZero();

    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-Xmx1g",
        "-Dtropic.cuda.library=" + library, "-Dtropic.cuda.cache=" + dir.resolve("cache"),
        "-cp", classPath(), GpuBench.class.getName(),
        "--srgemm-side", "256", "--srgemm-k", "64", "--check-side", "256", "--fw-max-n", "400", "--cpu-n", "300",
        "--threads", "2", "--seed", "7"));
    Process bench = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(bench.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(bench.waitFor(5, TimeUnit.MINUTES)).as("GpuBench finished").isTrue();
    assumeTrue(!output.contains("no NVRTC library"), "no NVRTC to compile the kernels here");

    assertThat(bench.exitValue()).as(output).isZero();
    assertThat(output).contains("device: Stand-in GPU", "srgemm int32", "fw resident", "offload rates",
        "fw offload", "offload: the", "gpu vs cpu fw", "all checks passed").doesNotContain("FAIL");
  }

  /** The test class path as Surefire gives it to the test JVM (its manifest-only jar otherwise hides it). */
  private static String classPath() {
    String surefire = System.getProperty("surefire.test.class.path");
    return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
  }

  private static Path onPath(String program) {
    String path = System.getenv("PATH");
    for (String folder : path == null ? new String[0] : path.split(File.pathSeparator)) {
      Path candidate = Path.of(folder, program);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
