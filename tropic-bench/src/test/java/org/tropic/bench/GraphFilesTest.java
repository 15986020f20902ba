package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/** Graphs read by the bench must be the graphs the shared oracle files describe. */
class GraphFilesTest {

  @ParameterizedTest
  @CsvSource({
      "karate.mtx, suitesparse/karate.mtx",
      "west0067.mtx, suitesparse/west0067.mtx",
      "lesmis, graphs/lesmis.edges.gz",
      "celegansneural, graphs/celegansneural.edges.gz",
      "netscience, graphs/netscience.edges.gz",
  })
  void matchesTheJGraphTOracle(String oracleName, String file) throws IOException {
    JsonNode oracle = oracle(oracleName);
    Graph g = GraphFiles.read(SharedData.file(file));
    assertThat(g.vertexCount()).isEqualTo(oracle.get("n").asInt());
    assertThat(g.arcCount()).isEqualTo(oracle.get("arcs").asInt());

    DistanceMatrix d = new ReferenceFloydWarshall().solve(g, Arithmetic.EXACT_FLOAT, 1);
    long reachable = 0;
    double sum = 0;
    for (int u = 0; u < g.vertexCount(); u++) {
      for (int v = 0; v < g.vertexCount(); v++) {
        float x = d.get(u, v);
        if (u != v && x != Float.POSITIVE_INFINITY) {
          reachable++;
          sum += x;
        }
      }
    }
    assertThat(reachable).isEqualTo(oracle.get("reachable_pairs").asLong());
    double expected = oracle.get("sum_dist").asDouble();
    assertThat(sum).isCloseTo(expected, within(1e-5 * expected));
  }

  @Test
  void badLinesAreNamedWithFileAndLine(@TempDir Path dir) throws IOException {
    Path edges = dir.resolve("bad.edges");
    Files.writeString(edges, "# directed=True\n0 1 2.5\n1 two 3\n");
    assertThatThrownBy(() -> GraphFiles.read(edges)).hasMessage(edges + ":3: 'two' is not a vertex id");

    Path mtx = dir.resolve("bad.mtx");
    Files.writeString(mtx, "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1.0\n4 1 2.0\n");
    assertThatThrownBy(() -> GraphFiles.read(mtx)).hasMessage(mtx + ":4: entry (4, 1) outside 3×3");

    Path nan = dir.resolve("nan.edges");
    Files.writeString(nan, "0 1 NaN\n");
    assertThatThrownBy(() -> GraphFiles.read(nan)).hasMessage(nan + ":1: weight 'NaN' is not allowed");
  }

  @Test
  void undirectedEdgeListsGetArcsBothWaysAndDenseIds(@TempDir Path dir) throws IOException {
    Path edges = dir.resolve("tiny.edges");
    Files.writeString(edges, "# directed=False\n10 30 2\n30 20\n");
    Graph g = GraphFiles.read(edges);
    assertThat(g.vertexCount()).isEqualTo(3);
    assertThat(g.undirected()).isTrue();
    assertThat(g.weight(0, 2)).isEqualTo(2f);
    assertThat(g.weight(2, 0)).isEqualTo(2f);
    assertThat(g.weight(1, 2)).isEqualTo(1f);
    assertThat(GraphFiles.describe(Path.of("x/power.edges.gz"))).isEqualTo("power");
  }

  private static JsonNode oracle(String name) throws IOException {
    Path file = SharedData.file("oracles/reference-apsp-stats.jgrapht.jsonl");
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(file)) {
      JsonNode node = json.readTree(line);
      if (node.get("name").asText().equals(name)) {
        return node;
      }
    }
    throw new AssertionError("no oracle entry " + name + " in " + file);
  }
}
