package org.tropic.bench.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tropic sparse bench} ran for minutes (three graphs at 2 s a measurement) with no estimate up front, and
 * ended on its last table with no total: now an estimate comes before the first measurement, each graph says where
 * the run stands, and a summary ends it.
 */
class BenchEstimateTest {

  @Test
  void theEstimateCountsEachGraphsMeasurementsCopiesAndSize() {
    BenchGraphs.Size web = BenchGraphs.size("webgraph");
    BenchGraphs.Size road = BenchGraphs.size("road");
    BenchEstimate at1 = BenchEstimate.of(List.of(web, road), 1, 0.2);
    BenchEstimate at2 = BenchEstimate.of(List.of(web, road), 2, 0.2);
    // each graph's 16 measurements, warm-ups included, take the --seconds each
    assertThat(at2.graphSeconds().get(0) - at1.graphSeconds().get(0)).isCloseTo(16, within(1e-9));
    // the copies alternating with the SpMV rounds, 60 a graph
    BenchEstimate slowCopy = BenchEstimate.of(List.of(web), 1, 0.3);
    assertThat(slowCopy.graphSeconds().get(0) - at1.graphSeconds().get(0)).isCloseTo(6, within(1e-9));
    assertThat(at1.graphSeconds().get(0)).isGreaterThan(at1.graphSeconds().get(1)); // 3 M arcs against 0.7 M
    assertThat(at1.totalSeconds()).isCloseTo(at1.setupSeconds() + at1.secondsFrom(0), within(1e-9));
    assertThat(at1.secondsFrom(1)).isEqualTo(at1.graphSeconds().get(1));
    // GraphBLAS's deep BFS is not foreseen from the size, and the line says so rather than counting it wrong
    assertThat(at1.describe(1, true)).contains("GraphBLAS, when installed, comes on top");
    assertThat(at1.describe(1, false)).doesNotContain("GraphBLAS");
    // the setup: 20 warm-up copies, then at least 3 copies or the seconds
    assertThat(BenchEstimate.of(List.of(), 0.1, 0.2).setupSeconds()).isCloseTo(4.6, within(1e-9));
  }

  /** Measured on this VM at 0.25 s a measurement: the web graph 35 s, NY road 30 s, with one copy taking 0.2 s. */
  @Test
  void theEstimateAgreesWithMeasuredRunsWithinAFactorOfTwo() {
    BenchEstimate e = BenchEstimate.of(List.of(BenchGraphs.size("webgraph"), BenchGraphs.size("road")), 0.25, 0.2);
    assertThat(e.graphSeconds().get(0)).isBetween(35 / 2.0, 35 * 2.0);
    assertThat(e.graphSeconds().get(1)).isBetween(30 / 2.0, 30 * 2.0);
  }

  @Test
  void anRmatNameGivesItsSizeBeforeItIsGenerated() {
    assertThat(BenchGraphs.size("rmat10x4")).isEqualTo(new BenchGraphs.Size(0, 4096, 1024));
  }

  @Test
  void theEstimateComesBeforeTheFirstMeasurementAndASummaryAtTheEnd(@TempDir Path data) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream before = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      SparseBench.main(new String[] {"--data", data.toString(), "--graphs", "rmat6x2", "--copy-mib", "1",
          "--seconds", "0.01", "--no-graphblas", "--threads", "1"});
    } finally {
      System.setOut(before);
    }
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    int estimate = indexStarting(lines, "Estimated time: about ");
    int copy = indexStarting(lines, "STREAM copy bandwidth: ");
    int graph = indexStarting(lines, "[graph 1 of 1, ");
    int loaded = indexStarting(lines, "== R-MAT scale 6");
    assertThat(estimate).as(String.join("\n", lines)).isGreaterThanOrEqualTo(0).isLessThan(copy);
    assertThat(lines.get(estimate)).contains("1 graph at ", "16 measurements of 0.01 s", "60 copies");
    assertThat(graph).isGreaterThan(copy).isLessThan(loaded);
    assertThat(lines.getLast()).startsWith("SparseBench done: 1 graph in ").contains("(estimated ");
  }

  private static int indexStarting(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    return -1;
  }
}
