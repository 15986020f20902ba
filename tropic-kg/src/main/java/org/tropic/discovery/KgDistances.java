package org.tropic.discovery;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Objects;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.kg.KgView;

/**
 * Shortest-path distances and paths over a {@link KgView}, answered from a whole APSP result (a
 * {@link DistanceMatrix}, e.g. a mapped {@code .npy} store) when one exists, or else by a single-source search per
 * source (Dijkstra; the last source's tree is kept, since queries come grouped by source).
 *
 * <p>Paths from a matrix are walked without a predecessor matrix: from u, step to the neighbour w minimising
 * {@code len(u, w) + D[w][v]} among those that keep the remaining distance consistent within float tolerance; the
 * view is undirected, so {@code D[w][v]} is row v. Should rounding ever stall the walk, a single-source search
 * gives the path instead. Not thread-safe.
 */
public final class KgDistances implements AutoCloseable {
  private static final float RELATIVE_TOLERANCE = 1e-5f;

  private final KgView view;
  private final DistanceMatrix matrix;
  private final boolean ownsMatrix;
  private ShortestPathTree lastTree;

  private KgDistances(KgView view, DistanceMatrix matrix, boolean ownsMatrix) {
    this.view = Objects.requireNonNull(view, "view");
    this.matrix = matrix;
    this.ownsMatrix = ownsMatrix;
  }

  /** Distances by single-source search on the view's graph. */
  public static KgDistances bySearch(KgView view) {
    return new KgDistances(view, null, false);
  }

  /**
   * Distances read from {@code matrix}, which must have been computed from this view's graph: a stored result's
   * sidecar fingerprint is checked, otherwise the size and vertex labels.
   *
   * @throws IllegalArgumentException if the matrix belongs to another graph
   */
  public static KgDistances fromMatrix(KgView view, DistanceMatrix matrix) {
    return fromMatrix(view, matrix, false);
  }

  /**
   * Like {@link #fromMatrix(KgView, DistanceMatrix)}; with {@code owns}, {@link #close()} closes the matrix (e.g. to
   * unmap a stored result), also when the check fails.
   */
  public static KgDistances fromMatrix(KgView view, DistanceMatrix matrix, boolean owns) {
    try {
      check(view, matrix);
    } catch (RuntimeException e) {
      if (owns) {
        matrix.close();
      }
      throw e;
    }
    return new KgDistances(view, matrix, owns);
  }

  private static void check(KgView view, DistanceMatrix matrix) {
    Graph graph = view.graph();
    if (matrix.size() != graph.vertexCount()) {
      throw new IllegalArgumentException("the distance matrix is " + matrix.size() + "×" + matrix.size()
          + " but the knowledge-graph view has " + graph.vertexCount() + " vertices (edge kinds "
          + KgView.labels(view.kinds()) + "); it was computed from another graph or other edge kinds");
    }
    if (matrix instanceof NpyDistanceMatrix stored && stored.sidecar() != null) {
      stored.sidecar().checkGraph(graph, stored.file());
    }
    // the fingerprint covers the arcs, not the names: a sidecar whose labels were changed named the wrong nodes
    if (matrix.labels() != null && !matrix.labels().equals(graph.labels())) {
      throw new IllegalArgumentException("the distance matrix's vertex labels differ from the view's: it was"
          + " computed from another graph");
    }
  }

  /** Closes the matrix if this owns it. */
  @Override
  public void close() {
    if (ownsMatrix) {
      matrix.close();
    }
  }

  public KgView view() {
    return view;
  }

  /** Whether distances come from a whole APSP result. */
  public boolean usesMatrix() {
    return matrix != null;
  }

  /** Distances from {@code vertex} to every vertex (a fresh array for a matrix, the tree's own otherwise). */
  public float[] row(int vertex) {
    if (matrix != null) {
      float[] row = new float[matrix.size()];
      matrix.copyRow(vertex, row);
      return row;
    }
    return tree(vertex).distances();
  }

  /** The distance from {@code from} to {@code to}, +∞ if unreachable. */
  public float distance(int from, int to) {
    return matrix != null ? matrix.get(from, to) : tree(from).distance(to);
  }

  /** The vertices of a shortest path from {@code from} to {@code to}, or {@code null} if there is none. */
  public int[] path(int from, int to) {
    if (matrix == null) {
      return tree(from).pathTo(to);
    }
    float total = matrix.get(from, to);
    if (total == Float.POSITIVE_INFINITY) {
      return null;
    }
    int[] walked = walk(from, to);
    return walked != null ? walked : ShortestPathTree.search(view.graph(), from, to, null, null).pathTo(to);
  }

  /**
   * Shortest paths from {@code source} to {@code targets} only (a search that stops once they are settled; not
   * kept). Without a matrix this is much cheaper than {@link #tree} when the targets are near.
   */
  public ShortestPathTree treeTo(int source, int[] targets) {
    if (lastTree != null && lastTree.source() == source) {
      return lastTree;
    }
    return ShortestPathTree.toTargets(view.graph(), source, targets);
  }

  /** The shortest-path tree from {@code source} (kept for the next call with the same source). */
  public ShortestPathTree tree(int source) {
    if (lastTree == null || lastTree.source() != source) {
      lastTree = ShortestPathTree.from(view.graph(), source);
    }
    return lastTree;
  }

  private int[] walk(int from, int to) {
    Graph graph = view.graph();
    int n = graph.vertexCount();
    float[] toTarget = new float[n];
    matrix.copyRow(to, toTarget);
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    boolean[] visited = new boolean[n];
    IntArrayList path = new IntArrayList();
    int at = from;
    path.add(at);
    visited[at] = true;
    while (at != to) {
      float remaining = toTarget[at];
      float tolerance = RELATIVE_TOLERANCE * Math.max(1f, remaining);
      int best = -1;
      float bestValue = Float.POSITIVE_INFINITY;
      for (int a = offsets[at]; a < offsets[at + 1]; a++) {
        int w = targets[a];
        float value = weights[a] + toTarget[w];
        if (!visited[w] && value < bestValue) {
          best = w;
          bestValue = value;
        }
      }
      if (best < 0 || bestValue > remaining + tolerance) {
        return null;
      }
      at = best;
      visited[at] = true;
      path.add(at);
    }
    return path.toIntArray();
  }
}
