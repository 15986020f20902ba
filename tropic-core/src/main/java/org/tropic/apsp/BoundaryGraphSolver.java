package org.tropic.apsp;

import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.partition.PartitionLayout;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Step 2 of partitioned APSP (IPDPS'14 §III-D): the boundary graph — all boundary vertices, the arcs between
 * components with their weights, and a virtual arc between any two boundary vertices of one component weighted by
 * their step-1 distance — and its all-pairs distances, which are the exact distances in the whole graph (Lemma 1).
 *
 * <p>Closed directly, the boundary matrix is loaded straight from the stored step-1 results into Floyd–Warshall
 * tiles, so no precision is lost on any arithmetic path. When it is large and the cost model says so, the boundary
 * graph is built as a {@link Graph} and solved by partitioned APSP in turn (§IV-A: "we then apply the same
 * algorithm recursively"); weights then pass through float32, so on the int32 path this happens only while every
 * distance is below 2²⁴ and thus exact as a float. On a symmetric graph the boundary matrix is symmetric too, and
 * is closed on the upper triangle of its tiles.
 */
final class BoundaryGraphSolver {
  /** Boundary graphs smaller than this are always closed directly when recursion is only wanted if cheaper. */
  static final int RECURSION_MIN_VERTICES = 2048;
  /** Boundary graphs smaller than this are closed directly even when recursion is forced. */
  static final int FORCED_RECURSION_MIN_VERTICES = 24;
  /** Recursion must predict at most this fraction of the direct time to be chosen. */
  static final double RECURSION_GAIN = 0.8;
  /**
   * Building the boundary graph and partitioning it with METIS, per arc: 0.13 µs + 0.32 µs measured on the 2-core
   * development VM (as-22july06's boundary graph, 5.3 M arcs, 2.4 s in all).
   */
  static final double PREPARE_SECONDS_PER_ARC = 0.45e-6;
  static final int MAX_DEPTH = 4;
  private static final double EXACT_FLOAT_INTEGERS = 1 << 24;

  private final PartitionedApsp owner;
  private final MinPlusKernels kernels;
  private final Arithmetic arithmetic;
  private final Graph graph;
  private final PartitionLayout layout;
  private final float[][] rowBlocks;
  private final int threads;
  private final int tile;
  private final boolean symmetric;
  private final long reserve;
  private final Progress progress;

  /**
   * @param tile the tile size a direct solve closes the boundary matrix in, as its memory was counted
   * @param symmetric whether the graph is symmetric, so the boundary matrix may be closed on its upper triangle
   * @param reserve the heap steps 3–4 need beside the boundary distances, in bytes
   * @param progress receives the Floyd–Warshall or recursive solve's progress
   */
  BoundaryGraphSolver(PartitionedApsp owner, MinPlusKernels kernels, Arithmetic arithmetic, Graph graph,
      PartitionLayout layout, float[][] rowBlocks, int threads, int tile, boolean symmetric, long reserve,
      Progress progress) {
    this.owner = owner;
    this.kernels = kernels;
    this.arithmetic = arithmetic;
    this.graph = graph;
    this.layout = layout;
    this.rowBlocks = rowBlocks;
    this.threads = threads;
    this.tile = tile;
    this.symmetric = symmetric;
    this.reserve = reserve;
    this.progress = progress;
  }

  BoundaryDistances solve() {
    int nb = layout.boundaryVertexCount();
    boolean forced = owner.options().recursion() == PartitionedOptions.Recursion.ALWAYS;
    double direct = PartitionedCostModel.floydWarshallSeconds(kernels, arithmetic, nb, threads, symmetric);
    // Building and partitioning the boundary graph is itself costly (2.4 s of a 6.3 s step on as-22july06, only
    // to choose the direct solve): look only when that cost leaves room for the recursion to win.
    if (wantsRecursion(nb) && (forced || preparationSeconds() < (1 - RECURSION_GAIN) * direct)) {
      Graph boundaryGraph = buildGraph();
      // The solve was admitted with the direct boundary matrix in its budget, not the recursion's n² output and
      // buffers: the inner solve chooses its tiles in the heap steps 3–4 leave, and is taken only where it fits
      // there, else the matrix is closed directly.
      PartitionedApsp inner = owner.forBoundaryGraph(reserve);
      PartitionedApsp.Prepared plan = inner.prepare(boundaryGraph);
      if (plan.layout().componentCount() > 1 && (forced || plan.estimatedSeconds() < RECURSION_GAIN * direct)
          && inner.heapFits(plan.estimatedBytes())) {
        return solveRecursively(inner, plan);
      }
    }
    return solveDirectly();
  }

  /**
   * The time to build and partition the boundary graph, from its arc count: every component's boundary × boundary
   * corner plus the cut arcs, at {@link #PREPARE_SECONDS_PER_ARC}.
   */
  private double preparationSeconds() {
    long arcs = layout.cutArcs();
    for (int c = 0; c < layout.componentCount(); c++) {
      long nbc = layout.boundarySize(c);
      arcs += nbc * (nbc - 1);
    }
    return arcs * PREPARE_SECONDS_PER_ARC;
  }

  private boolean wantsRecursion(int nb) {
    if (owner.depth() >= MAX_DEPTH) {
      return false;
    }
    boolean exact = arithmetic != Arithmetic.INT32
        || (double) Math.max(Math.abs(graph.weightStats().max()), Math.abs(graph.weightStats().min()))
            * Math.max(1, graph.vertexCount() - 1) < EXACT_FLOAT_INTEGERS;
    return exact && switch (owner.options().recursion()) {
      case NEVER -> false;
      case WHEN_CHEAPER -> nb >= RECURSION_MIN_VERTICES;
      case ALWAYS -> nb >= FORCED_RECURSION_MIN_VERTICES;
    };
  }

  private BoundaryDistances solveDirectly() {
    int nb = layout.boundaryVertexCount();
    TiledDistanceMatrix d = new TiledDistanceMatrix(nb, tile, arithmetic, null, symmetric);
    loadVirtualArcs(d);
    loadCutArcs(d);
    try {
      new FloydWarshallSchedule(kernels, arithmetic, d, threads, true, ComponentClosure.unnamedVertices(nb),
          progress).run();
    } catch (NegativeCycleException e) {
      int v = layout.vertexAt(layout.positionOfBoundary(e.vertex()));
      throw new NegativeCycleException(v, graph.name(v), arithmetic.decode(d.get(e.vertex(), e.vertex())));
    }
    return new BoundaryDistances() {
      @Override
      public void copyStoredRow(int i, float[] dst, int offset) {
        d.copyRow(i, dst, offset);
      }

      @Override
      public PartitionReport partition() {
        return null;
      }
    };
  }

  /** Virtual arcs: each component's boundary × boundary corner of its step-1 result, already in storage form. */
  private void loadVirtualArcs(TiledDistanceMatrix d) {
    int n = layout.vertexCount();
    for (int c = 0; c < layout.componentCount(); c++) {
      float[] block = rowBlocks[c];
      int corner = layout.componentStart(c);
      int nbc = layout.boundarySize(c);
      int first = layout.boundaryStart(c);
      for (int r = 0; r < nbc; r++) {
        for (int t = 0; t < nbc; t++) {
          d.setStored(first + r, first + t, block[r * n + corner + t]);
        }
      }
    }
  }

  /** Arcs between components, each from a boundary vertex to a boundary vertex of another component. */
  private void loadCutArcs(TiledDistanceMatrix d) {
    forEachCutArc((gi, gj, w) -> d.lowerEntry(gi, gj, w, arithmetic));
  }

  private interface CutArcVisitor {
    void arc(int fromBoundaryIndex, int toBoundaryIndex, float weight);
  }

  private void forEachCutArc(CutArcVisitor visitor) {
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int gi = 0; gi < layout.boundaryVertexCount(); gi++) {
      int p = layout.positionOfBoundary(gi);
      int c = layout.componentAt(p);
      int u = layout.vertexAt(p);
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int q = layout.positionOf(targets[a]);
        if (layout.componentAt(q) != c) {
          visitor.arc(gi, layout.boundaryIndexOf(q), weights[a]);
        }
      }
    }
  }

  /** The boundary graph as a {@link Graph} in boundary-index order; unreachable pairs get no virtual arc. */
  private Graph buildGraph() {
    int n = layout.vertexCount();
    GraphBuilder builder = GraphBuilder.withVertexCount(layout.boundaryVertexCount());
    for (int c = 0; c < layout.componentCount(); c++) {
      float[] block = rowBlocks[c];
      int corner = layout.componentStart(c);
      int nbc = layout.boundarySize(c);
      int first = layout.boundaryStart(c);
      for (int r = 0; r < nbc; r++) {
        for (int t = 0; t < nbc; t++) {
          float w = arithmetic.decode(block[r * n + corner + t]);
          if (r != t && w != Float.POSITIVE_INFINITY) {
            builder.addArc(first + r, first + t, w);
          }
        }
      }
    }
    forEachCutArc(builder::addArc);
    return builder.build();
  }

  private BoundaryDistances solveRecursively(PartitionedApsp inner, PartitionedApsp.Prepared plan) {
    PartitionedDistanceMatrix d;
    try {
      d = inner.solve(plan, progress);
    } catch (NegativeCycleException e) {
      int v = layout.vertexAt(layout.positionOfBoundary(e.vertex()));
      throw new NegativeCycleException(v, graph.name(v), e.closedWalkLength());
    }
    int nb = d.size();
    ThreadLocal<float[]> row = ThreadLocal.withInitial(() -> new float[nb]);
    return new BoundaryDistances() {
      @Override
      public void copyStoredRow(int i, float[] dst, int offset) {
        float[] values = row.get();
        d.copyRow(i, values);
        for (int j = 0; j < nb; j++) {
          dst[offset + j] = arithmetic.encode(values[j]);
        }
      }

      @Override
      public PartitionReport partition() {
        return d.report();
      }
    };
  }
}
