package org.tropic.apsp;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.tropic.graph.Graph;
import org.tropic.graph.VertexLabels;

/**
 * The distances of a graph after some of its arcs were raised or removed, from the distances before. Raising an arc
 * shortens nothing, and a row keeps every distance unless the arc lay on a shortest path from that row's source: a
 * shortest path through arc (u, v) begins with a shortest path to v, so such a row has
 * {@code D[i][u] + w(u, v) = D[i][v]}. Only those rows are repaired, and in each only the vertices below a raised
 * arc in the row's shortest-path graph (those reached from its head along arcs with
 * {@code D[i][x] + w(x, y) = D[i][y]}): every other vertex has only shortest paths that avoid the raised arcs, so
 * its distance stands. The vertices below start from their cheapest arc in from a vertex that stands, and a Dijkstra
 * among them alone settles them (on arcs reweighted by {@link BellmanFordPotentials} where weights are negative, as
 * in {@link Johnson}). A row's repair costs what its changed part costs, not a search of the whole graph.
 *
 * <p>The equalities are tested with float32's rounding allowance for paths as long as the graph, so near ties count
 * as ties: a vertex taken below a raised arc that was not is repaired to the distance it had, which costs time,
 * never correctness. The changed distances are kept per row (8 bytes each), not whole rows.
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
  private final int[][] changedColumns;
  private final float[][] changedDistances;
  private final int count;
  private final long repaired;

  private AffectedRows(DistanceMatrix base, int[][] changedColumns, float[][] changedDistances, int count,
      long repaired) {
    this.base = base;
    this.changedColumns = changedColumns;
    this.changedDistances = changedDistances;
    this.count = count;
    this.repaired = repaired;
  }

  /**
   * Which rows of {@code base} had a raised arc on a shortest path: a flag per row, found on {@code threads} threads.
   *
   * @throws IndexOutOfBoundsException if an arc names a vertex outside {@code base}
   */
  public static boolean[] find(DistanceMatrix base, List<RaisedArc> raised, int threads, Progress progress) {
    int n = base.size();
    for (RaisedArc arc : raised) {
      Objects.checkIndex(arc.source(), n);
      Objects.checkIndex(arc.target(), n);
    }
    AtomicIntegerArray flags = new AtomicIntegerArray(n);
    ParallelRows.run("finding the rows a raised arc was on", n, threads, progress, () -> i -> {
      for (RaisedArc arc : raised) {
        if (tight(base.get(i, arc.source()), arc.oldWeight(), base.get(i, arc.target()), n)) {
          flags.set(i, 1);
          return;
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

  /** The heap a repair's workers take for their scratch, before the changed distances they keep. */
  public static long heapBytes(int n, int threads) {
    return (long) threads * 32L * n;
  }

  /**
   * Repairs the {@code affected} rows of {@code base} for {@code changed}, the graph with the arcs raised (and no
   * others changed), on {@code threads} threads; progress is counted in rows.
   *
   * @param base the distances before, {@code changed.vertexCount()} square
   * @param raised the arcs raised, at their old weights
   * @param budgetBytes the heap the repaired distances may take, at 8 bytes each
   * @throws MemoryBudgetException as soon as the repaired distances would take more than {@code budgetBytes}: how
   *     many there are is known only once the rows are repaired
   */
  public static AffectedRows repair(DistanceMatrix base, Graph changed, List<RaisedArc> raised, boolean[] affected,
      int threads, Progress progress, long budgetBytes) {
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
    int[][] columns = new int[n][];
    float[][] distances = new float[n][];
    AtomicLong repaired = new AtomicLong();
    AtomicInteger rowsDone = new AtomicInteger();
    if (count > 0) {
      RowRepair.Shared shared = new RowRepair.Shared(changed, raised);
      ParallelRows.run("repairing the rows a raised arc was on", count, threads, progress, () -> {
        RowRepair repair = new RowRepair(shared);
        return k -> {
          int i = rows[k];
          base.copyRow(i, repair.row());
          int[] below = repair.run(i);
          float[] values = new float[below.length];
          for (int j = 0; j < below.length; j++) {
            values[j] = repair.row()[below[j]];
          }
          columns[i] = below;
          distances[i] = values;
          long total = repaired.addAndGet(below.length);
          int done = rowsDone.incrementAndGet();
          if (8 * total > budgetBytes) {
            // what is kept so far barely exceeds the budget, whatever the need: the rate of the rows done tells
            // the user how much heap the whole repair would take
            long projected = Math.max(total, Math.round((double) total * count / done));
            throw new MemoryBudgetException(String.format(Locale.ROOT, "keeping the distances below the"
                + " raised arcs (%,d from the first %,d of %,d rows to repair: about %,d for all of them at that rate,"
                + " 8 bytes each)", total, done, count, projected), 8 * projected, budgetBytes,
                HeapAdvice.forShortfall(8 * projected, budgetBytes).advise("raise fewer arcs an update, or solve"
                + " the changed graph again with 'tropic apsp'"));
          }
        };
      });
    }
    return new AffectedRows(base, columns, distances, count, repaired.get());
  }

  /** Whether arc x → y of weight w lies on a shortest path, within float32's allowance: d(x) + w ≈ d(y). */
  static boolean tight(float toX, float w, float toY, int n) {
    if (toX == Float.POSITIVE_INFINITY) {
      return false;
    }
    double scale = Math.abs(toX) + Math.abs(w) + (toY == Float.POSITIVE_INFINITY ? 0 : Math.abs(toY));
    return (double) toX + w <= toY + PathTolerance.allowed(scale, n);
  }

  /** How many distances were repaired, over all rows (those that came out as they were included). */
  public long repairedDistances() {
    return repaired;
  }

  /** How many rows were repaired. */
  public int repairedRows() {
    return count;
  }

  @Override
  public int size() {
    return base.size();
  }

  @Override
  public float get(int u, int v) {
    int[] columns = changedColumns[u];
    int at = columns == null ? -1 : Arrays.binarySearch(columns, v);
    return at >= 0 ? changedDistances[u][at] : base.get(u, v);
  }

  @Override
  public void copyRow(int u, float[] dst) {
    base.copyRow(u, dst);
    int[] columns = changedColumns[u];
    if (columns != null) {
      for (int j = 0; j < columns.length; j++) {
        dst[columns[j]] = changedDistances[u][j];
      }
    }
  }

  @Override
  public VertexLabels labels() {
    return base.labels();
  }
}
