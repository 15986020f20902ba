package org.tropic.apsp;

import it.unimi.dsi.fastutil.longs.LongHeapPriorityQueue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;
import org.tropic.semiring.SparsePanel;

/**
 * Runs blocked Floyd–Warshall as a task graph on worker threads. Each task updates one tile at one pivot iteration
 * k: the diagonal closure D(k), a row panel R(k,j), a column panel C(k,i) or an outer-product update O(k,i,j). A task
 * may start when its tile's task of iteration k−1 has finished and the panels it reads exist. Panels are read only
 * through immutable packed snapshots taken when they finish, so a tile can move on to iteration k+1 while iteration
 * k's readers still use its old value, and no write-after-read ordering is needed.
 *
 * <p>Lookahead (DSNAPSHOT §V-B, done here within one node): the ready queue puts the critical path first — every
 * diagonal and panel task, and the outer-product tasks on the next pivot's row and column — so D(k+1), R(k+1,·) and
 * C(k+1,·) run as soon as their inputs exist while the bulk of iteration k's outer product goes on. Without
 * lookahead, iteration k+1 starts only when all of iteration k has finished (the textbook schedule, kept so the
 * gain can be measured).
 *
 * <p>On a {@link TiledDistanceMatrix#symmetric() symmetric} matrix only the tiles with i ≤ j have tasks, about half
 * the work. Every step maps a symmetric matrix to a symmetric one exactly (each candidate a + b has a mirror b + a,
 * and min does not depend on order), so the tiles below the diagonal would equal the transposes of those above
 * bit for bit. The panel a tile below would have given is packed from its mirror's transpose: a row panel task on
 * (k, j) also yields column panel j, a column panel task on (i, k) also yields row panel i.
 */
final class FloydWarshallSchedule {
  private static final int DIAGONAL = 0;
  private static final int ROW_PANEL = 1;
  private static final int COLUMN_PANEL = 2;
  private static final int OUTER = 3;

  private final FloydWarshallSteps steps;
  private final Arithmetic arithmetic;
  private final TiledDistanceMatrix d;
  private final int tiles;
  private final int b;
  private final int threads;
  private final boolean lookahead;
  private final boolean symmetric;
  private final Graph graph;
  private final Progress progress;
  private final FirstUse firstUse;
  /** The pivot iterations this run performs, [start, end): all of them, or one stretch between checkpoints. */
  private final int start;
  private final int end;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final LongHeapPriorityQueue ready = new LongHeapPriorityQueue();
  /** Per tile: the iteration whose task on it finished last, and the one last put on the queue. */
  private final int[] finished;
  private final int[] queued;
  /** Per iteration: tasks not yet finished (one per stored tile). */
  private final int[] remaining;
  private final IterationPanels[] panels;
  /** Packed panels of finished iterations, recycled so a solve allocates a few iterations' worth, not n/b of them. */
  private final ConcurrentLinkedQueue<PackedPanel> spare = new ConcurrentLinkedQueue<>();
  /** Each worker's scratch for the copy of a panel tile taken before it is updated in place. */
  private final ThreadLocal<PackedPanel[]> scratch = ThreadLocal.withInitial(() -> new PackedPanel[1]);
  private int oldestOpen;
  private int running;
  private Throwable failure;

  /** Gives a tile for its first task (iteration 0), on the worker that runs that task. */
  interface FirstUse {
    float[] tile(int tileRow, int tileCol);
  }

  /** A schedule over {@code d}, whose stored tiles all exist already. */
  FloydWarshallSchedule(MinPlusKernels kernels, Arithmetic arithmetic, TiledDistanceMatrix d, int threads,
      boolean lookahead, Graph graph, Progress progress) {
    this(kernels, arithmetic, d, threads, lookahead, graph, progress, d::tile);
  }

  /**
   * A schedule whose tasks take each tile's first state from {@code firstUse}, which may make it there, and which
   * must return d's tile: from iteration 1 on, the tasks read it from {@code d}.
   */
  FloydWarshallSchedule(MinPlusKernels kernels, Arithmetic arithmetic, TiledDistanceMatrix d, int threads,
      boolean lookahead, Graph graph, Progress progress, FirstUse firstUse) {
    this(kernels, arithmetic, d, threads, lookahead, graph, progress, firstUse, 0, d.tilesPerSide());
  }

  /**
   * A schedule of pivot iterations [{@code start}, {@code end}) only, on a matrix that has been through iterations
   * [0, start): what runs between two checkpoints. Lookahead works within the stretch; at its end every tile has
   * finished iteration end − 1 and none has begun the next, so the tiles are a consistent state to save.
   */
  FloydWarshallSchedule(MinPlusKernels kernels, Arithmetic arithmetic, TiledDistanceMatrix d, int threads,
      boolean lookahead, Graph graph, Progress progress, FirstUse firstUse, int start, int end) {
    if (start < 0 || start > end || end > d.tilesPerSide()) {
      throw new IllegalArgumentException("iterations [" + start + ", " + end + ") of " + d.tilesPerSide());
    }
    this.start = start;
    this.end = end;
    this.firstUse = firstUse;
    this.steps = new FloydWarshallSteps(kernels, arithmetic, d.blockSize());
    this.arithmetic = arithmetic;
    this.d = d;
    this.tiles = d.tilesPerSide();
    this.b = d.blockSize();
    this.threads = threads;
    this.lookahead = lookahead;
    this.symmetric = d.symmetric();
    this.graph = graph;
    this.progress = progress;
    this.finished = new int[tiles * tiles];
    this.queued = new int[tiles * tiles];
    Arrays.fill(finished, start - 1);
    Arrays.fill(queued, start - 1);
    this.remaining = new int[tiles];
    Arrays.fill(remaining, symmetric ? tiles * (tiles + 1) / 2 : tiles * tiles);
    this.panels = new IterationPanels[tiles];
    this.oldestOpen = start;
  }

  /** Runs every task to completion on {@code threads} workers (the caller's thread is one of them). */
  void run() {
    progress.begin("Floyd–Warshall", (long) (end - start) * remaining[0]);
    tryQueue(start, start, start);
    List<Thread> helpers = new ArrayList<>();
    for (int t = 1; t < threads; t++) {
      helpers.add(Thread.ofPlatform().name("tropic-fw-" + t).daemon().start(this::work));
    }
    work();
    for (Thread helper : helpers) {
      try {
        helper.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        fail(e);
      }
    }
    if (failure != null) {
      progress.stopped();
    }
    progress.end();
    if (failure != null) {
      if (failure instanceof RuntimeException re) {
        throw re;
      }
      if (failure instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException("Floyd–Warshall worker failed", failure);
    }
    checkDiagonal(0, graph.vertexCount());
  }

  private void work() {
    while (true) {
      long task;
      lock.lock();
      try {
        while (failure == null && oldestOpen < end && !canStartNext()) {
          changed.awaitUninterruptibly();
        }
        if (failure != null || oldestOpen >= end) {
          changed.signalAll();
          return;
        }
        task = ready.dequeueLong();
        running++;
      } finally {
        lock.unlock();
      }
      try {
        execute(task);
      } catch (Throwable e) {
        fail(e);
        return;
      }
      lock.lock();
      try {
        running--;
        complete(task);
        changed.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }

  private boolean canStartNext() {
    return !ready.isEmpty() && (lookahead || iterationOf(ready.firstLong()) == oldestOpen);
  }

  private void fail(Throwable e) {
    lock.lock();
    try {
      if (failure == null) {
        failure = e;
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  // ---- the four kinds of task ----

  private void execute(long task) {
    int k = iterationOf(task);
    int i = rowOf(task);
    int j = columnOf(task);
    float[] tile = k == 0 ? firstUse.tile(i, j) : d.tile(i, j);
    switch (typeOf(task)) {
      case DIAGONAL -> {
        int size = extent(k);
        steps.closeDiagonal(tile, size);
        checkDiagonal(k * b, Math.min(graph.vertexCount(), (k + 1) * b));
        IterationPanels p = panelsOf(k);
        p.diagonalLeft = steps.packLeft(tile, size, size, spare.poll());
        p.diagonalRight = steps.packRight(tile, size, size, spare.poll());
      }
      case ROW_PANEL -> {
        IterationPanels p = panelsOf(k);
        PackedPanel[] own = scratch.get();
        own[0] = steps.updateRowPanel(p.diagonalLeft, tile, extent(j), own[0]);
        publishRow(p, j, tile, extent(k), extent(j), false);
        if (symmetric) {
          publishColumn(p, j, tile, extent(k), extent(j), true);
        }
      }
      case COLUMN_PANEL -> {
        IterationPanels p = panelsOf(k);
        PackedPanel[] own = scratch.get();
        own[0] = steps.updateColumnPanel(tile, extent(i), p.diagonalRight, own[0]);
        publishColumn(p, i, tile, extent(i), extent(k), false);
        if (symmetric) {
          publishRow(p, i, tile, extent(i), extent(k), true);
        }
      }
      default -> {
        IterationPanels p = panelsOf(k);
        if (p.rows[j] == null) {
          break; // an all-+∞ row panel improves nothing
        }
        if (p.sparseColumns[i] != null) {
          steps.updateOuter(p.sparseColumns[i], p.rows[j], tile);
        } else {
          steps.updateOuter(p.columns[i], p.rows[j], tile);
        }
      }
    }
    progress.advance(1);
  }

  /**
   * Row panel {@code t} from a finished panel tile of {@code rows × columns} (or, {@code transposed}, from the
   * tile of its mirror): packed, or left null when all +∞, as it then improves nothing.
   */
  private void publishRow(IterationPanels p, int t, float[] tile, int rows, int columns, boolean transposed) {
    if (steps.allInfinite(tile, rows, columns)) {
      return;
    }
    p.rows[t] = transposed
        ? steps.packRightTransposed(tile, rows, columns, spare.poll())
        : steps.packRight(tile, rows, columns, spare.poll());
  }

  /** Column panel {@code t}, likewise: its finite entries when few enough to pay, else packed. */
  private void publishColumn(IterationPanels p, int t, float[] tile, int rows, int columns, boolean transposed) {
    SparsePanel sparse = transposed
        ? steps.sparseLeftTransposed(tile, rows, columns)
        : steps.sparseLeft(tile, rows, columns);
    if (sparse != null) {
      p.sparseColumns[t] = sparse;
    } else {
      p.columns[t] = transposed
          ? steps.packLeftTransposed(tile, rows, columns, spare.poll())
          : steps.packLeft(tile, rows, columns, spare.poll());
    }
  }

  /** The vertices tile row (or column) t holds: b, or fewer in the last one (its +∞ padding is not multiplied). */
  private int extent(int t) {
    int n = d.size();
    return n == 0 ? b : Math.min(b, n - t * b);
  }

  /** A negative diagonal entry is a vertex on a negative cycle: stop with it rather than return garbage. */
  private void checkDiagonal(int from, int to) {
    for (int v = from; v < to; v++) {
      float selfDistance = arithmetic.decode(d.tile(v / b, v / b)[(v % b) * b + v % b]);
      if (selfDistance < 0) {
        throw new NegativeCycleException(v, graph.name(v), selfDistance);
      }
    }
  }

  private IterationPanels panelsOf(int k) {
    IterationPanels p = panels[k];
    if (p == null) {
      throw new IllegalStateException("panels of iteration " + k + " used after release");
    }
    return p;
  }

  // ---- bookkeeping, always under the lock ----

  private void complete(long task) {
    int k = iterationOf(task);
    int i = rowOf(task);
    int j = columnOf(task);
    finished[i * tiles + j] = k;
    if (--remaining[k] == 0) {
      panels[k].recycleInto(spare);
      panels[k] = null;
      while (oldestOpen < end && remaining[oldestOpen] == 0) {
        oldestOpen++;
      }
    }
    tryQueue(k + 1, i, j);
    switch (typeOf(task)) {
      case DIAGONAL -> {
        for (int x = 0; x < tiles; x++) {
          if (x != k) {
            tryQueue(k, k, x);
            tryQueue(k, x, k);
          }
        }
      }
      case ROW_PANEL -> {
        for (int x = 0; x < tiles; x++) {
          if (x != k) {
            tryQueue(k, x, j);
            if (symmetric) {
              tryQueue(k, j, x); // the tile yielded column panel j too
            }
          }
        }
      }
      case COLUMN_PANEL -> {
        for (int x = 0; x < tiles; x++) {
          if (x != k) {
            tryQueue(k, i, x);
            if (symmetric) {
              tryQueue(k, x, i); // and this one row panel i
            }
          }
        }
      }
      default -> { }
    }
  }

  /** The index of the stored tile holding (i, j): itself, or in a symmetric matrix its mirror when below. */
  private int storedTile(int i, int j) {
    return symmetric && i > j ? j * tiles + i : i * tiles + j;
  }

  /** Queues the iteration-k task on tile (i, j) if all it needs is done and it is not queued yet. */
  private void tryQueue(int k, int i, int j) {
    if (symmetric && i > j) {
      return; // no task: its mirror above the diagonal stands for it
    }
    int tile = i * tiles + j;
    if (k >= end || queued[tile] >= k || finished[tile] != k - 1) {
      return;
    }
    int type;
    if (i == k && j == k) {
      type = DIAGONAL;
    } else if (i == k || j == k) {
      if (finished[k * tiles + k] < k) {
        return;
      }
      type = i == k ? ROW_PANEL : COLUMN_PANEL;
    } else {
      if (finished[storedTile(i, k)] < k || finished[storedTile(k, j)] < k) {
        return;
      }
      type = OUTER;
    }
    if (panels[k] == null) {
      panels[k] = new IterationPanels(tiles);
    }
    queued[tile] = k;
    boolean critical = !lookahead || type != OUTER || i == k + 1 || j == k + 1;
    ready.enqueue(encode(critical, k, type, i, j));
  }

  // ---- task keys: smaller runs first; critical path, then iteration, then kind, then tile ----

  private static long encode(boolean critical, int k, int type, int i, int j) {
    return (critical ? 0L : 1L << 62) | (long) k << 42 | (long) type << 40 | (long) i << 20 | j;
  }

  private static int iterationOf(long task) {
    return (int) (task >>> 42) & 0xFFFFF;
  }

  private static int typeOf(long task) {
    return (int) (task >>> 40) & 3;
  }

  private static int rowOf(long task) {
    return (int) (task >>> 20) & 0xFFFFF;
  }

  private static int columnOf(long task) {
    return (int) task & 0xFFFFF;
  }

  /** The packed snapshots one pivot iteration's tasks read. */
  private static final class IterationPanels {
    volatile PackedPanel diagonalLeft;
    volatile PackedPanel diagonalRight;
    /** Row panels; null where the panel is all +∞. */
    final PackedPanel[] rows;
    /** Column panels, packed; null where the sparse form stands in. */
    final PackedPanel[] columns;
    final SparsePanel[] sparseColumns;

    IterationPanels(int tiles) {
      rows = new PackedPanel[tiles];
      columns = new PackedPanel[tiles];
      sparseColumns = new SparsePanel[tiles];
    }

    void recycleInto(ConcurrentLinkedQueue<PackedPanel> spare) {
      spare.add(diagonalLeft);
      spare.add(diagonalRight);
      for (int t = 0; t < rows.length; t++) {
        if (rows[t] != null) {
          spare.add(rows[t]);
        }
        if (columns[t] != null) {
          spare.add(columns[t]);
        }
      }
    }
  }
}
