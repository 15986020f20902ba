package org.tropic.gpu;

import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * All-pairs shortest paths by blocked Floyd–Warshall on one NVIDIA GPU: the same algorithm, tiles and update order
 * as the CPU's {@link BlockedFloydWarshall}, so that with the same b the distances agree bit for bit. When the padded
 * n² matrix (plus two b×N panels) fits the device memory budget it lives on the device ({@link ResidentSolver});
 * otherwise it stays in host memory and the outer products are streamed through the device
 * ({@link OffloadSolver}, HPDC'21 §4.3–4.5), with the block size from eq. 5 ({@link OffloadModel}) and rates
 * measured by {@link OffloadCalibration} unless given.
 *
 * <p>Time Θ(n³) at the SRGEMM's rate; device memory {@link DeviceMemoryPlan#deviceBytes()}, host memory the padded
 * N² floats off-heap. Written against the CUDA bindings of this package; it runs only where a GPU is present (on
 * an H100 at 81% of the SRGEMM's rate resident; the module's README has the figures and the checks).
 */
public final class GpuFloydWarshall {
  private final GpuContext gpu;
  private final GpuFloydWarshallOptions options;
  private final int hostThreads;

  /**
   * A finished solve: the distances (off-heap; close them when done) and how they were computed: the memory plan,
   * the arithmetic, {@code symmetric} (on the tiles on and above the diagonal only) and where the time went.
   */
  public record Result(HostMatrix distances, DeviceMemoryPlan plan, Arithmetic arithmetic, boolean dpx,
      boolean symmetric, SolveTimes times) {}

  public GpuFloydWarshall(GpuContext gpu, GpuFloydWarshallOptions options, int hostThreads) {
    this.gpu = gpu;
    this.options = options;
    this.hostThreads = hostThreads > 0 ? hostThreads : Runtime.getRuntime().availableProcessors();
  }

  /** The arithmetic for {@code graph}: the requested one if it is exact for the graph, else the fastest exact one. */
  public Arithmetic arithmeticFor(Graph graph) {
    return new BlockedFloydWarshall(MinPlusKernels.best(),
        FloydWarshallOptions.defaults().withArithmetic(options.arithmetic())).arithmeticFor(graph);
  }

  /** The device memory budget: the limit given, else 90% of what the device has free now. */
  public long budgetBytes() {
    long free = gpu.freeBytes();
    long limit = options.deviceMemoryLimit();
    return limit > 0 ? Math.min(limit, free) : (long) (free * 0.9);
  }

  /**
   * The memory plan for n vertices: resident with the given or default b when it fits, else offload with the given
   * b or the best of eq. 5's that fits ({@link OffloadModel#blockSizes}; the offload rates are measured on the
   * device when {@code kernels} is needed and none were given).
   */
  public DeviceMemoryPlan plan(int n, Arithmetic arithmetic, MinPlusModule kernels) {
    long budget = budgetBytes();
    int residentB = options.blockSize() > 0 ? options.blockSize() : GpuBlockSize.resident(n);
    if (!options.forceOffload()) {
      DeviceMemoryPlan resident = DeviceMemoryPlan.choose(n, residentB, budget, options.streams(), false);
      if (resident.resident()) {
        return resident;
      }
    }
    if (options.blockSize() > 0) {
      return DeviceMemoryPlan.choose(n, options.blockSize(), budget, options.streams(), true, options.lookahead());
    }
    OffloadModel model = options.offloadModel() != null ? options.offloadModel()
        : OffloadCalibration.measure(gpu, kernels, arithmetic, hostThreads);
    // The best b that fits; if none does, the refusal of the smallest, which needs the least memory.
    MemoryBudgetException smallest = null;
    int smallestB = Integer.MAX_VALUE;
    for (int b : model.blockSizes(n)) {
      try {
        return DeviceMemoryPlan.choose(n, b, budget, options.streams(), true, options.lookahead());
      } catch (MemoryBudgetException e) {
        if (b < smallestB) {
          smallest = e;
          smallestB = b;
        }
      }
    }
    throw smallest;
  }

  /**
   * Whether a solve of {@code graph} works on the tiles on and above the diagonal only: symmetry is on and the graph
   * allows it, by the rule the CPU solver applies.
   */
  public boolean usesSymmetry(Graph graph) {
    return BlockedFloydWarshall.solvableOnUpperTriangle(graph, options.symmetry());
  }

  /**
   * Solves {@code graph}.
   *
   * @throws org.tropic.apsp.NegativeCycleException if a diagonal closure finds a negative cycle
   * @throws org.tropic.apsp.MemoryBudgetException if not even the offload mode fits the device budget
   */
  public Result solve(Graph graph, Progress progress) {
    gpu.makeCurrent();
    Arithmetic arithmetic = arithmeticFor(graph);
    MinPlusModule kernels = options.dpx() ? gpu.load(true) : gpu.kernels();
    try {
      DeviceMemoryPlan plan = plan(graph.vertexCount(), arithmetic, kernels);
      boolean symmetric = usesSymmetry(graph);
      if (plan.resident()) {
        ResidentSolver.Solved solved = new ResidentSolver(gpu, kernels, arithmetic, plan, graph, progress, symmetric)
            .run();
        solved.distances().solvedOnUpperTriangle(symmetric);
        return new Result(solved.distances(), plan, arithmetic, kernels.dpx(), symmetric, solved.times());
      }
      long t0 = System.nanoTime();
      HostMatrix matrix = HostMatrix.ofArcs(graph, plan.padded(), arithmetic);
      try {
        long t1 = System.nanoTime();
        String detail = new OffloadSolver(gpu, kernels, arithmetic, plan, graph, progress, hostThreads, symmetric)
            .run(matrix);
        long t2 = System.nanoTime();
        matrix.solvedOnUpperTriangle(symmetric);
        SolveTimes times = new SolveTimes((t1 - t0) / 1e9, (t2 - t1) / 1e9, (System.nanoTime() - t2) / 1e9, detail);
        return new Result(matrix, plan, arithmetic, kernels.dpx(), symmetric, times);
      } catch (RuntimeException | Error e) {
        matrix.close();
        throw e;
      }
    } finally {
      if (options.dpx()) {
        kernels.close();
      }
    }
  }
}
