package org.tropic.analytics;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.IntPredicate;

/** One score per vertex, in original ids, with the ranking users ask for ({@link #top}). Immutable. */
public final class VertexScores {
  private final double[] scores;
  private final SparseGraph graph;

  VertexScores(double[] scoresByOriginalId, SparseGraph graph) {
    this.scores = scoresByOriginalId;
    this.graph = graph;
  }

  public int size() {
    return scores.length;
  }

  /** The score of original vertex {@code v}. */
  public double get(int v) {
    return scores[v];
  }

  /** All scores by original id (a copy). */
  public double[] toArray() {
    return scores.clone();
  }

  /** The {@code n} highest scores, ties broken by smaller id; O(size · log n). */
  public List<Ranked> top(int n) {
    return top(n, v -> true);
  }

  /**
   * The {@code n} highest scores among the vertices {@code include} accepts; NaN scores are never ranked. An
   * {@code n} above the vertex count lists them all.
   */
  public List<Ranked> top(int n, IntPredicate include) {
    if (n < 0) {
      throw new IllegalArgumentException("cannot rank the top " + n);
    }
    // The heap is sized for n up front: a user's --top 2147483647 would ask for an array the VM cannot allocate.
    n = Math.min(n, scores.length);
    PriorityQueue<Integer> heap = new PriorityQueue<>(Math.max(1, n), (a, b) -> better(b, a));
    for (int v = 0; v < scores.length && n > 0; v++) {
      if (Double.isNaN(scores[v]) || !include.test(v)) {
        continue;
      }
      if (heap.size() < n) {
        heap.add(v);
      } else if (better(v, heap.peek()) < 0) {
        heap.poll();
        heap.add(v);
      }
    }
    List<Integer> ids = new ArrayList<>(heap);
    ids.sort(this::better);
    List<Ranked> out = new ArrayList<>(ids.size());
    for (int v : ids) {
      out.add(new Ranked(v, graph.name(v), scores[v]));
    }
    return out;
  }

  /**
   * How many vertices that {@code include} accepts, left out of {@code ranked} (a {@link #top} list), score exactly as
   * its last entry: the list's cut fell inside a tie, which it broke by smaller id. O(size).
   */
  public long tiedBeyond(List<Ranked> ranked, IntPredicate include) {
    if (ranked.isEmpty()) {
      return 0;
    }
    Ranked last = ranked.get(ranked.size() - 1);
    long tied = 0;
    for (int v = last.vertex() + 1; v < scores.length; v++) { // a tie ranks by id: those left out come after it
      if (scores[v] == last.score() && include.test(v)) {
        tied++;
      }
    }
    return tied;
  }

  /** Negative when a ranks before b. */
  private int better(int a, int b) {
    int byScore = Double.compare(scores[b], scores[a]);
    return byScore != 0 ? byScore : Integer.compare(a, b);
  }
}
