package org.tropic.bench.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.PartitionedApsp;
import org.tropic.graph.Graph;

/** The benchmark's options, inputs and report; never its speed. */
class PartitionedBenchTest {

  @Test
  void optionsAreParsedAndCheckedWithClearMessages() {
    PartitionedBench.Options o = PartitionedBench.Options.parse(new String[] {"--threads", "3", "--parts", "8",
        "--graphs", "mesh,road", "--mesh-side", "50", "--fw-max-n", "0"});
    assertThat(o.threads).isEqualTo(3);
    assertThat(o.parts).isEqualTo(8);
    assertThat(o.graphs).containsExactly("mesh", "road");
    assertThat(o.meshSide).isEqualTo(50);
    assertThat(o.fwMaxN).isZero();
    assertThat(PartitionedBench.Options.parse(new String[] {"--quick"}).roadVertices).isEqualTo(1_500);
    assertThatThrownBy(() -> PartitionedBench.Options.parse(new String[] {"--graphs", "lattice"}))
        .hasMessageContaining("'--graphs'").hasMessageContaining("unknown graph 'lattice'");
    assertThatThrownBy(() -> PartitionedBench.Options.parse(new String[] {"--threads", "0"}))
        .hasMessageContaining("'--threads'").hasMessageContaining("at least 1, got 0");
    assertThatThrownBy(() -> PartitionedBench.Options.parse(new String[] {"--parts", "x"}))
        .hasMessageContaining("'--parts'").hasMessageContaining("'x'");
    assertThatThrownBy(() -> PartitionedBench.Options.parse(new String[] {"--fw-max-n", "-1"}))
        .hasMessageContaining("'--fw-max-n'").hasMessageContaining("must not be negative");
    assertThatThrownBy(() -> PartitionedBench.Options.parse(new String[] {"--mesh-side"}))
        .hasMessageContaining("Missing required parameter for option '--mesh-side'");
    assertThat(PartitionedBench.Options.parse(new String[] {"--graphs", "mesh", "--graphs", "power"}).graphs)
        .containsExactly("power");
  }

  /** A ratio below 1 once printed as "0.7× faster". */
  @Test
  void aSlowerPartitionedRunIsCalledSlower() {
    assertThat(PartitionedBench.Run.speedup(2.44)).isEqualTo("2.4× faster");
    assertThat(PartitionedBench.Run.speedup(0.7)).isEqualTo("1.4× slower");
  }

  @Test
  void meshIsATriangulatedGridWithWholeWeights() {
    Graph mesh = BenchGraphs.mesh(10);
    assertThat(mesh.vertexCount()).isEqualTo(100);
    assertThat(mesh.arcCount()).isEqualTo(2 * (9 * 10 + 9 * 10 + 9 * 9));
    assertThat(mesh.weightStats().integral()).isTrue();
    assertThat(mesh.weightStats().min()).isGreaterThanOrEqualTo(1f);
    assertThat(mesh.weightStats().max()).isLessThanOrEqualTo(9f);
  }

  @Test
  void smokeRunOnTinyInputsReportsEveryPart() {
    assumeTrue(PartitionedApsp.available(), "METIS missing");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = PartitionedBench.execute(new String[] {"--graphs", "mesh", "--mesh-side", "24", "--threads", "2"},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    String report = out.toString(StandardCharsets.UTF_8);
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(report).contains("mesh 24x24", "partitioned", "floyd-warshall", "dijkstra", "rows agree with Dijkstra",
        "target on mesh 24x24");
  }

  @Test
  void badOptionsExitWithTwo() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = PartitionedBench.execute(new String[] {"--bogus"}, System.out,
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("Unknown option: '--bogus'", "Usage");
  }

  @Test
  void helpListsEveryOptionAndExitsWithZero() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code = PartitionedBench.execute(new String[] {"--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
        System.err);
    assertThat(code).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage: PartitionedBench").contains("--data=DIR",
        "--threads=T", "--parts=K", "--graphs=LIST", "--mesh-side=S", "--road-vertices=N", "--fw-max-n=N",
        "--dijkstra-max-n=N", "--check-sources=C", "--quick", "Heap:");
  }
}
