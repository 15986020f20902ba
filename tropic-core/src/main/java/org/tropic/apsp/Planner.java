package org.tropic.apsp;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Picks the APSP algorithm for a graph from n, m and rates measured on this machine: Floyd–Warshall's time from the
 * kernel rates of {@link BlockSizeModel}, batched Bellman–Ford's from timing one batch of targets on the graph itself
 * (Dijkstra's, from a sample of single-source searches, only where that batch could not finish in time), partitioned
 * APSP's from its cost model on a METIS partition. Checks memory before anything large is allocated and refuses with
 * the numbers when the result cannot fit. A GPU back end ({@link ApspBackend}, found at run time) is planned for when
 * the request's {@link Device} allows it: always for {@link Device#GPU}, and for {@link Device#AUTO} when it is present
 * and predicted faster. Each CPU estimate includes its algorithm's {@link ColdStart start-up} until a solve of it
 * has run in this JVM, so that a tiny graph's plan says what a fresh {@code tropic apsp} will take; graphs of at most
 * 128 vertices are searched from every vertex when auto may choose that, as the fastest to start.
 */
public final class Planner {
  private static final int DIJKSTRA_SAMPLES = 24;
  private static final int DIJKSTRA_MAX_ROUNDS = 12;
  private static final long DIJKSTRA_SAMPLING_NANOS = 300_000_000L;
  private static final int SMALL = ColdStart.ONE_TILE;
  /**
   * The least the first calibration of the tile kernels in a JVM takes ({@link BlockSizeModel}; 1–3 s measured on
   * the 2-core development VM): the price of estimating fw or partitioned in a fresh {@code tropic} command.
   */
  static final double CALIBRATION_SECONDS = 1.0;
  private static final String GPU = Device.GPU.label();

  private final MinPlusKernels kernels;
  private final ColdStart coldStart;
  private final BlockSizeModel model;

  /** A planner whose estimates add each algorithm's start-up until it has run in this JVM ({@link ColdStart#JVM}). */
  public Planner(MinPlusKernels kernels) {
    this(kernels, ColdStart.JVM);
  }

  Planner(MinPlusKernels kernels, ColdStart coldStart) {
    this(kernels, coldStart, BlockSizeModel.forMachine(kernels));
  }

  Planner(MinPlusKernels kernels, ColdStart coldStart, BlockSizeModel model) {
    this.kernels = kernels;
    this.coldStart = coldStart;
    this.model = model;
  }

  /**
   * The plan for {@code graph}: the requested algorithm, or for {@link Algorithm#AUTO} the one predicted fastest
   * among those that fit in memory.
   *
   * @throws MemoryBudgetException if no allowed algorithm's result and working set fit the budget
   * @throws IllegalArgumentException if a forced arithmetic path is not exact for the graph, or partitioned APSP is
   *     requested without METIS
   * @throws NegativeCycleException if the graph is undirected and has a negative edge, itself a negative cycle
   */
  public ApspPlan plan(Graph graph, ApspRequest request) {
    return plan(graph, request, EnumSet.complementOf(EnumSet.of(Algorithm.AUTO)));
  }

  /**
   * As {@link #plan(Graph, ApspRequest)}, with {@link Algorithm#AUTO} choosing among {@code candidates} only: a
   * caller whose options tune some algorithms alone (a tile size, a part count) narrows the choice to those, so
   * that no option it was given goes unused.
   *
   * @param candidates the algorithms auto may choose, at least one; ignored when the request names one
   */
  public ApspPlan plan(Graph graph, ApspRequest request, Set<Algorithm> candidates) {
    if (candidates.isEmpty() || candidates.contains(Algorithm.AUTO)) {
      throw new IllegalArgumentException("candidates must name at least one algorithm, and not auto: " + candidates);
    }
    NegativeCycleException.rejectNegativeEdgeOfSymmetricGraph(graph); // before any timing or partitioning
    refuseFloatOverflow(graph);
    Set<Algorithm> allowed = EnumSet.copyOf(candidates);
    return switch (request.device()) {
      case CPU -> planOnCpu(graph, request, allowed);
      case GPU -> planOnGpu(graph, request);
      case AUTO -> planAnywhere(graph, request, allowed);
    };
  }

  /**
   * Refuses a graph on which a shortest path could be longer than the largest float32: every path would still be
   * found, but such a distance rounds to +∞ and the stored result would call a reachable pair unreachable. The
   * bound is {@link PathLengthBound}'s, the n − 1 largest |weight| (a simple path takes each arc once), grown by
   * float32's rounding of the additions; a refused graph may in fact be fine, and the caller can scale its weights
   * down. (n − 1) × max |weight|, the bound before, refused 10 vertices with one arc of 1e38. Public for the
   * distributed solver, which plans without this class and stored such distances as +∞ unrefused.
   *
   * @throws IllegalArgumentException with n, how many |weight| the bound sums and their sum
   */
  public static void refuseFloatOverflow(Graph graph) {
    int n = graph.vertexCount();
    if (graph.arcCount() == 0 || n < 2) {
      return;
    }
    var w = graph.weightStats();
    double largest = Math.max(Math.abs((double) w.min()), Math.abs((double) w.max()));
    int arcs = PathLengthBound.arcs(graph);
    if (PathLengthBound.withRounding(arcs * largest, arcs) <= Float.MAX_VALUE) {
      return; // the coarse bound is enough, without a pass over the weights
    }
    double sum = PathLengthBound.sumOfLargest(graph);
    double rounded = PathLengthBound.withRounding(sum, arcs);
    if (rounded > Float.MAX_VALUE) {
      String summed = arcs == n - 1 ? String.format(Locale.ROOT, "the %,d largest |weight|", arcs)
          : String.format(Locale.ROOT, "the |weight| of all %,d arcs", arcs);
      String rounding = sum > Float.MAX_VALUE ? ""
          : String.format(Locale.ROOT, " (%.4g once float32 rounds the %,d additions)", rounded, arcs - 1);
      throw new IllegalArgumentException(String.format(Locale.ROOT, "a shortest path could overflow float32: being"
          + " simple, it has at most n − 1 = %,d arcs, each taken once, and %s sum to %.4g%s, beyond the largest"
          + " float32, %.4g; such a distance would read as unreachable (+inf); scale the weights down", n - 1,
          summed, sum, rounding, (double) Float.MAX_VALUE));
    }
  }

  /** {@link Device#GPU}: the GPU back end's plan, or a {@link DeviceUnavailableException} saying what is missing. */
  private static ApspPlan planOnGpu(Graph graph, ApspRequest request) {
    ApspBackend gpu = ApspBackend.forDevice(GPU);
    if (gpu == null) {
      throw new DeviceUnavailableException("the GPU was requested, but this build of Tropic has no GPU back end "
          + "(the tropic-gpu module is not on the class path)");
    }
    ApspBackend.Probe probe = gpu.probe();
    if (!probe.available()) {
      throw new DeviceUnavailableException("the GPU was requested, but it cannot be used here: "
          + probe.description());
    }
    return gpu.plan(graph, request);
  }

  /**
   * {@link Device#AUTO}: the CPU plan, unless a GPU back end is present, can run this request and is predicted
   * faster. The plan's device note says in one line why the GPU was or was not taken.
   */
  private ApspPlan planAnywhere(Graph graph, ApspRequest request, Set<Algorithm> allowed) {
    ApspPlan cpu = planOnCpu(graph, request, allowed);
    ApspBackend gpu = ApspBackend.forDevice(GPU);
    if (gpu == null) {
      return cpu;
    }
    ApspBackend.Probe probe = gpu.probe();
    if (!probe.available()) {
      return cpu.withDeviceNote("no GPU (" + probe.description() + "); running on the CPU");
    }
    if (request.algorithm() != Algorithm.FW && request.algorithm() != Algorithm.AUTO
        || request.algorithm() == Algorithm.AUTO && !allowed.contains(Algorithm.FW)) {
      Algorithm cpuOnly = request.algorithm() == Algorithm.AUTO ? cpu.algorithm() : request.algorithm();
      return cpu.withDeviceNote("GPU " + probe.description() + " present, but " + cpuOnly.label()
          + " runs on the CPU");
    }
    ApspPlan onGpu;
    try {
      onGpu = gpu.plan(graph, request);
    } catch (DeviceUnavailableException | IllegalArgumentException | MemoryBudgetException e) {
      return cpu.withDeviceNote("GPU not used: " + e.getMessage());
    }
    if (onGpu.estimatedSeconds() < cpu.estimatedSeconds()) {
      return onGpu.withDeviceNote(String.format("GPU %s predicted %.1f× faster than %s on the CPU",
          probe.description(), cpu.estimatedSeconds() / Math.max(onGpu.estimatedSeconds(), 1e-9),
          cpu.algorithm().label()));
    }
    return cpu.withDeviceNote("GPU " + probe.description() + " present, but not predicted faster for this graph");
  }

  private ApspPlan planOnCpu(Graph graph, ApspRequest request, Set<Algorithm> allowed) {
    int n = graph.vertexCount();
    FloydWarshallOptions fw = request.floydWarshall();
    int threads = fw.effectiveThreads();
    BlockedFloydWarshall floydWarshall = new BlockedFloydWarshall(kernels, fw);
    Arithmetic arithmetic = floydWarshall.arithmeticFor(graph);
    boolean symmetric = floydWarshall.usesSymmetry(graph);
    Algorithm wanted = request.algorithm();
    if (wanted == Algorithm.PARTITIONED && !PartitionedApsp.available()) {
      throw new IllegalArgumentException("partitioned APSP needs METIS: "
          + PartitionedApsp.unavailableReason().orElse("libmetis.so.5 could not be loaded"));
    }

    // The tile size the memory check assumes: choosing it calibrates (1–3 s), done below only if fw is estimated,
    // and then among the sizes that fit; so fw fits if its leanest tiling does.
    int b = fw.blockSize() > 0 ? Math.min(fw.blockSize(), FloydWarshallOptions.largestUsefulBlockSize(n))
        : n <= SMALL ? model.choose(n, threads, arithmetic, symmetric)
        : leanestBlockSize(n, symmetric);
    long fwBytes = floydWarshallBytes(n, b, symmetric);
    long dijkstraBytes = dijkstraBytes(n, threads);
    long budget = request.memoryBudgetBytes() > 0 ? request.memoryBudgetBytes() : availableHeap();
    boolean auto = wanted == Algorithm.AUTO;
    boolean fwAllowed = !auto || allowed.contains(Algorithm.FW);
    boolean dijkstraAllowed = !auto || allowed.contains(Algorithm.DIJKSTRA);
    boolean batchedAllowed = !auto || allowed.contains(Algorithm.BATCHED);
    // Batched Bellman–Ford's figures depend on the vector length, and asking it loads the Vector API (50–100 ms in
    // a fresh JVM). They change nothing where Floyd–Warshall or Dijkstra is named, nor where a small graph will be
    // searched from every vertex (searchSmall below: Dijkstra fits, so the leanest plan does too, and batched is
    // neither estimated nor chosen), so they are not asked there.
    boolean batchedMatters = wanted == Algorithm.BATCHED || wanted == Algorithm.PARTITIONED
        || auto && !(n <= SMALL && dijkstraAllowed && dijkstraBytes <= budget);
    long batchedBytes = batchedMatters ? BatchedBellmanFord.bytes(graph, threads) : Long.MAX_VALUE;
    Algorithm leanest = switch (wanted) {
      case FW, DIJKSTRA, BATCHED -> wanted;
      // auto and partitioned (the n² result and a little): the leanest of the three that auto may choose
      default -> fwAllowed && (!dijkstraAllowed || fwBytes <= dijkstraBytes)
          && (!batchedAllowed || fwBytes <= batchedBytes) ? Algorithm.FW
          : dijkstraAllowed && (!batchedAllowed || dijkstraBytes <= batchedBytes) ? Algorithm.DIJKSTRA
          : batchedAllowed ? Algorithm.BATCHED
          : fwBytes <= Math.min(dijkstraBytes, batchedBytes) ? Algorithm.FW // partitioned alone: as before
          : dijkstraBytes <= batchedBytes ? Algorithm.DIJKSTRA : Algorithm.BATCHED;
    };
    long smallestNeed = leanest == Algorithm.FW ? fwBytes : leanest == Algorithm.DIJKSTRA ? dijkstraBytes
        : batchedBytes;
    if (smallestNeed > budget) {
      budget = availableAfterCollection(request);
      if (smallestNeed > budget) {
        MemoryBudgetException refusal = new MemoryBudgetException(String.format("APSP of n = %,d (%s%s)", n,
            leanest == wanted ? "" : "the leanest plan, ", memoryParts(leanest, n, b, symmetric, smallestNeed)),
            smallestNeed, budget);
        String smallerTiles = leanest == Algorithm.FW && fw.blockSize() > 0
            ? fittingTileSize(n, symmetric, budget) : "";
        throw smallerTiles.isEmpty() ? refusal : refusal.withFirstRemedy(smallerTiles);
      }
    }

    // n ≤ 128: no calibration, whose 1–3 s would dwarf the solve. Auto searches from every vertex: in a fresh JVM
    // (every tropic command) that took 0.01–0.05 s on karate and lesmis, where Floyd–Warshall's one tile took
    // 0.15–0.72 s, its vector kernels running interpreted until the JIT compiled them ({@link ColdStart}).
    boolean searchSmall = n <= SMALL && auto && dijkstraAllowed && dijkstraBytes <= budget;
    boolean small = n <= SMALL && fwAllowed && !searchSmall;
    boolean consider = auto && !small && !searchSmall;
    boolean partitionedAllowed = !auto || allowed.contains(Algorithm.PARTITIONED);
    int batch = batchedMatters ? BatchedBellmanFord.batchFor(n, threads) : 0;
    // Auto samples batched Bellman–Ford first, which needs no calibration, and estimates fw and partitioned only
    // where they could still beat it: their start-up alone, or partitioned's with the n² output's allocation and
    // filling, can exceed its whole estimate, and then the calibration and METIS (1–3 s) are spared.
    Floors floors = consider ? floors(n, threads, fwAllowed, partitionedAllowed) : null;
    BatchedBellmanFord.Estimate batchedFirst = consider && batchedAllowed
        ? new BatchedBellmanFord(graph, batch)
            .estimate(threads, floors.highest() - coldStart.seconds(Algorithm.BATCHED))
        : null;
    double beaten = batchedFirst != null && batchedFirst.complete() && batchedBytes <= budget
        ? batchedFirst.seconds() + coldStart.seconds(Algorithm.BATCHED) : Double.POSITIVE_INFINITY;
    // Estimating either calibrates the tile kernels first in this JVM: it is skipped where the most it could save,
    // batched's estimate less the floor, is no more than that costs.
    // (asked only where it matters: with rates kept on disk, asking names the kernels, which loads the Vector API)
    double findingOut = !consider || model.calibrated(arithmetic) ? 0 : CALIBRATION_SECONDS;
    boolean fwSkipped = consider && Double.isFinite(floors.fw()) && floors.fw() + findingOut >= beaten;
    boolean partitionedSkipped = consider && Double.isFinite(floors.partitioned())
        && floors.partitioned() + findingOut >= beaten;
    // fw is estimated where it may run or be chosen, or costs nothing more: a request for dijkstra or batched no
    // longer calibrates only to report fw's time
    boolean estimateFw = !searchSmall && (small || wanted == Algorithm.FW || wanted == Algorithm.PARTITIONED
        || consider && fwAllowed && !fwSkipped);
    String tileNote = "";
    if (estimateFw && !small && fw.blockSize() <= 0) {
      // The fastest size may not fit where a slower one does: a 384 or 512 tile is humongous in G1's 1 MiB regions
      // and takes 1.8–2× its bytes, a 256 tile 1.33× (three to a region), a 192 tile 1.02×.
      int fastest = model.choose(n, threads, arithmetic, symmetric);
      if (floydWarshallBytes(n, fastest, symmetric) > budget) {
        budget = availableAfterCollection(request);
      }
      long room = budget;
      int fitting = model.choose(n, threads, arithmetic, symmetric,
          c -> floydWarshallBytes(n, c, symmetric) <= room);
      b = fitting > 0 ? fitting : fastest; // none fits: fw is then not chosen, or was refused above
      fwBytes = floydWarshallBytes(n, b, symmetric);
      if (b != fastest) {
        tileNote = String.format(Locale.ROOT, "; tiles of %d, the fastest size that fits: %d would take %,d bytes"
            + " of the %,d available", b, fastest, floydWarshallBytes(n, fastest, symmetric), budget);
      }
    }
    // Every estimate below adds its algorithm's start-up until a solve of it has run in this JVM.
    double fwSeconds = !estimateFw ? Double.NaN
        : (small ? 0 : model.predictSeconds(n, threads, arithmetic, b, symmetric,
            PanelFill.timeShare(graph, fw.pivotOrder() ? PivotOrder.of(graph) : null, b, symmetric)))
            + coldStart.seconds(Algorithm.FW, n);
    PartitionedApsp.Prepared partitioned = wanted == Algorithm.PARTITIONED
        || consider && partitionedAllowed && !partitionedSkipped && PartitionedApsp.available()
        ? partitionedSolver(request).prepare(graph) : null;
    double partitionedSeconds = partitioned == null ? Double.NaN
        : partitioned.estimatedSeconds()
            + coldStart.seconds(Algorithm.PARTITIONED, partitioned.report().largestComponent());
    long partitionedBytes = partitioned == null ? Long.MAX_VALUE : partitioned.estimatedBytes();
    double toBeat = wanted == Algorithm.BATCHED ? Double.POSITIVE_INFINITY
        : Math.min(fwBytes <= budget && fwAllowed && estimateFw ? fwSeconds : Double.POSITIVE_INFINITY,
            partitionedBytes <= budget ? partitionedSeconds : Double.POSITIVE_INFINITY);
    // a first sample that could not finish within the floors' budget gets the budget of the estimates now known
    BatchedBellmanFord.Estimate batched = batchedFirst != null
        && (batchedFirst.complete() || !(toBeat > floors.highest())) ? batchedFirst
        : consider && batchedAllowed || wanted == Algorithm.BATCHED
        ? new BatchedBellmanFord(graph, batch).estimate(threads, toBeat - coldStart.seconds(Algorithm.BATCHED))
        : null;
    double batchedSeconds = batched == null || !batched.complete() ? Double.NaN
        : batched.seconds() + coldStart.seconds(Algorithm.BATCHED);
    // Batched Bellman–Ford did 2–10× better than Dijkstra on every sparse graph measured, so Dijkstra's sampling
    // (up to 0.3 s) is only spent where the batched sample could not finish.
    double dijkstraSeconds = wanted == Algorithm.DIJKSTRA || searchSmall
        || consider && dijkstraAllowed && Double.isNaN(batchedSeconds)
        ? estimateDijkstraSeconds(graph, threads) + coldStart.seconds(Algorithm.DIJKSTRA) : Double.NaN;

    Algorithm chosen = wanted;
    String reason = "requested";
    if (wanted == Algorithm.AUTO) {
      if (searchSmall) {
        chosen = Algorithm.DIJKSTRA;
        reason = "n ≤ " + SMALL + ": a search from every vertex, quicker to start than the tile kernels";
      } else if (small) {
        chosen = Algorithm.FW;
        reason = "n ≤ " + SMALL + ": one tile";
      } else {
        chosen = fwAllowed && !fwSkipped ? Algorithm.FW
            : allowed.contains(Algorithm.PARTITIONED) && partitioned != null ? Algorithm.PARTITIONED
            : batchedAllowed ? Algorithm.BATCHED : Algorithm.DIJKSTRA;
        double best = fwBytes <= budget && fwAllowed && !fwSkipped ? fwSeconds : Double.POSITIVE_INFINITY;
        if (dijkstraBytes <= budget && dijkstraSeconds < best) {
          chosen = Algorithm.DIJKSTRA;
          best = dijkstraSeconds;
        }
        if (batchedBytes <= budget && batchedSeconds < best) {
          chosen = Algorithm.BATCHED;
          best = batchedSeconds;
        }
        if (partitionedBytes <= budget && partitionedSeconds < best) {
          chosen = Algorithm.PARTITIONED;
          best = partitionedSeconds;
        }
        reason = String.format("predicted fastest (m/n = %.1f; fw %s, dijkstra %s, batched %s, partitioned %s)",
            (double) graph.arcCount() / n, !fwAllowed ? "not a candidate" : fwSkipped ? "≥ " + seconds(floors.fw())
                : seconds(fwBytes <= budget ? fwSeconds : Double.NaN),
            dijkstraAllowed ? seconds(dijkstraSeconds) : "not a candidate",
            batchedAllowed ? batchedSeconds(batched) : "not a candidate", !partitionedAllowed ? "not a candidate"
                : partitionedSkipped ? "≥ " + seconds(floors.partitioned())
                : partitioned == null ? "needs METIS" : seconds(partitionedSeconds));
        if (fwSkipped || partitionedSkipped) {
          reason += "; " + (fwSkipped && partitionedSkipped ? "fw and partitioned" : fwSkipped ? "fw" : "partitioned")
              + " not estimated: " + (fwSkipped && partitionedSkipped ? "their" : "its")
              + " start-up and output alone" + (findingOut > 0 ? String.format(Locale.ROOT, ", with the %.0f s"
              + " of kernel calibration an estimate takes first,", findingOut) : "") + " exceed batched's estimate";
        }
      }
    } else if (wanted == Algorithm.BATCHED && !batched.complete()) {
      reason = "requested; its sample batch did not finish in the planning budget: at least "
          + seconds(batched.seconds());
    }
    double startUp = chosen == Algorithm.AUTO ? 0
        : coldStart.seconds(chosen, ColdStart.tiledSize(n, chosen == Algorithm.PARTITIONED ? partitioned : null));
    if (startUp > 0) {
      boolean sized = chosen == Algorithm.FW || chosen == Algorithm.PARTITIONED; // ColdStart's two size classes
      reason += "; includes " + seconds(startUp) + " of start-up (JIT, first solve" + (sized ? " of this size" : "")
          + " in this JVM)";
    }
    if (chosen == Algorithm.FW && !small || chosen == Algorithm.PARTITIONED) {
      model.warmUp(chosen == Algorithm.FW ? arithmetic : partitioned.arithmetic()); // as a calibration here would
    }
    return switch (chosen) {
      case FW -> new ApspPlan(chosen, arithmetic, b, threads, fwSeconds, fwBytes, fwSeconds, dijkstraSeconds,
          batchedSeconds, partitionedSeconds, null, reason + tileNote, ApspPlan.CPU, "");
      case DIJKSTRA -> new ApspPlan(chosen, null, 0, threads, dijkstraSeconds, dijkstraBytes, fwSeconds,
          dijkstraSeconds, batchedSeconds, partitionedSeconds, null, reason, ApspPlan.CPU, "");
      case BATCHED -> new ApspPlan(chosen, null, batch, threads, batchedSeconds, batchedBytes, fwSeconds,
          dijkstraSeconds, batchedSeconds, partitionedSeconds, null, reason, ApspPlan.CPU, "");
      case PARTITIONED -> new ApspPlan(chosen, partitioned.arithmetic(), 0, threads, partitionedSeconds,
          partitionedBytes, fwSeconds, dijkstraSeconds, batchedSeconds, partitionedSeconds, partitioned,
          reason + "; " + partitioned.report().summary() + partitioned.partsNote() + partitioned.tileNote(),
          ApspPlan.CPU, "");
      case AUTO -> throw new IllegalStateException("AUTO is never a plan");
    };
  }

  /** Partitioned APSP for this request, choosing its tiles to fit the request's memory budget where it sets one. */
  private PartitionedApsp partitionedSolver(ApspRequest request) {
    PartitionedApsp solver = new PartitionedApsp(kernels, request.partitionedOptions());
    long budget = request.memoryBudgetBytes();
    return budget > 0 ? solver.withHeapRoom(need -> budget) : solver;
  }

  /**
   * Lower bounds on the fw and partitioned estimates that need no calibration and no partition: fw's start-up
   * (its steady-state time is at least 0), partitioned's smaller start-up of the two size classes (its parts are not
   * known yet) plus allocating and filling the n² output ({@link PartitionedCostModel#outputSeconds}). +∞ for an
   * algorithm auto may not choose.
   */
  Floors floors(int n, int threads, boolean fwAllowed, boolean partitionedAllowed) {
    double fwFloor = fwAllowed ? coldStart.seconds(Algorithm.FW, n) : Double.POSITIVE_INFINITY;
    double partitionedFloor = partitionedAllowed && PartitionedApsp.available()
        ? Math.min(coldStart.seconds(Algorithm.PARTITIONED, SMALL), coldStart.seconds(Algorithm.PARTITIONED, SMALL + 1))
            + PartitionedCostModel.outputSeconds(n, threads)
        : Double.POSITIVE_INFINITY;
    return new Floors(fwFloor, partitionedFloor);
  }

  /** Lower bounds on two estimates, in seconds; see {@link #floors}. */
  record Floors(double fw, double partitioned) {
    /** The larger finite floor (0 if none): batched's first sample may take what beating it leaves per batch. */
    double highest() {
      double most = 0;
      for (double f : new double[] {fw, partitioned}) {
        most = Double.isFinite(f) ? Math.max(most, f) : most;
      }
      return most;
    }
  }

  private static String seconds(double s) {
    return Double.isNaN(s) ? "-" : String.format("%.2g s", s);
  }

  private static String batchedSeconds(BatchedBellmanFord.Estimate e) {
    return e.complete() ? seconds(e.seconds()) : "≥ " + seconds(e.seconds());
  }

  /**
   * Tiles padded to a multiple of b (those on and above the diagonal when symmetric), plus up to three iterations'
   * packed row and column panels, each b × b floats, as they take the heap ({@link HeapFootprint}): with a header
   * each, and under G1 with the rest of each region they leave unused.
   */
  static long floydWarshallBytes(int n, int b, boolean symmetric) {
    return floydWarshallArrays(n, b, symmetric) * HeapFootprint.floatArray((long) b * b);
  }

  /**
   * The heap Floyd–Warshall of n vertices takes, every tile solved, in tiles of {@code blockSize}, or for 0 in the
   * tile size {@link BlockedFloydWarshall} picks itself, which the caller cannot know before calibrating: the most
   * any size the model may pick here takes. For callers that check before they solve ({@code tropic bench}); the
   * planner instead picks among the sizes that fit.
   */
  public static long floydWarshallHeapBytes(int n, int blockSize) {
    if (2 * ((double) n + 512) * ((double) n + 512) * Float.BYTES >= Long.MAX_VALUE) {
      return Long.MAX_VALUE; // the tiles' bytes would wrap round a long to a small or negative count
    }
    int largest = FloydWarshallOptions.largestUsefulBlockSize(n);
    if (blockSize > 0 || n <= SMALL) {
      return floydWarshallBytes(n, blockSize > 0 ? Math.min(blockSize, largest) : largest, false);
    }
    return Arrays.stream(BlockSizeModel.usableCandidates()).mapToLong(b -> floydWarshallBytes(n, b, false)).max()
        .orElseThrow();
  }

  /**
   * The tile size, of those {@link BlockSizeModel#choose} may pick here, whose tiles and panels take the least heap
   * ({@link #floydWarshallBytes}): the memory check's, since the calibrated choice is made among the sizes that fit.
   */
  static int leanestBlockSize(int n, boolean symmetric) {
    int leanest = 0;
    long least = Long.MAX_VALUE;
    for (int c : BlockSizeModel.usableCandidates()) {
      long bytes = floydWarshallBytes(n, c, symmetric);
      if (bytes < least) {
        leanest = c;
        least = bytes;
      }
    }
    return leanest;
  }

  /**
   * For a refusal of a given tile size (--block, or a checkpoint's): the largest of the sizes the model may pick that
   * would fit, offered first ({@code tiles of 64 would fit (59,073,105 bytes)}), or "" if none does.
   */
  private static String fittingTileSize(int n, boolean symmetric, long budget) {
    int[] candidates = BlockSizeModel.usableCandidates();
    for (int c = candidates.length - 1; c >= 0; c--) {
      if (floydWarshallBytes(n, candidates[c], symmetric) <= budget) {
        return String.format(Locale.ROOT, "tiles of %d would fit (%,d bytes)", candidates[c],
            floydWarshallBytes(n, candidates[c], symmetric));
      }
    }
    return "";
  }

  /** How many b × b float arrays Floyd–Warshall holds at most: its tiles and three iterations' two panels. */
  static long floydWarshallArrays(int n, int b, boolean symmetric) {
    long tilesPerSide = Math.max(1, (n + b - 1) / b);
    return TiledDistanceMatrix.storageBytes(n, b, symmetric) / ((long) b * b * Float.BYTES) + 3L * 2 * tilesPerSide;
  }

  /**
   * What {@code total}, the memory of {@code algorithm}, is made of, in parts whose bytes add up to it, so that a
   * refusal can be checked by hand. Floyd–Warshall on a symmetric graph keeps only the tiles on and above the
   * diagonal: about n(n+1)/2 × 4 bytes of distances, not n² × 4.
   */
  private static String memoryParts(Algorithm algorithm, int n, int b, boolean symmetric, long total) {
    long matrix = (long) n * n * Float.BYTES;
    return switch (algorithm) {
      case FW -> {
        long tileBytes = TiledDistanceMatrix.storageBytes(n, b, symmetric);
        long arrayBytes = (long) b * b * Float.BYTES;
        long panelBytes = (floydWarshallArrays(n, b, symmetric) - tileBytes / arrayBytes) * arrayBytes;
        yield String.format("Floyd–Warshall: %s, held in %,d tiles of %d × %d × 4 bytes = %,d bytes, plus its"
            + " panels, %,d bytes, plus %,d bytes of array headers and heap packing (each such array takes %,d"
            + " bytes of this heap)", symmetric
                ? "the upper triangle of the distance matrix, n(n+1)/2 × 4 bytes, since the graph is symmetric"
                : "the n² × 4-byte distance matrix",
            tileBytes / arrayBytes, b, b, tileBytes, panelBytes, total - tileBytes - panelBytes,
            HeapFootprint.floatArray((long) b * b));
      }
      case DIJKSTRA -> String.format("Dijkstra from every vertex: the n² × 4-byte distance matrix, %,d bytes, plus"
          + " %s, plus each thread's heap and distances, %,d bytes", matrix, rowPacking(n),
          total - RowDistanceMatrix.heapBytes(n));
      default -> String.format("batched Bellman–Ford: the n² × 4-byte distance matrix, %,d bytes, plus %s, plus"
          + " each thread's batch state and the reversed arcs, %,d bytes", matrix, rowPacking(n),
          total - RowDistanceMatrix.heapBytes(n));
    };
  }

  /** What n rows take of the heap beyond their floats, said so that a refusal's parts add up to its total. */
  private static String rowPacking(int n) {
    return String.format("%,d bytes of row headers and heap packing (each row takes %,d bytes of this heap)",
        RowDistanceMatrix.heapBytes(n) - (long) n * n * Float.BYTES, HeapFootprint.floatArray(n));
  }

  /** The rows as this heap holds them ({@link RowDistanceMatrix#heapBytes}), plus each thread's heap and distances. */
  static long dijkstraBytes(int n, int threads) {
    return RowDistanceMatrix.heapBytes(n) + (long) threads * n * 16;
  }

  /**
   * Times single-source searches from evenly spread sources and scales to n sources over the threads. The same
   * sources are timed round after round until two rounds agree within 10% or 0.3 s have passed, and the fastest
   * round counts: in a fresh JVM the first rounds run before C2 has compiled the search, and four untimed searches,
   * used before, left estimates 1.3–3× long on graphs of a few thousand vertices. With negative weights the searches
   * run on |w|: after Johnson's reweighting Dijkstra sees the same structure, and the Bellman–Ford pass before it
   * (usually a few sweeps of the arcs) is left out of the estimate.
   */
  private static double estimateDijkstraSeconds(Graph graph, int threads) {
    int n = graph.vertexCount();
    DijkstraAllPairs dijkstra = new DijkstraAllPairs(graph.weightStats().hasNegative() ? absolute(graph) : graph);
    int samples = Math.min(n, DIJKSTRA_SAMPLES);
    long deadline = System.nanoTime() + DIJKSTRA_SAMPLING_NANOS;
    double best = Double.POSITIVE_INFINITY;
    double previous = Double.NaN;
    for (int round = 0; round < DIJKSTRA_MAX_ROUNDS; round++) {
      long start = System.nanoTime();
      for (int s = 0; s < samples; s++) {
        dijkstra.distancesFrom((int) ((long) s * n / samples));
      }
      double perSource = (System.nanoTime() - start) / 1e9 / samples;
      best = Math.min(best, perSource);
      if (Math.abs(perSource - previous) <= 0.1 * previous || System.nanoTime() > deadline) {
        break;
      }
      previous = perSource;
    }
    return best * n / Math.min(threads, Math.max(1, n));
  }

  private static Graph absolute(Graph graph) {
    float[] weights = graph.weights().clone();
    for (int a = 0; a < weights.length; a++) {
      weights[a] = Math.abs(weights[a]);
    }
    return new Graph(graph.offsets(), graph.targets(), weights, null, graph.undirected());
  }

  private static long availableHeap() {
    Runtime rt = Runtime.getRuntime();
    return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
  }

  private static long availableAfterCollection(ApspRequest request) {
    if (request.memoryBudgetBytes() > 0) {
      return request.memoryBudgetBytes();
    }
    System.gc(); // the estimate above counted garbage as used; look again before refusing
    return availableHeap();
  }
}
