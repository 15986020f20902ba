package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.semiring.Arithmetic;

/** The real peers on small graphs: their distances must agree with the reference solver's. */
class PeerBenchTest {
  private static final FloydWarshallBench.Options ONCE = new FloydWarshallBench.Options(0, 1, 0, false);

  private static ScipyPeer scipy() {
    List<String> why = new ArrayList<>();
    Optional<ScipyPeer> scipy = ScipyPeer.find(null, why);
    Assumptions.assumeTrue(scipy.isPresent(), () -> "no Python with SciPy: " + why);
    return scipy.get();
  }

  @Test
  void scipyAndJGraphTAgreeWithTropicOnARandomGraph() {
    GraphCase c = GraphCase.random(70, 5, RandomGraphs.Weights.REAL, 3);
    PeerBench.Options options = new PeerBench.Options(Optional.of(scipy()), "", 1000, 1000, 200, 120);
    List<FwResult> tropicRuns = new ArrayList<>();
    List<PeerResult> rows = PeerBench.run(new ReferenceFloydWarshall(), c, null, 1, ONCE, options, Double.NaN,
        tropicRuns);
    assertThat(rows).hasSize(6);
    assertThat(rows).extracting(r -> r.peer().split(" ")[0])
        .containsExactly("scipy", "scipy", "scipy-dijkstra", "scipy-dijkstra", "jgrapht", "jgrapht");
    assertThat(rows).extracting(PeerResult::tropic).containsExactly("fw", "auto: dijkstra", "fw", "auto: dijkstra",
        "fw", "auto: dijkstra"); // n = 70: the planner searches a graph this small from every vertex
    for (PeerResult r : rows) {
      assertThat(r.ran()).as(r.skipped()).isTrue();
      assertThat(r.agreement().agrees()).as(r.agreement().summary()).isTrue();
      assertThat(r.agreement().compared()).isEqualTo(200);
      assertThat(r.speedup()).isEqualTo(r.peerSeconds() / r.tropicSeconds());
    }
    assertThat(tropicRuns).singleElement().satisfies(f -> assertThat(f.graph()).isEqualTo(c.name()));
  }

  @Test
  void scipyKeepsZeroWeightArcsAndNegativeWeights() throws IOException {
    Graph g = GraphBuilder.withVertexCount(4).addArc(0, 1, 0f).addArc(1, 2, -2.5f).addArc(2, 3, 0.1f)
        .addArc(0, 3, 5f).build();
    SamplePairs pairs = new SamplePairs(new int[] {0, 0, 1, 3}, new int[] {2, 3, 3, 0});
    PeerRun run = scipy().floydWarshall(g, pairs, 120);
    DistanceMatrix tropic = new ReferenceFloydWarshall().solve(g, Arithmetic.EXACT_FLOAT, 1);
    assertThat(run.distances()).containsExactly(-2.5, -2.5 + (double) 0.1f, -2.5 + (double) 0.1f,
        Double.POSITIVE_INFINITY);
    assertThat(Agreement.compare("scipy", tropic, pairs, run.distances()).agrees()).isTrue();
  }

  @Test
  void peersAboveTheirSizeLimitsAreSkippedWithTheReason() {
    GraphCase c = GraphCase.random(30, 3, RandomGraphs.Weights.INTEGER, 3);
    PeerBench.Options options = new PeerBench.Options(Optional.empty(), "no Python with SciPy found", 1000, 20, 10,
        60);
    List<PeerResult> rows = PeerBench.run(new ReferenceFloydWarshall(), c, null, 1, ONCE, options, Double.NaN,
        new ArrayList<>());
    assertThat(rows).extracting(PeerResult::skipped)
        .containsExactly("no Python with SciPy found", "no Python with SciPy found",
            "n=30 above the JGraphT limit 20 (its FW is O(n³) in plain Java)");
    assertThat(rows).allMatch(r -> Double.isNaN(r.speedup()) && r.tropicSeconds() > 0);
  }
}
