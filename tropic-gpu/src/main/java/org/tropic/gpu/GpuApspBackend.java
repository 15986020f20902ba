package org.tropic.gpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tropic.apsp.Algorithm;
import org.tropic.apsp.ApspBackend;
import org.tropic.apsp.ApspPlan;
import org.tropic.apsp.ApspRequest;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * The GPU as an {@link ApspBackend} of the planner (device {@code gpu}), registered in
 * {@code META-INF/services/org.tropic.apsp.ApspBackend}. Plans Floyd–Warshall on the device; its time estimate
 * assumes {@link #ASSUMED_EFFICIENCY} of the min-plus peak at the driver's reported clock, plus the transfers, until
 * the device benchmark has measured the real rate.
 */
public final class GpuApspBackend implements ApspBackend {
  /** The fraction of the min-plus peak the estimate assumes (the SRGEMM target is 70%, FW 80% of that). */
  static final double ASSUMED_EFFICIENCY = 0.55;
  /** Seconds for opening the context and loading the (cached) kernels. */
  static final double STARTUP_SECONDS = 1.0;
  /** Host↔device bytes per second assumed for moving the matrix (PCIe 4 from pageable memory). */
  static final double TRANSFER_BYTES_PER_SECOND = 10e9;
  /** How much slower offload runs are assumed to be (HPDC'21 reports about 20%). */
  static final double OFFLOAD_SLOWDOWN = 1.25;
  /** The offload block size assumed for planning; the solve measures eq. 5's. */
  static final int PLANNING_OFFLOAD_BLOCK = 1024;

  @Override
  public String device() {
    return "gpu";
  }

  @Override
  public Probe probe() {
    Gpu.GpuProbe probe = Gpu.probe();
    return new Probe(probe.available(), probe.description());
  }

  @Override
  public ApspPlan plan(Graph graph, ApspRequest request) {
    if (request.algorithm() != Algorithm.FW && request.algorithm() != Algorithm.AUTO) {
      String name = switch (request.algorithm()) {
        case DIJKSTRA -> "Dijkstra";
        case BATCHED -> "Batched Bellman–Ford";
        default -> "Partitioned APSP";
      };
      throw new IllegalArgumentException(name + " runs on the CPU only: use --algorithm fw (or auto) with the GPU,"
          + " or --device cpu");
    }
    Gpu.GpuProbe probe = Gpu.probe();
    if (!probe.available()) {
      throw new GpuUnavailableException(probe.description());
    }
    GpuDevice device = probe.device();
    int n = graph.vertexCount();
    Arithmetic arithmetic = new BlockedFloydWarshall(MinPlusKernels.best(), request.floydWarshall())
        .arithmeticFor(graph);
    int b = request.floydWarshall().blockSize();
    if (b % MinPlusModule.TILE != 0) {
      throw new IllegalArgumentException("--block " + b + ": on the GPU the tile side must be a multiple of "
          + MinPlusModule.TILE);
    }
    long budget = (long) (device.totalBytes() * 0.9);
    DeviceMemoryPlan memory = DeviceMemoryPlan.choose(n, b > 0 ? b : GpuBlockSize.resident(n), budget,
        DeviceMemoryPlan.MIN_OFFLOAD_STREAMS, false);
    if (!memory.resident()) {
      memory = DeviceMemoryPlan.choose(n, b > 0 ? b : PLANNING_OFFLOAD_BLOCK, budget,
          DeviceMemoryPlan.MIN_OFFLOAD_STREAMS, true);
    }
    long available = availableHostBytes();
    if (available > 0 && memory.hostBytes() > available) {
      throw new MemoryBudgetException(String.format("GPU Floyd–Warshall of n = %,d (the padded %,d² float32 matrix"
          + " in host memory)", n, memory.padded()), memory.hostBytes(), available);
    }
    double peak = device.minPlusPeakFlops(device.clockKHz() * 1e3);
    double nn = memory.padded();
    // A symmetric graph is solved on the tiles on and above the diagonal: (t + 1) / 2t of them.
    double tiles = nn / memory.blockSize();
    double share = BlockedFloydWarshall.solvableOnUpperTriangle(graph, request.floydWarshall().symmetry())
        ? (tiles + 1) / (2 * tiles) : 1;
    double compute = 2 * nn * nn * nn * share / (peak * ASSUMED_EFFICIENCY)
        * (memory.resident() ? 1 : OFFLOAD_SLOWDOWN);
    double seconds = STARTUP_SECONDS + compute + 2 * nn * nn * Float.BYTES / TRANSFER_BYTES_PER_SECOND;
    String reason = String.format("%s; %s%s; estimated at %.0f%% of its %.1f Tflop/s min-plus peak until measured",
        device.describe(), memory.describe(), share < 1 ? ", upper triangle: the graph is symmetric" : "",
        ASSUMED_EFFICIENCY * 100, peak / 1e12);
    return new ApspPlan(Algorithm.FW, arithmetic, memory.blockSize(), request.floydWarshall().effectiveThreads(),
        seconds, memory.hostBytes(), seconds, Double.NaN, Double.NaN, Double.NaN, null, reason, device(), "");
  }

  @Override
  public DistanceMatrix solve(Graph graph, ApspPlan plan, ApspRequest request, Progress progress) {
    GpuFloydWarshallOptions options = GpuFloydWarshallOptions.defaults().withArithmetic(plan.arithmetic())
        .withBlockSize(request.floydWarshall().blockSize()).withSymmetry(request.floydWarshall().symmetry());
    try (GpuContext gpu = Gpu.open()) {
      return new GpuFloydWarshall(gpu, options, plan.threads()).solve(graph, progress).distances();
    }
  }

  /** MemAvailable from /proc/meminfo, or 0 where there is none (the check is then skipped). */
  static long availableHostBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemAvailable:")) {
          String[] parts = line.trim().split("\\s+");
          return Long.parseLong(parts[1]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return 0;
    }
    return 0;
  }
}
