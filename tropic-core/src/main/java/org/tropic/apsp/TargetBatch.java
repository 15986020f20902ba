package org.tropic.apsp;

import java.util.Arrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;
import org.tropic.graph.Graph;

/**
 * One worker's state for {@link BatchedBellmanFord}: the distances from every vertex to a batch of consecutive
 * targets, searched together. Vertex v's distances to targets {@code first..first+count-1} sit side by side,
 * {@code x[v·width + j] = d(v, first + j)}, so relaxing an arc moves all of them with a few vector instructions,
 * and v's slice is already the piece of row v of the result that the batch owns.
 *
 * <p>The search is Moore's FIFO label-correcting algorithm (Bellman–Ford with a queue) run backwards: when v's
 * distances improve, each in-arc u→v offers {@code w(u,v) + x[v]} to u, lane by lane, and u is queued if any lane
 * improved. It ends when the queue is empty, which needs no negative cycle (the caller checks). Every distance is
 * the smallest float32 sum over paths, added from the target end: {@code fl(w(u,v) + d(v,t))}.
 *
 * <p>Not thread-safe: each worker owns one and reuses it for every batch it takes.
 */
final class TargetBatch {
  private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
  private static final int LANES = SPECIES.length();
  private static final int DEADLINE_CHECK_MASK = 1023;

  private final int[] inOffsets;
  private final int[] inSources;
  private final float[] inWeights;
  private final int n;
  private final float[] x;
  private final int[] queue;
  private final boolean[] queued;
  private int width;
  private int head;
  private int size;

  /**
   * State for batches of up to {@code maxTargets} targets on the graph whose reversal is {@code reversed}.
   *
   * @param reversed the graph with its arcs turned around ({@link Graph#reversed()}): a vertex's arcs there are its
   *     in-arcs in the graph being solved
   */
  TargetBatch(Graph reversed, int maxTargets) {
    this.inOffsets = reversed.offsets();
    this.inSources = reversed.targets();
    this.inWeights = reversed.weights();
    this.n = reversed.vertexCount();
    this.x = new float[Math.multiplyExact(n, roundUpToLanes(maxTargets))];
    this.queue = new int[Math.max(1, n)];
    this.queued = new boolean[n];
  }

  /** {@code targets} rounded up to whole vectors: the row width of a batch of that many. */
  static int roundUpToLanes(int targets) {
    return (targets + LANES - 1) / LANES * LANES;
  }

  /** The vector length in floats on this machine; batch widths are multiples of it. */
  static int lanes() {
    return LANES;
  }

  /**
   * Heap bytes a worker holds for batches of {@code maxTargets} on {@code n} vertices, as {@link HeapFootprint}
   * counts its arrays (the distances, 8 MiB on cond-mat, take whole G1 regions); the queue of ints is counted as a
   * float array of n, the flags as bytes.
   */
  static long bytes(int n, int maxTargets) {
    return HeapFootprint.floatArray((long) n * roundUpToLanes(maxTargets)) + HeapFootprint.floatArray(n)
        + HeapFootprint.floatArray((n + 3L) / 4);
  }

  /**
   * Computes d(v, t) for every vertex v and the targets {@code first..first+count-1}.
   *
   * @param deadlineNanos a {@link System#nanoTime()} after which to give up, or {@link Long#MAX_VALUE}
   * @return false if the deadline passed before the search finished (the distances are then incomplete)
   */
  boolean search(int first, int count, long deadlineNanos) {
    int w = roundUpToLanes(count);
    if ((long) n * w > x.length) {
      throw new IllegalArgumentException(count + " targets do not fit a batch state sized for "
          + x.length / Math.max(1, n));
    }
    width = w;
    Arrays.fill(x, 0, n * w, Float.POSITIVE_INFINITY);
    head = 0;
    size = 0;
    for (int j = 0; j < count; j++) {
      x[(first + j) * w + j] = 0f;
      enqueue(first + j);
    }
    long pops = 0;
    while (size > 0) {
      int v = queue[head];
      head = head + 1 == queue.length ? 0 : head + 1;
      size--;
      queued[v] = false;
      if ((++pops & DEADLINE_CHECK_MASK) == 0 && deadlineNanos != Long.MAX_VALUE
          && System.nanoTime() > deadlineNanos) {
        Arrays.fill(queued, false);
        return false;
      }
      relaxInArcs(v);
    }
    return true;
  }

  /**
   * Offers v's distances to every vertex with an arc into v, queueing those that improved. A method of its own so
   * that the JIT compiles it after a few thousand calls: the loop of {@link #search} is entered once per batch, and
   * in a fresh JVM (the planner's sample) it would otherwise run interpreted until an on-stack replacement.
   */
  private void relaxInArcs(int v) {
    int w = width;
    int vBase = v * w;
    int end = inOffsets[v + 1];
    for (int a = inOffsets[v]; a < end; a++) {
      int u = inSources[a];
      float weight = inWeights[a];
      int uBase = u * w;
      VectorMask<Float> improved = SPECIES.maskAll(false);
      for (int k = 0; k < w; k += LANES) {
        FloatVector offered = FloatVector.fromArray(SPECIES, x, vBase + k).add(weight);
        FloatVector held = FloatVector.fromArray(SPECIES, x, uBase + k);
        VectorMask<Float> shorter = offered.lt(held);
        held.blend(offered, shorter).intoArray(x, uBase + k);
        improved = improved.or(shorter);
      }
      if (!queued[u] && improved.anyTrue()) {
        enqueue(u);
      }
    }
  }

  private void enqueue(int u) {
    queued[u] = true;
    int tail = head + size;
    queue[tail >= queue.length ? tail - queue.length : tail] = u;
    size++;
  }

  /** Writes the last batch's distances into rows 0..n-1 of {@code result}, columns first..first+count-1. */
  void copyInto(RowDistanceMatrix result, int first, int count) {
    for (int v = 0; v < n; v++) {
      System.arraycopy(x, v * width, result.row(v), first, count);
    }
  }

  /** The distance from {@code v} to target {@code first + j} of the last batch. */
  float distance(int v, int j) {
    return x[v * width + j];
  }
}
