package org.tropic.apsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.io.ArcChanges;
import org.tropic.io.GraphInputException;
import org.tropic.io.ReadOptions;
import org.tropic.semiring.MinPlusKernels;

/**
 * Arcs of a solved graph replaced (lighter or heavier), removed or added, read from a file as {@code tropic update}
 * reads it: the graph {@link ArcChanges} builds against one the test edits itself, and the distances that
 * {@link AffectedRows} and then {@link IncrementalUpdate} give against Bellman–Ford (in double) on the edited graph.
 */
class ChangedArcsTest {

  /** A pair of vertices the change file names, with the weight it gives (ignored when removing). */
  record Change(int from, int to, float weight) {}

  @Property(tries = 300)
  void changedArcsGiveTheDistancesOfTheChangedGraph(@ForAll("graphs") TestGraph before,
      @ForAll("kinds") ArcChanges.Kind kind, @ForAll long seed) throws IOException {
    List<Change> changes = draw(before, kind, new Random(seed));
    Assume.that(!changes.isEmpty()); // a file without arcs is refused as input, whatever the change
    Graph expected = edited(before, changes, kind).build();
    ArcChanges changed = read(before.build(), changes, kind, before.undirected());
    assertSameArcs(changed.graph(), expected);

    RowDistanceMatrix old = ReferenceShortestPaths.floydWarshall(before.build());
    if (ReferenceShortestPaths.hasNegativeCycle(expected)) {
      assertThatThrownBy(() -> update(old, changed, 2)).isInstanceOf(NegativeCycleException.class);
      return;
    }
    double[][] oracle = ReferenceShortestPaths.bellmanFord(expected);
    float[][] updated = update(old, changed, 1 + (int) (seed & 1));
    for (int u = 0; u < expected.vertexCount(); u++) {
      for (int v = 0; v < expected.vertexCount(); v++) {
        if (oracle[u][v] == Double.POSITIVE_INFINITY) {
          assertThat(updated[u][v]).as("d(%d, %d) after %s %s", u, v, kind, changes)
              .isEqualTo(Float.POSITIVE_INFINITY);
        } else {
          assertThat((double) updated[u][v]).as("d(%d, %d) after %s %s", u, v, kind, changes)
              .isCloseTo(oracle[u][v], within(1e-4 * (1 + Math.abs(oracle[u][v]))));
        }
      }
    }
  }

  /**
   * On a path 0 → 1 → 2 → 3 only rows 0 and 1 reach arc 1 → 2 through a shortest path, and in them only 2 and 3 lie
   * below it: raising it repairs those four distances.
   */
  @Test
  void onlyTheDistancesBelowARaisedArcOnAShortestPathAreRepaired() throws IOException {
    TestGraph path = new TestGraph(4, List.of(new TestGraph.Arc(0, 1, 1), new TestGraph.Arc(1, 2, 1),
        new TestGraph.Arc(2, 3, 1), new TestGraph.Arc(0, 3, 5)), false);
    RowDistanceMatrix old = ReferenceShortestPaths.floydWarshall(path.build());
    ArcChanges changed = read(path.build(), List.of(new Change(1, 2, 10)), ArcChanges.Kind.REPLACE, false);
    assertThat(changed.raised()).containsExactly(new AffectedRows.RaisedArc(1, 2, 1));
    assertThat(changed.lowered()).isEmpty();
    boolean[] affected = AffectedRows.find(old, changed.raised(), 1, Progress.NONE);
    assertThat(affected).containsExactly(true, true, false, false);
    AffectedRows rows = AffectedRows.repair(old, changed.raisedOnly(), changed.raised(), affected, 2,
        Progress.NONE, Long.MAX_VALUE);
    assertThat(rows.repairedRows()).isEqualTo(2);
    assertThat(rows.repairedDistances()).as("2 and 3 from 0, 2 and 3 from 1").isEqualTo(4);
    assertThat(rows.get(0, 3)).isEqualTo(5); // the direct arc, now shorter than 1 + 10 + 1
    assertThat(rows.get(1, 2)).isEqualTo(10);
    assertThat(rows.get(2, 3)).isEqualTo(1);
  }

  /**
   * On a path 0 → … → 39 with arc 19 → 20 raised, each of rows 0..19 repairs vertices 20..39: 400 distances. A budget
   * exceeded after two rows says what all twenty would take, not the few bytes over it when it stopped.
   */
  @Test
  void aRepairOverItsBudgetSaysWhatAllTheRowsWouldTake() throws IOException {
    List<TestGraph.Arc> arcs = new ArrayList<>();
    for (int v = 0; v + 1 < 40; v++) {
      arcs.add(new TestGraph.Arc(v, v + 1, 1));
    }
    TestGraph path = new TestGraph(40, arcs, false);
    RowDistanceMatrix old = ReferenceShortestPaths.floydWarshall(path.build());
    ArcChanges changed = read(path.build(), List.of(new Change(19, 20, 5)), ArcChanges.Kind.REPLACE, false);
    boolean[] affected = AffectedRows.find(old, changed.raised(), 1, Progress.NONE);
    assertThat(AffectedRows.count(affected)).isEqualTo(20);
    assertThatThrownBy(() -> AffectedRows.repair(old, changed.raisedOnly(), changed.raised(), affected, 1,
        Progress.NONE, 8 * 30))
        .isInstanceOfSatisfying(MemoryBudgetException.class, e -> assertThat(e.neededBytes()).isEqualTo(8 * 400))
        .hasMessageContaining("40 from the first 2 of 20 rows to repair: about 400 for all of them");
  }

  @Test
  void removingAnArcTheGraphDoesNotHaveIsRefusedNamingIt() {
    TestGraph path = new TestGraph(3, List.of(new TestGraph.Arc(0, 1, 1), new TestGraph.Arc(1, 2, 1)), false);
    assertThatThrownBy(() -> read(path.build(), List.of(new Change(2, 1, 1)), ArcChanges.Kind.REMOVE, false))
        .isInstanceOf(GraphInputException.class)
        .hasMessageContaining("names the arc 2 → 1 to remove, which the graph does not have");
  }

  /** An edge to remove that an undirected graph lacks is named as its line writes it, not the other way round. */
  @Test
  void aMissingEdgeToRemoveIsNamedAsItsLineWritesIt() {
    TestGraph path = new TestGraph(4, List.of(new TestGraph.Arc(0, 1, 1), new TestGraph.Arc(1, 2, 1),
        new TestGraph.Arc(2, 3, 1)), true);
    for (Change missing : List.of(new Change(3, 0, 1), new Change(0, 3, 1), new Change(2, 0, 1))) {
      assertThatThrownBy(() -> read(path.build(), List.of(new Change(1, 2, 1), missing), ArcChanges.Kind.REMOVE,
          true))
          .isInstanceOf(GraphInputException.class)
          .hasMessageContaining("line 2")
          .hasMessageContaining("names the arc " + missing.from() + " → " + missing.to() + " to remove")
          .hasMessageContaining("'" + missing.from() + " " + missing.to() + "'");
    }
  }

  private static float[][] update(RowDistanceMatrix old, ArcChanges changed, int threads) {
    boolean[] affected = AffectedRows.find(old, changed.raised(), threads, Progress.NONE);
    AffectedRows searched = AffectedRows.repair(old, changed.raisedOnly(), changed.raised(), affected, threads,
        Progress.NONE, Long.MAX_VALUE);
    Graph after = changed.graph();
    IncrementalUpdate update = IncrementalUpdate.prepare(searched, after.vertexCount(), changed.lowered(),
        after.undirected(), after.weightStats().hasNegative(), threads, MinPlusKernels.best(), Integer::toString,
        Progress.NONE);
    var rows = update.rows();
    float[][] out = new float[after.vertexCount()][after.vertexCount()];
    for (int u = 0; u < out.length; u++) {
      rows.copyRow(u, out[u]);
    }
    return out;
  }

  /** Distinct pairs to change: mostly arcs the graph has (so there is something to raise or remove), some new. */
  private static List<Change> draw(TestGraph graph, ArcChanges.Kind kind, Random random) {
    Map<Long, Change> byPair = new LinkedHashMap<>();
    int wanted = 1 + random.nextInt(4);
    for (int tries = 0; tries < 20 && byPair.size() < wanted; tries++) {
      TestGraph.Arc arc = graph.arcs().isEmpty() || (kind != ArcChanges.Kind.REMOVE && random.nextInt(4) == 0)
          ? new TestGraph.Arc(random.nextInt(graph.n()), random.nextInt(graph.n()), 1)
          : graph.arcs().get(random.nextInt(graph.arcs().size()));
      if (kind == ArcChanges.Kind.REMOVE && (arc.weight() == Float.POSITIVE_INFINITY || !has(graph, arc))) {
        continue;
      }
      int lo = Math.min(arc.from(), arc.to());
      int hi = Math.max(arc.from(), arc.to());
      long pair = graph.undirected() ? (long) lo * graph.n() + hi : (long) arc.from() * graph.n() + arc.to();
      float weight = switch (random.nextInt(3)) {
        case 0 -> arc.weight() == Float.POSITIVE_INFINITY ? 7 : arc.weight() + 1 + random.nextInt(20);
        case 1 -> random.nextInt(5);
        default -> random.nextInt(41) / 4f - 3; // negative weights too, which may close a negative cycle
      };
      byPair.putIfAbsent(pair, new Change(arc.from(), arc.to(), weight));
    }
    return new ArrayList<>(byPair.values());
  }

  private static boolean has(TestGraph graph, TestGraph.Arc arc) {
    return graph.arcs().stream().anyMatch(a -> a.weight() != Float.POSITIVE_INFINITY && (a.from() == arc.from()
        && a.to() == arc.to() || graph.undirected() && a.from() == arc.to() && a.to() == arc.from()));
  }

  /** The test's own edit: every arc between a changed pair dropped (either way round when undirected), then added. */
  private static TestGraph edited(TestGraph graph, List<Change> changes, ArcChanges.Kind kind) {
    List<TestGraph.Arc> arcs = new ArrayList<>();
    for (TestGraph.Arc arc : graph.arcs()) {
      boolean named = kind != ArcChanges.Kind.ADD && changes.stream().anyMatch(c -> c.from() == arc.from()
          && c.to() == arc.to() || graph.undirected() && c.from() == arc.to() && c.to() == arc.from());
      if (!named) {
        arcs.add(arc);
      }
    }
    if (kind != ArcChanges.Kind.REMOVE) {
      changes.forEach(c -> arcs.add(new TestGraph.Arc(c.from(), c.to(), c.weight())));
    }
    return new TestGraph(graph.n(), arcs, graph.undirected());
  }

  private static ArcChanges read(Graph graph, List<Change> changes, ArcChanges.Kind kind, boolean undirected)
      throws IOException {
    Path file = Files.createTempFile("changes", ".edges");
    try {
      List<String> lines = changes.stream().map(c -> c.from() + " " + c.to() + " " + c.weight()).toList();
      Files.write(file, lines);
      ReadOptions options = ReadOptions.defaults().withDirection(undirected ? ReadOptions.Direction.UNDIRECTED
          : ReadOptions.Direction.DIRECTED);
      return ArcChanges.read(graph, file, options, kind);
    } finally {
      Files.delete(file);
    }
  }

  private static void assertSameArcs(Graph actual, Graph expected) {
    assertThat(actual.vertexCount()).isEqualTo(expected.vertexCount());
    assertThat(actual.offsets()).isEqualTo(expected.offsets());
    assertThat(actual.targets()).isEqualTo(expected.targets());
    assertThat(actual.weights()).isEqualTo(expected.weights());
  }

  @Provide
  Arbitrary<TestGraph> graphs() {
    return Arbitraries.oneOf(RandomGraphs.nonNegative(), RandomGraphs.negativeWithoutCycle());
  }

  @Provide
  Arbitrary<ArcChanges.Kind> kinds() {
    return Arbitraries.of(ArcChanges.Kind.class);
  }
}
