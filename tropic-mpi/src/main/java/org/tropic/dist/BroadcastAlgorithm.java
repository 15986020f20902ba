package org.tropic.dist;

/**
 * How panels travel along a process row or column.
 *
 * <ul>
 *   <li>{@link #LIBRARY}: {@code MPI_Bcast}, blocking — the baseline of DSNAPSHOT Alg. 2. Its tree costs
 *       {@code log P·(α + wβ)} and it synchronises the participants.
 *   <li>{@link #RING}: a non-blocking ring, each process relaying to the next, pipelined in chunks (4 MB by
 *       default, COAST §VII-C): {@code (P−1)α + wβ}, optimal in bandwidth, and the next pivot's process row and
 *       column receive first (ParallelFw §3.3).
 *   <li>{@link #RING2}: COAST's ring-2-modified: the root feeds two half-length rings, halving the pipeline depth
 *       for twice the root's sending.
 * </ul>
 * In the ring modes the small diagonal tile goes by the library's non-blocking {@code MPI_Ibcast}, to keep the
 * critical path's latency low (COAST §VII-C).
 */
public enum BroadcastAlgorithm {
  LIBRARY,
  RING,
  RING2;

  /** The name used on the command line: {@code library}, {@code ring}, {@code ring2}. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The algorithm named by {@link #label()}. */
  public static BroadcastAlgorithm ofLabel(String label) {
    for (BroadcastAlgorithm a : values()) {
      if (a.label().equalsIgnoreCase(label.strip())) {
        return a;
      }
    }
    throw new IllegalArgumentException("unknown broadcast '" + label + "' (ring, ring2, library)");
  }
}
