package org.tropic.cli.sparse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.Progress;

class AnalyticsProgressTest {

  /** A task is announced with its work when SpMV-equivalents × arcs reach the threshold, and only then. */
  @Test
  void announcesOnlyTasksOfAtLeastTheThresholdArcVisits() {
    StringWriter text = new StringWriter();
    AnalyticsProgress progress = new AnalyticsProgress(new PrintWriter(text), 3_050_000, Progress.NONE);
    progress.begin("subgraph centrality: 64 probes × 30 terms", 1_920);
    progress.end();
    progress.begin("spectrum range by Lanczos, up to 300 steps", 300); // 9.2e8 arc visits: under a second
    progress.end();
    assertThat(text.toString()).isEqualTo(
        "subgraph centrality: 64 probes × 30 terms: 1,920 SpMV-equivalents on 3,050,000 arcs%n".formatted());
  }
}
