package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.bench.gpu.GpuBench;
import org.tropic.io.NpyDistanceMatrix;

/**
 * Tropic's GPU paths started as users start them — a JVM of their own, {@code main}, the usual arguments — on the
 * stand-in driver of tropic-gpu's tests ({@code -Dtropic.cuda.library=}), whose launches carry out the kernels'
 * contracts in C. This proves that the GPU benchmark and {@code tropic apsp --device gpu} run through and give the
 * CPU's answers, so that the first session on a real GPU does not spend its time on a crash; timings printed here
 * mean nothing. The first such run found two crashes in the benchmark (a confined arena read from worker threads,
 * and an offload budget under the panels' minimum at small n). Skipped without a C compiler or NVRTC.
 */
class GpuStandInTest {
  private static final Path STAND_IN_SOURCE =
      Path.of("..", "tropic-gpu", "src", "test", "resources", "org", "tropic", "gpu", "driver-stand-in.c");
  private static Path library;

  @TempDir
  Path dir;
  /** The last run's standard error. */
  private final StringBuffer errors = new StringBuffer();

  @BeforeAll
  static void buildStandIn(@TempDir Path shared) throws Exception {
    Path compiler = onPath("gcc") != null ? onPath("gcc") : onPath("cc");
    if (compiler == null) {
      return;
    }
    assertThat(STAND_IN_SOURCE).as("the stand-in's source, from the module's folder").exists();
    library = shared.resolve("libcuda-stand-in.so");
    Process cc = new ProcessBuilder(compiler.toString(), "-shared", "-fPIC", "-O3", "-o", library.toString(),
        STAND_IN_SOURCE.toString()).redirectErrorStream(true).start();
    String output = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(cc.waitFor()).as("compiling the stand-in:%n%s", output).isZero();
  }

  @Test
  void theGpuBenchmarkRunsEveryPartAndEveryCheckPasses() throws Exception {
    String output = runOnStandIn(GpuBench.class, "--srgemm-side", "256", "--srgemm-k", "64", "--check-side", "256",
        "--fw-max-n", "400", "--cpu-n", "300", "--threads", "2", "--seed", "7");
    assertThat(output).contains("device: Stand-in GPU", "srgemm int32", "fw resident", "offload rates",
        "fw offload", "offload: the", "gpu vs cpu fw", "all checks passed").doesNotContain("FAIL");
  }

  /**
   * A directed graph of 300 vertices with real weights (the non-negative float path), n not a multiple of b. With
   * the same tile side both run the same additions in the same order, so the distances agree bit for bit (with
   * different sides they differ in the last bits, as floating-point sums in another order do).
   */
  @Test
  void apspOnTheGpuWritesTheCpusDistances() throws Exception {
    Path graph = dir.resolve("g.tsv");
    java.util.Random random = new java.util.Random(11);
    StringBuilder arcs = new StringBuilder("source\ttarget\tweight\n");
    for (int a = 0; a < 1500; a++) {
      arcs.append(random.nextInt(300)).append('\t').append(random.nextInt(300)).append('\t')
          .append(1 + random.nextInt(900) / 100.0).append('\n');
    }
    Files.writeString(graph, arcs);
    Path gpu = dir.resolve("gpu.npy");
    Path cpu = dir.resolve("cpu.npy");
    String report = runOnStandIn(Tropic.class, "apsp", graph.toString(), "--directed", "-o", gpu.toString(),
        "--device", "gpu", "--block", "128", "--json", "--examples", "0");
    assertThat(new ObjectMapper().readTree(report).get("device").asText()).isEqualTo("gpu");
    runOnStandIn(Tropic.class, "apsp", graph.toString(), "--directed", "-o", cpu.toString(), "--device", "cpu",
        "--block", "128", "--examples", "0");
    try (NpyDistanceMatrix g = NpyDistanceMatrix.open(gpu); NpyDistanceMatrix c = NpyDistanceMatrix.open(cpu)) {
      assertThat(g.size()).isEqualTo(c.size()).isEqualTo(300);
      float[] gpuRow = new float[g.size()];
      float[] cpuRow = new float[c.size()];
      for (int u = 0; u < g.size(); u++) {
        g.copyRow(u, gpuRow);
        c.copyRow(u, cpuRow);
        assertThat(gpuRow).as("row %d", u).isEqualTo(cpuRow);
      }
    }
  }

  /** Runs {@code main} of {@code program} in a JVM of its own with the stand-in as the CUDA driver; its output. */
  private String runOnStandIn(Class<?> program, String... arguments) throws Exception {
    assumeTrue(library != null, "no C compiler on the PATH to build the driver stand-in");
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-Xmx2g",
        "-Dtropic.cuda.library=" + library, "-Dtropic.cuda.cache=" + dir.resolve("cache"), "-cp", classPath(),
        program.getName()));
    command.addAll(List.of(arguments));
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE).start();
    var stderr = process.getErrorStream();
    Thread drain = Thread.ofPlatform().daemon().start(() -> {
      try {
        errors.append(new String(stderr.readAllBytes(), StandardCharsets.UTF_8));
      } catch (java.io.IOException e) {
        errors.append(e);
      }
    });
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s finished", program.getSimpleName()).isTrue();
    drain.join(5000);
    assumeTrue(!errors.toString().contains("no NVRTC library"), "no NVRTC to compile the kernels here");
    assertThat(process.exitValue()).as("%s%n%s", output, errors).isZero();
    return output;
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
