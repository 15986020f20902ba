package org.tropic.sparse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class LayoutAdvisorTest {
  private static final BlockCooOptions BLOCKS_OF_64 = BlockCooOptions.defaults().withBlockSize(64);

  @Property(tries = 60)
  void countsRunsAndBlocksLikeTheBuiltMatrix(@ForAll long seed, @ForAll @IntRange(min = 1, max = 400) int n,
      @ForAll @IntRange(min = 0, max = 3000) int arcs, @ForAll @IntRange(min = 1, max = 90) int height,
      @ForAll @IntRange(min = 1, max = 300) int width, @ForAll boolean transpose) {
    Graph g = TestGraphs.random(seed, n, arcs, false, false);
    Orientation orientation = transpose ? Orientation.TRANSPOSE : Orientation.ADJACENCY;
    Map<Long, Integer> runs = new HashMap<>();
    Set<Long> blocks = new HashSet<>();
    for (int u = 0; u < n; u++) {
      for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
        int v = g.targets()[e];
        int row = transpose ? v : u;
        int column = transpose ? u : v;
        runs.merge((long) row * n + column / width, 1, Integer::sum);
        blocks.add((long) (row / height) * n + column / width);
      }
    }
    BlockCoo built = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockHeight(height).withBlockWidth(width)
        .withOrientation(orientation).withElementOrder(ElementOrder.ROW), 1);

    long[] counted = LayoutAdvisor.runsAndBlocks(g, height, width, orientation);

    assertThat(counted[0]).as("row runs").isEqualTo(runs.size());
    assertThat(counted[2]).as("elements in long runs").isEqualTo(runs.values().stream()
        .filter(length -> length >= RowRuns.LONG_RUN).mapToLong(Integer::longValue).sum());
    assertThat(counted[1]).as("non-empty blocks").isEqualTo(blocks.size()).isEqualTo(built.storedBlockCount());
  }

  /** SpMV and SpMM get one block column where 16-bit indices reach every column; BFS keeps square blocks to skip. */
  @Test
  void blockWidthFollowsTheProduct() {
    Graph g = TestGraphs.random(5, 20_000, 200_000, false, false);

    BlockCooOptions spmv = LayoutAdvisor.choose(g, BlockCooOptions.defaults(), 2).options();
    BlockCooOptions spmm = LayoutAdvisor.choose(g, BlockCooOptions.defaults(), 2, LayoutAdvisor.Product.SPMM)
        .options();
    BlockCooOptions bfs = LayoutAdvisor.choose(g, BlockCooOptions.defaults(), 2, LayoutAdvisor.Product.BFS)
        .options();
    BlockCooOptions explicit = LayoutAdvisor.choose(g, BlockCooOptions.defaults().withBlockWidth(300), 2,
        LayoutAdvisor.Product.BFS).options();

    assertThat(spmv.blockWidthFor(20_000, spmv.blockHeightFor(20_000, 2))).isEqualTo(20_000);
    assertThat(spmm.blockWidthFor(20_000, spmm.blockHeightFor(20_000, 2))).isEqualTo(20_000);
    assertThat(bfs.blockWidthFor(20_000, bfs.blockHeightFor(20_000, 2))).isEqualTo(bfs.blockHeightFor(20_000, 2))
        .isEqualTo(2_048);
    assertThat(bfs.elementOrder()).isEqualTo(ElementOrder.ROW);
    assertThat(explicit.blockWidth()).isEqualTo(300);
  }

  /**
   * 8,000 arcs among 20,000 vertices, each inside a window of 512 ids, so only diagonal blocks hold elements. For 2
   * threads, automatic blocks of 2,048 would hold 800 elements each, and the advisor doubles them to 4,096 (1,600
   * each, 5 block rows). For 4 threads it starts from 1,024 (400 each) and stops at 2,048, where doubling again would
   * leave fewer than 8 block rows. An explicit block size is kept.
   */
  @Test
  void blocksHoldingFewElementsAreDoubledWhileTheWorkersKeepEnoughBlockRows() {
    java.util.Random random = new java.util.Random(11);
    GraphBuilder b = GraphBuilder.withVertexCount(20_000);
    for (int i = 0; i < 8_000; i++) {
      int u = random.nextInt(20_000);
      b.addArc(u, Math.min(19_999, (u & ~511) + random.nextInt(512)), 1f);
    }
    Graph g = b.build();

    LayoutAdvisor.Choice two = LayoutAdvisor.choose(g, BlockCooOptions.defaults(), 2);
    LayoutAdvisor.Choice four = LayoutAdvisor.choose(g, BlockCooOptions.defaults(), 4);
    LayoutAdvisor.Choice explicit = LayoutAdvisor.choose(g, BlockCooOptions.defaults().withBlockSize(1_024), 2);

    assertThat(two.options().blockHeight()).isEqualTo(4_096);
    assertThat(two.reason()).contains("block rows of 4,096 rather than 2,048");
    assertThat(four.options().blockHeight()).isEqualTo(2_048);
    assertThat(four.reason()).contains("block rows of 2,048 rather than 1,024");
    assertThat(explicit.options().blockHeight()).isEqualTo(1_024);
    assertThat(explicit.reason()).doesNotContain("rather than");
  }

  @Test
  void scatteredSparseArcsGetRcm() {
    java.util.Random random = new java.util.Random(7);
    GraphBuilder b = GraphBuilder.withVertexCount(1024);
    for (int i = 0; i < 2048; i++) {
      b.addArc(random.nextInt(1024), random.nextInt(1024), 1f); // 2 arcs a vertex, anywhere: 1/8 per block row
    }
    Graph g = b.build();

    LayoutAdvisor.Choice choice = LayoutAdvisor.choose(g, BLOCKS_OF_64, 1);

    assertThat(choice.options().vertexOrder()).isEqualTo(VertexOrder.RCM);
    assertThat(choice.options().elementOrder()).isEqualTo(ElementOrder.ROW);
    assertThat(choice.reason()).contains("reverse Cuthill-McKee");
  }

  @Test
  void longRowsGetRowOrder() {
    GraphBuilder b = GraphBuilder.withVertexCount(1024);
    for (int u = 0; u < 1024; u++) {
      for (int d = 1; d <= 24; d++) {
        b.addArc((u + d) % 1024, u, 1f); // in Aᵀ, row u lists 24 consecutive sources
      }
    }

    LayoutAdvisor.Choice choice = LayoutAdvisor.choose(b.build(), BLOCKS_OF_64, 1);

    assertThat(choice.options().elementOrder()).isEqualTo(ElementOrder.ROW);
    assertThat(choice.options().vertexOrder()).isEqualTo(VertexOrder.NONE);
  }

  @Test
  void shortRowsWithHubsGetRowOrder() {
    GraphBuilder b = GraphBuilder.withVertexCount(1024);
    for (int v = 0; v < 1024; v++) {
      b.addArc((v + 1) % 1024, v, 1f).addArc((v + 2) % 1024, v, 1f); // short runs of 2 everywhere
    }
    for (int hub = 0; hub < 8; hub++) {
      for (int u = hub * 64; u < hub * 64 + 64; u++) {
        b.addArc(u, 1000 + hub, 1f); // 8 rows with a run of 64: a fifth of all elements
      }
    }

    LayoutAdvisor.Choice choice = LayoutAdvisor.choose(b.build(), BLOCKS_OF_64, 1);

    assertThat(choice.options().elementOrder()).isEqualTo(ElementOrder.ROW);
    assertThat(choice.reason()).contains("20% of the elements in runs of 8 or more");
  }

  @Test
  void aRoadLikeGridGetsRowOrder() {
    int side = 32;
    GraphBuilder b = GraphBuilder.withVertexCount(side * side).undirected(true);
    for (int r = 0; r < side; r++) {
      for (int c = 0; c < side; c++) {
        if (c + 1 < side) {
          b.addEdge(r * side + c, r * side + c + 1, 1f);
        }
        if (r + 1 < side) {
          b.addEdge(r * side + c, (r + 1) * side + c, 1f);
        }
      }
    }

    LayoutAdvisor.Choice choice = LayoutAdvisor.choose(b.build(), BLOCKS_OF_64, 1);

    assertThat(choice.options().elementOrder()).isEqualTo(ElementOrder.ROW);
    assertThat(choice.options().vertexOrder()).isEqualTo(VertexOrder.NONE);
  }

  /** For SpMM, the same graphs get cache-cell order: after RCM where blocks are hypersparse, else as they are. */
  @Test
  void blocksOfVectorsGetCacheOrder() {
    int side = 32;
    GraphBuilder grid = GraphBuilder.withVertexCount(side * side).undirected(true);
    for (int v = 0; v + 1 < side * side; v++) {
      grid.addEdge(v, v + 1, 1f);
    }
    LayoutAdvisor.Choice near = LayoutAdvisor.choose(grid.build(), BLOCKS_OF_64, 1, LayoutAdvisor.Product.SPMM);
    assertThat(near.options().elementOrder()).isEqualTo(ElementOrder.CACHE);
    assertThat(near.options().vertexOrder()).isEqualTo(VertexOrder.NONE);
    assertThat(near.reason()).contains("SpMM");

    java.util.Random random = new java.util.Random(7);
    GraphBuilder scattered = GraphBuilder.withVertexCount(1024);
    for (int i = 0; i < 1024; i++) {
      scattered.addArc(random.nextInt(1024), random.nextInt(1024), 1f);
    }
    LayoutAdvisor.Choice far = LayoutAdvisor.choose(scattered.build(), BLOCKS_OF_64, 1, LayoutAdvisor.Product.SPMM);
    assertThat(far.options().vertexOrder()).isEqualTo(VertexOrder.RCM);
    assertThat(far.options().elementOrder()).isEqualTo(ElementOrder.CACHE);
  }

  @Test
  void keepsTheBlockSizeOrientationAndValues() {
    BlockCooOptions base = BLOCKS_OF_64.withOrientation(Orientation.ADJACENCY).withValues(ValueMode.WEIGHTS);

    BlockCooOptions chosen = LayoutAdvisor.choose(TestGraphs.random(3, 500, 800, false, true), base, 2).options();

    assertThat(chosen.blockHeight()).isEqualTo(64);
    assertThat(chosen.orientation()).isEqualTo(Orientation.ADJACENCY);
    assertThat(chosen.values()).isEqualTo(ValueMode.WEIGHTS);
  }
}
