package org.tropic.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.sparse.LayoutAdvisor;
import org.tropic.sparse.SharedData;
import org.tropic.sparse.TestGraphs;

/** The long analytics report their work to a {@link Progress}: begun with a total, advanced within it, ended. */
class AnalyticsProgressTest {

  /** One task as a recording {@link Progress} saw it. */
  static final class Task {
    final String name;
    final long total;
    long done;
    boolean ended;

    Task(String name, long total) {
      this.name = name;
      this.total = total;
    }
  }

  /** Records each task; refuses a begin or an advance out of turn. */
  static final class RecordingProgress implements Progress {
    final List<Task> tasks = new ArrayList<>();

    @Override
    public synchronized void begin(String task, long totalWork) {
      assertThat(tasks.isEmpty() || last().ended).as("begin of %s inside an unended task", task).isTrue();
      tasks.add(new Task(task, totalWork));
    }

    @Override
    public synchronized void advance(long work) {
      assertThat(tasks).as("advance before any begin").isNotEmpty();
      assertThat(last().ended).as("advance after end of %s", last().name).isFalse();
      last().done += work;
    }

    @Override
    public synchronized void end() {
      last().ended = true;
    }

    Task last() {
      return tasks.get(tasks.size() - 1);
    }

    void assertEveryTaskEndedWithinItsTotal() {
      assertThat(tasks).isNotEmpty().allSatisfy(t -> {
        assertThat(t.total).as(t.name).isPositive();
        assertThat(t.done).as(t.name).isBetween(1L, t.total);
        assertThat(t.ended).as(t.name).isTrue();
      });
    }
  }

  /**
   * The expansion's task is probes × terms units with their projections, all of them done; the Lanczos runs before
   * it end early.
   */
  @Test
  void subgraphCentralityReportsLanczosAndEveryTermOfEveryProbe() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/karate.edges.gz"));
    SparseGraph sg = SparseGraph.of(g, LayoutAdvisor.Product.SPMM);
    RecordingProgress progress = new RecordingProgress();
    // 40 Rademacher probes in blocks of 16, 16 and 8; 20 terms; up to 4 eigenpairs deflated
    SubgraphCentrality.Options options = new SubgraphCentrality.Options(40, 20, 1e-7, ProbeKind.RADEMACHER, 16, 1, 4);

    SubgraphCentrality.Result r = SubgraphCentrality.compute(sg, options, progress);

    progress.assertEveryTaskEndedWithinItsTotal();
    assertThat(progress.tasks).extracting(t -> t.name).containsExactly(
        "subgraph centrality: spectrum range by Lanczos, up to 34 steps",
        "leading eigenpairs by Lanczos, up to 34 steps",
        "subgraph centrality: spectrum left by deflation by Lanczos, up to 34 steps",
        "subgraph centrality: 40 probes × 20 terms, each projected off 4 eigenvectors");
    Task expansion = progress.last();
    // each term of a column also projects it off the 4 eigenvectors, 2 · 4 · 34 entries against 156 arcs: 1.74
    // SpMVs more, so blocks of 16 count 44 units a term and that of 8 22; counted as 1 a column, the projections
    // left as-22july06's probes (3.8 SpMVs more each) unannounced for seconds
    assertThat(r.deflated()).hasSize(4);
    assertThat(sg.arcCount()).isEqualTo(156);
    assertThat(expansion.total).isEqualTo(20 * (44 + 44 + 22));
    assertThat(expansion.done).isEqualTo(expansion.total);
    assertThat(r.terms()).isEqualTo(20);
    assertThat(progress.tasks.get(0).done).as("Lanczos steps").isEqualTo(r.spectrum().steps());
  }

  /** Iterative methods begin against their most iterations and end at convergence, one unit an iteration. */
  @Test
  void iterativeCentralitiesAdvanceOncePerIterationAndEndAtConvergence() {
    SparseGraph g = SparseGraph.of(TestGraphs.edges(SharedData.file("graphs/polblogs.edges.gz")));

    RecordingProgress pageRank = new RecordingProgress();
    PageRank.Result pr = PageRank.compute(g, new PageRank.Options(0.85, 1_000, 1e-6, false), pageRank);
    pageRank.assertEveryTaskEndedWithinItsTotal();
    assertThat(pageRank.tasks).singleElement().satisfies(t -> {
      assertThat(t.name).isEqualTo("PageRank, up to 1,000 iterations");
      assertThat(t.total).isEqualTo(1_000);
      assertThat(t.done).isEqualTo(pr.iterations()).isLessThan(1_000);
    });

    RecordingProgress eigenvector = new RecordingProgress();
    EigenvectorCentrality.Result ev = EigenvectorCentrality.compute(g, new EigenvectorCentrality.Options(500, 1e-6),
        eigenvector);
    eigenvector.assertEveryTaskEndedWithinItsTotal();
    assertThat(eigenvector.tasks).singleElement().satisfies(t -> {
      assertThat(t.total).isEqualTo(500);
      assertThat(t.done).isEqualTo(ev.iterations());
    });
  }

  /** Katz reports the radius estimate (power iteration on a directed graph) and then its Jacobi iterations. */
  @Test
  void katzReportsTheSpectralRadiusAndThenItsIterations() {
    SparseGraph g = SparseGraph.of(TestGraphs.edges(SharedData.file("graphs/polblogs.edges.gz")));
    RecordingProgress progress = new RecordingProgress();
    SpectralRadius radius = SpectralRadius.of(g, progress);
    KatzCentrality.Result r = KatzCentrality.compute(g, KatzCentrality.Options.withAlpha(0.5 / radius.value()),
        radius, progress);
    progress.assertEveryTaskEndedWithinItsTotal();
    assertThat(progress.tasks).extracting(t -> t.done).containsExactly((long) radius.iterations(),
        (long) r.iterations());
  }

  /**
   * BFS counts vertices reached out of all vertices (its depth is not known beforehand), one advance per level; on
   * a graph some vertices cannot reach, it ends short of the total.
   */
  @Test
  void bfsReportsTheVerticesReachedLevelByLevel() {
    // a path 0-1-2-3 and two vertices no arc joins to it
    GraphBuilder b = GraphBuilder.withVertexCount(6).undirected(true);
    b.addEdge(0, 1, 1f).addEdge(1, 2, 1f).addEdge(2, 3, 1f);
    SparseGraph sg = SparseGraph.of(b.build());
    RecordingProgress progress = new RecordingProgress();

    Bfs.Result r = Bfs.levels(sg, new int[] {0}, Integer.MAX_VALUE, progress);

    progress.assertEveryTaskEndedWithinItsTotal();
    assertThat(progress.tasks).singleElement().satisfies(t -> {
      assertThat(t.name).isEqualTo("BFS, vertices reached");
      assertThat(t.total).isEqualTo(sg.vertexCount());
      assertThat(t.done).isEqualTo(r.reached()).isEqualTo(4);
    });
  }

  /** The weighted traversal's task is one unit per step, all of them done. */
  @Test
  void weightedTraversalAdvancesOncePerStep() {
    SparseGraph g = SparseGraph.of(TestGraphs.edges(SharedData.file("graphs/polblogs.edges.gz")));
    RecordingProgress progress = new RecordingProgress();

    WeightedTraversal.scores(g, new int[] {0, 1}, new WeightedTraversal.Options(5, 0.5), progress);

    progress.assertEveryTaskEndedWithinItsTotal();
    assertThat(progress.tasks).singleElement().satisfies(t -> {
      assertThat(t.name).isEqualTo("weighted traversal, 5 steps");
      assertThat(t.total).isEqualTo(5);
      assertThat(t.done).isEqualTo(5);
    });
  }
}
