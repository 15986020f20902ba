package org.tropic.graph;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * An immutable directed graph in compressed sparse row form: int vertex ids {@code 0..n-1}, float32 arc weights,
 * optional {@link VertexLabels}. Undirected input is stored as arcs both ways and remembered as
 * {@link #undirected()} for reporting. Arcs of a vertex are sorted by target; there is at most one arc per ordered
 * pair (builders keep the smallest weight) and no self-loop of non-negative weight (it can never shorten a path).
 *
 * <p>The arrays returned by {@link #offsets()}, {@link #targets()} and {@link #weights()} are the graph's own,
 * handed out for speed: callers must not modify them.
 */
public final class Graph {
  private final int[] offsets;
  private final int[] targets;
  private final float[] weights;
  private final VertexLabels labels;
  private final boolean undirected;
  private final WeightStats weightStats;
  private String fingerprint;
  private Boolean symmetric;

  /**
   * Wraps CSR arrays without copying. Prefer {@link GraphBuilder}; this constructor checks only the shape.
   *
   * @param offsets {@code n + 1} non-decreasing arc offsets, {@code offsets[0] == 0}
   * @param targets arc heads, {@code offsets[n]} of them, each in {@code 0..n-1}
   * @param weights arc weights, parallel to {@code targets}; never NaN
   * @param labels vertex names, or {@code null} when ids are the names
   * @param undirected whether the input was undirected (every arc has its reverse)
   */
  public Graph(int[] offsets, int[] targets, float[] weights, VertexLabels labels, boolean undirected) {
    this.offsets = Objects.requireNonNull(offsets, "offsets");
    this.targets = Objects.requireNonNull(targets, "targets");
    this.weights = Objects.requireNonNull(weights, "weights");
    int n = offsets.length - 1;
    if (n < 0 || offsets[0] != 0 || offsets[n] != targets.length || weights.length != targets.length) {
      throw new IllegalArgumentException("inconsistent CSR arrays: " + offsets.length + " offsets, "
          + targets.length + " targets, " + weights.length + " weights");
    }
    if (labels != null && labels.size() != n) {
      throw new IllegalArgumentException(labels.size() + " labels for " + n + " vertices");
    }
    this.labels = labels;
    this.undirected = undirected;
    this.weightStats = WeightStats.of(weights);
  }

  /**
   * This graph with its vertices renumbered: new vertex {@code i} is old vertex {@code oldIdOf[i]}. The arcs, their
   * weights and the labels are the same, renumbered; each vertex's arcs are sorted by their new targets.
   *
   * @throws IllegalArgumentException if {@code oldIdOf} is not a permutation of {@code 0..n-1}
   */
  public Graph permuted(int[] oldIdOf) {
    int n = vertexCount();
    if (oldIdOf.length != n) {
      throw new IllegalArgumentException("a permutation of " + oldIdOf.length + " ids for " + n + " vertices");
    }
    int[] newId = new int[n];
    Arrays.fill(newId, -1);
    for (int i = 0; i < n; i++) {
      int old = oldIdOf[i];
      if (old < 0 || old >= n || newId[old] >= 0) {
        throw new IllegalArgumentException("not a permutation: old id " + old + " at position " + i);
      }
      newId[old] = i;
    }
    int[] newOffsets = new int[n + 1];
    int[] newTargets = new int[targets.length];
    float[] newWeights = new float[weights.length];
    long[] arcs = new long[16];
    for (int i = 0; i < n; i++) {
      int from = offsets[oldIdOf[i]];
      int degree = offsets[oldIdOf[i] + 1] - from;
      if (arcs.length < degree) {
        arcs = new long[Math.max(degree, 2 * arcs.length)];
      }
      for (int a = 0; a < degree; a++) { // new target in the high half, so sorting the longs sorts by target
        arcs[a] = (long) newId[targets[from + a]] << 32 | Float.floatToRawIntBits(weights[from + a]) & 0xFFFF_FFFFL;
      }
      Arrays.sort(arcs, 0, degree);
      int at = newOffsets[i];
      for (int a = 0; a < degree; a++) {
        newTargets[at + a] = (int) (arcs[a] >>> 32);
        newWeights[at + a] = Float.intBitsToFloat((int) arcs[a]);
      }
      newOffsets[i + 1] = at + degree;
    }
    return new Graph(newOffsets, newTargets, newWeights, labels == null ? null : labels.permuted(oldIdOf), undirected);
  }

  /**
   * This graph with every arc turned around: arc u→v of weight w becomes v→u of weight w, so the arcs of a vertex
   * in the result are its in-arcs here. An undirected graph is its own reversal and is returned as is. Labels are
   * kept; each vertex's arcs stay sorted by target. O(n + m).
   */
  public Graph reversed() {
    if (undirected) {
      return this;
    }
    int n = vertexCount();
    int[] newOffsets = new int[n + 1];
    for (int target : targets) {
      newOffsets[target + 1]++;
    }
    for (int v = 0; v < n; v++) {
      newOffsets[v + 1] += newOffsets[v];
    }
    int[] next = Arrays.copyOf(newOffsets, n);
    int[] newTargets = new int[targets.length];
    float[] newWeights = new float[weights.length];
    for (int u = 0; u < n; u++) { // sources in increasing order, so each reversed row comes out sorted
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int at = next[targets[a]]++;
        newTargets[at] = u;
        newWeights[at] = weights[a];
      }
    }
    return new Graph(newOffsets, newTargets, newWeights, labels, false);
  }

  public int vertexCount() {
    return offsets.length - 1;
  }

  public int arcCount() {
    return targets.length;
  }

  public int outDegree(int u) {
    return offsets[u + 1] - offsets[u];
  }

  /** Arc offsets: the arcs of {@code u} are {@code offsets()[u] .. offsets()[u+1]-1}. Do not modify. */
  public int[] offsets() {
    return offsets;
  }

  /** Arc heads, parallel to {@link #weights()}. Do not modify. */
  public int[] targets() {
    return targets;
  }

  /** Arc weights, parallel to {@link #targets()}. Do not modify. */
  public float[] weights() {
    return weights;
  }

  /** The weight of arc u→v, or +∞ if there is none. */
  public float weight(int u, int v) {
    int at = Arrays.binarySearch(targets, offsets[u], offsets[u + 1], v);
    return at >= 0 ? weights[at] : Float.POSITIVE_INFINITY;
  }

  /** Vertex names, or {@code null} if the ids are the names. */
  public VertexLabels labels() {
    return labels;
  }

  /** The name of {@code u}: its label, or its id in decimal. */
  public String name(int u) {
    return labels == null ? Integer.toString(u) : labels.name(u);
  }

  /**
   * The vertex a user means by {@code name}: a label if the graph has labels, else a decimal id.
   *
   * @throws IllegalArgumentException naming the vertex if there is none such
   */
  public int vertex(String name) {
    if (labels != null) {
      int id = labels.id(name);
      if (id >= 0) {
        return id;
      }
      throw new IllegalArgumentException("no vertex named '" + name + "' in the graph" + labels.hint(name));
    }
    try {
      int id = Integer.parseInt(name.strip());
      if (id >= 0 && id < vertexCount()) {
        return id;
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException(
        "no vertex '" + name + "': the graph has ids 0.." + (vertexCount() - 1) + " and no labels (ids are 0-based:"
            + " Matrix Market row k and DIMACS node k are id k − 1)");
  }

  public boolean undirected() {
    return undirected;
  }

  /**
   * Whether every arc u→v has a reverse v→u of the same weight, so the adjacency matrix equals its transpose. True
   * for undirected input; checked rather than assumed, since directed input can be symmetric too. O(m log d) once,
   * then remembered.
   */
  public boolean isSymmetric() {
    Boolean s = symmetric;
    if (s == null) {
      s = symmetric = checkSymmetric();
    }
    return s;
  }

  private boolean checkSymmetric() {
    for (int u = 0; u < vertexCount(); u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int v = targets[a];
        int back = Arrays.binarySearch(targets, offsets[v], offsets[v + 1], u);
        if (back < 0 || Float.floatToIntBits(weights[back]) != Float.floatToIntBits(weights[a])) {
          return false;
        }
      }
    }
    return true;
  }

  /** Facts about the weights that decide the arithmetic path. */
  public WeightStats weightStats() {
    return weightStats;
  }

  /** A stable 64-bit hash of the structure and weights, in hex; recorded beside results to match them to graphs. */
  public String fingerprint() {
    String f = fingerprint;
    if (f == null) {
      long h = 0xcbf29ce484222325L;
      h = mix(h, vertexCount());
      for (int o : offsets) {
        h = mix(h, o);
      }
      for (int t : targets) {
        h = mix(h, t);
      }
      for (float w : weights) {
        h = mix(h, Float.floatToIntBits(w));
      }
      fingerprint = f = HexFormat.of().toHexDigits(h);
    }
    return f;
  }

  private static long mix(long h, int value) {
    h ^= value;
    h *= 0x100000001b3L;
    return h ^ (h >>> 29);
  }

  @Override
  public String toString() {
    return "Graph[n=" + vertexCount() + ", arcs=" + arcCount() + (undirected ? ", undirected" : ", directed") + "]";
  }
}
