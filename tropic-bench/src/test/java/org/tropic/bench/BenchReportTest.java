package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.semiring.Arithmetic;

/** Formatting of a report from fixed numbers. */
class BenchReportTest {

  static BenchResults sample() {
    BenchEnvironment env = new BenchEnvironment("vector-512", "blocked-fw/vector-512/b256/lookahead", "25",
        "Linux amd64", "AMD EPYC", 2, 4L << 30, "2025-01-01T00:00:00Z");
    ClockMeasurement clock = new ClockMeasurement(new Timing(3.7, 3.69, 3.71, 5), 2, 2.0, 3700, "");
    MinPlusPeak peak = MinPlusPeak.of(3.7, 2);
    KernelResult k = TargetCheckTest.kernel(Arithmetic.EXACT_FLOAT, 2, 220.4, peak.gflops(Arithmetic.EXACT_FLOAT), "");
    FwResult f = TargetCheckTest.fw(8192, 330, Double.NaN, new MemoryUse(1L << 28, 1 << 20, 300L << 20, 257L << 20,
        1L << 30, 290L << 20), new Agreement("jgrapht-dijkstra", 4, 0, 0, ""));
    PeerResult scipy = TargetCheckTest.peer("scipy", 4000, 123.4, true);
    PeerResult skipped = PeerResult.skipped("random n=4000 d=16 real", 4000, "jgrapht 1.5.2", 0.5, 2, "too big");
    return new BenchResults(env, List.of(clock), List.of(peak), List.of(k), List.of(f), List.of(scipy, skipped),
        TargetCheck.evaluate(List.of(k), List.of(f), List.of(scipy, skipped)), List.of("a note"));
  }

  @Test
  void textHasOneAlignedTablePerPart() {
    String text = BenchReport.text(sample());
    assertThat(text).contains("Tropic bench: kernels vector-512, solver blocked-fw/vector-512/b256/lookahead");
    assertThat(text).contains("float 32 flop/cycle/core, int 64");
    assertThat(text).containsPattern("exact-float\\s+2\\s+220\\.4\\s+-\\s+236\\.8\\s+float\\s+93\\.1%\\s+= scalar");
    assertThat(text).containsPattern("random n=8192 d=16 real\\s+8192\\s+nonnegative-float\\s+2\\s+3\\.332\\s+330\\.0"
        + "\\s+-\\s+-\\s+1\\.17\\s+1\\.00\\s+290\\s+4/4 agree");
    assertThat(text).containsPattern("scipy 1\\.0\\s+fw\\s+123\\.400\\s+1\\.000\\s+2\\s+123\\.4x\\s+10/10 agree");
    assertThat(text).contains("skipped: too big");
    assertThat(text).containsPattern(">= 100x scipy at n=4000, Tropic fw\\s+123x\\s+PASS");
    assertThat(text).contains("- a note");
    for (String block : text.split("\n\n")) {
      String[] lines = block.split("\n");
      for (int i = 0; i + 1 < lines.length; i++) {
        if (lines[i + 1].startsWith("---")) {
          assertThat(lines[i + 1]).as("rule under the header").matches("[- ]+");
        }
      }
    }
  }

  @Test
  void aKernelAboveThePeakModelIsExplainedOnlyThen() {
    assertThat(BenchReport.text(sample())).doesNotContain("Above 100%");
    BenchResults sample = sample();
    MinPlusPeak peak = sample.peaks().getFirst();
    KernelResult fast = TargetCheckTest.kernel(Arithmetic.EXACT_FLOAT, 1, 120.0,
        peak.withCores(1).gflops(Arithmetic.EXACT_FLOAT), "");
    BenchResults above = new BenchResults(sample.environment(), sample.clocks(), sample.peaks(), List.of(fast),
        sample.floydWarshall(), sample.peers(), sample.targets(), sample.notes());
    assertThat(BenchReport.text(above)).containsPattern("exact-float\\s+1\\s+120\\.0.*101\\.4%")
        .contains("Above 100%: the peak is the targets' model of a core with two 512-bit vector pipes");
  }

  @Test
  void jsonUsesSnakeCaseKeysNullForUnmeasuredNumbersAndPathLabels(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("bench.json");
    BenchReport.writeJson(sample(), file);
    JsonNode json = new ObjectMapper().readTree(Files.readString(file));
    assertThat(json.at("/kernels/0/arithmetic").asText()).isEqualTo("exact-float");
    assertThat(json.at("/kernels/0/gflops/median").asDouble()).isEqualTo(220.4);
    assertThat(json.at("/floyd_warshall/0/kernel_gflops").isNull()).isTrue();
    assertThat(json.at("/floyd_warshall/0/memory/peak_heap_above_baseline_bytes").asLong()).isEqualTo(300L << 20);
    assertThat(json.at("/peers/1/skipped").asText()).isEqualTo("too big");
    // none is null, not "": no skip, no mismatch, no clock note
    assertThat(json.at("/peers/0/skipped").isNull()).isTrue();
    assertThat(json.at("/floyd_warshall/0/check/first_mismatch").isNull()).isTrue();
    assertThat(json.at("/clocks/0/note").isNull()).isTrue();
    // verdicts written as arithmetic paths are, lower case with hyphens: not NOT_MEASURED
    assertThat(json.at("/targets/0/status").asText()).isEqualTo("pass");
    List<String> statuses = new ArrayList<>();
    json.get("targets").forEach(t -> statuses.add(t.get("status").asText()));
    assertThat(statuses).contains("not-measured").allMatch(s -> s.matches("pass|fail|not-measured"));
    assertThat(json.at("/environment/available_processors").asInt()).isEqualTo(2);
    assertThat(keys(json)).isNotEmpty().allMatch(key -> key.matches("[a-z0-9_]+"), "snake_case, as README says");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(file);
    }
  }

  /** A size the probe could not read (-1, e.g. no /proc) is null in JSON, not a negative number of bytes. */
  @Test
  void jsonGivesAnUnknownMemorySizeAsNull() throws IOException {
    BenchResults s = sample();
    FwResult f = TargetCheckTest.fw(8192, 330, Double.NaN, new MemoryUse(1L << 28, 1 << 20, 300L << 20, 257L << 20,
        -1, -1), new Agreement("jgrapht-dijkstra", 4, 0, 0, ""));
    BenchResults unknown = new BenchResults(s.environment(), s.clocks(), s.peaks(), s.kernels(), List.of(f),
        s.peers(), s.targets(), s.notes());
    JsonNode memory = new ObjectMapper().readTree(BenchReport.json(unknown)).at("/floyd_warshall/0/memory");
    assertThat(memory.get("rss_before_bytes").isNull()).isTrue();
    assertThat(memory.get("peak_rss_above_before_bytes").isNull()).isTrue();
    assertThat(memory.get("matrix_bytes").asLong()).isEqualTo(1L << 28);
  }

  /** Every key of every object in the tree. */
  private static List<String> keys(JsonNode node) {
    List<String> keys = new ArrayList<>();
    if (node.isObject()) {
      node.properties().forEach(e -> {
        keys.add(e.getKey());
        keys.addAll(keys(e.getValue()));
      });
    } else if (node.isArray()) {
      node.forEach(child -> keys.addAll(keys(child)));
    }
    return keys;
  }
}
