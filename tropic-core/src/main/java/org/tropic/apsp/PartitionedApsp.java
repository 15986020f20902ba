package org.tropic.apsp;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongUnaryOperator;
import org.tropic.graph.Graph;
import org.tropic.io.Units;
import org.tropic.partition.GraphPartitioner;
import org.tropic.partition.MetisLibrary;
import org.tropic.partition.MetisPartitioner;
import org.tropic.partition.MetisUnavailableException;
import org.tropic.partition.Partition;
import org.tropic.partition.PartitionLayout;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * All-pairs shortest paths for graphs with small separators, by the partitioned algorithm of Djidjev, Chapuis et al.
 * ("Efficient Multi-GPU Algorithm for All-Pairs Shortest Paths", IPDPS 2014, Algorithm 3): split the graph into k
 * components (METIS), renumber each component contiguously with its boundary vertices first, then
 *
 * <ol>
 *   <li>close each component by Floyd–Warshall, side by side ({@link ComponentClosure});
 *   <li>solve the boundary graph — boundary vertices, cut arcs and virtual arcs weighted by step-1 distances — by
 *       Floyd–Warshall, or by this algorithm again while that pays ({@link BoundaryGraphSolver});
 *   <li>correct the components' boundary distances, and
 *   <li>fill every other distance by the min-plus products dist(v<sub>i</sub>, b<sub>i</sub>) ⊗ dist(b<sub>i</sub>,
 *       b<sub>j</sub>) ⊗ dist(b<sub>j</sub>, v<sub>j</sub>) ({@link CrossComponentProducts}).
 * </ol>
 *
 * All arithmetic is the core tile kernels. For k balanced components of n/k vertices and B boundary vertices the
 * work is k·(n/k)³ + B³ + (B + n)·B·n/k min-plus updates instead of n³ — near-quadratic on planar graphs, whose
 * separators are small. Negative weights are allowed (Floyd–Warshall handles them everywhere); a negative cycle is
 * reported as a {@link NegativeCycleException} naming an original vertex. The result is exact for any partition;
 * the partition only decides the speed.
 *
 * <p>Memory: the n² output (as k row blocks), the boundary matrix (B², the largest intermediate, reported before the
 * solve starts) and O(B·n/k + threads·B·256) working space; never a second dense n × n matrix. They are counted as
 * they take the heap ({@link PartitionedMemory}) and checked before the solve starts, in tile sizes chosen among
 * those that fit ({@link PartitionedTiles}); a boundary graph is partitioned again only where that solve's own
 * output and buffers fit too.
 */
public final class PartitionedApsp {
  private static final System.Logger LOG = System.getLogger(PartitionedApsp.class.getName());
  /** Automatic k never makes components smaller than this. */
  static final int MIN_AUTO_COMPONENT = 8;

  private final MinPlusKernels kernels;
  private final PartitionedOptions options;
  private final GraphPartitioner partitioner;
  private final boolean trustedArithmetic;
  private final int depth;
  /**
   * The heap a solve needing so many bytes may take: what is free now, or after a collection where that is less
   * than the need. The tiles are chosen to fit it, and a recursive boundary solve is taken only where it fits;
   * the planner gives its budget, tests less heap.
   */
  private final LongUnaryOperator heapRoom;

  /**
   * Partitioned APSP on METIS with k parts (0 = chosen by the cost model).
   *
   * @param arithmetic the arithmetic path, or {@code null} for the fastest exact one
   * @throws MetisUnavailableException if {@code libmetis.so.5} cannot be loaded
   */
  public PartitionedApsp(MinPlusKernels kernels, int parts, int threads, Arithmetic arithmetic) {
    this(kernels, new PartitionedOptions(parts, threads, arithmetic, PartitionedOptions.Recursion.WHEN_CHEAPER));
  }

  /**
   * Partitioned APSP on METIS.
   *
   * @throws MetisUnavailableException if {@code libmetis.so.5} cannot be loaded
   */
  public PartitionedApsp(MinPlusKernels kernels, PartitionedOptions options) {
    this(kernels, options, MetisPartitioner.require());
  }

  /** Partitioned APSP with any partitioner (the result is exact for every partition; only speed depends on it). */
  public PartitionedApsp(MinPlusKernels kernels, PartitionedOptions options, GraphPartitioner partitioner) {
    this(kernels, options, partitioner, false, 0, PartitionedApsp::heapRoomNow);
  }

  private PartitionedApsp(MinPlusKernels kernels, PartitionedOptions options, GraphPartitioner partitioner,
      boolean trustedArithmetic, int depth, LongUnaryOperator heapRoom) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    this.options = Objects.requireNonNull(options, "options");
    this.partitioner = Objects.requireNonNull(partitioner, "partitioner");
    this.trustedArithmetic = trustedArithmetic;
    this.depth = depth;
    this.heapRoom = Objects.requireNonNull(heapRoom, "heapRoom");
  }

  /**
   * This solver, choosing its tiles and judging whether a recursive boundary solve fits by {@code room} (the bytes
   * a solve needing so many may take) instead of the heap free now.
   */
  PartitionedApsp withHeapRoom(LongUnaryOperator room) {
    return new PartitionedApsp(kernels, options, partitioner, trustedArithmetic, depth, room);
  }

  /** Whether {@code bytes} more fit in the heap now. */
  boolean heapFits(long bytes) {
    return bytes <= heapRoom.applyAsLong(bytes);
  }

  /** Whether METIS can be loaded here, i.e. whether this algorithm can run on its default partitioner. */
  public static boolean available() {
    return MetisLibrary.load().isPresent();
  }

  /** Why this algorithm cannot run here (METIS missing, with the fix), or empty if it can. */
  public static Optional<String> unavailableReason() {
    return MetisLibrary.unavailableReason();
  }

  /**
   * A partition chosen and laid out, with its report, before anything is solved; {@link #estimatedSeconds()} is
   * computed on first use (it may calibrate the kernel rates, about a second per arithmetic path per JVM).
   */
  public static final class Prepared {
    private final Graph graph;
    private final PartitionLayout layout;
    private final Arithmetic arithmetic;
    private final PartitionReport report;
    private final int threads;
    private final boolean symmetric;
    private final MinPlusKernels kernels;
    private final PartitionedTiles tiles;
    private final int requestedParts;
    private PartitionedCostModel.Estimate estimate;
    private String partsNote = "";

    private Prepared(Graph graph, PartitionLayout layout, Arithmetic arithmetic, PartitionReport report,
        int threads, boolean symmetric, MinPlusKernels kernels, PartitionedTiles tiles, int requestedParts) {
      this.requestedParts = requestedParts;
      this.graph = graph;
      this.layout = layout;
      this.arithmetic = arithmetic;
      this.report = report;
      this.threads = threads;
      this.symmetric = symmetric;
      this.kernels = kernels;
      this.tiles = tiles;
    }

    /** The graph to solve. */
    public Graph graph() {
      return graph;
    }

    /** The component order. */
    public PartitionLayout layout() {
      return layout;
    }

    /** The arithmetic path the solve will use. */
    public Arithmetic arithmetic() {
      return arithmetic;
    }

    /**
     * Whether the components and the boundary matrix are solved on the upper triangle of their tiles: the graph is
     * symmetric with no negative weight, and {@link PartitionedOptions#symmetry()} allows it.
     */
    public boolean symmetric() {
      return symmetric;
    }

    /** The partition's sizes and the memory the solve will hold. */
    public PartitionReport report() {
      return report;
    }

    /**
     * The k METIS was asked for, given or chosen by the cost model: the {@code --parts} that partitions the graph
     * the same way again. It can exceed {@link PartitionReport#parts()}, the non-empty parts, as METIS may leave
     * parts empty (7 of 10 asked on karate), and asking for the non-empty count gives another partition.
     */
    public int requestedParts() {
      return requestedParts;
    }

    /**
     * The heap the solve will hold at its peak, in bytes: output, boundary matrix and working buffers, each array as
     * it takes this JVM's heap ({@link PartitionedMemory}).
     */
    public long estimatedBytes() {
      return tiles.memory().peak();
    }

    PartitionedMemory memory() {
      return tiles.memory();
    }

    /** The tile sizes the components and the boundary matrix are closed in. */
    PartitionedTiles tiles() {
      return tiles;
    }

    /**
     * For the plan: where memory rather than speed decided the tile sizes, which and why (starting "; "); else
     * empty.
     */
    public String tileNote() {
      return tiles.note();
    }

    /**
     * For the plan: where memory rather than speed decided the number of parts, the faster k refused and what its
     * solve takes (starting "; "); else empty.
     */
    public String partsNote() {
      return partsNote;
    }

    /** The {@link PartitionedCostModel} prediction for this partition on this machine, in seconds. */
    public double estimatedSeconds() {
      return estimate().total();
    }

    /** The same prediction, phase by phase. */
    public synchronized PartitionedCostModel.Estimate estimate() {
      if (estimate == null) {
        estimate = PartitionedCostModel.estimate(report, threads, arithmetic, kernels, symmetric);
      }
      return estimate;
    }
  }

  PartitionedOptions options() {
    return options;
  }

  int depth() {
    return depth;
  }

  /**
   * The solver for this run's boundary graph: same kernels, partitioner and arithmetic, one level deeper, in the
   * heap left once {@code reserve} bytes, what the outer solve still needs beside it, are set aside.
   */
  PartitionedApsp forBoundaryGraph(long reserve) {
    return new PartitionedApsp(kernels, options.withParts(0), partitioner, true, depth + 1,
        need -> heapRoom.applyAsLong(need + reserve) - reserve);
  }

  /**
   * Partitions {@code graph} (into {@code parts} parts, or the k the cost model prefers among powers of two) and
   * reports sizes, memory and predicted time. Partitioning is cheap next to the solve; METIS runs once per k tried.
   *
   * @throws IllegalArgumentException if the requested arithmetic is not exact for the graph
   */
  public Prepared prepare(Graph graph) {
    Objects.requireNonNull(graph, "graph");
    Arithmetic arithmetic = arithmeticFor(graph);
    int threads = options.effectiveThreads();
    boolean symmetric = BlockedFloydWarshall.solvableOnUpperTriangle(graph, options.symmetry());
    if (options.parts() > 0) {
      return prepare(graph, arithmetic, threads, symmetric, options.parts());
    }
    return searchParts(graph, arithmetic, threads, symmetric);
  }

  /**
   * The power of two k with the smallest predicted time of those whose solve fits the heap: METIS runs once per k
   * tried and takes longer for larger k, so the search starts near √n / 2 (where separators of planar-like graphs
   * balance the boundary against the components) and walks towards the better neighbour ({@link #better}) until
   * the next is no better. The fastest k was taken whether it fit or not, and a k with a smaller boundary matrix that
   * fit was never tried: the solve was refused.
   */
  private Prepared searchParts(Graph graph, Arithmetic arithmetic, int threads, boolean symmetric) {
    int n = graph.vertexCount();
    int most = Integer.highestOneBit(Math.max(1, n / MIN_AUTO_COMPONENT));
    if (most < 2) {
      return prepare(graph, arithmetic, threads, symmetric, 1);
    }
    int start = Math.min(most, Math.max(2, Integer.highestOneBit((int) Math.sqrt(n) / 2)));
    Prepared best = prepare(graph, arithmetic, threads, symmetric, start);
    Prepared up = start * 2 <= most ? prepare(graph, arithmetic, threads, symmetric, start * 2) : null;
    Prepared down = start / 2 >= 2 ? prepare(graph, arithmetic, threads, symmetric, start / 2) : null;
    Prepared fastest = fastest(fastest(best, up), down);
    boolean growing = up != null && better(up, best) && (down == null || !better(down, up));
    Prepared next = growing ? up : down;
    int k = growing ? start * 2 : start / 2;
    while (next != null && better(next, best)) {
      best = next;
      k = growing ? k * 2 : k / 2;
      next = growing ? (k <= most ? prepare(graph, arithmetic, threads, symmetric, k) : null)
          : (k >= 2 ? prepare(graph, arithmetic, threads, symmetric, k) : null);
      fastest = fastest(fastest, next);
    }
    if (fastest != best && !best.tiles.noneFits()) {
      best.partsNote = String.format(Locale.ROOT, "; %d parts, not the faster %d, whose solve takes %s: more than"
          + " the heap holds", best.requestedParts, fastest.requestedParts, Units.bytes(fastest.estimatedBytes()));
    }
    return best;
  }

  /**
   * Whether {@code a} is a better partition to solve than {@code b}: one whose solve fits the heap beats one whose
   * does not; of two that fit, the faster; of two that do not, the one that takes less, so that a refusal counts the
   * least a k can take.
   */
  private static boolean better(Prepared a, Prepared b) {
    if (a.tiles.noneFits() != b.tiles.noneFits()) {
      return !a.tiles.noneFits();
    }
    return a.tiles.noneFits() ? a.estimatedBytes() < b.estimatedBytes()
        : a.estimatedSeconds() < b.estimatedSeconds();
  }

  /** Of {@code a} and {@code b} (null for none), the one predicted faster, fitting the heap or not. */
  private static Prepared fastest(Prepared a, Prepared b) {
    return b == null || a.estimatedSeconds() <= b.estimatedSeconds() ? a : b;
  }

  private Prepared prepare(Graph graph, Arithmetic arithmetic, int threads, boolean symmetric, int parts) {
    Partition partition = parts == 1 ? Partition.single(graph.vertexCount()) : partitioner.partition(graph, parts);
    PartitionLayout layout = PartitionLayout.of(graph, partition);
    int k = layout.componentCount();
    int nb = layout.boundaryVertexCount();
    long n = layout.vertexCount();
    PartitionReport sizes = new PartitionReport(k, layout.componentSizes(), layout.boundarySizes(), nb,
        layout.cutArcs(), 0, 4 * n * n, null);
    PartitionedTiles tiles = PartitionedTiles.choose(BlockSizeModel.forMachine(kernels), sizes, threads,
        arithmetic, symmetric, HeapFootprint::floatArray, heapRoom);
    PartitionReport report = new PartitionReport(k, layout.componentSizes(), layout.boundarySizes(), nb,
        layout.cutArcs(), tiles.memory().boundary(), 4 * n * n, null);
    return new Prepared(graph, layout, arithmetic, report, threads, symmetric, kernels, tiles, parts);
  }

  /** Partitions and solves; see {@link #solve(Prepared, Progress)}. */
  public PartitionedDistanceMatrix solve(Graph graph, Progress progress) {
    return solve(prepare(graph), progress);
  }

  /**
   * The distances of the prepared graph, in original vertex ids; the matrix's
   * {@link PartitionedDistanceMatrix#report()} also says how the boundary graph was solved.
   *
   * @throws NegativeCycleException if the graph has a cycle of negative length
   * @throws MemoryBudgetException if the output, boundary matrix and working memory cannot fit in this JVM's heap
   *     (said before anything large is allocated)
   */
  public PartitionedDistanceMatrix solve(Prepared prepared, Progress progress) {
    Objects.requireNonNull(prepared, "prepared");
    Objects.requireNonNull(progress, "progress");
    Graph graph = prepared.graph();
    PartitionLayout layout = prepared.layout();
    Arithmetic arithmetic = prepared.arithmetic();
    PartitionReport report = prepared.report();
    int threads = options.effectiveThreads();
    checkFits(report, prepared.tiles());
    if (depth == 0) {
      LOG.log(Level.INFO, () -> "partitioned APSP on " + graph + ": " + report.summary() + ", "
          + arithmetic.label());
    }
    int n = layout.vertexCount();
    if (!PartitionedDistanceMatrix.fits(report.largestComponent(), n)) {
      long most = PartitionedDistanceMatrix.MAX_ARRAY / Math.max(1, n);
      throw new IllegalArgumentException("a component of " + report.largestComponent() + " vertices makes a row block "
          + "of " + report.largestComponent() + " × " + n + " floats, more than one Java array holds; with n = "
          + n + " components may have at most " + most + " vertices: use more parts (k ≥ " + (n / most + 1) + ")");
    }
    int k = layout.componentCount();
    float[][] rowBlocks = new float[k][];
    long stepOne = 0;
    for (int c = 0; c < k; c++) {
      stepOne += (long) layout.componentSize(c) * layout.componentSize(c) * layout.componentSize(c);
    }
    long nb = layout.boundaryVertexCount();
    long total = stepOne + nb * nb * nb
        + PartitionedCostModel.crossUpdates(layout.componentSizes(), layout.boundarySizes());
    ExecutorService pool = Executors.newFixedThreadPool(threads,
        Thread.ofPlatform().name("tropic-partitioned-", 0).daemon().factory());
    progress.begin("partitioned APSP (" + k + (k == 1 ? " part, " : " parts, ") + nb + " boundary vertices)", total);
    try {
      long start = System.nanoTime();
      new ComponentClosure(kernels, arithmetic, graph, layout, rowBlocks, prepared.tiles().components(),
          prepared.symmetric(), progress).run(pool, threads);
      long componentsDone = System.nanoTime();
      PartProgress boundaryStep = new PartProgress(progress, nb * nb * nb);
      BoundaryDistances boundary = nb == 0 ? null
          : new BoundaryGraphSolver(this, kernels, arithmetic, graph, layout, rowBlocks, threads,
              prepared.tiles().boundary(), prepared.symmetric(), prepared.memory().working(), boundaryStep).solve();
      boundaryStep.finish();
      long boundaryDone = System.nanoTime();
      if (boundary != null) {
        new CrossComponentProducts(kernels, arithmetic, layout, rowBlocks, boundary, progress).run(pool, threads);
      } else {
        fillOffDiagonal(pool, layout, rowBlocks, arithmetic);
      }
      long productsDone = System.nanoTime();
      decode(pool, rowBlocks, arithmetic);
      var timings = new PartitionedTimings((componentsDone - start) / 1e9, (boundaryDone - componentsDone) / 1e9,
          (productsDone - boundaryDone) / 1e9, (System.nanoTime() - start) / 1e9);
      if (depth == 0) {
        LOG.log(Level.DEBUG, () -> "partitioned APSP: " + timings.summary());
      }
      PartitionReport finalReport = boundary == null ? report : report.withBoundaryPartition(boundary.partition());
      return new PartitionedDistanceMatrix(layout, rowBlocks, graph.labels(), finalReport, timings);
    } catch (Throwable e) {
      progress.stopped();
      throw e;
    } finally {
      pool.shutdownNow();
      progress.end();
    }
  }

  private Arithmetic arithmeticFor(Graph graph) {
    if (trustedArithmetic && options.arithmetic() != null) {
      return options.arithmetic();
    }
    return new BlockedFloydWarshall(kernels, FloydWarshallOptions.defaults().withArithmetic(options.arithmetic()))
        .arithmeticFor(graph);
  }

  /**
   * Refuses up front, with the numbers, a solve that cannot fit in this JVM's heap; counted in the tiles that take
   * the least heap where none fit, so that the heap it advises is the least that holds the solve.
   */
  private static void checkFits(PartitionReport report, PartitionedTiles tiles) {
    PartitionedMemory memory = tiles.memory();
    long needed = memory.peak();
    long available = availableHeap();
    if (needed > available) {
      available = availableAfterCollection();
    }
    if (needed > available) {
      // the heap free, not the max heap: a need between the two read "needs 1.1 GiB but only 1.5 GiB is available"
      throw new MemoryBudgetException(String.format(Locale.ROOT, "partitioned APSP of n = %,d, %d parts and %,d"
          + " boundary vertices, in tiles of %s%s (%s)", report.vertexCount(), report.parts(),
          report.boundaryVertices(), tiles.describe(), tiles.noneFits() ? ", the sizes that take the least heap" : "",
          memory.describe(report.outputBytes())), needed, available);
    }
  }

  /** The heap not in use now. */
  static long availableHeap() {
    Runtime runtime = Runtime.getRuntime();
    return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
  }

  /** The heap free now, or, where that is less than {@code bytes}, free after a collection. */
  private static long heapRoomNow(long bytes) {
    long free = availableHeap();
    return bytes <= free ? free : availableAfterCollection();
  }

  private static long availableAfterCollection() {
    System.gc(); // what looked used may be garbage; look again before refusing
    return availableHeap();
  }

  /** Without boundary vertices no path leaves a component: every off-diagonal distance is +∞. */
  private static void fillOffDiagonal(ExecutorService pool, PartitionLayout layout, float[][] rowBlocks,
      Arithmetic arithmetic) {
    int n = layout.vertexCount();
    List<Runnable> tasks = new ArrayList<>();
    for (int i = 0; i < layout.componentCount(); i++) {
      int c = i;
      tasks.add(() -> {
        float[] rows = rowBlocks[c];
        int from = layout.componentStart(c);
        int to = from + layout.componentSize(c);
        for (int r = 0; r < layout.componentSize(c); r++) {
          Arrays.fill(rows, r * n, r * n + from, arithmetic.infinity());
          Arrays.fill(rows, r * n + to, (r + 1) * n, arithmetic.infinity());
        }
      });
    }
    ParallelTasks.runAll(pool, tasks);
  }

  private static void decode(ExecutorService pool, float[][] rowBlocks, Arithmetic arithmetic) {
    if (arithmetic != Arithmetic.INT32) {
      return;
    }
    List<Runnable> tasks = new ArrayList<>(rowBlocks.length);
    for (float[] rows : rowBlocks) {
      tasks.add(() -> arithmetic.decodeInPlace(rows, 0, rows.length));
    }
    ParallelTasks.runAll(pool, tasks);
  }
}
