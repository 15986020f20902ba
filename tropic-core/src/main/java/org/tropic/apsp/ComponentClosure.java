package org.tropic.apsp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.stream.IntStream;
import org.tropic.graph.Graph;
import org.tropic.partition.PartitionLayout;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Step 1 of partitioned APSP (IPDPS'14 §III-C): shortest paths inside each component, using only the component's own
 * arcs, by blocked Floyd–Warshall ({@link FloydWarshallSchedule} on the component's tiles). Components are
 * independent and run side by side; each allocates its row block of the output (s × n floats, touched first by the
 * thread that fills it) and stores its result, in storage form, as the diagonal sub-block. On a symmetric graph each
 * component is solved on the upper triangle of its tiles, as {@link BlockedFloydWarshall} does.
 */
final class ComponentClosure {
  private final MinPlusKernels kernels;
  private final Arithmetic arithmetic;
  private final Graph graph;
  private final PartitionLayout layout;
  private final float[][] rowBlocks;
  private final int[] tiles;
  private final boolean symmetric;
  private final Progress progress;

  /**
   * @param tiles each component's tile size, as the solve's memory was counted ({@link PartitionedTiles})
   * @param symmetric whether the graph is symmetric, so each component may be solved on its upper triangle
   */
  ComponentClosure(MinPlusKernels kernels, Arithmetic arithmetic, Graph graph, PartitionLayout layout,
      float[][] rowBlocks, int[] tiles, boolean symmetric, Progress progress) {
    this.kernels = kernels;
    this.arithmetic = arithmetic;
    this.graph = graph;
    this.layout = layout;
    this.rowBlocks = rowBlocks;
    this.tiles = tiles;
    this.symmetric = symmetric;
    this.progress = progress;
  }

  /** Fills every diagonal sub-block, largest components first so the pool's tail is short. */
  void run(ExecutorService pool, int threads) {
    int k = layout.componentCount();
    int concurrent = Math.max(1, Math.min(k, threads));
    int threadsEach = Math.max(1, threads / concurrent);
    List<Runnable> tasks = new ArrayList<>(k);
    IntStream.range(0, k).boxed()
        .sorted(Comparator.comparingInt(layout::componentSize).reversed())
        .forEach(c -> tasks.add(() -> close(c, threadsEach)));
    ParallelTasks.runAll(pool, tasks);
  }

  /** The fastest tile size for a component of {@code size} vertices. */
  static int tileSize(MinPlusKernels kernels, int size, int threads, Arithmetic arithmetic, boolean symmetric) {
    return BlockSizeModel.forMachine(kernels).choose(size, threads, arithmetic, symmetric);
  }

  private void close(int c, int threads) {
    int s = layout.componentSize(c);
    int start = layout.componentStart(c);
    int b = tiles[c];
    TiledDistanceMatrix d = new TiledDistanceMatrix(s, b, arithmetic, null, symmetric);
    loadInternalArcs(c, d);
    try {
      new FloydWarshallSchedule(kernels, arithmetic, d, threads, true, unnamedVertices(s), Progress.NONE).run();
    } catch (NegativeCycleException e) {
      int v = layout.vertexAt(start + e.vertex());
      throw new NegativeCycleException(v, graph.name(v), arithmetic.decode(d.get(e.vertex(), e.vertex())));
    }
    int n = layout.vertexCount();
    float[] block = new float[Math.multiplyExact(s, n)];
    for (int r = 0; r < s; r++) {
      d.copyRow(r, block, r * n + start);
    }
    rowBlocks[c] = block;
    progress.advance((long) s * s * s);
  }

  /** The arcs with both ends in component c, in local numbering; of parallel arcs the lighter counts. */
  private void loadInternalArcs(int c, TiledDistanceMatrix d) {
    int start = layout.componentStart(c);
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int r = 0; r < layout.componentSize(c); r++) {
      int u = layout.vertexAt(start + r);
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int q = layout.positionOf(targets[a]);
        if (layout.componentAt(q) == c) {
          d.lowerEntry(r, q - start, weights[a], arithmetic);
        }
      }
    }
  }

  /**
   * A graph of n vertices and no arcs: {@link FloydWarshallSchedule} asks its graph only for the vertex count and
   * names (for a negative-cycle report), and callers translate local vertices back to original ones themselves.
   */
  static Graph unnamedVertices(int n) {
    return new Graph(new int[n + 1], new int[0], new float[0], null, false);
  }
}
