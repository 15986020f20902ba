package org.tropic.apsp;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.tropic.graph.Graph;
import org.tropic.graph.VertexLabels;

/**
 * The distances of a graph after some of its arcs were raised or removed, from the distances before. Raising an arc
 * shortens nothing, and a row keeps every distance unless the arc lay on a shortest path from that row's source: a
 * shortest path through arc (u, v) begins with a shortest path to v, so such a row has
 * {@code D[i][u] + w(u, v) = D[i][v]}. Those rows are searched again on the changed graph (Dijkstra, with
 * {@link Johnson}'s potentials where weights are negative); the others are the old rows, read where they lie.
 *
 * <p>Where shortest paths tie, a row whose tied path used the arc is searched again though another path of the same
 * length remains: the test cannot tell them apart without the whole shortest-path graph, and a search too many
 * costs time, never correctness. For the same reason the equality is tested with float32's rounding allowance for
 * paths as long as the graph.
 */
public final class AffectedRows implements DistanceMatrix {

  /**
   * An arc whose weight went up (or that was removed: its new weight is the changed graph's, +∞ when gone).
   *
   * @param source where the arc leaves
   * @param target where it arrives
   * @param oldWeight its weight before, the lightest of its parallels
   */
  public record RaisedArc(int source, int target, float oldWeight) {}

  private final DistanceMatrix base;
  private final float[][] searched;
  private final int count;

  private AffectedRows(DistanceMatrix base, float[][] searched, int count) {
    this.base = base;
    this.searched = searched;
    this.count = count;
  }

  /**
   * Which rows of {@code base} had a raised arc on a shortest path: a flag per row, found on {@code threads} threads.
   *
   * @throws IllegalArgumentException if an arc names a vertex outside {@code base}
   */
  public static boolean[] find(DistanceMatrix base, List<RaisedArc> raised, int threads, Progress progress) {
    int n = base.size();
    for (RaisedArc arc : raised) {
      Objects.checkIndex(arc.source(), n);
      Objects.checkIndex(arc.target(), n);
    }
    AtomicIntegerArray flags = new AtomicIntegerArray(n);
    double allowedPerScale = PathTolerance.allowed(1, n) - Float.MIN_NORMAL;
    ParallelRows.run("finding the rows a raised arc was on", n, threads, progress, () -> i -> {
      for (RaisedArc arc : raised) {
        float toSource = base.get(i, arc.source());
        if (toSource != Float.POSITIVE_INFINITY) {
          double through = (double) toSource + arc.oldWeight();
          float toTarget = base.get(i, arc.target());
          double scale = Math.abs(toSource) + Math.abs(arc.oldWeight()) + Math.abs(toTarget);
          if (through <= toTarget + allowedPerScale * scale + Float.MIN_NORMAL) {
            flags.set(i, 1);
            return;
          }
        }
      }
    });
    boolean[] affected = new boolean[n];
    for (int i = 0; i < n; i++) {
      affected[i] = flags.get(i) == 1;
    }
    return affected;
  }

  /** How many of {@code affected}'s flags are set. */
  public static int count(boolean[] affected) {
    int count = 0;
    for (boolean a : affected) {
      count += a ? 1 : 0;
    }
    return count;
  }

  /** The heap the searched rows take: 4n bytes each, and a Dijkstra's scratch per thread. */
  public static long heapBytes(int n, int rows, int threads) {
    return 4L * n * rows + (long) Math.min(threads, Math.max(1, rows)) * 16L * n;
  }

  /**
   * Searches the {@code affected} rows again on {@code changed}, the graph with the arcs raised (and no others
   * changed), on {@code threads} threads; progress is counted in rows searched.
   *
   * @param base the distances before, {@code changed.vertexCount()} square
   * @throws NegativeCycleException never for a graph whose distances {@code base} holds: raising makes no cycle
   */
  public static AffectedRows search(DistanceMatrix base, Graph changed, boolean[] affected, int threads,
      Progress progress) {
    int n = base.size();
    if (changed.vertexCount() != n || affected.length != n) {
      throw new IllegalArgumentException("the changed graph has " + changed.vertexCount() + " vertices and "
          + affected.length + " row flags; the distances are " + n + "×" + n);
    }
    int count = count(affected);
    int[] rows = new int[count];
    for (int i = 0, k = 0; i < n; i++) {
      if (affected[i]) {
        rows[k++] = i;
      }
    }
    float[][] searched = new float[n][];
    if (count > 0) {
      Johnson johnson = new Johnson(changed);
      ParallelRows.run("searching the rows again", count, threads, progress, () -> {
        Johnson.RowSearch search = johnson.newSearch();
        return k -> {
          float[] row = new float[n];
          search.distancesFrom(rows[k], row);
          searched[rows[k]] = row;
        };
      });
    }
    return new AffectedRows(base, searched, count);
  }

  /** How many rows were searched again. */
  public int searchedRows() {
    return count;
  }

  @Override
  public int size() {
    return base.size();
  }

  @Override
  public float get(int u, int v) {
    float[] row = searched[u];
    return row != null ? row[v] : base.get(u, v);
  }

  @Override
  public void copyRow(int u, float[] dst) {
    float[] row = searched[u];
    if (row != null) {
      System.arraycopy(row, 0, dst, 0, row.length);
    } else {
      base.copyRow(u, dst);
    }
  }

  @Override
  public VertexLabels labels() {
    return base.labels();
  }
}
