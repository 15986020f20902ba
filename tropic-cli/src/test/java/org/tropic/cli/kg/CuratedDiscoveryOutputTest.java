package org.tropic.cli.kg;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What discovery says on a curated graph, whose edges are concept–concept only and carry a relation but no evidence
 * count: the edge kinds named are those the graph has (not all three that {@code --edges all} chose), a step shows
 * no count (its 0 meant "none"), and an open discovery with nothing to propose prints its line without a table.
 */
class CuratedDiscoveryOutputTest {
  @TempDir
  Path dir;

  private Path kg;

  /** Two components: d0 – d1 – d2, and d3 – d4. */
  @BeforeEach
  void buildCuratedGraph() throws IOException {
    StringBuilder nodes = new StringBuilder("id\tname\tkind\n");
    for (int i = 0; i < 5; i++) {
      nodes.append("Disease::d").append(i).append("\td").append(i).append("\tDisease\n");
    }
    String sif = "source\tmetaedge\ttarget\nDisease::d0\tDrD\tDisease::d1\nDisease::d1\tDrD\tDisease::d2\n"
        + "Disease::d3\tDrD\tDisease::d4\n";
    kg = dir.resolve("curated");
    CliRun build = CliRun.of(new KgCommand(), "build", "--curated-nodes",
        Files.writeString(dir.resolve("nodes.tsv"), nodes).toString(), "--curated-edges",
        Files.writeString(dir.resolve("edges.sif"), sif).toString(), "-o", kg.toString());
    assertThat(build.exit()).as(build.err()).isZero();
  }

  @Test
  void openDiscoveryWithNoCandidatePrintsItsLineAlone() {
    CliRun open = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", "Disease::d3");
    assertThat(open.exit()).as(open.err()).isZero();
    assertThat(open.out()).contains("no candidate: every node").doesNotContain("rank  id");
  }

  @Test
  void noPathNamesTheKindsTheGraphHas() {
    CliRun closed = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", "Disease::d0",
        "--to", "Disease::d3");
    assertThat(closed.exit()).as(closed.err()).isZero();
    assertThat(closed.out()).contains("no path: the two are in different components of the concept-concept graph")
        .doesNotContain("concept-abstract").doesNotContain("citation");
  }

  @Test
  void jsonNamesTheKindsTheGraphHasAndNoCount() throws IOException {
    CliRun open = CliRun.of(new DiscoverCommand(), "open", "--kg", kg.toString(), "--source", "Disease::d0",
        "--json");
    assertThat(open.exit()).as(open.err()).isZero();
    JsonNode result = new ObjectMapper().readTree(open.out());
    assertThat(result.get("edges")).hasSize(1);
    assertThat(result.get("edges").get(0).asText()).isEqualTo("concept-concept");
    JsonNode step = result.get("candidates").get(0).get("path").get("steps").get(0);
    assertThat(step.get("relation").asText()).isEqualTo("DrD");
    assertThat(step.get("count").isNull()).as("count of a curated step: " + step).isTrue();

    CliRun closed = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", "Disease::d0",
        "--to", "Disease::d2", "--json");
    JsonNode paths = new ObjectMapper().readTree(closed.out());
    assertThat(paths.get("edges")).hasSize(1);
    assertThat(paths.get("paths").get(0).get("steps").get(1).get("count").isNull()).isTrue();
  }

  @Test
  void aCuratedStepInTheTableShowsNoCount() {
    CliRun closed = CliRun.of(new DiscoverCommand(), "closed", "--kg", kg.toString(), "--from", "Disease::d0",
        "--to", "Disease::d2");
    assertThat(closed.exit()).as(closed.err()).isZero();
    assertThat(closed.out()).contains("[concept-concept DrD, weight 1.000, length 1.0000]").doesNotContain("count");
  }
}
