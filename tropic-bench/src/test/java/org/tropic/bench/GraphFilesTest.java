package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;

/** The bench names and reads graphs the way the rest of Tropic does. */
class GraphFilesTest {

  @Test
  void undirectedEdgeListsGetArcsBothWays(@TempDir Path dir) throws IOException {
    Path edges = dir.resolve("tiny.edges");
    Files.writeString(edges, "# directed=False\n10 30 2\n30 20 1\n");
    Graph g = GraphFiles.read(edges);
    assertThat(g.vertexCount()).isEqualTo(3);
    assertThat(g.undirected()).isTrue();
    assertThat(g.weight(g.vertex("10"), g.vertex("30"))).isEqualTo(2f);
    assertThat(g.weight(g.vertex("30"), g.vertex("10"))).isEqualTo(2f);
  }

  @Test
  void describeDropsFormatAndCompressionExtensions() {
    assertThat(GraphFiles.describe(Path.of("x/power.edges.gz"))).isEqualTo("power");
    assertThat(GraphFiles.describe(Path.of("USA-road-NY.gr.xz"))).isEqualTo("USA-road-NY");
    assertThat(GraphFiles.describe(Path.of("bcspwr10.mtx"))).isEqualTo("bcspwr10");
  }
}
