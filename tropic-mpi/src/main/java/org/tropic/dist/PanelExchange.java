package org.tropic.dist;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.tropic.mpi.Communicator;

/**
 * The communication side of one rank, run on the MPI thread while the compute threads work: for every pivot
 * iteration k, in the same order on every rank, the steps of DSNAPSHOT Alg. 2–3 that involve this rank —
 *
 * <ol>
 *   <li>the diagonal tile along process row {@code k mod Pr} (root: the owner of tile (k, k));
 *   <li>the diagonal tile along process column {@code k mod Pc};
 *   <li>row panel k down this rank's process column (root: process row {@code k mod Pr});
 *   <li>column panel k across this rank's process row (root: process column {@code k mod Pc}).
 * </ol>
 * A root starts its step once the compute threads have finished every tile of the message; a receiver starts it at
 * once. Ring transfers are non-blocking and polled here, and each received tile is handed to the compute threads the
 * moment its bytes are in, so the next pivot's owners — first in the ring — start on their lookahead work while the
 * message still travels. Starting steps strictly in program order keeps the library's collectives matched on every
 * rank; with lookahead off, iteration k+1's steps also wait until this rank has finished iteration k.
 */
final class PanelExchange {
  private static final int DIAGONAL_ALONG_ROW = 0;
  private static final int DIAGONAL_ALONG_COLUMN = 1;
  private static final int ROW_PANEL = 2;
  private static final int COLUMN_PANEL = 3;
  /** Tags cycle over this many iterations; far more than are ever in flight at once. */
  private static final int TAG_ITERATIONS = 2048;

  private final Communicator rowComm;
  private final Communicator columnComm;
  private final LocalTiles tiles;
  private final DistributedSchedule schedule;
  private final SegmentPool pool;
  private final DistributedOptions options;
  private final long tileBytes;
  private final ArrayDeque<Step> pending = new ArrayDeque<>();
  private final List<Active> active = new ArrayList<>();
  /** Diagonal tiles this rank owns, kept until both of their broadcasts have finished. */
  private final Map<Integer, SharedMessage> diagonals = new HashMap<>();
  private int nextIteration;
  /** The end (exclusive) of the iterations this exchange runs, from {@code nextIteration}'s first value. */
  private final int end;
  private long libraryBytesAsRoot;

  PanelExchange(Communicator rowComm, Communicator columnComm, LocalTiles tiles, DistributedSchedule schedule,
      SegmentPool pool, DistributedOptions options) {
    this(rowComm, columnComm, tiles, schedule, pool, options, 0, tiles.tilesPerSide);
  }

  /** The exchange of pivot iterations [{@code start}, {@code end}), the schedule's stretch. */
  PanelExchange(Communicator rowComm, Communicator columnComm, LocalTiles tiles, DistributedSchedule schedule,
      SegmentPool pool, DistributedOptions options, int start, int end) {
    this.nextIteration = start;
    this.end = end;
    this.rowComm = rowComm;
    this.columnComm = columnComm;
    this.tiles = tiles;
    this.schedule = schedule;
    this.pool = pool;
    this.options = options;
    this.tileBytes = (long) tiles.blockSize * tiles.blockSize * Float.BYTES;
  }

  /** Runs every step of every iteration; returns when this rank's tiles are final and its sends are done. */
  void run() {
    while (true) {
      schedule.rethrowFailure();
      boolean moved = startSteps();
      for (Iterator<Active> it = active.iterator(); it.hasNext(); ) {
        Active a = it.next();
        if (advance(a)) {
          moved = true;
        }
        if (a.done) {
          it.remove();
        }
      }
      if (pending.isEmpty() && nextIteration == end && active.isEmpty() && schedule.allDone()) {
        return;
      }
      if (!moved) {
        schedule.awaitChange(DistributedSchedule.waitNanos(!active.isEmpty()));
      }
    }
  }

  /** Bytes this rank broadcast as root through the library (ring bytes are counted by MPI's send counter). */
  long libraryBytesAsRoot() {
    return libraryBytesAsRoot;
  }

  private boolean startSteps() {
    boolean started = false;
    while (true) {
      if (pending.isEmpty()) {
        if (nextIteration == end) {
          return started;
        }
        plan(nextIteration++);
        continue;
      }
      Step step = pending.peekFirst();
      if (!options.lookahead() && step.k > 0 && !schedule.iterationDone(step.k - 1)) {
        return started;
      }
      if (!start(step)) {
        return started;
      }
      pending.pollFirst();
      started = true;
    }
  }

  /** The steps of iteration k this rank takes part in, in the order every rank uses. */
  private void plan(int k) {
    ProcessGrid grid = tiles.grid;
    int diagonalRow = k % grid.rows();
    int diagonalColumn = k % grid.columns();
    if (tiles.myRow == diagonalRow && grid.columns() > 1) {
      pending.add(new Step(DIAGONAL_ALONG_ROW, k, rowComm, diagonalColumn, tileBytes));
    }
    if (tiles.myColumn == diagonalColumn && grid.rows() > 1) {
      pending.add(new Step(DIAGONAL_ALONG_COLUMN, k, columnComm, diagonalRow, tileBytes));
    }
    if (grid.rows() > 1 && tiles.rowPanelTiles(k) > 0) {
      pending.add(new Step(ROW_PANEL, k, columnComm, diagonalRow, tiles.rowPanelTiles(k) * tileBytes));
    }
    if (grid.columns() > 1 && tiles.columnPanelTiles(k) > 0) {
      pending.add(new Step(COLUMN_PANEL, k, rowComm, diagonalColumn, tiles.columnPanelTiles(k) * tileBytes));
    }
  }

  /** Starts a step if it can start now; a root's data must be final first. */
  private boolean start(Step step) {
    boolean root = step.comm.rank() == step.root;
    MemorySegment buffer;
    if (root) {
      buffer = outgoing(step);
      if (buffer == null) {
        return false;
      }
    } else {
      buffer = pool.acquire(step.bytes);
    }
    Active a = new Active(step, root, buffer);
    boolean diagonal = step.kind == DIAGONAL_ALONG_ROW || step.kind == DIAGONAL_ALONG_COLUMN;
    int tag = (step.k % TAG_ITERATIONS) * 4 + step.kind;
    switch (options.broadcast()) {
      case LIBRARY -> {
        a.transfer = LibraryTransfer.runBlocking(step.comm, buffer, step.root);
        if (root) {
          libraryBytesAsRoot += buffer.byteSize();
        }
      }
      case RING, RING2 -> {
        if (diagonal) {
          a.transfer = LibraryTransfer.start(step.comm, buffer, step.root);
          if (root) {
            libraryBytesAsRoot += buffer.byteSize();
          }
        } else {
          RingTopology topology = new RingTopology(step.comm.size(), step.root,
              options.broadcast() == BroadcastAlgorithm.RING2);
          a.transfer = new RingTransfer(step.comm, buffer, topology, tag, options.chunkBytes());
        }
      }
      default -> throw new IllegalStateException("unknown broadcast " + options.broadcast());
    }
    advance(a);
    if (!a.done) {
      active.add(a);
    }
    return true;
  }

  private MemorySegment outgoing(Step step) {
    return switch (step.kind) {
      case DIAGONAL_ALONG_ROW, DIAGONAL_ALONG_COLUMN -> {
        SharedMessage shared = diagonals.get(step.k);
        if (shared == null) {
          MemorySegment segment = schedule.takeOutgoing(DistributedSchedule.SEND_DIAGONAL, step.k);
          if (segment == null) {
            yield null;
          }
          int users = (tiles.grid.columns() > 1 ? 1 : 0) + (tiles.grid.rows() > 1 ? 1 : 0);
          shared = new SharedMessage(segment, users);
          diagonals.put(step.k, shared);
        }
        yield shared.segment;
      }
      case ROW_PANEL -> schedule.takeOutgoing(DistributedSchedule.SEND_ROW_PANEL, step.k);
      default -> schedule.takeOutgoing(DistributedSchedule.SEND_COLUMN_PANEL, step.k);
    };
  }

  /** Polls one transfer, hands newly arrived tiles to the compute threads; true if anything changed. */
  private boolean advance(Active a) {
    boolean complete = a.transfer.progress();
    boolean moved = false;
    if (!a.root) {
      Step step = a.step;
      if (step.kind == ROW_PANEL || step.kind == COLUMN_PANEL) {
        int arrived = (int) (a.transfer.bytesArrived() / tileBytes);
        for (; a.delivered < arrived; a.delivered++) {
          if (step.kind == ROW_PANEL) {
            schedule.deliverRowPanelTile(step.k, a.delivered, a.buffer);
          } else {
            schedule.deliverColumnPanelTile(step.k, a.delivered, a.buffer);
          }
          moved = true;
        }
      } else if (complete && a.delivered == 0) {
        schedule.deliverDiagonal(step.k, a.buffer);
        a.delivered = 1;
        moved = true;
      }
    }
    if (complete && !a.done) {
      a.done = true;
      moved = true;
      release(a);
    }
    return moved;
  }

  private void release(Active a) {
    boolean diagonal = a.step.kind == DIAGONAL_ALONG_ROW || a.step.kind == DIAGONAL_ALONG_COLUMN;
    if (a.root && diagonal) {
      SharedMessage shared = diagonals.get(a.step.k);
      if (--shared.users == 0) {
        diagonals.remove(a.step.k);
        pool.release(shared.segment);
      }
    } else {
      pool.release(a.buffer);
    }
  }

  /** One broadcast this rank takes part in. */
  private record Step(int kind, int k, Communicator comm, int root, long bytes) {}

  /** A started step. */
  private static final class Active {
    final Step step;
    final boolean root;
    final MemorySegment buffer;
    Transfer transfer;
    int delivered;
    boolean done;

    Active(Step step, boolean root, MemorySegment buffer) {
      this.step = step;
      this.root = root;
      this.buffer = buffer;
    }
  }

  /** An outgoing diagonal tile sent along both its process row and column. */
  private static final class SharedMessage {
    final MemorySegment segment;
    int users;

    SharedMessage(MemorySegment segment, int users) {
      this.segment = segment;
      this.users = users;
    }
  }
}
