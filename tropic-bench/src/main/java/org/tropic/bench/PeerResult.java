package org.tropic.bench;

/**
 * Tropic against one peer library on one graph, from the same run.
 *
 * @param graph the graph's name
 * @param n vertices
 * @param peer the library, version and algorithm ({@code scipy 1.17.1}, {@code scipy-dijkstra 1.17.1},
 *     {@code jgrapht 1.5.2}; Floyd–Warshall unless named)
 * @param tropic what Tropic ran: {@code fw}, or {@code auto: A} for the planner's pick A
 * @param peerSeconds the peer's all-pairs time, NaN if skipped
 * @param tropicSeconds Tropic's median all-pairs time on the same graph, with {@code tropic}
 * @param tropicThreads the threads Tropic ran on (the peers run on one)
 * @param speedup peer time over Tropic time (how many times faster Tropic is), NaN if skipped
 * @param agreement the peer's distances against Tropic's at sampled pairs, null if skipped
 * @param skipped why the peer did not run, or empty
 */
public record PeerResult(String graph, int n, String peer, String tropic, double peerSeconds, double tropicSeconds,
    int tropicThreads, double speedup, Agreement agreement, String skipped) {

  /** A peer that was not run, and why. */
  public static PeerResult skipped(String graph, int n, String peer, double tropicSeconds, int tropicThreads,
      String why) {
    return new PeerResult(graph, n, peer, "fw", Double.NaN, tropicSeconds, tropicThreads, Double.NaN, null, why);
  }

  public boolean ran() {
    return skipped.isEmpty();
  }
}
