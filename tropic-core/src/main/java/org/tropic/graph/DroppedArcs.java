package org.tropic.graph;

import java.util.Locale;

/**
 * The arcs of an input that its {@link Graph} does not hold as separate arcs: self-loops of non-negative weight,
 * dropped because they never shorten a path, and duplicate arcs, merged into the lightest arc of their pair. Shortest
 * paths are the same either way, but adjacency-matrix analytics (PageRank, Katz, eigenvector and subgraph
 * centrality) are not, so readers report these counts rather than drop arcs unannounced. Counts are of arcs: a
 * repeated undirected edge is two merged arcs, an undirected self-loop one dropped arc.
 *
 * @param selfLoops self-loops dropped
 * @param duplicates arcs merged into another arc of the same source and target
 */
public record DroppedArcs(long selfLoops, long duplicates) {

  /** Every arc kept. */
  public static final DroppedArcs NONE = new DroppedArcs(0, 0);

  /** Whether any arc was dropped or merged. */
  public boolean any() {
    return selfLoops > 0 || duplicates > 0;
  }

  /** These counts with {@code more} self-loops dropped, e.g. by a reader before the builder saw them. */
  public DroppedArcs plusSelfLoops(long more) {
    return new DroppedArcs(selfLoops + more, duplicates);
  }

  /**
   * The non-zero counts for read reports, e.g. {@code 1 self-loop dropped, 2 duplicate arcs merged}; empty when
   * {@link #any()} is false.
   */
  public String describe() {
    String loops = selfLoops == 0 ? "" : count(selfLoops, "self-loop") + " dropped";
    String merged = duplicates == 0 ? "" : count(duplicates, "duplicate arc") + " merged";
    return loops.isEmpty() || merged.isEmpty() ? loops + merged : loops + ", " + merged;
  }

  private static String count(long n, String noun) {
    return String.format(Locale.ROOT, "%,d %s%s", n, noun, n == 1 ? "" : "s");
  }
}
