package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.gpu.Gpu;

/** {@code tropic apsp --device}: on a machine without a GPU, gpu is refused clearly and auto runs on the CPU. */
class ApspDeviceTest {
  @TempDir
  Path dir;

  private static TropicRun run(String... args) {
    return TropicRun.of(args);
  }

  private Path graph() throws IOException {
    Path file = dir.resolve("g.tsv");
    Files.writeString(file, "source\ttarget\tweight\na\tb\t1\nb\tc\t2\nc\ta\t4\n");
    return file;
  }

  @Test
  void gpuWithoutAGpuExitsWithCode2AndSaysWhy() throws IOException {
    assumeFalse(Gpu.probe().available(), "this machine has a GPU");
    Path out = dir.resolve("d.npy");
    TropicRun r = run("apsp", graph().toString(), "--device", "gpu", "-o", out.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("tropic apsp: the GPU was requested, but it cannot be used here: ")
        .contains(Gpu.probe().description())
        .doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(out).doesNotExist();
  }

  @Test
  void autoWithoutAGpuRunsOnTheCpuWithOneInfoLine() throws IOException {
    assumeFalse(Gpu.probe().available(), "this machine has a GPU");
    TropicRun r = run("apsp", graph().toString(), "--json", "--examples", "0");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err().lines().filter(l -> l.startsWith("device: "))).singleElement()
        .asString().startsWith("device: cpu — no GPU (").endsWith("; running on the CPU");
    var report = new ObjectMapper().readTree(r.out());
    assertThat(report.get("device").asText()).isEqualTo("cpu");
    assertThat(report.get("reachable_pairs").asLong()).isEqualTo(6);
  }

  @Test
  void cpuSaysNothingAboutDevices() throws IOException {
    TropicRun r = run("apsp", graph().toString(), "--device", "cpu", "--json", "--examples", "0");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).doesNotContain("device:");
  }

  @Test
  void theDistributedSolverDoesNotTakeTheGpu() throws IOException {
    Path out = dir.resolve("d.npy");
    TropicRun r = run("apsp", graph().toString(), "--distributed", "--device", "gpu", "-o", out.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--distributed runs on the ranks' CPU cores only: drop --device gpu");
    assertThat(out).doesNotExist();
  }

  @Test
  void anUnknownDeviceIsBadUsage() throws IOException {
    TropicRun r = run("apsp", graph().toString(), "--device", "tpu");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("unknown device 'tpu' (auto, cpu, gpu)");
  }
}
