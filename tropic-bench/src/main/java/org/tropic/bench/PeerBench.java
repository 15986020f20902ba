package org.tropic.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tropic.apsp.Apsp;
import org.tropic.apsp.ApspPlan;
import org.tropic.apsp.ApspRequest;
import org.tropic.apsp.Device;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.Planner;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Tropic, SciPy and JGraphT on the same graph in the same run: each peer's all-pairs time, Tropic's, the ratio, and
 * whether the peer's distances agree with Tropic's at sampled pairs. The peers are SciPy's and JGraphT's
 * Floyd–Warshall and SciPy's Dijkstra from every source (compiled code, the usual choice for a sparse graph). Each
 * peer is set against two Tropic solves: its Floyd–Warshall, and whatever its planner picks for the graph
 * ({@code tropic apsp} without options; batched Bellman–Ford on the sparse random digraphs), so a ratio never mixes
 * up a faster algorithm with faster code. Peers run single-threaded (that is what they offer); Tropic runs on the
 * threads asked for, and the report says how many.
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
   * Runs Tropic (its Floyd–Warshall timed by {@link FloydWarshallBench}, then its planner's pick) and the peers on
   * one graph.
   *
   * @param tropicOptions how to time Tropic's solves here
   * @return two rows per peer that ran (against Tropic's FW, then its planner's pick), one per skipped peer; the
   *     Tropic FW measurement is added to {@code tropicRuns}
   */
  public static List<PeerResult> run(ApspSolver solver, GraphCase graphCase, Arithmetic arithmetic, int threads,
      FloydWarshallBench.Options tropicOptions, Options options, double kernelGflops, List<FwResult> tropicRuns) {
    int n = graphCase.n();
    var fw = FloydWarshallBench.measure(solver, graphCase, arithmetic, threads, tropicOptions, kernelGflops);
    tropicRuns.add(fw.result());
    List<Tropic> tropic = List.of(new Tropic("fw", fw.result().seconds().median(), fw.distances()),
        Tropic.auto(graphCase.graph(), threads, tropicOptions));
    double tropicSeconds = tropic.getFirst().seconds();
    SamplePairs pairs = SamplePairs.random(n, options.samplePairs(), 0x9A1E5L ^ n);
    List<PeerResult> rows = new ArrayList<>(6);

    String version = options.scipy().map(s -> " " + s.version()).orElse("");
    for (String method : new String[] {ScipyPeer.FLOYD_WARSHALL, ScipyPeer.DIJKSTRA}) {
      String scipyName = ScipyPeer.peerName(method) + version;
      if (options.scipy().isEmpty()) {
        rows.add(PeerResult.skipped(graphCase.name(), n, scipyName, tropicSeconds, threads, options.scipyMissing()));
      } else if (n > options.scipyMaxN()) {
        rows.add(PeerResult.skipped(graphCase.name(), n, scipyName, tropicSeconds, threads,
            "n=" + n + " above the SciPy limit " + options.scipyMaxN()));
      } else {
        try {
          PeerRun run = options.scipy().get().shortestPaths(method, graphCase.graph(), pairs,
              options.timeoutSeconds());
          rows(graphCase, run, tropic, threads, pairs, rows);
        } catch (IOException e) {
          rows.add(PeerResult.skipped(graphCase.name(), n, scipyName, tropicSeconds, threads,
              "failed: " + e.getMessage()));
        }
      }
    }

    String jgraphtName = "jgrapht " + JGraphTPeer.VERSION;
    if (n > options.jgraphtMaxN()) {
      rows.add(PeerResult.skipped(graphCase.name(), n, jgraphtName, tropicSeconds, threads,
          "n=" + n + " above the JGraphT limit " + options.jgraphtMaxN() + " (its FW is O(n³) in plain Java)"));
    } else {
      rows(graphCase, JGraphTPeer.floydWarshall(graphCase.graph(), pairs), tropic, threads, pairs, rows);
    }
    return rows;
  }

  /** One row per Tropic solve against the peer's run. */
  private static void rows(GraphCase graphCase, PeerRun run, List<Tropic> tropic, int threads, SamplePairs pairs,
      List<PeerResult> rows) {
    for (Tropic t : tropic) {
      Agreement agreement = Agreement.compare(run.peer().split(" ")[0], t.distances(), pairs, run.distances());
      rows.add(new PeerResult(graphCase.name(), graphCase.n(), run.peer(), t.label(), run.seconds(), t.seconds(),
          threads, run.seconds() / t.seconds(), agreement, ""));
    }
  }

  /** A Tropic solve of the peers' graph: what ran, its median seconds, and its distances. */
  private record Tropic(String label, double seconds, DistanceMatrix distances) {

    /** The planner's pick, planned once (as {@code tropic apsp} does before its run) and timed like FW. */
    static Tropic auto(Graph graph, int threads, FloydWarshallBench.Options timing) {
      ApspRequest request = ApspRequest.defaults().withFloydWarshall(FloydWarshallOptions.defaults()
          .withThreads(threads)).withDevice(Device.CPU);
      ApspPlan plan = new Planner(MinPlusKernels.best()).plan(graph, request);
      DistanceMatrix distances = null;
      for (int i = 0; i < timing.warmupRuns(); i++) {
        distances = Apsp.run(graph, plan, request, Progress.NONE).distances();
      }
      double[] seconds = new double[timing.runs()];
      for (int i = 0; i < seconds.length; i++) {
        distances = null; // let the previous result go before the next is allocated
        long start = System.nanoTime();
        distances = Apsp.run(graph, plan, request, Progress.NONE).distances();
        seconds[i] = (System.nanoTime() - start) / 1e9;
      }
      return new Tropic("auto: " + plan.algorithm().label(), Timing.of(seconds).median(), distances);
    }
  }
}
