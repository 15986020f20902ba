package org.tropic.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.bench.ApspSolver;
import org.tropic.bench.RandomGraphs;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * End-to-end blocked Floyd–Warshall on a reproducible random graph (see {@link RandomGraphs}) at a moderate n. One
 * JMH thread; the solver runs on {@code threads} threads of its own (0: all cores). The primary score is solves per
 * second; the {@code gflop} column is GFLOP/s at 2n³ flops per solve.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class FloydWarshallBenchmark {

  @Param({"1024"})
  public int n;

  /** {@code auto} (the fastest exact path for the weights) or a path label. */
  @Param({"auto"})
  public String arithmetic;

  @Param({"real"})
  public String weights;

  @Param({"0"})
  public int threads;

  @Param({"256"})
  public int blockSize;

  @Param({"true"})
  public boolean lookahead;

  private Graph graph;
  private Arithmetic path;
  private int solverThreads;
  private ApspSolver solver;

  @Setup(Level.Trial)
  public void setUp() {
    graph = RandomGraphs.digraph(n, 16, RandomGraphs.Weights.ofLabel(weights), 42);
    path = arithmetic.equals("auto") ? Arithmetic.choose(graph.weightStats(), n) : Arithmetic.ofLabel(arithmetic);
    solverThreads = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    solver = ApspSolver.blockedFloydWarshall(MinPlusKernels.best(), blockSize, lookahead, true);
  }

  @Benchmark
  public DistanceMatrix solve(GflopCounter counter) {
    DistanceMatrix d = solver.solve(graph, path, solverThreads);
    counter.gflop += 2.0 * n * n * n / 1e9;
    return d;
  }
}
