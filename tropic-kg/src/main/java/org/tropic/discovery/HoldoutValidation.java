package org.tropic.discovery;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.tropic.apsp.Progress;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;

/**
 * Held-out link validation on one graph: hide a random fraction of the edges of one relation (e.g. Hetionet's
 * Compound–treats–Disease, {@code CtD}), compute shortest paths on what remains, and compare the hidden pairs with
 * as many random non-links between nodes of the same two types (no edge of that relation in the full graph) — the
 * same measures as the time-sliced validation ({@link LinkPredictionEvaluation}). It asks whether the rest of the
 * graph puts true links closer than chance, the question DSNAPSHOT asks of time.
 */
public final class HoldoutValidation {
  private HoldoutValidation() {}

  /**
   * How the validation runs.
   *
   * @param relation the relation whose edges are hidden (e.g. {@code CtD})
   * @param fraction the share of them hidden, in (0, 1]
   * @param seed the seed of the random choices
   * @param kinds the edge kinds shortest paths may use
   * @param precisionAtK cut-offs for precision at k
   */
  public record Options(String relation, double fraction, long seed, Set<EdgeKind> kinds, int[] precisionAtK) {
    public Options {
      Objects.requireNonNull(relation, "relation");
      if (!(fraction > 0 && fraction <= 1)) {
        throw new IllegalArgumentException("the hidden fraction must be in (0, 1], got " + fraction);
      }
      kinds = EnumSet.copyOf(kinds);
      precisionAtK = precisionAtK.clone();
    }

    /** Hide 20% of {@code relation}'s edges, seed 1, every edge kind, precision at 10 and 100. */
    public static Options of(String relation) {
      return new Options(relation, 0.2, 1, EnumSet.allOf(EdgeKind.class), new int[] {10, 100});
    }
  }

  /**
   * What came out.
   *
   * @param relation the relation
   * @param relationEdges its edges in the full graph
   * @param hidden the edges hidden
   * @param sourceType the semantic type of the hidden edges' first ends (e.g. {@code Compound})
   * @param targetType the semantic type of their second ends (e.g. {@code Disease})
   * @param evaluation hidden pairs against random non-links, on the graph without the hidden edges
   */
  public record Result(String relation, int relationEdges, int hidden, String sourceType, String targetType,
      LinkPredictionEvaluation evaluation) {}

  /**
   * Runs the validation.
   *
   * @throws IllegalArgumentException if the graph has no edge of the relation or of the kinds, or fewer than two
   *     edges are hidden or fewer than two random non-links can be drawn
   */
  public static Result run(KnowledgeGraph graph, Options options) {
    return run(graph, options, Progress.NONE);
  }

  /**
   * Like {@link #run(KnowledgeGraph, Options)}, reporting the shortest-path searches, where the time goes, on
   * {@code progress}: one unit per pair measured, hidden links and random pairs together.
   */
  /** Hetionet's relations mix cases (CtD, GpBP): a relation given in another case is pointed at, not just listed. */
  private static String otherCase(String relation, Set<String> relations) {
    List<String> meant = relations.stream().filter(r -> r.equalsIgnoreCase(relation)).toList();
    return meant.isEmpty() ? "" : " (relations are case-sensitive: did you mean " + String.join(", ", meant) + "?)";
  }

  public static Result run(KnowledgeGraph graph, Options options, Progress progress) {
    IntArrayList relationEdges = new IntArrayList();
    Set<String> relations = new TreeSet<>();
    for (int e = 0; e < graph.edgeCount(); e++) {
      if (options.relation().equals(graph.relation(e))) {
        relationEdges.add(e);
      }
      if (graph.relation(e) != null) {
        relations.add(graph.relation(e));
      }
    }
    if (relationEdges.isEmpty()) {
      throw new IllegalArgumentException("the graph has no edge of relation '" + options.relation() + "'; "
          + (graph.edgeCount() == 0 ? "it has no edges at all (were they all malformed? see what was read)"
          : relations.isEmpty() ? "its edges have no relation (build a curated graph with --curated-edges)"
          : "its relations: " + String.join(", ", relations) + otherCase(options.relation(), relations)));
    }
    graph.requireEdgesOf(options.kinds(), "the graph");
    int hiddenCount = Math.max(1, (int) Math.round(options.fraction() * relationEdges.size()));
    boolean single = relationEdges.size() == 1;
    ValidationInputs.requireEnough(hiddenCount, single ? "relation '" + options.relation() + "' has 1 edge"
        : String.format(Locale.ROOT, "hiding %s of the %,d '%s' edges hides %d",
            BigDecimal.valueOf(options.fraction()).stripTrailingZeros().toPlainString(),
            relationEdges.size(), options.relation(), hiddenCount),
        single ? "choose a relation with more edges" : "hide a larger fraction");
    int[] chosen = TimeSlicedValidation.choose(relationEdges.size(), hiddenCount, options.seed());
    boolean[] hidden = new boolean[graph.edgeCount()];
    for (int i : chosen) {
      hidden[relationEdges.getInt(i)] = true;
    }
    KnowledgeGraph remaining = graph.withEdges(e -> !hidden[e]);
    KgView view = remaining.view(options.kinds());
    int firstHidden = relationEdges.getInt(chosen[0]);
    String sourceType = graph.type(graph.edgeSource(firstHidden));
    String targetType = graph.type(graph.edgeTarget(firstHidden));

    int[] from = new int[chosen.length];
    int[] to = new int[chosen.length];
    for (int i = 0; i < chosen.length; i++) {
      int e = relationEdges.getInt(chosen[i]);
      from[i] = view.vertexOfNode()[graph.edgeSource(e)];
      to[i] = view.vertexOfNode()[graph.edgeTarget(e)];
    }
    Set<Long> linked = new HashSet<>();
    for (int e : relationEdges) {
      linked.add(pair(graph.edgeSource(e), graph.edgeTarget(e)));
    }
    int[] sources = nodesOfType(graph, view, sourceType);
    int[] targets = nodesOfType(graph, view, targetType);
    int[][] negatives = PairSampler.sample(sources, targets, chosen.length, options.seed() + 1,
        (a, b) -> !linked.contains(pair(a, b)));
    ValidationInputs.requireEnough(negatives[0].length, (negatives[0].length == 0 ? "no" : "only "
        + negatives[0].length) + " random " + sourceType + "–" + targetType + " pair without a '"
        + options.relation() + "' edge could be drawn", "there are too few non-links to compare with");
    int[] negativeFrom = new int[negatives[0].length];
    int[] negativeTo = new int[negatives[0].length];
    for (int i = 0; i < negativeFrom.length; i++) {
      negativeFrom[i] = view.vertexOfNode()[negatives[0][i]];
      negativeTo[i] = view.vertexOfNode()[negatives[1][i]];
    }
    PairLengths[] lengths = PairLengths.measureBoth(KgDistances.bySearch(view), new int[][] {from, to},
        new int[][] {negativeFrom, negativeTo}, progress);
    return new Result(options.relation(), relationEdges.size(), chosen.length, sourceType, targetType,
        LinkPredictionEvaluation.of(lengths[0], lengths[1], options.precisionAtK()));
  }

  /** Nodes of the given semantic type that have an edge in the view. */
  private static int[] nodesOfType(KnowledgeGraph graph, KgView view, String type) {
    IntArrayList nodes = new IntArrayList();
    for (int u = 0; u < graph.nodeCount(); u++) {
      if (Objects.equals(graph.type(u), type) && view.vertexOfNode()[u] >= 0) {
        nodes.add(u);
      }
    }
    return nodes.toIntArray();
  }

  private static long pair(int a, int b) {
    return a < b ? (long) a << 32 | b : (long) b << 32 | a;
  }
}
