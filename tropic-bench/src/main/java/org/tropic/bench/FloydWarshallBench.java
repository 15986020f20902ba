package org.tropic.bench;

import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * Times whole all-pairs solves (graph in, distance matrix out) and expresses them as GFLOP/s at 2n³ flops — the
 * rate Floyd–Warshall's arithmetic would have — so they compare directly with the kernel's rate. Also measures the
 * memory of one solve ({@link MemoryProbe}) and checks rows of the result against JGraphT's Dijkstra from a few
 * random sources, so a rate never comes from a wrong answer.
 */
public final class FloydWarshallBench {

  /**
   * How to run one end-to-end measurement.
   *
   * @param warmupRuns untimed solves first
   * @param runs timed solves; the median is reported
   * @param checkSources how many random sources' rows to compare with Dijkstra (0: no check)
   * @param measureMemory whether to measure the memory of the first timed solve
   */
  public record Options(int warmupRuns, int runs, int checkSources, boolean measureMemory) {
    public Options {
      if (warmupRuns < 0 || runs < 1 || checkSources < 0) {
        throw new IllegalArgumentException("need warmupRuns >= 0, runs >= 1, checkSources >= 0; got "
            + warmupRuns + ", " + runs + ", " + checkSources);
      }
    }
  }

  /** A measurement together with the distances of its last solve, for comparing with peers. */
  record Measured(FwResult result, DistanceMatrix distances) {}

  private FloydWarshallBench() {}

  /**
   * Measures {@code solver} on the graph.
   *
   * @param arithmetic the path to run, or null for the fastest exact one ({@link Arithmetic#choose})
   * @param kernelGflops the kernel's rate for that path and thread count from the same run, or NaN
   */
  public static FwResult run(ApspSolver solver, GraphCase graphCase, Arithmetic arithmetic, int threads,
      Options options, double kernelGflops) {
    return measure(solver, graphCase, arithmetic, threads, options, kernelGflops).result();
  }

  static Measured measure(ApspSolver solver, GraphCase graphCase, Arithmetic arithmetic, int threads,
      Options options, double kernelGflops) {
    Graph graph = graphCase.graph();
    int n = graph.vertexCount();
    Arithmetic path = arithmeticFor(graph, arithmetic);
    for (int w = 0; w < options.warmupRuns(); w++) {
      Reference.reachabilityFence(solver.solve(graph, path, threads));
    }
    double[] seconds = new double[options.runs()];
    MemoryUse memory = null;
    DistanceMatrix last = null;
    for (int r = 0; r < options.runs(); r++) {
      last = null;
      MemoryProbe probe = r == 0 && options.measureMemory() ? MemoryProbe.start() : null;
      if (probe == null) {
        System.gc();
      }
      long start = System.nanoTime();
      last = solver.solve(graph, path, threads);
      seconds[r] = (System.nanoTime() - start) / 1e9;
      if (probe != null) {
        memory = probe.finish(4L * n * n);
        Reference.reachabilityFence(last);
      }
    }
    Timing time = Timing.of(seconds);
    double[] rates = Arrays.stream(seconds).map(s -> FwResult.flops(n) / s / 1e9).toArray();
    Timing gflops = Timing.of(rates);
    Agreement check = null;
    String checkNote = "";
    if (options.checkSources() == 0) {
      checkNote = "not checked (0 sources asked for)";
    } else if (graph.weightStats().hasNegative()) {
      checkNote = "not checked: negative weights (Dijkstra does not apply)";
    } else {
      check = checkRows(graph, last, options.checkSources(), 0xC0FFEEL);
    }
    double fraction = kernelGflops > 0 ? gflops.median() / kernelGflops : Double.NaN;
    FwResult result = new FwResult(graphCase.name(), n, graph.arcCount(),
        solver.describe(graph, path, threads), path, threads, time, gflops,
        kernelGflops, fraction, memory, check, checkNote);
    return new Measured(result, last);
  }

  /** The path to run: the one asked for (if exact for these weights) or the fastest exact one. */
  static Arithmetic arithmeticFor(Graph graph, Arithmetic asked) {
    int n = graph.vertexCount();
    if (asked == null) {
      return Arithmetic.choose(graph.weightStats(), n);
    }
    if (!asked.supports(graph.weightStats(), n)) {
      throw new IllegalArgumentException("arithmetic " + asked.label() + " is not exact for " + graph
          + " with weights " + graph.weightStats() + "; leave it to choose, or pick exact-float");
    }
    return asked;
  }

  /** Compares the rows of {@code sources} random vertices with JGraphT's Dijkstra. */
  static Agreement checkRows(Graph graph, DistanceMatrix distances, int sources, long seed) {
    int n = graph.vertexCount();
    SplittableRandom random = new SplittableRandom(seed);
    int[] chosen = random.ints(Math.min(sources, n), 0, n).toArray();
    double[] expected = JGraphTPeer.dijkstraRows(graph, chosen);
    return Agreement.compare("jgrapht-dijkstra", distances, JGraphTPeer.rowPairs(n, chosen), expected);
  }
}
