package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tropic.semiring.Arithmetic;

class BenchArgsTest {

  @Test
  void defaultsAreTheFullRunOfTheTargets() {
    BenchConfig c = BenchArgs.parse();
    assertThat(c.parts()).isEqualTo(EnumSet.allOf(BenchPart.class));
    assertThat(c.fwSizes()).containsExactly(4096, 8192);
    assertThat(c.peerSize()).isEqualTo(4000);
    assertThat(c.kernel().size()).isEqualTo(256);
    assertThat(c.kernelArithmetics()).containsExactly(Arithmetic.values());
    assertThat(c.floatFlopsPerCycle()).isEqualTo(32);
    assertThat(c.intFlopsPerCycle()).isEqualTo(64);
    assertThat(c.clockGhz()).isNaN();
    assertThat(c.fwArithmetic()).isNull();
  }

  @Test
  void readsEveryKindOfOption() {
    BenchConfig c = BenchArgs.parse("--parts", "kernel,fw", "--arithmetic=int32,exact-float", "--threads", "1,2",
        "--kernel-size", "128", "--kernel-rounds=3", "--sizes", "512", "--graph", "a.mtx", "--graph", "b.edges.gz",
        "--fw-arithmetic", "exact-float", "--clock-ghz", "3.5", "--int-flops-per-cycle", "32", "--weights",
        "integer", "--seed", "-7", "--no-lookahead", "--no-memory", "--json", "out.json", "--scalar");
    assertThat(c.parts()).containsExactlyInAnyOrder(BenchPart.KERNEL, BenchPart.FW);
    assertThat(c.kernelArithmetics()).containsExactly(Arithmetic.INT32, Arithmetic.EXACT_FLOAT);
    assertThat(c.kernelThreads()).containsExactly(1, 2);
    assertThat(c.kernel()).isEqualTo(new KernelBench.Options(128, 3, 3, 200));
    assertThat(c.fwSizes()).containsExactly(512);
    assertThat(c.graphFiles()).containsExactly(Path.of("a.mtx"), Path.of("b.edges.gz"));
    assertThat(c.fwArithmetic()).isEqualTo(Arithmetic.EXACT_FLOAT);
    assertThat(c.clockGhz()).isEqualTo(3.5);
    assertThat(c.intFlopsPerCycle()).isEqualTo(32);
    assertThat(c.weights()).isEqualTo(RandomGraphs.Weights.INTEGER);
    assertThat(c.seed()).isEqualTo(-7);
    assertThat(c.lookahead()).isFalse();
    assertThat(c.fw().measureMemory()).isFalse();
    assertThat(c.jsonOut()).isEqualTo(Path.of("out.json"));
    assertThat(c.scalarKernels()).isTrue();
  }

  @Test
  void quickIsSmallAndLaterOptionsOverrideIt() {
    BenchConfig c = BenchArgs.parse("--quick", "--sizes", "100");
    assertThat(c.fwSizes()).containsExactly(100);
    assertThat(c.kernel().size()).isLessThanOrEqualTo(64);
    assertThat(c.peerSize()).isLessThan(500);
    assertThat(c.fw().warmupRuns()).as("Tropic's solves are timed warm against the peers").isOne();
  }

  @Test
  void badOptionsAreNamed() {
    assertThatThrownBy(() -> BenchArgs.parse("--sizes", "4096,lots")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'--sizes'").hasMessageContaining("'lots' is not a whole number");
    assertThatThrownBy(() -> BenchArgs.parse("--threads", "0")).hasMessageContaining("'--threads'")
        .hasMessageContaining("must be at least 1, got 0");
    assertThatThrownBy(() -> BenchArgs.parse("--kernel-warmup", "-1")).hasMessageContaining("'--kernel-warmup'")
        .hasMessageContaining("must not be negative, got -1");
    assertThatThrownBy(() -> BenchArgs.parse("--parts", "kernel,gpu")).hasMessageContaining("'--parts'")
        .hasMessageContaining("unknown part 'gpu'");
    assertThatThrownBy(() -> BenchArgs.parse("--parts", " , ")).hasMessageContaining("'--parts'")
        .hasMessageContaining("needs at least one value");
    assertThatThrownBy(() -> BenchArgs.parse("--arithmetic", "double")).hasMessageContaining("'--arithmetic'")
        .hasMessageContaining("unknown arithmetic 'double'");
    assertThatThrownBy(() -> BenchArgs.parse("--fw-arithmetic", "double")).hasMessageContaining("'--fw-arithmetic'")
        .hasMessageContaining("unknown arithmetic 'double'");
    assertThatThrownBy(() -> BenchArgs.parse("--weights", "heavy")).hasMessageContaining("'--weights'")
        .hasMessageContaining("unknown weights 'heavy'");
    assertThatThrownBy(() -> BenchArgs.parse("--frobnicate")).hasMessageContaining("Unknown option: '--frobnicate'");
    assertThatThrownBy(() -> BenchArgs.parse("--seed")).hasMessageContaining("Missing required parameter")
        .hasMessageContaining("'--seed'");
    assertThatThrownBy(() -> BenchArgs.parse("--scalar=yes")).hasMessageContaining("'--scalar'")
        .hasMessageContaining("'yes'");
    assertThatThrownBy(() -> BenchArgs.parse("--clock-ghz", "-1")).hasMessageContaining("'--clock-ghz'")
        .hasMessageContaining("must be a positive number, got -1");
  }

  @Test
  void quickResetsWhatItCoversAndARepeatedOptionReplacesTheEarlierValue() {
    BenchConfig c = BenchArgs.parse("--sizes", "100", "--no-memory", "--quick", "--threads", "1,4", "--threads",
        "2, ,3", "--peer-n", "7", "--peer-n", "9");
    assertThat(c.fwSizes()).containsExactly(192);
    assertThat(c.fw().measureMemory()).isTrue();
    assertThat(c.kernelThreads()).containsExactly(2, 3);
    assertThat(c.peerSize()).isEqualTo(9);
    assertThat(BenchArgs.parse("--fw-arithmetic", "int32", "--fw-arithmetic", "auto").fwArithmetic()).isNull();
  }

  /** The options README and scripts use; each must stay accepted and documented. */
  private static final List<String> VALUE_OPTIONS = List.of("--parts", "--arithmetic", "--threads", "--kernel-size",
      "--kernel-warmup", "--kernel-rounds", "--round-ms", "--clock-ghz", "--clock-rounds", "--float-flops-per-cycle",
      "--int-flops-per-cycle", "--sizes", "--graph", "--fw-threads", "--fw-arithmetic", "--fw-warmup", "--fw-runs",
      "--check-sources", "--block-size", "--degree", "--weights", "--seed", "--peer-n", "--scipy-max-n",
      "--jgrapht-max-n", "--samples", "--python", "--peer-timeout", "--json");
  private static final List<String> FLAGS = List.of("--quick", "--scalar", "--no-memory", "--no-lookahead",
      "--no-symmetry", "--help");

  @Test
  void helpIsRecognisedAndListsEveryOption() {
    assertThat(BenchArgs.wantsHelp("--sizes", "1", "--help")).isTrue();
    assertThat(BenchArgs.wantsHelp("--sizes", "1", "-h")).isTrue();
    assertThat(BenchArgs.wantsHelp("--sizes", "1")).isFalse();
    assertThat(BenchArgs.USAGE).startsWith("Usage: tropic bench").contains("Exit codes: 0 done");
    assertThat(List.of(BenchArgs.USAGE.split("\n"))).allMatch(line -> line.length() <= 120);
    for (String option : VALUE_OPTIONS) {
      assertThat(BenchArgs.USAGE).as("usage documents " + option).containsPattern("(?m)^ +" + option + "=[A-Z]+ ");
      assertThatThrownBy(() -> BenchArgs.parse(option)).as(option + " takes a value")
          .hasMessageContaining("Missing required parameter for option '" + option + "'");
    }
    for (String flag : FLAGS) {
      assertThat(BenchArgs.USAGE).as("usage documents " + flag).containsPattern("(?m)[ ,]" + flag + " ");
    }
  }
}
