package org.tropic.analytics;

import java.util.Locale;
import org.tropic.apsp.Progress;
import org.tropic.sparse.Permutation;

/**
 * Weighted edge traversal from a seed set (HPC-KG §2.3): start with weight 1 on each seed, push it along the arcs k
 * times (x_t = γ·Aᵀ·x_{t−1}, one SpMV per step) and accumulate the steps, score = Σ_{t=1..k} x_t. A vertex's score is
 * the sum over all walks of length 1..k from the seeds of the product of the arc weights along the walk (times γᵗ):
 * many strong short connections to the seeds make a vertex related. O(k · nnz / threads).
 */
public final class WeightedTraversal {
  private WeightedTraversal() {}

  /**
   * @param steps walk lengths to accumulate, at least 1
   * @param decay γ, the factor applied per step (1 = plain weight products; below 1 favours short walks)
   */
  public record Options(int steps, double decay) {
    public Options {
      if (steps < 1) {
        throw new IllegalArgumentException("traversal needs at least 1 step, got " + steps);
      }
      if (!(decay > 0) || Double.isInfinite(decay)) {
        throw new IllegalArgumentException("decay " + decay + " must be positive and finite");
      }
    }
  }

  /**
   * Accumulated weights of every vertex from {@code seeds} (original ids). Seeds keep whatever flows back to them;
   * rank with {@code scores.top(n, v -> !isSeed(v))} to see only the related vertices.
   *
   * @throws ArithmeticException if the scores overflow float32 (too many steps for the graph's growth rate)
   */
  public static VertexScores scores(SparseGraph g, int[] seeds, Options options) {
    return scores(g, seeds, options, Progress.NONE);
  }

  /** {@link #scores(SparseGraph, int[], Options)}, reporting each step (one SpMV) to {@code progress}. */
  public static VertexScores scores(SparseGraph g, int[] seeds, Options options, Progress progress) {
    if (seeds.length == 0) {
      throw new IllegalArgumentException("traversal needs at least one seed");
    }
    int n = g.vertexCount();
    Permutation p = g.permutation();
    float[] x = new float[n];
    for (int s : seeds) {
      g.checkVertex(s);
      x[p.newId(s)] = 1f;
    }
    float[] next = new float[n];
    double[] total = new double[n];
    float gamma = (float) options.decay();
    progress.begin(String.format(Locale.ROOT, "weighted traversal, %,d steps", options.steps()), options.steps());
    for (int step = 1; step <= options.steps(); step++) {
      // x ← γ·Aᵀ·x
      g.kernels().spmv(g.matrix(), gamma, x, 0f, next);
      for (int v = 0; v < n; v++) {
        if (!Float.isFinite(next[v])) {
          throw new ArithmeticException("traversal scores overflow float32 at step " + step + " of "
              + options.steps() + "; use fewer steps or a decay below 1");
        }
        total[v] += next[v];
      }
      float[] t = x;
      x = next;
      next = t;
      progress.advance(1);
    }
    progress.end();
    return new VertexScores(p.toOld(total), g);
  }
}
