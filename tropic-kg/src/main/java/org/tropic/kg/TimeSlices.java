package org.tropic.kg;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.function.IntPredicate;

/**
 * Differences between two years of one knowledge graph: the concept pairs that became directly linked (DSNAPSHOT,
 * SC20 §VI-C: 42,077 new concept–concept edges in CORD-19 between 2005 and 2020 among the concepts of 2005).
 */
public final class TimeSlices {
  private TimeSlices() {}

  /**
   * New direct links between two years.
   *
   * @param first the concept nodes (of the full graph) on one side of each new link
   * @param second the other side, parallel to {@code first}
   * @param undated concept pairs (of concepts that existed by the first year) with no evidence dated by the first
   *     year but some of unknown year: they may have been linked before it, so they are neither new links nor, as
   *     {@link #linkedOrUndated} tells, negatives
   */
  public record NewLinks(int[] first, int[] second, int undated) {
    public int size() {
      return first.length;
    }
  }

  /**
   * The concept–concept edges of {@code graph} with no evidence up to {@code from} and some up to {@code to},
   * between concepts that both existed by {@code from} (had evidence of their own then), and none of unknown year:
   * that evidence may predate {@code from}. Nodes are those of {@code graph}. O(m).
   *
   * @throws IllegalArgumentException unless {@code from < to}
   */
  public static NewLinks newConceptLinks(KnowledgeGraph graph, int from, int to) {
    if (from >= to) {
      throw new IllegalArgumentException("the first year must come before the second: " + from + " vs " + to);
    }
    IntArrayList first = new IntArrayList();
    IntArrayList second = new IntArrayList();
    int undated = 0;
    for (int e = 0; e < graph.edgeCount(); e++) {
      if (graph.edgeKind(e) != EdgeKind.CONCEPT_CONCEPT) {
        continue;
      }
      int a = graph.edgeSource(e);
      int b = graph.edgeTarget(e);
      if (graph.count(e, from) > 0 || graph.nodeEvidence(a, from) == 0 || graph.nodeEvidence(b, from) == 0) {
        continue;
      }
      if (undatedCount(graph, e) > 0) {
        undated++;
      } else if (graph.count(e, to) > 0) {
        first.add(a);
        second.add(b);
      }
    }
    return new NewLinks(first.toIntArray(), second.toIntArray(), undated);
  }

  /** The edge's evidence of unknown year. */
  private static long undatedCount(KnowledgeGraph graph, int edge) {
    return graph.count(edge) - graph.count(edge, Integer.MAX_VALUE);
  }

  /** Whether concepts {@code a} and {@code b} of {@code graph} are directly linked by evidence up to {@code year}. */
  public static boolean linkedBy(KnowledgeGraph graph, int a, int b, int year) {
    return anyConceptEdge(graph, a, b, edge -> graph.count(edge, year) > 0);
  }

  /**
   * Whether {@code a} and {@code b} are directly linked by evidence up to {@code year} or by evidence of unknown
   * year, which may date from before it: a pair that is not cannot have been linked by then.
   */
  public static boolean linkedOrUndated(KnowledgeGraph graph, int a, int b, int year) {
    return anyConceptEdge(graph, a, b, edge -> graph.count(edge, year) > 0 || undatedCount(graph, edge) > 0);
  }

  /** Whether some concept–concept edge between two nodes (a curated graph may hold several) passes {@code test}. */
  private static boolean anyConceptEdge(KnowledgeGraph graph, int a, int b, IntPredicate test) {
    KnowledgeGraph.Incidence inc = graph.incidence();
    for (int i = inc.start()[a]; i < inc.start()[a + 1]; i++) {
      int edge = inc.edge()[i];
      if (inc.neighbour()[i] == b && graph.edgeKind(edge) == EdgeKind.CONCEPT_CONCEPT && test.test(edge)) {
        return true;
      }
    }
    return false;
  }
}
