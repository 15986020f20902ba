package org.tropic.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.jgrapht.GraphPath;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.alg.shortestpath.YenKShortestPath;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.apsp.Progress;
import org.tropic.apsp.TiledDistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphBuilder;
import org.tropic.semiring.MinPlusKernels;

/** Dijkstra, Yen and the matrix path walk against JGraphT on random undirected weighted graphs. */
class PathAlgorithmsTest {

  /** A random undirected graph as Tropic and as JGraphT see it. */
  private record Pair(Graph tropic, SimpleWeightedGraph<Integer, DefaultWeightedEdge> jgrapht) {}

  private static Pair randomGraph(int n, int edges, long seed, boolean integral) {
    SplittableRandom random = new SplittableRandom(seed);
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(true);
    SimpleWeightedGraph<Integer, DefaultWeightedEdge> oracle = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
    for (int v = 0; v < n; v++) {
      oracle.addVertex(v);
    }
    for (int i = 0; i < edges; i++) {
      int a = random.nextInt(n);
      int b = random.nextInt(n);
      if (a == b || oracle.containsEdge(a, b)) {
        continue;
      }
      float w = integral ? 1 + random.nextInt(4) : (float) (0.05 + random.nextDouble() * 3);
      builder.addEdge(a, b, w);
      oracle.setEdgeWeight(oracle.addEdge(a, b), w);
    }
    return new Pair(builder.build(), oracle);
  }

  @Property(tries = 40)
  void dijkstraMatchesJgrapht(@ForAll @IntRange(min = 2, max = 40) int n, @ForAll @IntRange(max = 120) int edges,
      @ForAll long seed) {
    Pair g = randomGraph(n, edges, seed, false);
    ShortestPathTree tree = ShortestPathTree.from(g.tropic(), 0);
    var oracle = new DijkstraShortestPath<>(g.jgrapht()).getPaths(0);
    for (int v = 0; v < n; v++) {
      double expected = oracle.getWeight(v);
      if (Double.isInfinite(expected)) {
        assertThat(tree.distance(v)).isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(tree.pathTo(v)).isNull();
      } else {
        assertThat((double) tree.distance(v)).isCloseTo(expected, within(1e-4 * Math.max(1, expected)));
        assertThat(tree.hops(v)).isEqualTo(tree.pathTo(v).length - 1);
        assertThat(length(g.tropic(), tree.pathTo(v))).isCloseTo(expected, within(1e-4 * Math.max(1, expected)));
      }
    }
  }

  @Property(tries = 40)
  void yenGivesTheSameLengthsAsJgrapht(@ForAll @IntRange(min = 2, max = 16) int n,
      @ForAll @IntRange(max = 50) int edges, @ForAll @IntRange(min = 1, max = 30) int k, @ForAll long seed) {
    Pair g = randomGraph(n, edges, seed, true);
    int target = n - 1;
    List<YenKShortestPaths.WeightedPath> ours = new YenKShortestPaths(g.tropic()).paths(0, target, k);
    List<GraphPath<Integer, DefaultWeightedEdge>> theirs = new YenKShortestPath<>(g.jgrapht()).getPaths(0, target, k);

    assertThat(ours).hasSameSizeAs(theirs);
    for (int i = 0; i < ours.size(); i++) {
      assertThat(ours.get(i).length()).isCloseTo(theirs.get(i).getWeight(), within(1e-9));
      int[] path = ours.get(i).vertices();
      assertThat(path[0]).isZero();
      assertThat(path[path.length - 1]).isEqualTo(target);
      assertThat(java.util.Arrays.stream(path).distinct().count()).as("simple").isEqualTo(path.length);
      assertThat(length(g.tropic(), path)).isCloseTo(ours.get(i).length(), within(1e-9));
    }
    assertThat(ours.stream().map(p -> java.util.Arrays.toString(p.vertices())).distinct().count())
        .isEqualTo(ours.size());
  }

  /**
   * On whole lengths, the search tells whether a path past the k-th ties its length: as JGraphT's (k+1)-th path does.
   * Of tied paths, the fewest hops come first, whatever order the search found them in.
   */
  @Property(tries = 60)
  void yenTellsOfATieBeyondTheKthAsJgraphtsNextPathShows(@ForAll @IntRange(min = 2, max = 16) int n,
      @ForAll @IntRange(max = 50) int edges, @ForAll @IntRange(min = 1, max = 20) int k, @ForAll long seed) {
    Pair g = randomGraph(n, edges, seed, true);
    int target = n - 1;
    YenKShortestPaths.Found ours = new YenKShortestPaths(g.tropic()).find(0, target, k, Progress.NONE);
    List<GraphPath<Integer, DefaultWeightedEdge>> theirs =
        new YenKShortestPath<>(g.jgrapht()).getPaths(0, target, k + 1);

    boolean tied = theirs.size() == k + 1 && theirs.get(k).getWeight() == theirs.get(k - 1).getWeight();
    assertThat(ours.tiedBeyond()).isEqualTo(tied ? 1 : 0);
    List<YenKShortestPaths.WeightedPath> paths = ours.paths();
    assertThat(paths).hasSize(Math.min(k, theirs.size()));
    for (int i = 1; i < paths.size(); i++) {
      YenKShortestPaths.WeightedPath before = paths.get(i - 1);
      YenKShortestPaths.WeightedPath after = paths.get(i);
      assertThat(before.length()).isLessThanOrEqualTo(after.length());
      if (before.length() == after.length()) {
        assertThat(before.hops()).isLessThanOrEqualTo(after.hops());
      }
    }
  }

  /** Two paths of one length: k = 1 shows one and says another ties it; k = 2 shows both and nothing ties. */
  @Example
  void aTieAtTheKthPlaceIsCounted() {
    Graph diamond = GraphBuilder.withVertexCount(4).undirected(true).addEdge(0, 1, 1f).addEdge(1, 3, 1f)
        .addEdge(0, 2, 1f).addEdge(2, 3, 1f).build();
    YenKShortestPaths yen = new YenKShortestPaths(diamond);
    assertThat(yen.find(0, 3, 1, Progress.NONE).tiedBeyond()).isEqualTo(1);
    assertThat(yen.find(0, 3, 1, Progress.NONE).paths()).hasSize(1);
    assertThat(yen.find(0, 3, 2, Progress.NONE).tiedBeyond()).isZero();
    assertThat(yen.find(0, 3, 2, Progress.NONE).paths()).hasSize(2);
  }

  /** Progress counts one unit per path against k, and ends short of k when the simple paths run out. */
  @Example
  void yenReportsOnePathAtATime() {
    GraphBuilder builder = GraphBuilder.withVertexCount(5).undirected(true);
    for (int a = 0; a < 5; a++) {
      for (int b = a + 1; b < 5; b++) {
        builder.addEdge(a, b, 1 + a + b);
      }
    }
    Graph complete = builder.build();
    // From 0 to 4 in K5: 1 direct path, then 3, 6 and 6 through one, two or three of the other vertices.
    ProgressLog all = new ProgressLog();
    assertThat(new YenKShortestPaths(complete).paths(0, 4, 100, all)).hasSize(16);
    assertThat(all.events).containsExactly("begin paths (100)", "16 advances of 16", "end");

    ProgressLog some = new ProgressLog();
    assertThat(new YenKShortestPaths(complete).paths(0, 4, 5, some)).hasSize(5);
    assertThat(some.events).containsExactly("begin paths (5)", "5 advances of 5", "end");
  }

  private static Graph complete(int n) {
    GraphBuilder builder = GraphBuilder.withVertexCount(n).undirected(true);
    for (int a = 0; a < n; a++) {
      for (int b = a + 1; b < n; b++) {
        builder.addEdge(a, b, 1 + (a * 7 + b * 3) % 5);
      }
    }
    return builder.build();
  }

  /**
   * A k whose paths and candidates cannot fit the heap is refused before the search, with the numbers, instead of
   * filling the heap for hours: two billion paths in K40 (which has far more) would need hundreds of GiB.
   */
  @Example
  void yenRefusesAKWhosePathsCannotFitTheHeap() {
    ProgressLog progress = new ProgressLog();
    assertThatThrownBy(() -> new YenKShortestPaths(complete(40)).paths(0, 39, 2_000_000_000, progress))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining("closed discovery of 2,000,000,000 shortest simple paths (Yen, -k 2,000,000,000)")
        .hasMessageContaining("the shortest of ").hasMessageContaining("candidates of at least")
        .hasMessageContaining("but only").hasMessageContaining("lower -k (each path costs about")
        .satisfies(e -> assertThat(e.getMessage()).containsPattern("TROPIC_JAVA_OPTS=-Xmx[0-9]+[mg]\\b"));
    assertThat(progress.events).as("refused before the search began").isEmpty();
  }

  /** The refusal is the estimate against the budget: one byte short refuses, the estimate itself runs. */
  @Example
  void yenRunsExactlyWhenItsEstimateFitsTheBudget() {
    Graph k12 = complete(12);
    int hops = new YenKShortestPaths(k12).paths(0, 11, 1).get(0).hops();
    YenFootprint footprint = YenFootprint.of(k12, 0, 2_000, hops);
    assertThat(footprint.paths()).isEqualTo(2_000);
    assertThat(footprint.candidates()).isEqualTo(2_000L * hops);
    assertThat(footprint.peakBytes()).isEqualTo(Math.max(footprint.searchBytes(), footprint.resultBytes()))
        .isGreaterThan(footprint.candidates() * footprint.candidateBytes());

    assertThatThrownBy(() -> new YenKShortestPaths(k12, footprint.peakBytes() - 1).paths(0, 11, 2_000))
        .isInstanceOf(MemoryBudgetException.class)
        .hasMessageContaining(String.format("(%,d bytes)", footprint.peakBytes()))
        .hasMessageContaining(String.format("(%,d bytes)", footprint.peakBytes() - 1));
    assertThat(new YenKShortestPaths(k12, footprint.peakBytes()).paths(0, 11, 2_000)).hasSize(2_000);
  }

  /** A huge k on a graph with few simple paths is not refused: the estimate counts the paths there can be. */
  @Example
  void aHugeKOnASmallGraphIsEstimatedByItsSimplePaths() {
    GraphBuilder chain = GraphBuilder.withVertexCount(6).undirected(true);
    for (int v = 0; v < 5; v++) {
      chain.addEdge(v, v + 1, 1);
    }
    assertThat(new YenKShortestPaths(chain.build(), 1 << 20).paths(0, 5, Integer.MAX_VALUE)).hasSize(1);
    // K5 has 16 simple paths between two vertices: all of them, in a budget of a few KiB.
    YenFootprint k5 = YenFootprint.of(complete(5), 0, Integer.MAX_VALUE, 1);
    assertThat(k5.paths()).isLessThanOrEqualTo(1 + 3 + 3 * 2 + 3 * 2);
    assertThat(new YenKShortestPaths(complete(5), k5.peakBytes()).paths(0, 4, Integer.MAX_VALUE)).hasSize(16);
  }

  /** The bound on simple paths is never below the simple paths Yen finds when asked for all of them. */
  @Property(tries = 40)
  void theSimplePathBoundHoldsEveryPath(@ForAll @IntRange(min = 2, max = 9) int n,
      @ForAll @IntRange(max = 30) int edges, @ForAll long seed) {
    Graph g = randomGraph(n, edges, seed, false).tropic();
    long bound = YenFootprint.simplePathBound(g, 0, Long.MAX_VALUE);
    for (int t = 1; t < n; t++) {
      assertThat((long) new YenKShortestPaths(g).paths(0, t, Integer.MAX_VALUE).size()).isLessThanOrEqualTo(bound);
    }
  }

  @Property(tries = 25)
  void matrixWalkFindsPathsOfTheMatrixLength(@ForAll @IntRange(min = 2, max = 30) int n,
      @ForAll @IntRange(max = 80) int edges, @ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    for (int v = 0; v < n; v++) {
      builder.concept("C" + v, null, null);
    }
    for (int i = 0; i < edges; i++) {
      builder.cooccurrences(random.nextInt(n), random.nextInt(n), 1 + random.nextInt(9), true);
    }
    KnowledgeGraph kg = builder.build();
    KgView view = kg.view();
    if (view.size() < 2) {
      return;
    }
    TiledDistanceMatrix apsp = new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults())
        .solve(view.graph(), Progress.NONE);
    KgDistances distances = KgDistances.fromMatrix(view, apsp);
    for (int u = 0; u < view.size(); u++) {
      for (int v = 0; v < view.size(); v++) {
        int[] path = distances.path(u, v);
        float d = apsp.get(u, v);
        if (d == Float.POSITIVE_INFINITY) {
          assertThat(path).isNull();
        } else {
          assertThat(path[0]).isEqualTo(u);
          assertThat(path[path.length - 1]).isEqualTo(v);
          assertThat(length(view.graph(), path)).isCloseTo(d, within(1e-4 * Math.max(1, d)));
        }
      }
    }
  }

  private static double length(Graph graph, int[] path) {
    double total = 0;
    for (int i = 1; i < path.length; i++) {
      total += graph.weight(path[i - 1], path[i]);
    }
    return total;
  }

}
