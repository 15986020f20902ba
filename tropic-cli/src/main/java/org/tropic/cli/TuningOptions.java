package org.tropic.cli;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.tropic.apsp.Algorithm;

/**
 * The {@code apsp} options that tune some algorithms only, and the one rule that keeps any of them from being
 * ignored silently: a user who sets one expects an effect.
 *
 * <ul>
 *   <li>With {@code --algorithm} naming an algorithm, an option it does not use is refused (exit 2), naming both.
 *   <li>With {@code --algorithm auto}, the options narrow auto's choice to the algorithms that use them all, and a
 *       note on standard error says so ({@code --block 64} runs Floyd–Warshall; {@code --arithmetic int32} lets
 *       auto choose between Floyd–Warshall and partitioned APSP). Options no algorithm uses together are refused.
 * </ul>
 *
 * {@code --threads}, {@code --device} and {@code --predecessors} apply to every algorithm and are not listed.
 */
final class TuningOptions {
  private static final String NO_TILES = "adds float32 along each path and has no tiles";
  private static final String OWN_TILES = "sizes and schedules the tiles of each of its steps itself";
  private static final String NO_PARTS = "does not partition the graph";
  private static final String NO_CHECKPOINTS = "saves none: only Floyd–Warshall's pivot iterations leave a state to"
      + " resume from";

  /** An option, what it tunes, and the algorithms that use it. */
  enum Tuning {
    BLOCK("--block", "Floyd–Warshall's tile size", EnumSet.of(Algorithm.FW)),
    NO_LOOKAHEAD("--no-lookahead", "Floyd–Warshall's schedule", EnumSet.of(Algorithm.FW)),
    NO_PIVOT_ORDER("--no-pivot-order", "Floyd–Warshall's pivot order", EnumSet.of(Algorithm.FW)),
    ARITHMETIC("--arithmetic", "the arithmetic of the tile kernels",
        EnumSet.of(Algorithm.FW, Algorithm.PARTITIONED)),
    NO_SYMMETRY("--no-symmetry", "the upper-triangle solve of symmetric graphs",
        EnumSet.of(Algorithm.FW, Algorithm.PARTITIONED)),
    PARTS("--parts", "partitioned APSP's number of parts", EnumSet.of(Algorithm.PARTITIONED)),
    CHECKPOINT("--checkpoint", "the saves a stopped run resumes from", EnumSet.of(Algorithm.FW));

    final String option;
    final String what;
    final Set<Algorithm> usedBy;

    Tuning(String option, String what, Set<Algorithm> usedBy) {
      this.option = option;
      this.what = what;
      this.usedBy = usedBy;
    }

    /** Why {@code algorithm}, which does not use this option, has no use for it. */
    String whyIgnoredBy(Algorithm algorithm) {
      if (this == PARTS) {
        return NO_PARTS;
      }
      if (this == CHECKPOINT) {
        return NO_CHECKPOINTS;
      }
      return algorithm == Algorithm.PARTITIONED ? OWN_TILES : NO_TILES;
    }
  }

  private TuningOptions() {}

  /**
   * The algorithms the run may use: {@code requested} alone when it names one (after refusing any option it does
   * not use), else those that use every option given.
   *
   * @throws IllegalArgumentException naming the option and the algorithm that would ignore it, or the options no
   *     algorithm uses together
   */
  static Set<Algorithm> candidates(Algorithm requested, List<Tuning> given) {
    if (requested != Algorithm.AUTO) {
      for (Tuning t : given) {
        if (!t.usedBy.contains(requested)) {
          throw new IllegalArgumentException(t.option + " tunes " + t.what + ", which --algorithm "
              + requested.label() + " does not use: it " + t.whyIgnoredBy(requested) + "; drop " + t.option
              + ", or use --algorithm " + labels(t.usedBy, " or ") + " (or auto)");
        }
      }
      return EnumSet.of(requested);
    }
    Set<Algorithm> usable = EnumSet.of(Algorithm.FW, Algorithm.DIJKSTRA, Algorithm.BATCHED, Algorithm.PARTITIONED);
    for (Tuning t : given) {
      usable.retainAll(t.usedBy);
    }
    if (usable.isEmpty()) {
      List<String> each = new ArrayList<>();
      for (Tuning t : given) {
        each.add(t.option + " only " + labels(t.usedBy, " and "));
      }
      throw new IllegalArgumentException("no algorithm uses all of " + options(given) + " (" + String.join(", ",
          each) + "): drop the options of the algorithm you do not want");
    }
    return usable;
  }

  /** The note for standard error when the options narrowed auto's choice, else {@code null}. */
  static String note(Algorithm requested, List<Tuning> given, Set<Algorithm> candidates) {
    if (requested != Algorithm.AUTO || given.isEmpty()) {
      return null;
    }
    return options(given) + (given.size() == 1 ? " tunes " : " tune ") + labels(candidates, " and ") + " only: auto "
        + (candidates.size() == 1 ? "runs " + labels(candidates, "") : "chooses between " + labels(candidates,
            " and "));
  }

  private static String options(List<Tuning> given) {
    return given.stream().map(t -> t.option).collect(Collectors.joining(", "));
  }

  private static String labels(Set<Algorithm> algorithms, String separator) {
    return algorithms.stream().map(Algorithm::label).collect(Collectors.joining(separator));
  }
}
