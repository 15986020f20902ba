package org.tropic.apsp;

import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * All-pairs shortest paths by blocked Floyd–Warshall over b×b tiles (Venkataraman, Sahni &amp; Mukhopadhyaya 2003;
 * the form DSNAPSHOT, SC20 Alg. 2, distributes): for each pivot block k, close the diagonal tile, update the pivot
 * row and column panels with it, then relax every other tile with the min-plus outer product of the two panels.
 * All arithmetic is the two tile kernels of {@link MinPlusKernels}; the work is scheduled by
 * {@link FloydWarshallSchedule}, which runs the next pivot's diagonal and panels ahead of the current outer product.
 *
 * <p>Time Θ(n³) at the kernel's rate; memory the n² tiles (padded to a multiple of b) plus at most a few
 * iterations' packed panels (2·n·b floats each). A symmetric graph (undirected, weights ≥ 0) is solved on the tiles
 * on and above the diagonal only ({@link FloydWarshallOptions#symmetry()}): about half the time and the memory.
 * The pivots go in {@link PivotOrder}, which on a sparse graph keeps panels sparse and whole tiles +∞, work the
 * steps skip. A negative cycle is reported as a {@link NegativeCycleException}, never returned as data.
 */
public final class BlockedFloydWarshall {
  private final MinPlusKernels kernels;
  private final FloydWarshallOptions options;

  public BlockedFloydWarshall(MinPlusKernels kernels, FloydWarshallOptions options) {
    this.kernels = kernels;
    this.options = options;
  }

  /** Distances of {@code graph}; the matrix holds float32 distances, +∞ where unreachable. */
  public TiledDistanceMatrix solve(Graph graph, Progress progress) {
    return solve(graph, progress, null);
  }

  /**
   * Distances of {@code graph}, saving the solve's state to {@code checkpoint} as it goes and going on from an
   * earlier save there (see {@link FloydWarshallCheckpoint}); {@code null} for none.
   *
   * @throws IllegalArgumentException if the checkpoint file exists but is not a save of this graph and solve
   */
  public TiledDistanceMatrix solve(Graph graph, Progress progress, FloydWarshallCheckpoint checkpoint) {
    NegativeCycleException.rejectNegativeEdgeOfSymmetricGraph(graph);
    int n = graph.vertexCount();
    Arithmetic arithmetic = arithmeticFor(graph);
    int threads = options.effectiveThreads();
    boolean symmetric = usesSymmetry(graph);
    int b = blockSizeFor(graph);
    int[] oldIdOf = options.pivotOrder() ? PivotOrder.of(graph) : null;
    Graph pivoted = oldIdOf == null ? graph : graph.permuted(oldIdOf);
    TiledDistanceMatrix d = TiledDistanceMatrix.deferred(n, b, graph.labels(), symmetric, inverse(oldIdOf));
    try {
      if (checkpoint == null) {
        new FloydWarshallSchedule(kernels, arithmetic, d, threads, options.lookahead(), pivoted, progress,
            new GraphTiles(pivoted, d, arithmetic)).run();
      } else {
        new CheckpointedSchedule(kernels, arithmetic, d, threads, options.lookahead(), pivoted, checkpoint,
            identity(graph, b, oldIdOf)).run(progress);
      }
    } catch (NegativeCycleException e) {
      if (oldIdOf == null) {
        throw e;
      }
      int vertex = oldIdOf[e.vertex()];
      throw new NegativeCycleException(vertex, graph.name(vertex), e.closedWalkLength());
    }
    d.decodeFrom(arithmetic);
    return d;
  }

  /** Where each vertex sits in a pivot order, or null for none. */
  private static int[] inverse(int[] oldIdOf) {
    if (oldIdOf == null) {
      return null;
    }
    int[] position = new int[oldIdOf.length];
    for (int i = 0; i < oldIdOf.length; i++) {
      position[oldIdOf[i]] = i;
    }
    return position;
  }

  /**
   * Refuses the save in {@code checkpoint}, if there is one, when it is not of this solve of {@code graph} (another
   * graph, tile size, arithmetic, upper-triangle choice or vertex order), as the solve would on reading it, from its
   * header alone: a command checks before it says it goes on from the save, not after.
   *
   * @throws IllegalArgumentException naming the file and what differs, as the solve would
   */
  public void checkResumable(Graph graph, FloydWarshallCheckpoint checkpoint) {
    if (checkpoint.exists()) {
      int b = blockSizeFor(graph);
      CheckpointFile.checkSaveOf(checkpoint.file(), identity(graph, b,
          options.pivotOrder() ? PivotOrder.of(graph) : null), Math.max(1, (graph.vertexCount() + b - 1) / b));
    }
  }

  /** What a checkpoint of this solve of {@code graph} in tiles of {@code b}, vertices in {@code oldIdOf}, records. */
  private CheckpointFile.Identity identity(Graph graph, int b, int[] oldIdOf) {
    return new CheckpointFile.Identity(graph.fingerprint(), graph.vertexCount(), b, arithmeticFor(graph).label(),
        usesSymmetry(graph), CheckpointFile.pivotOrder(oldIdOf));
  }

  /**
   * The tile side for {@code graph}: the requested one (at most {@link FloydWarshallOptions#largestUsefulBlockSize}),
   * else the model's choice (calibrated once per JVM).
   */
  public int blockSizeFor(Graph graph) {
    return options.blockSize() > 0
        ? Math.min(options.blockSize(), FloydWarshallOptions.largestUsefulBlockSize(graph.vertexCount()))
        : BlockSizeModel.forMachine(kernels)
        .choose(graph.vertexCount(), options.effectiveThreads(), arithmeticFor(graph), usesSymmetry(graph));
  }

  /** The bytes {@link #solve} holds for the distance tiles of {@code graph}: n², or about half when symmetric. */
  public long matrixBytes(Graph graph) {
    return TiledDistanceMatrix.storageBytes(graph.vertexCount(), blockSizeFor(graph), usesSymmetry(graph));
  }

  /** The arithmetic path this solver uses for {@code graph}: the requested one if exact for it, else the best. */
  public Arithmetic arithmeticFor(Graph graph) {
    Arithmetic requested = options.arithmetic();
    if (requested == null) {
      return Arithmetic.choose(graph.weightStats(), graph.vertexCount());
    }
    if (!requested.supports(graph.weightStats(), graph.vertexCount())) {
      throw new IllegalArgumentException("arithmetic " + requested.label() + " is not exact for this graph (weights "
          + graph.weightStats().min() + " .. " + graph.weightStats().max()
          + (graph.weightStats().integral() ? ", whole numbers" : "") + "): "
          + requested.unsupportedReason(graph.weightStats(), graph.vertexCount()) + "; use "
          + exactAlternatives(graph));
    }
    return requested;
  }

  /** The paths exact for {@code graph}: the fastest one, and exact-float when that is another one. */
  private static String exactAlternatives(Graph graph) {
    String fastest = Arithmetic.choose(graph.weightStats(), graph.vertexCount()).label();
    String always = Arithmetic.EXACT_FLOAT.label();
    return fastest.equals(always) ? always : fastest + " or " + always;
  }

  /**
   * Whether this solver works on the upper triangle of tiles only for {@code graph}: symmetry is on, and the graph
   * is symmetric with no negative weight (an undirected negative edge is a negative cycle, reported before solving).
   */
  public boolean usesSymmetry(Graph graph) {
    return solvableOnUpperTriangle(graph, options.symmetry());
  }

  /** The rule every Floyd–Warshall solve in Tropic applies: allowed, symmetric, and no negative weight. */
  public static boolean solvableOnUpperTriangle(Graph graph, boolean allowed) {
    return allowed && !graph.weightStats().hasNegative() && graph.isSymmetric();
  }
}
