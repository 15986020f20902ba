package org.tropic.analytics;

import java.util.Objects;
import org.tropic.graph.Graph;
import org.tropic.graph.VertexLabels;
import org.tropic.sparse.BlockCoo;
import org.tropic.sparse.BlockCooOptions;
import org.tropic.sparse.LayoutAdvisor;
import org.tropic.sparse.Orientation;
import org.tropic.sparse.Permutation;
import org.tropic.sparse.SparseKernels;

/**
 * A graph as the analytics see it: its transposed adjacency matrix Aᵀ as a {@link BlockCoo} (row v lists the arcs
 * into v, so every product "pulls" and block rows can be worked in parallel without races), the kernels to multiply
 * with, and the vertex names. The matrix may be renumbered (e.g. by RCM); every analytic takes and returns original
 * vertex ids and translates at the edges.
 *
 * <p>Immutable apart from lazily computed degree caches; safe to share between threads.
 */
public final class SparseGraph {
  private final BlockCoo matrix;
  private final VertexLabels labels;
  private final SparseKernels kernels;
  private volatile int[] outDegreeStored;
  private volatile int[] inDegreeStored;
  private volatile float[] outWeightStored;
  private volatile float minWeight = Float.NaN;

  private SparseGraph(BlockCoo matrix, VertexLabels labels, SparseKernels kernels) {
    this.matrix = matrix;
    this.labels = labels;
    this.kernels = kernels;
  }

  /** The graph on all cores, its matrix laid out as {@link LayoutAdvisor} finds fastest for SpMV. */
  public static SparseGraph of(Graph graph) {
    return of(graph, LayoutAdvisor.Product.SPMV);
  }

  /**
   * The graph on all cores, its matrix laid out for {@code product}: {@link LayoutAdvisor.Product#SPMM} for
   * {@link SubgraphCentrality}, which multiplies blocks of probe vectors, SpMV for every other analytic.
   */
  public static SparseGraph of(Graph graph, LayoutAdvisor.Product product) {
    SparseKernels kernels = SparseKernels.defaults();
    return of(graph, LayoutAdvisor.choose(graph, BlockCooOptions.defaults(), kernels.threads(), product).options(),
        kernels);
  }

  /**
   * The graph with its matrix built as {@code options} say (the orientation must be {@link Orientation#TRANSPOSE}).
   */
  public static SparseGraph of(Graph graph, BlockCooOptions options, SparseKernels kernels) {
    Objects.requireNonNull(graph, "graph");
    if (options.orientation() != Orientation.TRANSPOSE) {
      throw new IllegalArgumentException("analytics pull along in-arcs and need the TRANSPOSE orientation, not "
          + options.orientation());
    }
    BlockCoo m = BlockCoo.fromGraph(graph, options, kernels.threads());
    return new SparseGraph(m, graph.labels(), kernels);
  }

  /**
   * A graph over an existing matrix (e.g. one {@link BlockCoo#open opened} from a file): it must be square and either
   * transposed or symmetric.
   *
   * @param labels names in original ids, or {@code null}
   */
  public static SparseGraph of(BlockCoo matrix, VertexLabels labels, SparseKernels kernels) {
    Objects.requireNonNull(matrix, "matrix");
    Objects.requireNonNull(kernels, "kernels");
    if (matrix.rowCount() != matrix.columnCount()) {
      throw new IllegalArgumentException("a graph's matrix is square; this one is " + matrix.rowCount() + "×"
          + matrix.columnCount());
    }
    if (matrix.layout().orientation() != Orientation.TRANSPOSE && !matrix.layout().symmetric()) {
      throw new IllegalArgumentException("the matrix holds A of a directed graph; analytics need Aᵀ "
          + "(build it with the TRANSPOSE orientation)");
    }
    if (labels != null && labels.size() != matrix.rowCount()) {
      throw new IllegalArgumentException(labels.size() + " labels for " + matrix.rowCount() + " vertices");
    }
    return new SparseGraph(matrix, labels, kernels);
  }

  public int vertexCount() {
    return matrix.rowCount();
  }

  public long arcCount() {
    return matrix.nonZeroCount();
  }

  /** Whether A = Aᵀ (an undirected graph): spectrum and subgraph centrality need it. */
  public boolean symmetric() {
    return matrix.layout().symmetric();
  }

  /** Aᵀ in stored ids. */
  public BlockCoo matrix() {
    return matrix;
  }

  public SparseKernels kernels() {
    return kernels;
  }

  /** Stored id = {@code permutation().newId(original id)}. */
  public Permutation permutation() {
    return matrix.permutation();
  }

  /** Names in original ids, or {@code null}. */
  public VertexLabels labels() {
    return labels;
  }

  /** The name of original vertex {@code v}: its label, or its id in decimal. */
  public String name(int v) {
    return labels == null ? Integer.toString(v) : labels.name(v);
  }

  /**
   * The original id a user means by {@code name}: a label, or a decimal id when there are no labels.
   *
   * @throws IllegalArgumentException naming the vertex if there is none such
   */
  public int vertex(String name) {
    if (labels != null) {
      int id = labels.id(name);
      if (id < 0) {
        throw new IllegalArgumentException("no vertex named '" + name + "' in the graph" + labels.hint(name));
      }
      return id;
    }
    try {
      int id = Integer.parseInt(name.strip());
      if (id >= 0 && id < vertexCount()) {
        return id;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("no vertex '" + name + "': the graph has ids 0.." + (vertexCount() - 1)
        + " and no labels");
  }

  /** Checks an original vertex id. */
  void checkVertex(int v) {
    if (v < 0 || v >= vertexCount()) {
      throw new IllegalArgumentException("vertex " + v + " is outside 0.." + (vertexCount() - 1));
    }
  }

  /** Out-degrees in stored ids: the column counts of Aᵀ. */
  int[] outDegreeStored() {
    int[] d = outDegreeStored;
    if (d == null) {
      int[] counts = new int[vertexCount()];
      matrix.forEachElement((row, column, value) -> counts[column]++);
      outDegreeStored = d = counts;
    }
    return d;
  }

  /** In-degrees in stored ids: the row counts of Aᵀ. */
  int[] inDegreeStored() {
    int[] d = inDegreeStored;
    if (d == null) {
      int[] counts = new int[vertexCount()];
      matrix.forEachElement((row, column, value) -> counts[row]++);
      inDegreeStored = d = counts;
    }
    return d;
  }

  /** Sums of out-arc weights in stored ids. */
  float[] outWeightStored() {
    float[] w = outWeightStored;
    if (w == null) {
      float[] sums = new float[vertexCount()];
      matrix.forEachElement((row, column, value) -> sums[column] += value);
      outWeightStored = w = sums;
    }
    return w;
  }

  /** The smallest arc weight (+∞ without arcs). */
  float minWeight() {
    float m = minWeight;
    if (Float.isNaN(m)) {
      float[] min = {Float.POSITIVE_INFINITY};
      matrix.forEachElement((row, column, value) -> min[0] = Math.min(min[0], value));
      minWeight = m = min[0];
    }
    return m;
  }

  /** The largest arc weight (−∞ without arcs); O(nnz), for messages. */
  float maxWeight() {
    float[] max = {Float.NEGATIVE_INFINITY};
    matrix.forEachElement((row, column, value) -> max[0] = Math.max(max[0], value));
    return max[0];
  }

  /** Throws unless every weight is non-negative, which Perron–Frobenius based measures rely on. */
  void requireNonNegativeWeights(String measure) {
    float min = minWeight();
    if (min < 0) {
      throw new IllegalArgumentException(measure + " needs non-negative arc weights; this graph has weight " + min
          + " on the arc " + arcWeighing(min) + " (read the weights as their magnitudes, or as 1)");
    }
  }

  /** "source → target" of the first stored arc of weight {@code w}, by name: the message names what to look at. */
  String arcWeighing(float w) {
    int[] found = {-1, -1};
    matrix.forEachElement((row, column, value) -> {
      if (found[0] < 0 && value == w) {
        found[0] = row;
        found[1] = column;
      }
    });
    boolean transposed = matrix.layout().orientation() == Orientation.TRANSPOSE; // row v holds the arcs into v
    Permutation p = permutation();
    int source = p.oldId(transposed ? found[1] : found[0]);
    int target = p.oldId(transposed ? found[0] : found[1]);
    return name(source) + " → " + name(target);
  }

  /** Throws unless the matrix is symmetric. */
  void requireSymmetric(String what) {
    if (!symmetric()) {
      throw new IllegalArgumentException(what + " needs a symmetric matrix (an undirected graph); this graph is "
          + "directed or has unequal weights on opposite arcs");
    }
  }

  @Override
  public String toString() {
    return "SparseGraph[n=" + vertexCount() + ", arcs=" + arcCount() + ", " + matrix + "]";
  }
}
