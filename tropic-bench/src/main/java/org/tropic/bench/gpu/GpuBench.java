package org.tropic.bench.gpu;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.tropic.apsp.Algorithm;
import org.tropic.apsp.Apsp;
import org.tropic.apsp.ApspRequest;
import org.tropic.apsp.ApspResult;
import org.tropic.apsp.DijkstraAllPairs;
import org.tropic.apsp.Device;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.Progress;
import org.tropic.bench.CommandLines;
import org.tropic.bench.RandomGraphs;
import org.tropic.gpu.CudaEvent;
import org.tropic.gpu.CudaStream;
import org.tropic.gpu.DeviceBuffer;
import org.tropic.gpu.DeviceMemoryPlan;
import org.tropic.gpu.Gpu;
import org.tropic.gpu.GpuBlockSize;
import org.tropic.gpu.GpuContext;
import org.tropic.gpu.GpuDevice;
import org.tropic.gpu.GpuFloydWarshall;
import org.tropic.gpu.GpuFloydWarshallOptions;
import org.tropic.gpu.GpuMinPlusKernels;
import org.tropic.gpu.MinPlusModule;
import org.tropic.gpu.OffloadCalibration;
import org.tropic.gpu.OffloadLookahead;
import org.tropic.gpu.OffloadModel;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * The GPU benchmark, in one run: the SM clock measured under load and the min-plus peak from it (H100/H200: 132 SMs ×
 * 128 flop per SM per clock); the SRGEMM rate of every arithmetic path against that peak (target ≥ 70%);
 * end-to-end Floyd–Warshall at the largest n that fits (up to {@code --fw-max-n}) against the SRGEMM rate (target
 * ≥ 80%); the offload mode on the same graph with the device budget halved, so the matrix is twice what the device
 * may hold (target: ≤ 25% slower); and the speedup over the CPU path. Every measurement is checked against the CPU
 * on fresh random inputs (a new seed each run unless {@code --seed}): the SRGEMM element by element over a
 * NaN-poisoned output, the ragged-shape kernels bit for bit against the scalar reference, Floyd–Warshall element by
 * element against the CPU solver at {@code --cpu-n} and against Dijkstra from sampled sources at the large n, and
 * the offload result element by element against the resident one. Exit status 1 if any check fails.
 *
 * <p>Run: {@code java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -cp tropic.jar
 * org.tropic.bench.gpu.GpuBench} (see tropic-gpu/README.md).
 */
public final class GpuBench {
  private static final Arithmetic[] PATHS = Arithmetic.values();
  private final GpuBenchArgs args;
  private final PrintStream out;
  private final List<String> failures = new ArrayList<>();

  private GpuBench(GpuBenchArgs args, PrintStream out) {
    this.args = args;
    this.out = out;
  }

  public static void main(String[] argv) {
    if (CommandLines.wantsHelp(argv)) {
      System.out.print(GpuBenchArgs.USAGE);
      return;
    }
    GpuBenchArgs args;
    try {
      args = GpuBenchArgs.parse(argv);
    } catch (IllegalArgumentException e) {
      System.err.println("GpuBench: " + e.getMessage());
      System.err.print(GpuBenchArgs.USAGE);
      System.exit(2);
      return;
    }
    Gpu.GpuProbe probe = Gpu.probe();
    if (!probe.available()) {
      System.err.println("GpuBench: " + probe.description());
      System.exit(2);
    }
    GpuBench bench = new GpuBench(args, System.out);
    try (GpuContext gpu = Gpu.open()) {
      bench.run(gpu);
    }
    if (!bench.failures.isEmpty()) {
      System.out.println("FAILED CHECKS:");
      bench.failures.forEach(f -> System.out.println("  " + f));
      System.exit(1);
    }
    System.out.println("all checks passed");
  }

  private void run(GpuContext gpu) {
    GpuDevice device = gpu.device();
    MinPlusModule kernels = gpu.kernels();
    MinPlusModule dpx = device.capability().hasDpx() ? gpu.load(true) : null;
    out.printf("device: %s, driver clock %.0f MHz, NVRTC %s, kernels %s%s%n", device.describe(),
        device.clockKHz() / 1e3, gpu.compilerVersion(), kernels.image().target().name(),
        kernels.image().fromCache() ? " (cached)" : "");
    out.printf("seed: %d%n", args.seed());

    // 1. SRGEMM rates, then the clock while the device is warm.
    double[] seconds = new double[PATHS.length];
    for (Arithmetic a : PATHS) {
      seconds[a.ordinal()] = DeviceSrgemm.bestSeconds(gpu, kernels, a, args.srgemmSide(), args.srgemmDepth(), 5,
          args.seed());
    }
    double dpxSeconds = dpx == null || !dpx.dpx() ? Double.NaN : DeviceSrgemm.bestSeconds(gpu, dpx, Arithmetic.INT32,
        args.srgemmSide(), args.srgemmDepth(), 5, args.seed());
    double clockHz = measureClockHz(gpu, kernels, device.multiprocessors());
    double peak = device.minPlusPeakFlops(clockHz);
    out.printf("clock: %.0f MHz measured under load; min-plus peak %d SMs × %d flop/clock × clock = %.2f Tflop/s%n",
        clockHz / 1e6, device.multiprocessors(), device.capability().minPlusFlopsPerMultiprocessorPerClock(),
        peak / 1e12);
    double flop = 2.0 * args.srgemmSide() * args.srgemmSide() * args.srgemmDepth();
    for (Arithmetic a : PATHS) {
      double rate = flop / seconds[a.ordinal()];
      out.printf("srgemm %-18s %d×%d×%d: %7.2f Tflop/s = %5.1f%% of peak (target ≥ 70%%)%n", a.label(),
          args.srgemmSide(), args.srgemmSide(), args.srgemmDepth(), rate / 1e12, 100 * rate / peak);
    }
    if (!Double.isNaN(dpxSeconds)) {
      out.printf("srgemm %-18s %d×%d×%d: %7.2f Tflop/s = %5.1f%% of peak (kept only if faster than int32)%n",
          "int32-dpx", args.srgemmSide(), args.srgemmSide(), args.srgemmDepth(), flop / dpxSeconds / 1e12,
          100 * flop / dpxSeconds / peak);
    }
    checkSrgemm(gpu, kernels, dpx);

    // 2. End-to-end Floyd–Warshall, resident, then offloaded with half the device budget.
    int b = args.block() > 0 ? args.block() : 0;
    long budget = (long) (gpu.freeBytes() * 0.9);
    int largest = largestResidentN(budget, b);
    int n = Math.min(args.fwMaxN(), largest) - 37;
    Graph graph = RandomGraphs.digraph(n, 8, RandomGraphs.Weights.INTEGER, args.seed());
    out.printf("floyd-warshall: %s (largest resident n here %,d)%n", RandomGraphs.describe(n, 8,
        RandomGraphs.Weights.INTEGER), largest);
    GpuFloydWarshallOptions options = GpuFloydWarshallOptions.defaults().withBlockSize(b)
        .withOffload(false, args.streams());
    long t0 = System.nanoTime();
    GpuFloydWarshall.Result resident = new GpuFloydWarshall(gpu, options, args.threads()).solve(graph, Progress.NONE);
    double residentSeconds = (System.nanoTime() - t0) / 1e9;
    double fwRate = 2.0 * n * n * (double) n / residentSeconds;
    double int32Rate = flop / seconds[Arithmetic.INT32.ordinal()];
    out.printf("fw resident n=%,d b=%d %s: %.1f s, %.2f Tflop/s = %.1f%% of the int32 SRGEMM rate (target ≥ 80%%)%n",
        n, resident.plan().blockSize(), resident.arithmetic().label(), residentSeconds, fwRate / 1e12,
        100 * fwRate / int32Rate);
    double pivotRate = 2.0 * n * n * (double) n / resident.times().pivotSeconds();
    out.printf("  %s; the pivot loop alone: %.2f Tflop/s = %.1f%% of the int32 SRGEMM rate%n",
        resident.times().describe(), pivotRate / 1e12, 100 * pivotRate / int32Rate);
    checkAgainstDijkstra(graph, resident.distances(), 16);

    // The same arcs undirected: the resident solve takes the upper triangle of tiles, about half the work.
    Graph undirected = RandomGraphs.undirected(n, 8, RandomGraphs.Weights.INTEGER, args.seed());
    t0 = System.nanoTime();
    GpuFloydWarshall.Result upper = new GpuFloydWarshall(gpu, options, args.threads()).solve(undirected,
        Progress.NONE);
    double upperSeconds = (System.nanoTime() - t0) / 1e9;
    out.printf("fw resident n=%,d undirected (%s): %.1f s, %.2f× the directed solve's time%n", n,
        upper.symmetric() ? "upper triangle of tiles" : "every tile", upperSeconds, upperSeconds / residentSeconds);
    out.printf("  %s; pivot loop %.2f× the directed one's%n", upper.times().describe(),
        upper.times().pivotSeconds() / resident.times().pivotSeconds());
    record(upper.symmetric(), "the undirected solve used the upper triangle");
    checkAgainstDijkstra(undirected, upper.distances(), 16);
    upper.distances().close();

    OffloadModel model = OffloadCalibration.measure(gpu, kernels, resident.arithmetic(), args.effectiveThreads());
    out.printf("offload rates: SRGEMM %.2f Tflop/s, device→host %.1f GB/s, host update %.1f GB/s; eq. 5: k ≥ %.0f"
        + " → b = %d%n", model.flopsPerSecond() / 1e12, model.transferBytesPerSecond() / 1e9,
        model.hostUpdateBytesPerSecond() / 1e9, model.minimumK(), model.blockSize(n));
    // Half the resident mode's memory, so the matrix is twice what the device may hold; but at least what the
    // offload's panels need, which at a small n (a smoke run) is more than half.
    int offloadB = model.blockSize(n);
    long halfBudget = Math.max(resident.plan().deviceBytes() / 2, DeviceMemoryPlan.offloadMinimumDeviceBytes(
        DeviceMemoryPlan.padded(n, offloadB), offloadB, args.streams()));
    // Without and with lookahead, the default plan's choice marked: what the second set of panels gains.
    boolean defaultLookahead = DeviceMemoryPlan.choose(n, offloadB, halfBudget, args.streams(), true).lookahead();
    for (OffloadLookahead lookahead : List.of(OffloadLookahead.NEVER, OffloadLookahead.ALWAYS)) {
      if (lookahead == OffloadLookahead.ALWAYS
          && !DeviceMemoryPlan.choose(n, offloadB, halfBudget, args.streams(), true, lookahead).lookahead()) {
        out.println("fw offload with lookahead: not run, the budget holds no second set of panels at this b");
        continue;
      }
      t0 = System.nanoTime();
      GpuFloydWarshall.Result offload = new GpuFloydWarshall(gpu, options.withOffload(true, args.streams())
          .withDeviceMemoryLimit(halfBudget).withOffloadModel(model).withLookahead(lookahead), args.threads())
          .solve(graph, Progress.NONE);
      double offloadSeconds = (System.nanoTime() - t0) / 1e9;
      DeviceMemoryPlan plan = offload.plan();
      out.printf("fw offload  n=%,d with %.1f GiB of device memory (matrix %.1f× that): %s; %.1f s, %.2f Tflop/s,"
          + " %+.1f%% vs resident%s%n", n, halfBudget / (double) (1L << 30),
          (double) plan.padded() * plan.padded() * 4 / halfBudget, plan.describe(), offloadSeconds,
          2.0 * n * n * (double) n / offloadSeconds / 1e12, 100 * (offloadSeconds / residentSeconds - 1),
          plan.lookahead() == defaultLookahead ? " (the default plan; target ≤ +25%)" : "");
      out.printf("  %s%n", offload.times().describe());
      compareAll("offload (" + (plan.lookahead() ? "lookahead" : "no lookahead") + ") vs resident",
          resident.distances(), offload.distances());
      offload.distances().close();
    }
    resident.distances().close();

    // 3. The CPU path on a graph it can finish, and the GPU on the same graph.
    compareWithCpu(gpu, fwRate);
  }

  private void checkSrgemm(GpuContext gpu, MinPlusModule kernels, MinPlusModule dpx) {
    for (Arithmetic a : PATHS) {
      long bad = DeviceSrgemm.mismatches(gpu, kernels, a, args.checkSide(), args.srgemmDepth(), args.seed() + 7,
          args.effectiveThreads());
      record(bad == 0, "srgemm " + a.label() + " " + args.checkSide() + "² × " + args.srgemmDepth()
          + " vs CPU kernels, every element, C poisoned: " + bad + " mismatches");
    }
    if (dpx != null && dpx.dpx()) {
      long bad = DeviceSrgemm.mismatches(gpu, dpx, Arithmetic.INT32, args.checkSide(), args.srgemmDepth(),
          args.seed() + 8, args.effectiveThreads());
      record(bad == 0, "srgemm int32-dpx vs CPU kernels, every element: " + bad + " mismatches");
    }
    // Ragged shapes through the host-array interface, against the scalar reference.
    GpuMinPlusKernels device = new GpuMinPlusKernels(gpu, kernels);
    ScalarMinPlusKernels scalar = new ScalarMinPlusKernels();
    SplittableRandom random = new SplittableRandom(args.seed() + 9);
    int[][] shapes = {{1000, 1100, 300}, {129, 257, 17}, {333, 77, 500}};
    for (Arithmetic a : PATHS) {
      for (int[] s : shapes) {
        float[] left = values(a, random, s[0] * s[2]);
        float[] right = values(a, random, s[2] * s[1]);
        float[] c = values(a, random, s[0] * s[1]);
        float[] expected = c.clone();
        scalar.multiplyMin(a, s[0], s[1], s[2], left, 0, s[2], right, 0, s[1], expected, 0, s[1]);
        device.multiplyMin(a, s[0], s[1], s[2], left, 0, s[2], right, 0, s[1], c, 0, s[1]);
        record(sameBits(expected, c), "srgemm " + a.label() + " " + s[0] + "×" + s[1] + "×" + s[2]
            + " vs scalar reference");
      }
      int side = 300;
      float[] t = values(a, random, side * side);
      for (int i = 0; i < side; i++) {
        t[i * side + i] = a.encode(0f);
        if (a == Arithmetic.EXACT_FLOAT) {
          for (int j = 0; j < side; j++) {
            t[i * side + j] = Math.abs(t[i * side + j]);
          }
        }
      }
      float[] expected = t.clone();
      scalar.closure(a, side, expected, 0, side);
      device.closure(a, side, t, 0, side);
      record(sameBits(expected, t), "closure " + a.label() + " " + side + "² vs scalar reference");
    }
  }

  private void compareWithCpu(GpuContext gpu, double bigRate) {
    int n = args.cpuN();
    Graph graph = RandomGraphs.digraph(n, 8, RandomGraphs.Weights.INTEGER, args.seed() + 11);
    ApspRequest request = ApspRequest.defaults().withAlgorithm(Algorithm.FW)
        .withFloydWarshall(FloydWarshallOptions.defaults().withThreads(args.threads())).withDevice(Device.CPU);
    ApspResult cpu = Apsp.solve(graph, request, Progress.NONE);
    double cpuRate = cpu.floydWarshallGflops() * 1e9;
    long t0 = System.nanoTime();
    GpuFloydWarshall.Result onGpu = new GpuFloydWarshall(gpu, GpuFloydWarshallOptions.defaults()
        .withBlockSize(args.block()), args.threads()).solve(graph, Progress.NONE);
    double gpuRate = 2.0 * n * n * (double) n / ((System.nanoTime() - t0) / 1e9);
    out.printf("cpu fw n=%,d (%d threads, b=%d): %.3f Tflop/s; gpu on the same graph: %.2f Tflop/s (%.1f×);"
        + " gpu at its large n: %.1f× the CPU rate%n", n, cpu.plan().threads(), cpu.plan().blockSize(),
        cpuRate / 1e12, gpuRate / 1e12, gpuRate / cpuRate, bigRate / cpuRate);
    compareAll("gpu vs cpu fw (int32: exact, any b)", cpu.distances(), onGpu.distances());
    onGpu.distances().close();
  }

  private void checkAgainstDijkstra(Graph graph, DistanceMatrix d, int sources) {
    DijkstraAllPairs dijkstra = new DijkstraAllPairs(graph);
    SplittableRandom random = new SplittableRandom(args.seed() + 13);
    float[] row = new float[graph.vertexCount()];
    long bad = 0;
    for (int s = 0; s < sources; s++) {
      int u = random.nextInt(graph.vertexCount());
      float[] expected = dijkstra.distancesFrom(u);
      d.copyRow(u, row);
      for (int v = 0; v < row.length; v++) {
        if (Float.floatToRawIntBits(expected[v]) != Float.floatToRawIntBits(row[v])) {
          bad++;
        }
      }
    }
    record(bad == 0, "fw at n=" + graph.vertexCount() + " vs Dijkstra from " + sources
        + " random sources, every element of those rows: " + bad + " mismatches");
  }

  private void compareAll(String what, DistanceMatrix expected, DistanceMatrix actual) {
    int n = expected.size();
    float[] e = new float[n];
    float[] a = new float[n];
    long bad = 0;
    for (int u = 0; u < n; u++) {
      expected.copyRow(u, e);
      actual.copyRow(u, a);
      for (int v = 0; v < n; v++) {
        if (Float.floatToRawIntBits(e[v]) != Float.floatToRawIntBits(a[v])) {
          bad++;
        }
      }
    }
    record(bad == 0, what + ", every element of " + n + "²: " + bad + " mismatches");
  }

  /** The SM clock in Hz: one block per SM spins ~1 s of cycles, timed with events. */
  private static double measureClockHz(GpuContext gpu, MinPlusModule kernels, int multiprocessors) {
    long cycles = 1_500_000_000L;
    try (Arena arena = Arena.ofConfined();
        CudaStream stream = gpu.createStream();
        DeviceBuffer elapsed = gpu.allocate((long) multiprocessors * Long.BYTES);
        CudaEvent start = gpu.createEvent();
        CudaEvent end = gpu.createEvent()) {
      start.record(stream);
      kernels.clockSpin(stream, multiprocessors, cycles, elapsed.address());
      end.record(stream);
      end.synchronize();
      MemorySegment host = arena.allocate((long) multiprocessors * Long.BYTES);
      elapsed.download(0, host.byteSize(), host, stream);
      stream.synchronize();
      long[] perBlock = host.toArray(JAVA_LONG);
      Arrays.sort(perBlock);
      return perBlock[perBlock.length / 2] / end.secondsSince(start);
    }
  }

  private static int largestResidentN(long budget, int b) {
    int lo = 1024;
    int hi = 1 << 20;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      int tile = b > 0 ? b : GpuBlockSize.resident(mid);
      if (DeviceMemoryPlan.residentDeviceBytes(DeviceMemoryPlan.padded(mid, tile), tile) <= budget) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private void record(boolean ok, String what) {
    out.println((ok ? "  ok    " : "  FAIL  ") + what);
    if (!ok) {
      failures.add(what);
    }
  }

  private static float[] values(Arithmetic a, SplittableRandom random, int count) {
    float[] v = new float[count];
    for (int i = 0; i < count; i++) {
      v[i] = random.nextInt(8) == 0 ? a.infinity() : switch (a) {
        case EXACT_FLOAT -> a.encode((float) (random.nextDouble() * 200 - 50));
        case NONNEGATIVE_FLOAT -> a.encode((float) (random.nextDouble() * 100));
        case INT32 -> a.encode(random.nextInt(1000));
      };
    }
    return v;
  }

  private static boolean sameBits(float[] expected, float[] actual) {
    for (int i = 0; i < expected.length; i++) {
      if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
        return false;
      }
    }
    return true;
  }
}
