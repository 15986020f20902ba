package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tropic query} on the APSP that {@code kg build --apsp} stores: its graph is the stored directory. */
class QueryKnowledgeGraphTest {
  @TempDir
  Path dir;

  /**
   * A – B – C by co-occurrence counts (A: 4 + 4 co-mentions, B: 4 + 2, C: 2), so w(A,B) = 4 / (8 + 6 − 4) = 0.4 and
   * w(B,C) = 2 / (6 + 2 − 2) = 1/3 — with a fourth concept D joined to A alone, which keeps C off A.
   */
  private Path storedGraph() throws IOException {
    Path table = Files.writeString(dir.resolve("co.tsv"), "A\tB\t4\nB\tC\t2\nA\tD\t4\n");
    Path kg = dir.resolve("kg");
    TropicRun build = TropicRun.of("kg", "build", "--cooccurrence", table.toString(), "--apsp", "-o",
        kg.toString());
    assertThat(build.exitCode()).as(build.err()).isZero();
    return kg.resolve("apsp.npy");
  }

  /** The sidecar names the graph as format KNOWLEDGE_GRAPH, which no graph-file reader knows: it was refused. */
  @Test
  void aPathIsReconstructedFromTheStoredGraph() throws IOException {
    Path apsp = storedGraph();
    TropicRun path = TropicRun.of("query", apsp.toString(), "path", "A", "C", "--json");
    assertThat(path.exitCode()).as(path.err()).isZero();
    JsonNode answer = new ObjectMapper().readTree(path.out());
    assertThat(answer.get("arcs").asInt()).isEqualTo(2);
    assertThat(answer.get("path").get(0).get("to").asText()).isEqualTo("B");
    assertThat(answer.get("path").get(0).get("weight").asDouble()).isCloseTo(-Math.log(0.4), within());
    assertThat(answer.get("distance").asDouble()).isCloseTo(-Math.log(0.4) - Math.log(1 / 3.0), within());

    TropicRun pairs = TropicRun.of("query", apsp.toString(), "path", "--pairs",
        Files.writeString(dir.resolve("pairs.tsv"), "D\tC\n").toString());
    assertThat(pairs.exitCode()).as(pairs.err()).isZero();
    assertThat(pairs.out()).contains("D →[").contains("] A →[").contains("] B →[").contains("] C");
  }

  @Test
  void aGraphGivenAsTheStoredDirectoryIsReadAsOne() throws IOException {
    Path apsp = storedGraph();
    TropicRun path = TropicRun.of("query", apsp.toString(), "path", "D", "B", "--graph",
        apsp.getParent().toString());
    assertThat(path.exitCode()).as(path.err()).isZero();
    assertThat(path.out()).containsPattern("path +D →\\[[0-9.]+\\] A →\\[[0-9.]+\\] B");
  }

  /** An unknown node is answered as the kg commands answer it, with the ids it may mean; it was a bare "no vertex". */
  @Test
  void anUnknownNodeIsAnsweredWithTheIdsItMayMean() throws IOException {
    Path apsp = storedGraph();
    TropicRun dist = TropicRun.of("query", apsp.toString(), "dist", "a", "C");
    assertThat(dist.exitCode()).isEqualTo(2);
    assertThat(dist.err()).contains("no vertex named 'a' in " + apsp)
        .contains("ids are case-sensitive: did you mean A?");
    TropicRun path = TropicRun.of("query", apsp.toString(), "path", "A", "c");
    assertThat(path.exitCode()).isEqualTo(2);
    assertThat(path.err()).contains("'c'").contains("did you mean C?");
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-5);
  }
}
