package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.io.NpyDistanceMatrix;

/**
 * The GPU-node bundle (`scripts/gpu-bundle`: a jlinked Java 25 runtime, `tropic.jar` and the launchers `tropic`
 * and `gpu-bench`) built from the packaged jar and run as a user on a GPU node runs it. Without a GPU here, the
 * launchers get the stand-in driver of tropic-gpu's tests ({@code -Dtropic.cuda.library=} in
 * {@code TROPIC_JAVA_OPTS}), whose launches carry out the kernels' contracts in C and whose streams are lazy (it
 * says "stand-in:" on stderr when memory is freed under queued work); so this proves that the bundle's
 * runtime has every module the commands need, that the GPU benchmark runs through with all its checks passing, and
 * that {@code tropic apsp --device gpu} writes the CPU's distances, before a GPU session spends its time on a crash.
 * Timings printed here mean nothing. Runs after {@code package} (Failsafe); the stand-in parts skip without a C
 * compiler or NVRTC.
 */
class GpuBundleIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path STAND_IN_SOURCE =
      ROOT.resolve("tropic-gpu/src/test/resources/org/tropic/gpu/driver-stand-in.c");
  private static Path bundle;
  private static Path standIn;
  private static Path scratch;

  @BeforeAll
  static void buildBundle(@TempDir Path dir) throws Exception {
    scratch = dir;
    bundle = dir.resolve("bundle");
    Run built = run(List.of(ROOT.resolve("scripts/gpu-bundle").toString(), bundle.toString()), "");
    assertThat(built.exit()).as(built.output()).isZero();
    Path compiler = onPath("gcc") != null ? onPath("gcc") : onPath("cc");
    if (compiler != null) {
      standIn = dir.resolve("libcuda-stand-in.so");
      Run cc = run(List.of(compiler.toString(), "-shared", "-fPIC", "-O3", "-o", standIn.toString(),
          STAND_IN_SOURCE.toString()), "");
      assertThat(cc.exit()).as("compiling the stand-in:%n%s", cc.output()).isZero();
    }
  }

  @Test
  void theBundlesRuntimeRunsTheCommandsOnTheCpu(@TempDir Path dir) throws Exception {
    Run version = run(List.of(bundle.resolve("tropic").toString(), "--version"), "");
    assertThat(version.exit()).as(version.output()).isZero();
    Path graph = randomGraph(dir);
    Run apsp = run(List.of(bundle.resolve("tropic").toString(), "apsp", graph.toString(), "--directed", "-o",
        dir.resolve("d.npy").toString(), "--device", "cpu", "--examples", "0"), "");
    assertThat(apsp.exit()).as(apsp.output()).isZero();
    Run info = run(List.of(bundle.resolve("tropic").toString(), "info", graph.toString()), "");
    assertThat(info.exit()).as(info.output()).isZero();
    assertThat(dir.resolve("d.npy")).exists();
  }

  /**
   * The bundle is small enough to travel with the repository to a lent GPU machine (64 MiB in all there), and the
   * commands it cannot serve say so: plots need the AWT and XChart, which it leaves out.
   */
  @Test
  void theBundleIsSmallAndSaysWhatItLeavesOut() throws Exception {
    long bytes;
    try (var files = Files.walk(bundle)) {
      bytes = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
    assertThat(bytes).as("bundle bytes").isLessThan(62L << 20);
    Run plots = run(List.of(bundle.resolve("tropic").toString(), "validate", "holdout", "--curated-nodes",
        ROOT.resolve("examples/hetionet/hetionet-v1.0-nodes.tsv.gz").toString(), "--curated-edges",
        ROOT.resolve("examples/hetionet/hetionet-v1.0-edges-5k.sif.gz").toString(), "--relation", "CtD", "--plots",
        scratch.resolve("plots").toString()), "");
    assertThat(plots.exit()).as(plots.output()).isEqualTo(2);
    assertThat(plots.output()).contains("--plots needs the AWT (module java.desktop)", "gpu-bundle --full")
        .doesNotContain("Exception");
  }

  @Test
  void theGpuBenchmarkRunsEveryPartAndEveryCheckPasses() throws Exception {
    Run bench = onStandIn(List.of(bundle.resolve("gpu-bench").toString(), "--srgemm-side", "256", "--srgemm-k", "64",
        "--check-side", "256", "--fw-max-n", "400", "--cpu-n", "300", "--threads", "2", "--seed", "7"));
    assertThat(bench.exit()).as(bench.output()).isZero();
    assertThat(bench.output()).contains("device: Stand-in GPU", "srgemm int32", "fw resident",
        "undirected (upper triangle of tiles)", "offload rates",
        "fw offload", "offload: the", "gpu vs cpu fw", "all checks passed").doesNotContain("FAIL")
        .doesNotContain("stand-in:");
  }

  /**
   * With the same tile side and pivot order (the GPU solver's is the vertex ids', so the CPU run is given
   * {@code --no-pivot-order}) both devices run the same additions in the same order, so the distances agree bit for
   * bit (with different sides they differ in the last bits, as floating-point sums in another order do). The CPU run
   * names Floyd–Warshall: left to auto, a loaded machine's Dijkstra sample can make it pick Dijkstra, whose sums
   * differ in the last bits.
   */
  @Test
  void apspOnTheGpuWritesTheCpusDistances(@TempDir Path dir) throws Exception {
    Path graph = randomGraph(dir);
    Path gpu = dir.resolve("gpu.npy");
    Path cpu = dir.resolve("cpu.npy");
    Run onGpu = onStandIn(List.of(bundle.resolve("tropic").toString(), "apsp", graph.toString(), "--directed",
        "-o", gpu.toString(), "--device", "gpu", "--block", "128", "--json", "--examples", "0"));
    assertThat(onGpu.exit()).as(onGpu.output()).isZero();
    assertThat(onGpu.output()).doesNotContain("stand-in:");
    String json = onGpu.output().substring(onGpu.output().indexOf('{'));
    assertThat(new ObjectMapper().readTree(json).get("device").asText()).isEqualTo("gpu");
    Run onCpu = run(List.of(bundle.resolve("tropic").toString(), "apsp", graph.toString(), "--directed", "-o",
        cpu.toString(), "--device", "cpu", "--algorithm", "fw", "--block", "128", "--examples", "0",
        "--no-pivot-order"), "");
    assertThat(onCpu.exit()).as(onCpu.output()).isZero();
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

  /** An undirected graph on the GPU: the resident solve takes the upper triangle of tiles and says so. */
  @Test
  void anUndirectedGraphIsSolvedOnTheUpperTriangle(@TempDir Path dir) throws Exception {
    Path graph = randomGraph(dir);
    Path gpu = dir.resolve("gpu.npy");
    Run onGpu = onStandIn(List.of(bundle.resolve("tropic").toString(), "apsp", graph.toString(), "--undirected",
        "-o", gpu.toString(), "--device", "gpu", "--block", "128", "--json", "--examples", "0"));
    assertThat(onGpu.exit()).as(onGpu.output()).isZero();
    assertThat(onGpu.output()).contains("upper triangle: the graph is symmetric").doesNotContain("stand-in:");
    var report = new ObjectMapper().readTree(onGpu.output().substring(onGpu.output().indexOf('{')));
    assertThat(report.get("device").asText()).isEqualTo("gpu");
    assertThat(report.get("symmetric").asBoolean()).isTrue();
    try (NpyDistanceMatrix d = NpyDistanceMatrix.open(gpu)) {
      for (int u = 0; u < d.size(); u += 7) {
        for (int v = 0; v < d.size(); v += 5) {
          assertThat(d.get(u, v)).as("d(%d, %d) = d(%d, %d)", u, v, v, u).isEqualTo(d.get(v, u));
        }
      }
    }
  }

  /** 300 vertices, 1,500 arcs with real weights (the non-negative float path): n not a multiple of b. */
  private static Path randomGraph(Path dir) throws IOException {
    Random random = new Random(11);
    StringBuilder arcs = new StringBuilder("source\ttarget\tweight\n");
    for (int a = 0; a < 1500; a++) {
      arcs.append(random.nextInt(300)).append('\t').append(random.nextInt(300)).append('\t')
          .append(1 + random.nextInt(900) / 100.0).append('\n');
    }
    return Files.writeString(dir.resolve("g.tsv"), arcs);
  }

  /** Runs a launcher with the stand-in as its CUDA driver; skips where it cannot be built or NVRTC is missing. */
  private static Run onStandIn(List<String> command) throws Exception {
    assumeTrue(standIn != null, "no C compiler on the PATH to build the driver stand-in");
    Run r = run(command, "-Dtropic.cuda.library=" + standIn + " -Dtropic.cuda.cache=" + scratch.resolve("cache"));
    assumeTrue(!r.output().contains("no NVRTC library"), "no NVRTC to compile the kernels here");
    return r;
  }

  private record Run(int exit, String output) {}

  private static Run run(List<String> command, String javaOptions) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("TROPIC_JAVA_OPTS", javaOptions);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError(command.getFirst() + " did not finish in 5 minutes:\n" + output);
    }
    return new Run(process.exitValue(), output);
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
