package org.tropic.apsp;

import org.tropic.graph.Graph;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * The easy entry point: plan, then solve. {@link #solve} chooses everything; {@link #run} obeys a plan the caller
 * has already shown the user, handing plans for another device to that device's {@link ApspBackend}.
 */
public final class Apsp {
  private static final MinPlusKernels SCALAR = new ScalarMinPlusKernels();

  private Apsp() {}

  /** Plans and solves with the fastest kernels on this machine. */
  public static ApspResult solve(Graph graph, ApspRequest request, Progress progress) {
    return run(graph, new Planner(MinPlusKernels.best()).plan(graph, request), request, progress);
  }

  /** Runs {@code plan} on {@code graph}. */
  public static ApspResult run(Graph graph, ApspPlan plan, ApspRequest request, Progress progress) {
    long start = System.nanoTime();
    if (!plan.onCpu()) {
      ApspBackend backend = ApspBackend.forDevice(plan.device());
      if (backend == null) {
        throw new DeviceUnavailableException("the plan names device " + plan.device()
            + ", but no back end for it is installed");
      }
      DistanceMatrix distances = backend.solve(graph, plan, request, progress);
      return new ApspResult(distances, plan, (System.nanoTime() - start) / 1e9);
    }
    DistanceMatrix distances = switch (plan.algorithm()) {
      case FW -> new BlockedFloydWarshall(floydWarshallKernels(graph.vertexCount()), request.floydWarshall()
          .withBlockSize(plan.blockSize()).withArithmetic(plan.arithmetic()).withThreads(plan.threads()))
          .solve(graph, progress, request.checkpoint());
      case DIJKSTRA -> graph.weightStats().hasNegative()
          ? Johnson.solve(graph, plan.threads(), progress)
          : DijkstraAllPairs.solve(graph, plan.threads(), progress);
      case BATCHED -> new BatchedBellmanFord(graph, plan.blockSize() > 0 ? plan.blockSize()
          : BatchedBellmanFord.batchFor(graph.vertexCount(), plan.threads())).solve(plan.threads(), progress);
      case PARTITIONED -> new PartitionedApsp(MinPlusKernels.best(), request.partitionedOptions())
          .solve(plan.partitioned(), progress);
      case AUTO -> throw new IllegalArgumentException("a plan names a concrete algorithm, not auto");
    };
    // its code is compiled now: the next plan of this size class in this JVM adds no start-up
    ColdStart.JVM.ran(plan.algorithm(), ColdStart.tiledSize(graph.vertexCount(), plan.partitioned()));
    return new ApspResult(distances, plan, (System.nanoTime() - start) / 1e9);
  }

  /**
   * The kernels Floyd–Warshall runs on: the scalar ones for a graph of at most {@value ColdStart#ONE_TILE}
   * vertices, one tile. Their solve is microseconds either way, but the Vector API kernels run interpreted, ~1000×
   * slower, until C2 has compiled them: a fresh {@code tropic apsp --algorithm fw} on lesmis (77 vertices) took
   * 0.15–0.25 s on them, where the plain loops the JIT compiles at once take milliseconds.
   */
  static MinPlusKernels floydWarshallKernels(int n) {
    return n <= ColdStart.ONE_TILE ? SCALAR : MinPlusKernels.best();
  }
}
