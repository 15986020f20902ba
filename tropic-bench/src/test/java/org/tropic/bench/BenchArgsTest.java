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
  }

  @Test
  void badOptionsAreNamed() {
    assertThatThrownBy(() -> BenchArgs.parse("--sizes", "4096,lots")).hasMessage(
        "option --sizes: 'lots' is not a number");
    assertThatThrownBy(() -> BenchArgs.parse("--threads", "0")).hasMessageContaining("--threads must be at least 1");
    assertThatThrownBy(() -> BenchArgs.parse("--parts", "kernel,gpu")).hasMessageContaining("unknown part 'gpu'");
    assertThatThrownBy(() -> BenchArgs.parse("--arithmetic", "double")).hasMessageContaining("unknown arithmetic");
    assertThatThrownBy(() -> BenchArgs.parse("--frobnicate")).hasMessageContaining("unknown option '--frobnicate'");
    assertThatThrownBy(() -> BenchArgs.parse("--seed")).hasMessageContaining("--seed needs a value");
    assertThatThrownBy(() -> BenchArgs.parse("--scalar=yes")).hasMessageContaining("takes no value");
    assertThatThrownBy(() -> BenchArgs.parse("--clock-ghz", "-1")).hasMessageContaining("positive number");
  }

  @Test
  void helpIsRecognised() {
    assertThat(BenchArgs.wantsHelp("--sizes", "1", "--help")).isTrue();
    assertThat(BenchArgs.wantsHelp("--sizes", "1")).isFalse();
    assertThat(BenchArgs.USAGE).contains("--jgrapht-max-n").contains("--python");
    assertThat(List.of(BenchArgs.USAGE.split("\n"))).allMatch(line -> line.length() <= 120);
    for (String option : BenchArgs.VALUE_OPTIONS) {
      assertThat(BenchArgs.USAGE).as("usage documents " + option).contains("  " + option + " ");
    }
  }
}
