package org.tropic.apsp;

import java.util.Arrays;
import org.tropic.graph.Graph;

/**
 * Johnson's vertex potentials: shortest distances from a virtual source joined to every vertex by a zero-weight
 * arc, computed by the queue-based Bellman–Ford (Moore's FIFO variant, often called SPFA) in double precision.
 * Stops as soon as no distance changes; a graph without negative cycles needs at most n passes over the queue,
 * O(n m) in the worst case and usually far less.
 *
 * <p>Negative cycles are found in the predecessor graph, as in B. V. Cherkassky and A. V. Goldberg, "Negative-cycle
 * detection algorithms", Math. Programming 85 (1999): a cycle among the predecessor links always has negative
 * weight, and while a negative cycle exists one appears after finitely many relaxations. The links are searched for
 * a cycle after every n changes (amortised O(1) per change), so a negative cycle is reported early, naming a vertex
 * on it and its length.
 */
final class BellmanFordPotentials {
  private BellmanFordPotentials() {}

  /**
   * The potentials h(v) ≤ 0 with {@code h(v) ≤ h(u) + w(u,v)} for every finite arc, up to double rounding.
   *
   * @throws NegativeCycleException naming a vertex on a negative cycle and the cycle's length
   */
  static double[] compute(Graph graph) {
    int n = graph.vertexCount();
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    double[] h = new double[n];
    int[] pred = new int[n];
    Arrays.fill(pred, -1);
    // Every vertex starts reached from the virtual source at distance 0, so all are queued first.
    int[] queue = new int[Math.max(1, n)];
    boolean[] queued = new boolean[n];
    for (int v = 0; v < n; v++) {
      queue[v] = v;
      queued[v] = true;
    }
    int head = 0;
    int count = n;
    int[] walkMark = new int[n];
    int[] walkCounter = {0};
    long changesSinceCheck = 0;
    while (count > 0) {
      int u = queue[head];
      head = head + 1 == queue.length ? 0 : head + 1;
      count--;
      queued[u] = false;
      double hu = h[u];
      for (int a = offsets[u], end = offsets[u + 1]; a < end; a++) {
        float w = weights[a];
        if (w == Float.POSITIVE_INFINITY) {
          continue;
        }
        int v = targets[a];
        double candidate = hu + w;
        if (candidate < h[v]) {
          h[v] = candidate;
          pred[v] = u;
          if (!queued[v]) {
            queued[v] = true;
            int tail = head + count;
            queue[tail >= queue.length ? tail - queue.length : tail] = v;
            count++;
          }
          if (++changesSinceCheck >= n) {
            changesSinceCheck = 0;
            throwOnPredecessorCycle(graph, pred, walkMark, walkCounter);
          }
        }
      }
    }
    return h;
  }

  /**
   * Looks for a cycle among the predecessor links in O(n): walks up from every vertex, marking the walk, until it
   * meets the virtual source, an earlier walk, or its own mark (a cycle).
   */
  private static void throwOnPredecessorCycle(Graph graph, int[] pred, int[] mark, int[] counter) {
    int n = pred.length;
    if (counter[0] > Integer.MAX_VALUE - n - 1) {
      Arrays.fill(mark, 0);
      counter[0] = 0;
    }
    int firstWalk = counter[0] + 1;
    for (int start = 0; start < n; start++) {
      if (mark[start] >= firstWalk) {
        continue;
      }
      int walk = ++counter[0];
      int x = start;
      while (x >= 0 && mark[x] < firstWalk) {
        mark[x] = walk;
        x = pred[x];
      }
      if (x >= 0 && mark[x] == walk) {
        double length = cycleLength(graph, pred, x);
        // Exact arithmetic makes every predecessor cycle negative; one of weight ≥ 0 can only be a rounding
        // artefact, and relaxation goes on until a real one shows.
        if (length < 0) {
          throw new NegativeCycleException(x, graph.name(x), (float) length);
        }
      }
    }
  }

  private static double cycleLength(Graph graph, int[] pred, int onCycle) {
    double length = 0;
    int v = onCycle;
    do {
      int u = pred[v];
      length += graph.weight(u, v);
      v = u;
    } while (v != onCycle);
    return length;
  }
}
