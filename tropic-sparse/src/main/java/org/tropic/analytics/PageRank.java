package org.tropic.analytics;

import org.tropic.apsp.Progress;
import org.tropic.sparse.BlockCoo;
import org.tropic.sparse.Permutation;

/**
 * PageRank as the LDBC Graphalytics specification defines it (Iosup et al., §2.3.2): start from 1/n, and each
 * iteration PR(v) = (1−d)/n + d·Σ_{u→v} PR(u)/outdeg(u) + (d/n)·Σ_{dangling w} PR(w) — one SpMV of Aᵀ with the
 * scores divided by out-degree, plus the rank of dangling vertices spread evenly. Weighted mode divides by the sum
 * of out-arc weights instead (as JGraphT's weighted PageRank). O(iterations · nnz / threads).
 */
public final class PageRank {
  private PageRank() {}

  /**
   * @param damping d, in [0, 1)
   * @param maxIterations iterations to run at most, at least 1
   * @param tolerance stop when Σ|PR_t − PR_{t−1}| falls below it; 0 runs exactly {@code maxIterations} (as LDBC)
   * @param weighted whether arc weights split a vertex's rank (else every out-arc gets an equal share)
   */
  public record Options(double damping, int maxIterations, double tolerance, boolean weighted) {
    public Options {
      if (!(damping >= 0 && damping < 1)) {
        throw new IllegalArgumentException("damping factor " + damping + " must lie in [0, 1)");
      }
      if (maxIterations < 1) {
        throw new IllegalArgumentException("PageRank needs at least 1 iteration, got " + maxIterations);
      }
      if (!(tolerance >= 0)) {
        throw new IllegalArgumentException("tolerance " + tolerance + " must be non-negative");
      }
    }

    /** d = 0.85, up to 100 iterations, tolerance 1e-6, unweighted. */
    public static Options defaults() {
      return new Options(0.85, 100, 1e-6, false);
    }
  }

  /**
   * @param scores PageRank by original id (they sum to 1)
   * @param iterations iterations run
   * @param change Σ|PR_t − PR_{t−1}| of the last iteration
   * @param converged whether {@code change} fell below the tolerance
   */
  public record Result(VertexScores scores, int iterations, double change, boolean converged) {}

  public static Result compute(SparseGraph g, Options options) {
    return compute(g, options, Progress.NONE);
  }

  /**
   * As {@link #compute(SparseGraph, Options)}, reporting one unit per iteration (an SpMV) against the most
   * iterations, and ending early on convergence.
   */
  public static Result compute(SparseGraph g, Options options, Progress progress) {
    if (options.weighted()) {
      g.requireNonNegativeWeights("weighted PageRank");
    }
    int n = g.vertexCount();
    if (n == 0) {
      return new Result(new VertexScores(new double[0], g), 0, 0, true);
    }
    BlockCoo matrix = options.weighted() ? g.matrix() : g.matrix().asPattern();
    float[] share = new float[n];
    int[] degree = g.outDegreeStored();
    float[] weightSum = options.weighted() ? g.outWeightStored() : null;
    if (weightSum != null) {
      refuseInfiniteWeightSums(g, weightSum);
    }
    float[] rank = new float[n];
    java.util.Arrays.fill(rank, 1f / n);
    float[] next = new float[n];
    float d = (float) options.damping();
    int iterations = 0;
    double change = Double.POSITIVE_INFINITY;
    progress.begin(ProgressTasks.upTo("PageRank", options.maxIterations(), "iterations"), options.maxIterations());
    while (iterations < options.maxIterations() && !(change < options.tolerance())) {
      double dangling = 0;
      for (int u = 0; u < n; u++) {
        float out = weightSum != null ? weightSum[u] : degree[u];
        if (degree[u] == 0 || out == 0) {
          dangling += rank[u];
          share[u] = 0;
        } else {
          share[u] = rank[u] / out;
        }
      }
      // next ← d·Aᵀ·share
      g.kernels().spmv(matrix, d, share, 0f, next);
      float teleport = (float) ((1 - options.damping()) / n + options.damping() * dangling / n);
      for (int v = 0; v < n; v++) {
        next[v] += teleport;
      }
      change = VectorMath.distance1(next, rank);
      float[] t = rank;
      rank = next;
      next = t;
      iterations++;
      progress.advance(1);
    }
    progress.end();
    Permutation p = g.permutation();
    return new Result(new VertexScores(p.toOld(VectorMath.toDouble(rank)), g), iterations, change,
        change < options.tolerance());
  }

  /**
   * Refuses out-arc weights whose sum overflows float32: a vertex's share of rank is its rank over that sum, so an
   * infinite sum gave it a share of 0 and its rank vanished from the graph (the ranks summed to 0.235, reported as
   * converged), where an answer needs the weights scaled down.
   */
  private static void refuseInfiniteWeightSums(SparseGraph g, float[] weightSum) {
    for (int u = 0; u < weightSum.length; u++) {
      if (Float.isInfinite(weightSum[u])) {
        throw new IllegalArgumentException("weighted PageRank: the out-arc weights of vertex "
            + g.name(g.permutation().oldId(u)) + " sum beyond the float32 range (3.4e38), which would drop its rank"
            + " from the graph; scale the weights down");
      }
    }
  }
}
