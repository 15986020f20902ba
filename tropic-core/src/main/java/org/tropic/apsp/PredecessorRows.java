package org.tropic.apsp;

import java.util.Objects;
import org.tropic.graph.Graph;
import org.tropic.io.DistanceStore;

/**
 * The rows of a {@link PredecessorMatrix}, streamed to a writer instead of held: each block of rows is found on all
 * threads when its first row is asked for, so the heap holds one block (at most {@value #BLOCK_INTS} ints) where the
 * matrix would hold n². For predecessors of distances that are themselves streamed or mapped from a file, e.g. those
 * of an update, read back from the file just written. Rows asked for in order cost one search each.
 */
public final class PredecessorRows implements DistanceStore.IntRowSource {
  private static final int CHUNK_ROWS = 16;
  private static final int BLOCK_INTS = 4 << 20;

  private final Graph graph;
  private final DistanceMatrix distances;
  private final int threads;
  private final int n;
  private final int blockRows;
  private final int[] block;
  private int blockStart = -1;
  private long nanos;

  /**
   * @throws IllegalArgumentException if the matrix and graph differ in size, or the thread count is below 1
   */
  public PredecessorRows(Graph graph, DistanceMatrix distances, int threads) {
    this(graph, distances, threads, blockRows(graph.vertexCount(), threads));
  }

  /** As the public constructor, {@code blockRows} rows at a time (tests use small blocks to cross them). */
  PredecessorRows(Graph graph, DistanceMatrix distances, int threads, int blockRows) {
    this.graph = Objects.requireNonNull(graph, "graph");
    this.distances = Objects.requireNonNull(distances, "distances");
    this.threads = ParallelRows.checkThreads(threads);
    this.n = graph.vertexCount();
    if (distances.size() != n) {
      throw new IllegalArgumentException("the distance matrix is " + distances.size() + "×" + distances.size()
          + " but " + graph + " has " + n + " vertices");
    }
    this.blockRows = blockRows;
    this.block = new int[Math.toIntExact((long) blockRows * n)];
  }

  /**
   * The heap the rows take beyond the graph and the distances: one block, and each thread's search (its heap's three
   * arrays and the reduced costs) with a row of distances and one of predecessors: six arrays of n.
   */
  public static long heapBytes(int n, int threads) {
    return 4L * blockRows(n, threads) * n + threads * (6 * 4L * n + 6 * 16);
  }

  /** Whole chunks of about {@link #BLOCK_INTS} ints, at least one chunk per thread and at most n rows. */
  private static int blockRows(int n, int threads) {
    long rows = Math.max((long) threads * CHUNK_ROWS, BLOCK_INTS / Math.max(1, n) / CHUNK_ROWS * CHUNK_ROWS);
    return (int) Math.max(1, Math.min(rows, n));
  }

  @Override
  public int size() {
    return n;
  }

  /**
   * @throws IllegalStateException if the distances claim a path the graph does not have (they belong to another
   *     graph)
   */
  @Override
  public void copyRow(int u, int[] dst) {
    int start = u / blockRows * blockRows;
    if (start != blockStart) {
      long began = System.nanoTime();
      int end = Math.min(n, start + blockRows);
      blockStart = -1; // a block that fails half-way is not the block asked for next time
      ParallelRows.runRanges("predecessor rows", end - start, CHUNK_ROWS, threads, Progress.NONE, () -> {
        ReducedCostSearch search = new ReducedCostSearch(graph);
        float[] row = new float[n];
        int[] pred = new int[n];
        return (from, to) -> {
          for (int r = from; r < to; r++) {
            PredecessorMatrix.rowOf(graph, distances, start + r, search, row, pred);
            System.arraycopy(pred, 0, block, r * n, n);
          }
        };
      });
      blockStart = start;
      nanos += System.nanoTime() - began;
    }
    System.arraycopy(block, (u - start) * n, dst, 0, n);
  }

  /** Seconds spent finding the rows handed out so far (not counting the writer's time between them). */
  public double seconds() {
    return nanos / 1e9;
  }
}
