package org.tropic.apsp;

import java.util.Objects;
import org.tropic.graph.Graph;

/**
 * All-pairs shortest paths for sparse graphs by label-correcting searches (Bellman–Ford with Moore's FIFO queue)
 * toward a batch of targets at once, the batch's distances side by side in SIMD lanes ({@link TargetBatch}). Each
 * batch of targets is an independent job, so the batches are shared out among the threads.
 *
 * <p><b>Why it wins on sparse graphs.</b> A Dijkstra search is exact per source but pays a heap operation and a
 * branch per relaxation, one float at a time. Here one relaxation moves 256 distances with a few vector
 * instructions from a state that stays in cache, at the price of relaxing some arcs more than once while the
 * lanes' waves pass at different times: on a random digraph of n = 4000 and out-degree 16 every arc is relaxed
 * about 9 times per batch, and the whole solve is about 10× faster than Dijkstra from every source and faster than
 * Floyd–Warshall's n³ tile kernels. The work grows with n·m·(relaxations per arc), so dense graphs belong to
 * Floyd–Warshall; the {@link Planner} times a sample batch and compares.
 *
 * <p><b>Weights.</b> Any weights without a negative cycle: when a weight is negative, Johnson's Bellman–Ford pass
 * ({@link BellmanFordPotentials}) first proves there is no negative cycle (or reports one), and the searches then
 * run on the weights as they are; no reweighting, so no precision is lost to potentials.
 *
 * <p><b>Arithmetic.</b> Every distance is the smallest float32 sum over the paths, each path added from its target
 * end. Dijkstra adds from the source end and Floyd–Warshall in its own grouping, so results agree with theirs to
 * float32 rounding (see {@link PathTolerance}) and exactly where sums are whole numbers below 2²⁴.
 */
public final class BatchedBellmanFord {
  /**
   * The widest batch: 16 vectors of 16 floats on AVX-512. Going from 64 to 256 targets saved 25–35% on the random
   * digraph of n = 4000; 512 doubles each thread's state again and was not measured reliably faster.
   */
  public static final int MAX_BATCH = 256;

  private static final double MIN_SAMPLE_SECONDS = 0.2;
  private static final double MAX_SAMPLE_SECONDS = 5;
  private static final double SAMPLING_SECONDS = 1.0;
  /** Deadlines up to which a first timed search that misses is taken for JIT warm-up; see {@link #estimate}. */
  private static final double RETRY_DEADLINE_SECONDS = 0.5;
  /** Timed searches of a sample at most; see {@link #estimate}. */
  private static final int MAX_TIMED_SEARCHES = 5;
  /** Two timed searches whose times are within this ratio show compiled code; see {@link #estimate}. */
  private static final double STEADY_RATIO = 1.25;
  /**
   * The rate at which the n² result is allocated and its columns written, added to the estimate: on the 2-core
   * development VM allocating cond-mat's 1.06 GB of rows took 0.43–0.45 s (the young collections copy them once),
   * and the solves of hep-th, cond-mat and a random digraph of n = 4000 ran 0.03–0.55 s past their timed batches.
   */
  private static final double RESULT_BYTES_PER_SECOND = 2e9;

  private final Graph graph;
  private final Graph reversed;
  private final int batch;

  /**
   * A solver for {@code graph} with batches of {@code batch} targets.
   *
   * @throws IllegalArgumentException if {@code batch < 1}
   */
  public BatchedBellmanFord(Graph graph, int batch) {
    this.graph = Objects.requireNonNull(graph, "graph");
    if (batch < 1) {
      throw new IllegalArgumentException("a batch needs at least one target, got " + batch);
    }
    this.reversed = graph.reversed();
    this.batch = Math.min(batch, Math.max(1, graph.vertexCount()));
  }

  /**
   * Distances for {@code graph} between every pair, on {@code threads} threads, in batches of
   * {@link #batchFor}{@code (n, threads)} targets; shorthand for the instance call.
   */
  public static RowDistanceMatrix solve(Graph graph, int threads, Progress progress) {
    return new BatchedBellmanFord(graph, batchFor(graph.vertexCount(), threads)).solve(threads, progress);
  }

  /**
   * Targets per batch for n vertices on {@code threads} threads: the widest power of two up to {@link #MAX_BATCH}
   * (and at least one vector) whose states, one n × batch float array per thread, fill at most half the last-level
   * cache together. Each relaxation reads and writes two rows of its thread's state at random, so the states must
   * stay in cache: on cond-mat (n = 16,264) two threads took 0.73–0.87 s with 128 targets, 0.89–1.12 s with 256
   * (33 MB of state for a 32 MB cache) and 1.02–1.10 s with 64.
   */
  public static int batchFor(int n, int threads) {
    long cache = CpuCaches.LAST_LEVEL_BYTES > 0 ? CpuCaches.LAST_LEVEL_BYTES : 32L << 20;
    long fits = cache / 2 / Math.max(1, threads) / ((long) Float.BYTES * Math.max(1, n));
    return (int) Math.max(TargetBatch.lanes(), Long.highestOneBit(Math.clamp(fits, 1, MAX_BATCH)));
  }

  /**
   * The full n×n distance matrix, computed on {@code threads} threads. Progress is counted in targets.
   *
   * @throws IllegalArgumentException if {@code threads < 1}
   * @throws IllegalStateException if the n² result cannot fit in this JVM's heap (said before allocating)
   * @throws NegativeCycleException if the graph has a negative cycle, naming a vertex on it
   */
  public RowDistanceMatrix solve(int threads, Progress progress) {
    ParallelRows.checkThreads(threads);
    Objects.requireNonNull(progress, "progress");
    rejectNegativeCycles();
    RowDistanceMatrix result = DijkstraAllPairs.newResult(graph, "Batched Bellman–Ford", false);
    String task = "Bellman–Ford toward " + batch + " targets at a time";
    ParallelRows.runRanges(task, graph.vertexCount(), batch, threads, progress, () -> {
      TargetBatch state = new TargetBatch(reversed, batch);
      return (first, end) -> {
        state.search(first, end - first, Long.MAX_VALUE);
        state.copyInto(result, first, end - first);
      };
    });
    return result;
  }

  /**
   * The distances from every vertex to {@code target}, +∞ where it cannot be reached.
   *
   * @throws NegativeCycleException if the graph has a negative cycle, naming a vertex on it
   */
  public float[] distancesTo(int target) {
    DijkstraAllPairs.checkVertex(graph, target);
    rejectNegativeCycles();
    TargetBatch state = new TargetBatch(reversed, 1);
    state.search(target, 1, Long.MAX_VALUE);
    float[] column = new float[graph.vertexCount()];
    for (int v = 0; v < column.length; v++) {
      column[v] = state.distance(v, 0);
    }
    return column;
  }

  /** The searches only end when no cycle is negative: Johnson's Bellman–Ford pass proves it, or names one. */
  private void rejectNegativeCycles() {
    if (graph.weightStats().hasNegative()) {
      BellmanFordPotentials.compute(graph);
    }
  }

  /** Targets per batch (at most n). */
  public int batch() {
    return batch;
  }

  /**
   * Heap bytes of the n² result, each thread's batch state and the reversed arcs, as this heap holds them
   * ({@link HeapFootprint}: a row or a batch state wider than half a G1 region takes whole regions).
   */
  public static long bytes(Graph graph, int threads) {
    int n = graph.vertexCount();
    // the reversed arcs, a directed graph's only: targets, weights and offsets
    long arcs = graph.undirected() ? 0
        : 2 * HeapFootprint.floatArray(graph.arcCount()) + HeapFootprint.floatArray(n + 1L);
    return RowDistanceMatrix.heapBytes(n)
        + threads * TargetBatch.bytes(n, Math.min(batchFor(n, threads), Math.max(1, n))) + arcs;
  }

  /**
   * A timing of one batch from the middle of the id range, scaled to every batch over the threads.
   *
   * <p>Each search of the sample gets the time one batch may take if the whole solve is to beat
   * {@code secondsToBeat} (at least {@value #MIN_SAMPLE_SECONDS} s, at most {@value #MAX_SAMPLE_SECONDS} s): a batch
   * that cannot finish in it marks a solve that would lose, and the estimate is then a lower bound marked as such.
   * The deadline also ends a search that a negative cycle would keep going, so no check for one is needed here.
   *
   * <p>In a fresh JVM (every tropic command) the first searches run partly interpreted, and C2's compilation of the
   * search loop can take longer than the first timed search: on the power grid, whose batches take 0.02 s warm, the
   * first timed search took 0.14–0.2 s on a loaded 2-core VM (2026-11-22), or missed its 0.2 s deadline. The
   * estimate then read 1.5–2 s against a 0.2–0.3 s solve, and auto chose partitioned after 3 s of calibration and
   * METIS. So a first, untimed search warms the JIT up, and a timed search that misses a short deadline (up to
   * {@value #RETRY_DEADLINE_SECONDS} s, where compilation can outlast it) before any has finished is taken for more
   * warm-up, once, before it counts as a loss. The batch is then timed until two searches
   * in a row agree within {@value #STEADY_RATIO}× (the code is compiled), at most {@value #MAX_TIMED_SEARCHES} times
   * and while the sampling has taken under {@value #SAMPLING_SECONDS} s, and the fastest counts. The estimate adds
   * the time to allocate and fill the n² result ({@value #RESULT_BYTES_PER_SECOND} bytes a second).
   */
  Estimate estimate(int threads, double secondsToBeat) {
    int n = graph.vertexCount();
    int count = Math.min(batch, n);
    int first = (n - count) / 2;
    double perBatch = secondsToBeat / roundsPerThread(threads);
    long budget = (long) (1e9 * Math.clamp(perBatch, MIN_SAMPLE_SECONDS, MAX_SAMPLE_SECONDS));
    TargetBatch state = new TargetBatch(reversed, count);
    long sampleStart = System.nanoTime();
    state.search(first, count, sampleStart + budget);
    boolean warmedUpAgain = false;
    double best = Double.POSITIVE_INFINITY;
    double previous = Double.POSITIVE_INFINITY;
    for (int timed = 0; timed < MAX_TIMED_SEARCHES; ) {
      long start = System.nanoTime();
      boolean finished = state.search(first, count, start + budget);
      double seconds = (System.nanoTime() - start) / 1e9;
      if (!finished && timed == 0 && !warmedUpAgain && budget <= 1e9 * RETRY_DEADLINE_SECONDS) {
        warmedUpAgain = true;
        continue;
      }
      if (!finished) {
        return timed == 0 ? new Estimate(seconds * roundsPerThread(threads), false)
            : new Estimate(best * roundsPerThread(threads) + resultSeconds(), true);
      }
      timed++;
      best = Math.min(best, seconds);
      boolean steady = Math.max(seconds, previous) <= STEADY_RATIO * Math.min(seconds, previous);
      if (steady || (System.nanoTime() - sampleStart) / 1e9 > SAMPLING_SECONDS) {
        break;
      }
      previous = seconds;
    }
    return new Estimate(best * roundsPerThread(threads) + resultSeconds(), true);
  }

  private double resultSeconds() {
    double n = graph.vertexCount();
    return n * n * Float.BYTES / RESULT_BYTES_PER_SECOND;
  }

  /** Batches each thread runs, the last round counted whole. */
  private double roundsPerThread(int threads) {
    int batches = (graph.vertexCount() + batch - 1) / batch;
    return Math.ceil((double) batches / threads);
  }

  /**
   * A predicted solve time.
   *
   * @param seconds the prediction, or when not {@code complete} a lower bound
   * @param complete whether the sample batch finished within its budget
   */
  record Estimate(double seconds, boolean complete) {}
}
