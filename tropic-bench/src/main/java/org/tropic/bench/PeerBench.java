package org.tropic.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tropic.semiring.Arithmetic;

/**
 * Tropic, SciPy and JGraphT on the same graph in the same run: each peer's all-pairs time, Tropic's, the ratio, and
 * whether the peer's distances agree with Tropic's at sampled pairs. Peers run single-threaded (that is what they
 * offer); Tropic runs on the threads asked for, and the report says how many.
 */
public final class PeerBench {

  /**
   * Which peers to run, and up to which size.
   *
   * @param scipy the SciPy runner, or empty if no Python with SciPy was found
   * @param scipyMissing why SciPy is unavailable (shown in place of its results), or empty
   * @param scipyMaxN largest n SciPy runs at
   * @param jgraphtMaxN largest n JGraphT's Floyd–Warshall runs at
   * @param samplePairs pairs compared per peer
   * @param timeoutSeconds limit for one SciPy run
   */
  public record Options(Optional<ScipyPeer> scipy, String scipyMissing, int scipyMaxN, int jgraphtMaxN,
      int samplePairs, long timeoutSeconds) {}

  private PeerBench() {}

  /**
   * Runs Tropic (timed by {@link FloydWarshallBench}) and the peers on one graph.
   *
   * @param tropicOptions how to time Tropic's solves here
   * @return one row per peer, skipped rows included; the Tropic measurement is added to {@code tropicRuns}
   */
  public static List<PeerResult> run(ApspSolver solver, GraphCase graphCase, Arithmetic arithmetic, int threads,
      FloydWarshallBench.Options tropicOptions, Options options, double kernelGflops, List<FwResult> tropicRuns) {
    int n = graphCase.n();
    var tropic = FloydWarshallBench.measure(solver, graphCase, arithmetic, threads, tropicOptions, kernelGflops);
    tropicRuns.add(tropic.result());
    double tropicSeconds = tropic.result().seconds().median();
    SamplePairs pairs = SamplePairs.random(n, options.samplePairs(), 0x9A1E5L ^ n);
    List<PeerResult> rows = new ArrayList<>(2);

    String scipyName = options.scipy().map(s -> "scipy " + s.version()).orElse("scipy");
    if (options.scipy().isEmpty()) {
      rows.add(PeerResult.skipped(graphCase.name(), n, scipyName, tropicSeconds, threads, options.scipyMissing()));
    } else if (n > options.scipyMaxN()) {
      rows.add(PeerResult.skipped(graphCase.name(), n, scipyName, tropicSeconds, threads,
          "n=" + n + " above the SciPy limit " + options.scipyMaxN()));
    } else {
      try {
        PeerRun run = options.scipy().get().floydWarshall(graphCase.graph(), pairs, options.timeoutSeconds());
        rows.add(row(graphCase, run, tropicSeconds, threads, tropic.distances(), pairs));
      } catch (IOException e) {
        rows.add(PeerResult.skipped(graphCase.name(), n, scipyName, tropicSeconds, threads,
            "failed: " + e.getMessage()));
      }
    }

    String jgraphtName = "jgrapht " + JGraphTPeer.VERSION;
    if (n > options.jgraphtMaxN()) {
      rows.add(PeerResult.skipped(graphCase.name(), n, jgraphtName, tropicSeconds, threads,
          "n=" + n + " above the JGraphT limit " + options.jgraphtMaxN() + " (its FW is O(n³) in plain Java)"));
    } else {
      PeerRun run = JGraphTPeer.floydWarshall(graphCase.graph(), pairs);
      rows.add(row(graphCase, run, tropicSeconds, threads, tropic.distances(), pairs));
    }
    return rows;
  }

  private static PeerResult row(GraphCase graphCase, PeerRun run, double tropicSeconds, int threads,
      org.tropic.apsp.DistanceMatrix tropic, SamplePairs pairs) {
    Agreement agreement = Agreement.compare(run.peer().split(" ")[0], tropic, pairs, run.distances());
    return new PeerResult(graphCase.name(), graphCase.n(), run.peer(), run.seconds(), tropicSeconds, threads,
        run.seconds() / tropicSeconds, agreement, "");
  }
}
