package org.tropic.dist;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import it.unimi.dsi.fastutil.longs.LongHeapPriorityQueue;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.tropic.apsp.FloydWarshallSteps;
import org.tropic.apsp.NegativeCycleException;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;

/**
 * The compute side of one rank: a task graph over the rank's own tiles, run by worker threads, fed with the
 * diagonal and panel tiles that other ranks broadcast. Each tile task is exactly the per-tile operation of the
 * single-node {@code FloydWarshallSchedule}, with the same kernel calls on the same operands, so every tile takes the
 * same sequence of values and the result is identical bit for bit:
 *
 * <ul>
 *   <li>D(k): {@code closure} of tile (k, k), then packed left and right;
 *   <li>R(k, j): {@code multiplyMin(packLeft(D), packRight(tile))} into the tile, then packed right;
 *   <li>C(k, i): {@code multiplyMin(packLeft(tile), packRight(D))} into the tile, then packed left;
 *   <li>O(k, i, j): {@code multiplyMin(packLeft(C(i, k)), packRight(R(k, j)))} into tile (i, j).
 * </ul>
 * Received tiles get a pack task; tiles this rank must broadcast are copied into an off-heap outgoing message as
 * soon as they are final, for the MPI thread to send.
 *
 * <p>Lookahead (DSNAPSHOT §V-B): the ready queue runs the critical path first — diagonal, panel and pack tasks,
 * and the outer-product tasks on the next pivot's row and column — so iteration k+1's diagonal and panels are
 * computed and handed to the MPI thread while the rest of iteration k's outer product goes on. Without lookahead a
 * task of iteration k+1 waits until every local task of iteration k has finished.
 */
final class DistributedSchedule {
  static final int DIAGONAL = 0;
  static final int PACK_DIAGONAL = 1;
  static final int ROW_PANEL = 2;
  static final int COLUMN_PANEL = 3;
  static final int PACK_ROW = 4;
  static final int PACK_COLUMN = 5;
  static final int OUTER = 6;

  /** Outgoing message kinds (also the low bits of their MPI tags). */
  static final int SEND_DIAGONAL = 0;
  static final int SEND_ROW_PANEL = 1;
  static final int SEND_COLUMN_PANEL = 2;

  private final FloydWarshallSteps steps;
  private final Arithmetic arithmetic;
  private final LocalTiles tiles;
  private final int b;
  private final int tileCount;
  private final int threads;
  private final boolean lookahead;
  private final Graph graph;
  private final Progress progress;
  private final SegmentPool pool;
  private final boolean sendDiagonal;
  private final boolean sendRowPanels;
  private final boolean sendColumnPanels;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final LongHeapPriorityQueue ready = new LongHeapPriorityQueue();
  private final int[] finished;
  private final int[] queued;
  private final int[] remaining;
  private final IterationState[] states;
  /** The pivot iterations this schedule runs, [start, end): all, or one stretch between checkpoint saves. */
  private final int start;
  private final int end;
  private final Map<Long, Outgoing> outgoing = new HashMap<>();
  private final List<Thread> workers = new ArrayList<>();
  private int oldestOpen;
  private Throwable failure;
  private long computeNanos;

  DistributedSchedule(MinPlusKernels kernels, Arithmetic arithmetic, LocalTiles tiles, int threads,
      boolean lookahead, Graph graph, Progress progress, SegmentPool pool) {
    this(kernels, arithmetic, tiles, threads, lookahead, graph, progress, pool, 0, tiles.tilesPerSide);
  }

  /**
   * A schedule of pivot iterations [{@code start}, {@code end}) only, on tiles that have been through [0, start):
   * what runs between two checkpoint saves. Lookahead works within the stretch; at its end every tile has finished
   * iteration end − 1 and none has begun the next, a consistent state to save.
   */
  DistributedSchedule(MinPlusKernels kernels, Arithmetic arithmetic, LocalTiles tiles, int threads,
      boolean lookahead, Graph graph, Progress progress, SegmentPool pool, int start, int end) {
    if (start < 0 || start > end || end > tiles.tilesPerSide) {
      throw new IllegalArgumentException("iterations [" + start + ", " + end + ") of " + tiles.tilesPerSide);
    }
    this.start = start;
    this.end = end;
    this.steps = new FloydWarshallSteps(kernels, arithmetic, tiles.blockSize);
    this.arithmetic = arithmetic;
    this.tiles = tiles;
    this.b = tiles.blockSize;
    this.tileCount = tiles.tilesPerSide;
    this.threads = threads;
    this.lookahead = lookahead;
    this.graph = graph;
    this.progress = progress;
    this.pool = pool;
    this.sendDiagonal = tiles.grid.rows() > 1 || tiles.grid.columns() > 1;
    this.sendRowPanels = tiles.grid.rows() > 1;
    this.sendColumnPanels = tiles.grid.columns() > 1;
    this.finished = new int[tiles.count()];
    this.queued = new int[tiles.count()];
    Arrays.fill(finished, start - 1);
    Arrays.fill(queued, start - 1);
    this.remaining = new int[tileCount];
    Arrays.fill(remaining, tiles.count());
    this.states = new IterationState[tileCount];
    this.oldestOpen = start;
  }

  /** Starts the worker threads; the first diagonal task is queued on its owner. */
  void start() {
    progress.begin("distributed Floyd–Warshall", (long) (end - start) * tiles.count());
    lock.lock();
    try {
      for (int li = 0; li < tiles.rows.length; li++) {
        for (int lj = 0; lj < tiles.columns.length; lj++) {
          tryQueue(start, li, lj);
        }
      }
    } finally {
      lock.unlock();
    }
    for (int t = 0; t < threads; t++) {
      workers.add(Thread.ofPlatform().name("tropic-dist-" + t).daemon(true).start(this::work));
    }
  }

  // ---- what the MPI thread asks and gives ----

  /** Throws the first failure of a worker, if any. */
  void rethrowFailure() {
    lock.lock();
    try {
      rethrow(failure);
    } finally {
      lock.unlock();
    }
  }

  /** Whether every local task of iteration k has finished. */
  boolean iterationDone(int k) {
    lock.lock();
    try {
      return oldestOpen > k;
    } finally {
      lock.unlock();
    }
  }

  /** Whether every local task of the stretch has finished. */
  boolean allDone() {
    return end == start || iterationDone(end - 1);
  }

  /**
   * The outgoing message of {@code kind} for iteration k once every tile in it is final, handed over to the caller
   * (who returns it to the pool after sending); {@code null} while it is still being computed.
   */
  MemorySegment takeOutgoing(int kind, int k) {
    lock.lock();
    try {
      Outgoing message = outgoing.get(key(kind, k));
      if (message == null || message.written < message.expected) {
        return null;
      }
      outgoing.remove(key(kind, k));
      return message.segment;
    } finally {
      lock.unlock();
    }
  }

  /** Waits until a worker finishes something (or the timeout passes). */
  void awaitChange(long nanos) {
    lock.lock();
    try {
      if (failure == null) {
        changed.awaitNanos(nanos);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for compute threads", e);
    } finally {
      lock.unlock();
    }
  }

  /** The diagonal tile of iteration k has arrived (the whole message). */
  void deliverDiagonal(int k, MemorySegment message) {
    float[] raw = copy(message, 0);
    lock.lock();
    try {
      state(k).rawDiagonal = raw;
      enqueue(k, PACK_DIAGONAL, 0, 0);
    } finally {
      lock.unlock();
    }
  }

  /** Tile {@code slot} of row panel k has arrived. */
  void deliverRowPanelTile(int k, int slot, MemorySegment message) {
    float[] raw = copy(message, slot);
    int lj = tiles.rowPanelColumn(k, slot);
    lock.lock();
    try {
      state(k).rawRows[lj] = raw;
      enqueue(k, PACK_ROW, 0, lj);
    } finally {
      lock.unlock();
    }
  }

  /** Tile {@code slot} of column panel k has arrived. */
  void deliverColumnPanelTile(int k, int slot, MemorySegment message) {
    float[] raw = copy(message, slot);
    int li = tiles.columnPanelRow(k, slot);
    lock.lock();
    try {
      state(k).rawColumns[li] = raw;
      enqueue(k, PACK_COLUMN, li, 0);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Joins the workers after {@link #allDone()} or a failure, then checks the owned diagonal for negative cycles.
   *
   * @return seconds the workers spent in tasks, summed over workers
   */
  double finish() {
    lock.lock();
    try {
      if (failure == null && oldestOpen < end) {
        failure = new IllegalStateException("finish() called before all tasks ran");
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
    for (Thread worker : workers) {
      try {
        worker.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while joining compute threads", e);
      }
    }
    if (failure != null) {
      progress.stopped();
    }
    progress.end();
    rethrow(failure);
    for (int li = 0; li < tiles.rows.length; li++) {
      int i = tiles.rows[li];
      if (tiles.ownsColumn(i)) {
        checkDiagonal(i);
      }
    }
    return computeNanos / 1e9;
  }

  /** Stops the workers after a failure elsewhere (the MPI side). */
  void cancel(Throwable cause) {
    fail(cause);
    for (Thread worker : workers) {
      try {
        worker.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  // ---- workers ----

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
      } finally {
        lock.unlock();
      }
      long started = System.nanoTime();
      try {
        execute(task);
      } catch (Throwable e) {
        fail(e);
        return;
      }
      long spent = System.nanoTime() - started;
      lock.lock();
      try {
        computeNanos += spent;
        complete(task);
        changed.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }

  private boolean canStartNext() {
    return !ready.isEmpty() && (lookahead || iterationOf(ready.firstLong()) <= oldestOpen);
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

  private void execute(long task) {
    int k = iterationOf(task);
    int li = rowOf(task);
    int lj = columnOf(task);
    IterationState s = states[k];
    switch (typeOf(task)) {
      case DIAGONAL -> {
        float[] tile = tiles.tile(li, lj);
        int size = extent(k);
        steps.closeDiagonal(tile, size);
        checkDiagonal(k);
        s.diagonalLeft = steps.packLeft(tile, size, size, null);
        s.diagonalRight = steps.packRight(tile, size, size, null);
        if (sendDiagonal) {
          write(SEND_DIAGONAL, k, 0, tile);
        }
      }
      case PACK_DIAGONAL -> {
        s.diagonalLeft = steps.packLeft(s.rawDiagonal, extent(k), extent(k), null);
        s.diagonalRight = steps.packRight(s.rawDiagonal, extent(k), extent(k), null);
        s.rawDiagonal = null;
      }
      case ROW_PANEL -> {
        float[] tile = tiles.tile(li, lj);
        steps.updateRowPanel(s.diagonalLeft, tile, columnExtent(lj), null);
        s.rows[lj] = steps.packRight(tile, extent(k), columnExtent(lj), null);
        if (sendRowPanels) {
          write(SEND_ROW_PANEL, k, tiles.rowPanelSlot(k, lj), tile);
        }
      }
      case COLUMN_PANEL -> {
        float[] tile = tiles.tile(li, lj);
        steps.updateColumnPanel(tile, rowExtent(li), s.diagonalRight, null);
        s.columns[li] = steps.packLeft(tile, rowExtent(li), extent(k), null);
        if (sendColumnPanels) {
          write(SEND_COLUMN_PANEL, k, tiles.columnPanelSlot(k, li), tile);
        }
      }
      case PACK_ROW -> {
        s.rows[lj] = steps.packRight(s.rawRows[lj], extent(k), columnExtent(lj), null);
        s.rawRows[lj] = null;
      }
      case PACK_COLUMN -> {
        s.columns[li] = steps.packLeft(s.rawColumns[li], rowExtent(li), extent(k), null);
        s.rawColumns[li] = null;
      }
      default -> steps.updateOuter(s.columns[li], s.rows[lj], tiles.tile(li, lj));
    }
  }

  /**
   * The vertices global tile row (or column) t holds: b, or fewer in the last one, whose +∞ padding is not
   * multiplied (the same bits, as {@link FloydWarshallSteps} explains).
   */
  private int extent(int t) {
    return tiles.n == 0 ? b : Math.min(b, tiles.n - t * b);
  }

  private int rowExtent(int li) {
    return extent(tiles.rows[li]);
  }

  private int columnExtent(int lj) {
    return extent(tiles.columns[lj]);
  }

  /** A negative diagonal entry is a vertex on a negative cycle: stop with it rather than return garbage. */
  private void checkDiagonal(int k) {
    float[] tile = tiles.tile(tiles.localRow(k), tiles.localColumn(k));
    for (int v = k * b; v < Math.min(tiles.n, (k + 1) * b); v++) {
      float selfDistance = arithmetic.decode(tile[(v % b) * b + v % b]);
      if (selfDistance < 0) {
        throw new NegativeCycleException(v, graph.name(v), selfDistance);
      }
    }
  }

  /** Copies a final tile into its slot of an outgoing message; the message is created by its first tile. */
  private void write(int kind, int k, int slot, float[] tile) {
    MemorySegment segment;
    lock.lock();
    try {
      segment = outgoing.computeIfAbsent(key(kind, k), x -> new Outgoing(pool.acquire(
          (long) expectedTiles(kind, k) * b * b * Float.BYTES), expectedTiles(kind, k))).segment;
    } finally {
      lock.unlock();
    }
    MemorySegment.copy(tile, 0, segment, JAVA_FLOAT, (long) slot * b * b * Float.BYTES, b * b);
  }

  private int expectedTiles(int kind, int k) {
    return switch (kind) {
      case SEND_DIAGONAL -> 1;
      case SEND_ROW_PANEL -> tiles.rowPanelTiles(k);
      default -> tiles.columnPanelTiles(k);
    };
  }

  private float[] copy(MemorySegment message, int slot) {
    float[] raw = new float[b * b];
    MemorySegment.copy(message, JAVA_FLOAT, (long) slot * b * b * Float.BYTES, raw, 0, b * b);
    return raw;
  }

  // ---- bookkeeping, always under the lock ----

  private void complete(long task) {
    int k = iterationOf(task);
    int li = rowOf(task);
    int lj = columnOf(task);
    int type = typeOf(task);
    switch (type) {
      case DIAGONAL -> wroteOutgoing(SEND_DIAGONAL, k);
      case ROW_PANEL -> wroteOutgoing(SEND_ROW_PANEL, k);
      case COLUMN_PANEL -> wroteOutgoing(SEND_COLUMN_PANEL, k);
      default -> { }
    }
    switch (type) {
      case DIAGONAL, PACK_DIAGONAL -> {
        if (tiles.ownsRow(k)) {
          int row = tiles.localRow(k);
          for (int x = 0; x < tiles.columns.length; x++) {
            tryQueue(k, row, x);
          }
        }
        if (tiles.ownsColumn(k)) {
          int column = tiles.localColumn(k);
          for (int x = 0; x < tiles.rows.length; x++) {
            tryQueue(k, x, column);
          }
        }
      }
      case ROW_PANEL, PACK_ROW -> {
        for (int x = 0; x < tiles.rows.length; x++) {
          tryQueue(k, x, lj);
        }
      }
      case COLUMN_PANEL, PACK_COLUMN -> {
        for (int x = 0; x < tiles.columns.length; x++) {
          tryQueue(k, li, x);
        }
      }
      default -> { }
    }
    if (type == DIAGONAL || type == ROW_PANEL || type == COLUMN_PANEL || type == OUTER) {
      int tile = li * tiles.columns.length + lj;
      finished[tile] = k;
      progress.advance(1);
      if (--remaining[k] == 0) {
        states[k] = null;
        while (oldestOpen < end && remaining[oldestOpen] == 0) {
          oldestOpen++;
        }
      }
      tryQueue(k + 1, li, lj);
    }
  }

  private void wroteOutgoing(int kind, int k) {
    Outgoing message = outgoing.get(key(kind, k));
    if (message != null) {
      message.written++;
    }
  }

  /** Queues the iteration-k task of local tile (li, lj) if all it needs is here and it is not queued yet. */
  private void tryQueue(int k, int li, int lj) {
    int tile = li * tiles.columns.length + lj;
    if (k >= end || queued[tile] >= k || finished[tile] != k - 1) {
      return;
    }
    int i = tiles.rows[li];
    int j = tiles.columns[lj];
    IterationState s = state(k);
    int type;
    if (i == k && j == k) {
      type = DIAGONAL;
    } else if (i == k) {
      if (s.diagonalLeft == null) {
        return;
      }
      type = ROW_PANEL;
    } else if (j == k) {
      if (s.diagonalRight == null) {
        return;
      }
      type = COLUMN_PANEL;
    } else {
      if (s.columns[li] == null || s.rows[lj] == null) {
        return;
      }
      type = OUTER;
    }
    queued[tile] = k;
    boolean critical = !lookahead || type != OUTER || i == k + 1 || j == k + 1;
    ready.enqueue(encode(critical, k, type, li, lj));
    changed.signalAll();
  }

  private void enqueue(int k, int type, int li, int lj) {
    ready.enqueue(encode(true, k, type, li, lj));
    changed.signalAll();
  }

  private IterationState state(int k) {
    IterationState s = states[k];
    if (s == null) {
      s = new IterationState(tiles.rows.length, tiles.columns.length);
      states[k] = s;
    }
    return s;
  }

  private static void rethrow(Throwable failure) {
    if (failure == null) {
      return;
    }
    if (failure instanceof RuntimeException re) {
      throw re;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    throw new IllegalStateException("compute thread failed: " + failure, failure);
  }

  // ---- task keys: smaller runs first; critical path, then iteration, then kind, then tile ----

  private static long encode(boolean critical, int k, int type, int li, int lj) {
    return (critical ? 0L : 1L << 62) | (long) k << 41 | (long) type << 38 | (long) li << 19 | lj;
  }

  private static int iterationOf(long task) {
    return (int) (task >>> 41) & 0x1FFFFF;
  }

  private static int typeOf(long task) {
    return (int) (task >>> 38) & 7;
  }

  private static int rowOf(long task) {
    return (int) (task >>> 19) & 0x7FFFF;
  }

  private static int columnOf(long task) {
    return (int) task & 0x7FFFF;
  }

  private static long key(int kind, int k) {
    return (long) k << 2 | kind;
  }

  static long waitNanos(boolean polling) {
    return polling ? TimeUnit.MICROSECONDS.toNanos(50) : TimeUnit.MILLISECONDS.toNanos(20);
  }

  /** An outgoing message being filled by compute threads. */
  private static final class Outgoing {
    final MemorySegment segment;
    final int expected;
    int written;

    Outgoing(MemorySegment segment, int expected) {
      this.segment = segment;
      this.expected = expected;
    }
  }

  /** What one pivot iteration's tasks on this rank read: packed diagonal and panels, raw tiles awaiting packing. */
  private static final class IterationState {
    PackedPanel diagonalLeft;
    PackedPanel diagonalRight;
    float[] rawDiagonal;
    final PackedPanel[] rows;
    final PackedPanel[] columns;
    final float[][] rawRows;
    final float[][] rawColumns;

    IterationState(int localRows, int localColumns) {
      rows = new PackedPanel[localColumns];
      columns = new PackedPanel[localRows];
      rawRows = new float[localColumns][];
      rawColumns = new float[localRows][];
    }
  }
}
