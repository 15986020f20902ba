package org.tropic.discovery;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import org.tropic.apsp.Progress;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.NodeKind;
import org.tropic.kg.TimeSlices;

/**
 * DSNAPSHOT's time-sliced validation (SC20 §VI-C, CORD-19 2005 vs 2020) on any graph with years: build the graph as
 * of the first year, take the concept pairs unlinked then but directly linked by the second year (both concepts
 * existing in the first), draw as many random pairs of first-year concepts linked in neither, and compare their
 * shortest paths in the first-year graph ({@link LinkPredictionEvaluation}). A pair linked by evidence of unknown
 * year (and none dated by the first) is in neither set: it may have been linked before the first year. If shorter
 * paths foretell links, the first set is shifted to short paths and the KS statistic is large (0.6323 in the paper).
 */
public final class TimeSlicedValidation {
  private TimeSlicedValidation() {}

  /**
   * How the validation runs.
   *
   * @param fromYear the year the graph is cut at
   * @param toYear the year new links are looked for up to
   * @param kinds the edge kinds shortest paths may use
   * @param maxPairs the most new links used (a random subset beyond; 0 = all)
   * @param seed the seed of the random draws
   * @param precisionAtK cut-offs for precision at k
   */
  public record Options(int fromYear, int toYear, Set<EdgeKind> kinds, int maxPairs, long seed, int[] precisionAtK) {
    public Options {
      if (fromYear >= toYear) {
        throw new IllegalArgumentException("the first year must come before the second: " + fromYear + " vs "
            + toYear);
      }
      if (maxPairs < 0) {
        throw new IllegalArgumentException("max pairs must be ≥ 0 (0 = all), got " + maxPairs);
      }
      kinds = EnumSet.copyOf(kinds);
      precisionAtK = precisionAtK.clone();
    }

    /** Every edge kind, all pairs, seed 1, precision at 10, 100 and 1000. */
    public static Options of(int fromYear, int toYear) {
      return new Options(fromYear, toYear, EnumSet.allOf(EdgeKind.class), 0, 1, new int[] {10, 100, 1000});
    }
  }

  /**
   * What came out.
   *
   * @param fromYear the cut year
   * @param toYear the later year
   * @param conceptsAtFrom concepts existing in the cut graph
   * @param newLinks concept pairs newly linked between the years
   * @param undatedPairs concept pairs left out of both sets: linked by evidence of unknown year and by none dated
   *     by the cut year, so possibly linked before it (see {@link TimeSlices.NewLinks#undated})
   * @param evaluation the two sets' path lengths in the cut graph and their comparison
   */
  public record Result(int fromYear, int toYear, int conceptsAtFrom, int newLinks, int undatedPairs,
      LinkPredictionEvaluation evaluation) {}

  /**
   * Runs the validation on {@code graph} (which must hold evidence up to the later year).
   *
   * @throws IllegalArgumentException if the graph has no years or no edges of the kinds, or fewer than two new links
   *     appear between the years (or are kept) or fewer than two random pairs can be drawn
   */
  public static Result run(KnowledgeGraph graph, Options options) {
    return run(graph, options, Progress.NONE);
  }

  /**
   * Like {@link #run(KnowledgeGraph, Options)}, reporting the shortest-path searches, where the time goes, on
   * {@code progress}: one unit per pair measured, new links and random pairs together.
   */
  public static Result run(KnowledgeGraph graph, Options options, Progress progress) {
    graph.requireEdgesOf(options.kinds(), "the graph");
    KnowledgeGraph cut = graph.asOf(options.fromYear());
    KgView view = cut.view(options.kinds());
    TimeSlices.NewLinks links = TimeSlices.newConceptLinks(graph, options.fromYear(), options.toYear());
    if (links.size() == 0) {
      int[] years = graph.yearRange();
      throw new IllegalArgumentException("no concept pair became linked between " + options.fromYear() + " and "
          + options.toYear() + " (the evidence dates from " + years[0] + " to " + years[1] + ")"
          + (links.undated() == 0 ? "" : ", leaving out " + links.undated() + " pair(s) linked by evidence of"
          + " unknown year") + "; nothing to validate");
    }
    int[] chosen = choose(links.size(), options.maxPairs(), options.seed());
    boolean subset = chosen.length < links.size();
    ValidationInputs.requireEnough(chosen.length, subset
        ? String.format(Locale.ROOT, "max pairs %d keeps %d of the %,d new links", options.maxPairs(), chosen.length,
            links.size())
        : "only " + links.size() + " concept pair became linked between " + options.fromYear() + " and "
            + options.toYear(), subset ? "keep more" : "choose years further apart");
    int[] from = new int[chosen.length];
    int[] to = new int[chosen.length];
    for (int i = 0; i < chosen.length; i++) {
      from[i] = vertexOf(view, graph.id(links.first()[chosen[i]]));
      to[i] = vertexOf(view, graph.id(links.second()[chosen[i]]));
    }
    IntArrayList concepts = new IntArrayList();
    for (int u = 0; u < cut.nodeCount(); u++) {
      if (cut.kind(u) == NodeKind.CONCEPT) {
        concepts.add(graph.node(cut.id(u)));
      }
    }
    int[] pool = concepts.toIntArray();
    int[][] negatives = PairSampler.sample(pool, pool, chosen.length, options.seed() + 1,
        (a, b) -> !TimeSlices.linkedOrUndated(graph, a, b, options.toYear()));
    int[] negativeFrom = new int[negatives[0].length];
    int[] negativeTo = new int[negatives[0].length];
    for (int i = 0; i < negativeFrom.length; i++) {
      negativeFrom[i] = vertexOf(view, graph.id(negatives[0][i]));
      negativeTo[i] = vertexOf(view, graph.id(negatives[1][i]));
    }
    ValidationInputs.requireEnough(negativeFrom.length, (negativeFrom.length == 0 ? "no" : "only "
        + negativeFrom.length) + " random pair of " + options.fromYear() + " concepts unlinked in both years could"
        + " be drawn", "there are too few negatives to compare with");
    PairLengths[] lengths = PairLengths.measureBoth(KgDistances.bySearch(view), new int[][] {from, to},
        new int[][] {negativeFrom, negativeTo}, progress);
    return new Result(options.fromYear(), options.toYear(), pool.length, links.size(), links.undated(),
        LinkPredictionEvaluation.of(lengths[0], lengths[1], options.precisionAtK()));
  }

  private static int vertexOf(KgView view, String id) {
    return view.vertex(id);
  }

  /** Indices {@code 0..total-1}, or a random {@code max} of them. */
  static int[] choose(int total, int max, long seed) {
    int[] all = new int[total];
    Arrays.setAll(all, i -> i);
    if (max == 0 || max >= total) {
      return all;
    }
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < max; i++) {
      int j = i + random.nextInt(total - i);
      int swap = all[i];
      all[i] = all[j];
      all[j] = swap;
    }
    int[] chosen = Arrays.copyOf(all, max);
    Arrays.sort(chosen);
    return chosen;
  }
}
