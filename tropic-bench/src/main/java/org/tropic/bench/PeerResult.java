package org.tropic.bench;

/**
 * Tropic against one peer library on one graph, from the same run.
 *
 * @param graph the graph's name
 * @param n vertices
 * @param peer the library and version ({@code scipy 1.17.1}, {@code jgrapht 1.5.2})
 * @param peerSeconds the peer's all-pairs time, NaN if skipped
 * @param tropicSeconds Tropic's median all-pairs time on the same graph
 * @param tropicThreads the threads Tropic ran on (the peers run on one)
 * @param speedup peer time over Tropic time (how many times faster Tropic is), NaN if skipped
 * @param agreement the peer's distances against Tropic's at sampled pairs, null if skipped
 * @param skipped why the peer did not run, or empty
 */
public record PeerResult(String graph, int n, String peer, double peerSeconds, double tropicSeconds,
    int tropicThreads, double speedup, Agreement agreement, String skipped) {

  /** A peer that was not run, and why. */
  public static PeerResult skipped(String graph, int n, String peer, double tropicSeconds, int tropicThreads,
      String why) {
    return new PeerResult(graph, n, peer, Double.NaN, tropicSeconds, tropicThreads, Double.NaN, null, why);
  }

  public boolean ran() {
    return skipped.isEmpty();
  }
}
