package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.semiring.Arithmetic;

/**
 * Compiles {@code minplus.cu} with {@code nvcc} wherever it is on the PATH, so that a kernel that no longer compiles
 * fails the build even on machines without a GPU: for Hopper (sm_90, CUBIN and PTX, with and without DPX) and for the
 * oldest architecture CUDA 13 supports (sm_75), warnings as errors. Also checks that every kernel the Java side looks
 * up is defined, that no Hopper kernel spills registers (ptxas's report), and that asking for DPX below sm_90 is
 * refused by the source itself.
 */
class KernelSourceCompilesTest {
  private static Path nvcc;
  private static Path source;

  @TempDir
  Path out;

  @BeforeAll
  static void findNvcc(@TempDir Path shared) throws IOException {
    nvcc = onPath("nvcc");
    source = shared.resolve(KernelSource.RESOURCE);
    Files.writeString(source, KernelSource.minPlus().text());
  }

  @Test
  void compilesForHopperAsCubin() throws Exception {
    assertCompiles("-arch=sm_90", "-cubin", "m.cubin");
  }

  @Test
  void compilesForHopperAsPtxWithEveryEntryPoint() throws Exception {
    String ptx = assertCompiles("-arch=sm_90", "-ptx", "m.ptx");
    for (String entry : MinPlusModule.entryPoints(false)) {
      assertThat(ptx).as("PTX defines %s", entry).contains(".entry " + entry + "(");
    }
  }

  @Test
  void compilesTheDpxVariantForHopper() throws Exception {
    String ptx = assertCompiles("-arch=sm_90", "-ptx", "dpx.ptx", "-DTROPIC_DPX=1");
    for (String entry : MinPlusModule.entryPoints(true)) {
      assertThat(ptx).as("PTX defines %s", entry).contains(".entry " + entry + "(");
    }
    assertCompiles("-arch=sm_90", "-cubin", "dpx.cubin", "-DTROPIC_DPX=1");
  }

  /**
   * A spill turns the SRGEMM's register-blocked accumulators into local-memory traffic, which would cost far more
   * than any tuning gains and shows up nowhere but on a GPU, so ptxas's own report is checked here, per kernel.
   */
  @Test
  void noHopperKernelSpillsRegisters() throws Exception {
    for (boolean dpx : new boolean[] {false, true}) {
      List<String> args = new ArrayList<>(List.of("-arch=sm_90", "-cubin", "--ptxas-options=-v"));
      if (dpx) {
        args.add("-DTROPIC_DPX=1");
      }
      args.addAll(List.of("-o", out.resolve("v.cubin").toString(), source.toString()));
      Result r = run(args.toArray(String[]::new));
      assertThat(r.exit()).as("nvcc failed:%n%s", r.output()).isZero();
      Pattern entry = Pattern.compile("Compiling entry function '(\\w+)'");
      Pattern spills = Pattern.compile("(\\d+) bytes spill stores, (\\d+) bytes spill loads");
      String kernelName = null;
      int kernels = 0;
      for (String line : r.output().split("\\R")) {
        Matcher m = entry.matcher(line);
        if (m.find()) {
          kernelName = m.group(1);
          kernels++;
        }
        m = spills.matcher(line);
        if (m.find()) {
          assertThat(Integer.parseInt(m.group(1)) + Integer.parseInt(m.group(2)))
              .as("%s (DPX %s) spills registers:%n%s", kernelName, dpx, r.output()).isZero();
        }
      }
      assertThat(kernels).as("ptxas reported on every kernel:%n%s", r.output())
          .isGreaterThanOrEqualTo(MinPlusModule.entryPoints(dpx).size());
    }
  }

  /**
   * The min-plus peak counts two instructions an update, an add and a min, and an SM issues one instruction a clock
   * per scheduler, so every extra instruction an update costs comes straight off the peak. A compare and a select
   * in place of the min (as {@code t < c ? t : c} compiles) holds the SRGEMM at 2/3 of it. So in the PTX of each
   * SRGEMM, every update of the unrolled k step (8 × 8 per thread, {@link MinPlusModule#TILE_K} deep) is one
   * {@code min}, and no float is compared or selected.
   */
  @Test
  void everySrgemmUpdateIsOneMinWithoutACompareAndSelect() throws Exception {
    String ptx = assertCompiles("-arch=sm_90", "-ptx", "mix.ptx");
    for (Arithmetic a : Arithmetic.values()) {
      String name = MinPlusModule.srgemmName(a);
      int start = ptx.indexOf(".entry " + name + "(");
      assertThat(start).as("PTX defines %s", name).isNotNegative();
      int end = ptx.indexOf(".entry ", start + 1);
      String body = ptx.substring(start, end < 0 ? ptx.length() : end);
      assertThat(count(body, "\\bmin\\.(f32|s32)\\b")).as("%s: min instructions", name)
          .isEqualTo(MinPlusModule.TILE_K * 64);
      assertThat(count(body, "\\b(selp|setp\\.\\w+)\\.f32\\b")).as("%s: float compares and selects", name)
          .isZero();
    }
  }

  private static int count(String text, String regex) {
    return (int) Pattern.compile(regex).matcher(text).results().count();
  }

  @Test
  void compilesForAGenericOlderArchitecture() throws Exception {
    assertCompiles("-arch=sm_75", "-cubin", "generic.cubin");
    assertCompiles("-arch=compute_75", "-ptx", "generic.ptx");
  }

  @Test
  void refusesDpxBelowHopper() throws Exception {
    Result r = run("-arch=sm_80", "-cubin", "-DTROPIC_DPX=1", "-o", out.resolve("x.cubin").toString(),
        source.toString());
    assertThat(r.exit()).isNotZero();
    assertThat(r.output()).contains("TROPIC_DPX needs sm_90");
  }

  private String assertCompiles(String arch, String kind, String file, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of(arch, kind, "-Werror", "all-warnings", "-ftz=false",
        "-prec-div=true", "-fmad=false"));
    args.addAll(List.of(extra));
    args.addAll(List.of("-o", out.resolve(file).toString(), source.toString()));
    Result r = run(args.toArray(String[]::new));
    assertThat(r.exit()).as("nvcc %s failed:%n%s", String.join(" ", args), r.output()).isZero();
    Path produced = out.resolve(file);
    assertThat(Files.size(produced)).isPositive();
    return kind.equals("-ptx") ? Files.readString(produced) : "";
  }

  private record Result(int exit, String output) {}

  private static Result run(String... args) throws Exception {
    assumeTrue(nvcc != null, "nvcc is not on the PATH: the kernel source is not compiled here");
    List<String> command = new ArrayList<>();
    command.add(nvcc.toString());
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] output = p.getInputStream().readAllBytes();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("nvcc took more than 5 minutes");
    }
    return new Result(p.exitValue(), new String(output, StandardCharsets.UTF_8));
  }

  static Path onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      Path candidate = Path.of(dir, program);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
