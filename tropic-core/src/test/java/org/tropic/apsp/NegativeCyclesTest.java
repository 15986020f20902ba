package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;

/**
 * The cycle a negative-cycle error shows: on random graphs with negative arcs, found exactly where Bellman–Ford from
 * the same vertex says one is reachable, made of arcs the graph has, and of negative length.
 */
class NegativeCyclesTest {

  @Property(tries = 500)
  void aCycleIsFoundExactlyWhereOneIsReachableAndIsANegativeCycleOfTheGraph(@ForAll("graphs") TestGraph drawn,
      @ForAll("starts") int startSeed) {
    Graph graph = drawn.build();
    int start = Math.floorMod(startSeed, graph.vertexCount());
    NegativeCycles.Cycle cycle = NegativeCycles.reachableFrom(graph, start, Long.MAX_VALUE);
    assertThat(cycle != null).as("found iff Bellman–Ford from %d relaxes in round n", start)
        .isEqualTo(negativeCycleReachable(graph, start));
    if (cycle == null) {
      return;
    }
    int[] v = cycle.vertices();
    assertThat(Arrays.stream(v).distinct().count()).as("a simple cycle").isEqualTo(v.length);
    double length = 0;
    for (int i = 0; i < v.length; i++) {
      double arc = lightestArc(graph, v[i], v[(i + 1) % v.length]);
      assertThat(arc).as("arc %d → %d", v[i], v[(i + 1) % v.length]).isFinite();
      length += arc;
    }
    assertThat(length).isNegative();
    assertThat(cycle.length()).isNegative();
  }

  @Test
  void theCycleIsNamedInOrderAndLongOnesAreShortened() {
    List<TestGraph.Arc> arcs = new ArrayList<>();
    arcs.add(new TestGraph.Arc(0, 1, 1)); // a tail into the cycle 1 → 2 → 3 → 1
    arcs.add(new TestGraph.Arc(1, 2, 1));
    arcs.add(new TestGraph.Arc(2, 3, 1));
    arcs.add(new TestGraph.Arc(3, 1, -5));
    Graph graph = new TestGraph(4, arcs, false).build();
    NegativeCycles.Cycle cycle = NegativeCycles.reachableFrom(graph, 0, Long.MAX_VALUE);
    assertThat(cycle.length()).isEqualTo(-3);
    String said = cycle.describe(graph, 12);
    assertThat(said).isIn("1 → 2 → 3 → 1", "2 → 3 → 1 → 2", "3 → 1 → 2 → 3");
    assertThat(cycle.describe(graph, 2)).endsWith("… (1 more) → " + said.substring(0, 1));
    NegativeCycleException named = new NegativeCycleException(0, "0", -3).withCycleOf(graph, 5);
    assertThat(named.getMessage()).contains("one such cycle: " + said + " (3 arcs, length -3.0)");
    assertThat(named.vertex()).isZero();
  }

  @Test
  void nothingIsAddedWhereNoCycleIsReachable() {
    Graph graph = new TestGraph(3, List.of(new TestGraph.Arc(1, 2, -1), new TestGraph.Arc(2, 1, -1)), false).build();
    assertThat(NegativeCycles.reachableFrom(graph, 0, Long.MAX_VALUE)).isNull();
    NegativeCycleException e = new NegativeCycleException(0, "0", -1);
    assertThat(e.withCycleOf(graph, 5)).isSameAs(e);
  }

  @Provide
  Arbitrary<TestGraph> graphs() {
    return Arbitraries.integers().between(1, 25).flatMap(n -> {
      Arbitrary<TestGraph.Arc> arc = Combinators.combine(Arbitraries.integers().between(0, n - 1),
          Arbitraries.integers().between(0, n - 1), Arbitraries.integers().between(-6, 12))
          .as((u, v, w) -> new TestGraph.Arc(u, v, w));
      return arc.list().ofMaxSize(4 * n).map(list -> new TestGraph(n, list, false));
    });
  }

  @Provide
  Arbitrary<Integer> starts() {
    return Arbitraries.integers().between(0, 1000);
  }

  /** Plain Bellman–Ford: does a relaxation remain after n − 1 rounds from {@code start}? */
  private static boolean negativeCycleReachable(Graph graph, int start) {
    int n = graph.vertexCount();
    double[] d = new double[n];
    Arrays.fill(d, Double.POSITIVE_INFINITY);
    d[start] = 0;
    for (int round = 0; round < n; round++) {
      boolean changed = false;
      for (int u = 0; u < n; u++) {
        for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
          double through = d[u] + graph.weights()[a];
          if (through < d[graph.targets()[a]]) {
            d[graph.targets()[a]] = through;
            changed = true;
          }
        }
      }
      if (!changed) {
        return false;
      }
    }
    return true;
  }

  private static double lightestArc(Graph graph, int u, int v) {
    double best = Double.POSITIVE_INFINITY;
    for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
      if (graph.targets()[a] == v) {
        best = Math.min(best, graph.weights()[a]);
      }
    }
    return best;
  }
}
