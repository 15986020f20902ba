package org.tropic.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleDirectedGraph;
import org.jgrapht.traverse.BreadthFirstIterator;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.sparse.SharedData;
import org.tropic.sparse.TestGraphs;

class BfsTest {

  /** Queue-based BFS along out-arcs: the textbook oracle. */
  static int[] queueBfs(Graph g, int[] sources, int maxDepth) {
    int[] level = new int[g.vertexCount()];
    Arrays.fill(level, -1);
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    for (int s : sources) {
      if (level[s] < 0) {
        level[s] = 0;
        queue.add(s);
      }
    }
    while (!queue.isEmpty()) {
      int u = queue.poll();
      if (level[u] == maxDepth) {
        continue;
      }
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        int v = g.targets()[e];
        if (level[v] < 0) {
          level[v] = level[u] + 1;
          queue.add(v);
        }
      }
    }
    return level;
  }

  @Property(tries = 30)
  void levelsMatchAQueueBfsInEveryLayout(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n,
      @ForAll @IntRange(min = 0, max = 900) int arcs, @ForAll boolean undirected,
      @ForAll @IntRange(min = 0, max = 6) int maxDepth, @ForAll @IntRange(min = 1, max = 3) int sourceCount) {
    Graph g = TestGraphs.random(seed, n, arcs, undirected, true);
    int[] sources = new int[sourceCount];
    for (int i = 0; i < sourceCount; i++) {
      sources[i] = (int) Math.floorMod(seed * 31 + i * 17L, n);
    }
    int depth = maxDepth == 6 ? Integer.MAX_VALUE : maxDepth;
    int[] expected = queueBfs(g, sources, depth);
    for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
      Bfs.Result r = Bfs.levels(sg, sources, depth);
      assertThat(r.levels()).as("%s", sg).containsExactly(expected);
      assertThat(r.reached()).isEqualTo(Arrays.stream(expected).filter(l -> l >= 0).count());
      for (int level = 0; level <= r.depth(); level++) {
        final int l = level;
        assertThat(r.vertices(level)).hasSize((int) Arrays.stream(expected).filter(x -> x == l).count());
      }
      int[] hood = Bfs.neighbourhood(sg, sources, Math.min(depth, 2));
      int[] expectedHood = java.util.stream.IntStream.range(0, n)
          .filter(v -> expected[v] > 0 && expected[v] <= Math.min(depth, 2)).toArray();
      assertThat(hood).containsExactly(expectedHood);
    }
  }

  /** LDBC Graphalytics BFS expected output, reproduced exactly (unreached = Long.MAX_VALUE in their files). */
  @Test
  void reproducesLdbcGraphalyticsBfs() {
    Path dir = SharedData.file("oracles/ldbc-graphalytics-validation");
    checkLdbc(dir, "example-directed", true, "1");
    checkLdbc(dir, "example-undirected", false, "2");
  }

  private static void checkLdbc(Path dir, String name, boolean directed, String source) {
    Graph g = TestGraphs.ldbc(dir, name, directed);
    List<String[]> expected = TestGraphs.pairs(dir.resolve(name + "-BFS"));
    assertThat(expected).hasSize(g.vertexCount());
    for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
      Bfs.Result r = Bfs.levels(sg, sg.vertex(source));
      for (String[] line : expected) {
        long want = Long.parseLong(line[1]);
        int got = r.levels()[sg.vertex(line[0])];
        assertThat(got < 0 ? Long.MAX_VALUE : got).as("%s vertex %s", name, line[0]).isEqualTo(want);
      }
    }
  }

  /** JGraphT's BreadthFirstIterator depths on a real directed graph with 19,090 arcs. */
  @Test
  void matchesJGraphTBreadthFirstDepths() {
    Graph g = TestGraphs.edges(SharedData.file("graphs/polblogs.edges.gz"));
    SimpleDirectedGraph<Integer, DefaultEdge> jg = new SimpleDirectedGraph<>(DefaultEdge.class);
    for (int v = 0; v < g.vertexCount(); v++) {
      jg.addVertex(v);
    }
    for (int u = 0; u < g.vertexCount(); u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        jg.addEdge(u, g.targets()[e]);
      }
    }
    int source = 0;
    BreadthFirstIterator<Integer, DefaultEdge> it = new BreadthFirstIterator<>(jg, source);
    int[] expected = new int[g.vertexCount()];
    Arrays.fill(expected, -1);
    while (it.hasNext()) {
      int v = it.next();
      expected[v] = it.getDepth(v);
    }
    for (SparseGraph sg : AnalyticsGraphs.layouts(g)) {
      assertThat(Bfs.levels(sg, source).levels()).containsExactly(expected);
    }
  }

  @Test
  void badArgumentsAreExplained() {
    SparseGraph sg = SparseGraph.of(TestGraphs.random(1, 10, 20, false, false));
    assertThatThrownBy(() -> Bfs.levels(sg, 10)).hasMessageContaining("vertex 10 is outside 0..9");
    assertThatThrownBy(() -> Bfs.levels(sg, new int[0], 3)).hasMessageContaining("at least one source");
    assertThatThrownBy(() -> Bfs.levels(sg, new int[] {1}, -1)).hasMessageContaining("depth -1");
    assertThatThrownBy(() -> sg.vertex("x")).hasMessageContaining("no vertex 'x'");
  }
}
