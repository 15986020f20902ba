package org.tropic.dist;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Locale;
import org.tropic.apsp.HeapAdvice;
import org.tropic.io.Units;
import org.tropic.mpi.Communicator;
import org.tropic.mpi.Datatype;
import org.tropic.mpi.ReduceOp;

/**
 * The block size and grid a distributed run takes with the ranks' memory in view. Left open, they are the cost
 * model's fastest among those whose every rank's share (as {@link HeapCheck} counts it) fits that rank's room, with a
 * note when memory, not speed, decided; given, and too large, they are refused naming the largest block size that
 * fits. Power (n = 4,941) on two ranks of 64 MiB was given b = 1024 by the model and refused for it, with no word of
 * --block, although b = 32 runs.
 */
final class BlockChoice {

  /**
   * What the run takes.
   *
   * @param plan the grid and block size
   * @param note why memory, not speed, decided them, for the user; {@code null} when speed did
   */
  record Choice(CostModel.Plan plan, String note) {}

  private BlockChoice() {}

  /** Every rank's room, rank by rank (collective: each rank gives its own). */
  static HeapCheck.Room[] gather(Communicator world, HeapCheck.Room mine) {
    int ranks = world.size();
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment send = arena.allocate(JAVA_LONG, 3L * ranks);
      MemorySegment receive = arena.allocate(JAVA_LONG, 3L * ranks);
      int at = 3 * world.rank();
      send.setAtIndex(JAVA_LONG, at, mine.heap());
      send.setAtIndex(JAVA_LONG, at + 1, mine.physical());
      send.setAtIndex(JAVA_LONG, at + 2, mine.ranksOnNode());
      world.allreduce(send, receive, Datatype.LONG, ReduceOp.SUM); // the other ranks' slots are zero
      HeapCheck.Room[] rooms = new HeapCheck.Room[ranks];
      for (int r = 0; r < ranks; r++) {
        rooms[r] = new HeapCheck.Room(receive.getAtIndex(JAVA_LONG, 3L * r),
            receive.getAtIndex(JAVA_LONG, 3L * r + 1), (int) receive.getAtIndex(JAVA_LONG, 3L * r + 2));
      }
      return rooms;
    }
  }

  /** The configurations whose every rank's share fits its room. */
  static CostModel.MemoryFit fit(HeapCheck.Room[] rooms) {
    return (n, grid, b) -> firstShort(n, grid, b, rooms) < 0;
  }

  /**
   * The plan to run, on every rank alike (the rooms are every rank's).
   *
   * @param planner the cost model; may be {@code null} only when both grid and b were given
   * @param givenGrid the user's grid, or {@code null}
   * @param givenBlock the user's b, or 0
   * @param fastest what the cost model chose for speed alone (with the given grid and b)
   * @param blockFromSave whether b comes from a checkpoint this job goes on from, not from --block
   * @throws org.tropic.apsp.MemoryBudgetException with the numbers, when nothing that may be chosen fits
   */
  static Choice choose(CostModel planner, int n, int ranks, ProcessGrid givenGrid, int givenBlock,
      CostModel.Plan fastest, HeapCheck.Room[] rooms, boolean blockFromSave) {
    CostModel.MemoryFit fit = fit(rooms);
    if (fit.fits(n, fastest.grid(), fastest.blockSize())) {
      return new Choice(fastest, null);
    }
    CostModel.Plan fitting = null;
    if (givenBlock == 0 && givenGrid == null) {
      fitting = planner.recommend(n, ranks, fit);
    } else if (givenBlock == 0) {
      int b = planner.recommendBlockSize(n, givenGrid, fit);
      fitting = b == 0 ? null : new CostModel.Plan(givenGrid, b, null);
    } else if (givenGrid == null) {
      ProcessGrid grid = planner.recommendGrid(n, ranks, givenBlock, fit);
      fitting = grid == null ? null : new CostModel.Plan(grid, givenBlock, null);
    }
    if (fitting != null) {
      return new Choice(fitting, note(n, fastest, fitting, rooms));
    }
    if (givenBlock == 0) {
      throw noneFits(n, ranks, givenGrid, rooms);
    }
    throw tooLarge(planner, n, ranks, givenGrid, fastest, rooms, blockFromSave);
  }

  /** The first rank whose share of (n, grid, b) does not fit its room, or -1 if every one fits. */
  private static int firstShort(long n, ProcessGrid grid, int b, HeapCheck.Room[] rooms) {
    for (int r = 0; r < grid.size(); r++) {
      if (!rooms[r].holds(HeapCheck.heapBytes((int) n, b, grid, r))) {
        return r;
      }
    }
    return -1;
  }

  private static String note(int n, CostModel.Plan fastest, CostModel.Plan chosen, HeapCheck.Room[] rooms) {
    int r = firstShort(n, fastest.grid(), fastest.blockSize(), rooms);
    long needed = HeapCheck.heapBytes(n, fastest.blockSize(), fastest.grid(), r);
    HeapAdvice larger = rooms[r].largerHeap(needed);
    return String.format(Locale.ROOT, "tropic: b = %d on grid %s chosen for memory, not speed: the cost model's"
        + " fastest, b = %d on grid %s, needs %s on rank %d, more than its %s; %s would let it run",
        chosen.blockSize(), chosen.grid(), fastest.blockSize(), fastest.grid(), Units.bytes(needed), r,
        room(rooms[r]), larger.fitsMachine() ? "a larger heap per rank (" + larger.option() + ") or more ranks"
            : "more ranks");
  }

  /** What limits a rank: its free heap, or its share of the node's memory when that is smaller. */
  private static String room(HeapCheck.Room room) {
    long share = room.physical() > 0 ? room.physical() / room.ranksOnNode() : Long.MAX_VALUE;
    return share < room.heap() ? Units.bytes(share) + " share of its node's memory"
        : Units.bytes(room.heap()) + " of free heap";
  }

  /**
   * Not even the smallest block size fits: the refusal shows the configuration that needs least on its busiest
   * rank, with its numbers.
   */
  private static RuntimeException noneFits(int n, int ranks, ProcessGrid givenGrid, HeapCheck.Room[] rooms) {
    ProcessGrid leastGrid = null;
    int leastBlock = 0;
    long least = Long.MAX_VALUE;
    for (ProcessGrid grid : givenGrid != null ? java.util.List.of(givenGrid) : CostModel.grids(ranks)) {
      for (int b : CostModel.BLOCK_SIZES) {
        long tiles = (n + b - 1L) / b;
        long needed = HeapCheck.heapBytes(n, b, grid, 0);
        if (tiles >= Math.max(grid.rows(), grid.columns()) && needed < least) {
          least = needed;
          leastGrid = grid;
          leastBlock = b;
        }
      }
    }
    int r = Math.max(0, firstShort(n, leastGrid, leastBlock, rooms));
    return HeapCheck.refusal(n, leastBlock, leastGrid, r, rooms[r],
        "no block size fits, and this one needs the least; ");
  }

  /** A block size given (or fixed by a save) that does not fit: the refusal names the largest that would. */
  private static RuntimeException tooLarge(CostModel planner, int n, int ranks, ProcessGrid givenGrid,
      CostModel.Plan given, HeapCheck.Room[] rooms, boolean blockFromSave) {
    CostModel.MemoryFit fit = fit(rooms);
    int largest = 0;
    for (int b = (given.blockSize() - 1) / 32 * 32; b >= 32 && largest == 0; b -= 32) {
      ProcessGrid grid = givenGrid;
      if (grid == null) {
        try {
          grid = planner.recommendGrid(n, ranks, b, fit);
        } catch (IllegalArgumentException e) { // no grid has a tile for every process row and column
          continue;
        }
      }
      long tiles = (n + b - 1L) / b;
      if (grid != null && tiles >= Math.max(grid.rows(), grid.columns()) && fit.fits(n, grid, b)) {
        largest = b;
      }
    }
    String otherWay = largest == 0 ? "no smaller block size fits either;"
        : blockFromSave ? "b = " + given.blockSize() + " comes from the checkpoint this job goes on from, and b = "
            + largest + " is the largest that fits: delete the checkpoint's files and give --block " + largest + ","
            + " or"
        : "--block " + largest + " is the largest block size that fits, or";
    int r = Math.max(0, firstShort(n, given.grid(), given.blockSize(), rooms));
    return HeapCheck.refusal(n, given.blockSize(), given.grid(), r, rooms[r], otherWay + " ");
  }
}
