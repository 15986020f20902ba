package org.tropic.dist;

import java.util.Locale;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.HeapFootprint;
import org.tropic.apsp.MemoryBudgetException;

/**
 * Refuses, before the solve, a distributed run whose tiles would not fit: this rank's ⌈T/Pr⌉·⌈T/Pc⌉ tiles of
 * b² float32 (on the JVM heap) and three pivot iterations' panels against the heap still free after reading the
 * graph, and the same for every rank on this node against its physical memory (each rank's default heap is 75% of
 * it, so P ranks may together be allowed far more than the node has). Without it a rank ran out of heap in the
 * middle of the solve with a stack trace; counting the tiles' floats alone still let one start that ran out (power,
 * n = 4,941, b = 256, on two ranks of 64 MiB: 50 MiB of tiles, and the panels on top).
 */
final class HeapCheck {
  private static final String MORE_RANKS = "run on more ranks, or nodes (mpirun -np P)";

  private HeapCheck() {}

  /** This rank's tile bytes: the tile rows of its process row times the tile columns of its process column. */
  static long tileBytes(long n, int blockSize, ProcessGrid grid, int rank) {
    return saturatedProduct(tileArrays(n, blockSize, grid, rank), (long) blockSize * blockSize * Float.BYTES);
  }

  private static long tileArrays(long n, int blockSize, ProcessGrid grid, int rank) {
    long tiles = Math.max(1, (n + blockSize - 1) / blockSize);
    return saturatedProduct(owned(tiles, grid.rows(), grid.rowOf(rank)),
        owned(tiles, grid.columns(), grid.columnOf(rank)));
  }

  /**
   * The b × b float arrays rank {@code rank}'s solve holds at once: its tiles and {@link #panelArrays} panels. Rank
   * 0, which owns tile row and column 0, holds the most. The cost model counts memory with it too, so {@code tropic
   * model} and the run agree on what fits.
   */
  static long arrays(long n, int blockSize, ProcessGrid grid, int rank) {
    long sum = tileArrays(n, blockSize, grid, rank) + panelArrays(n, blockSize, grid, rank);
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  /**
   * a × b for a, b ≥ 0, or {@link Long#MAX_VALUE} where that overflows: {@code tropic model} counts shares of
   * matrices no run could hold (n = 3e9 on one process), whose bytes wrapped to a negative count that "fit".
   */
  static long saturatedProduct(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return high != 0 || low < 0 ? Long.MAX_VALUE : low;
  }

  /**
   * The b × b float arrays this rank holds at most beyond its tiles: three pivot iterations' panels, as the
   * single-node planner counts (with lookahead iteration k + 1's are packed while k's are still read, and received
   * tiles wait as raw copies until packed), each a row-panel tile per owned tile column, a column-panel tile per
   * owned tile row and the diagonal tile packed left and right. Two iterations' were too few: power on two ranks of
   * 80 MiB (serial collector, b = 256) passed with them and ran out of heap copying a received panel.
   */
  static long panelArrays(long n, int blockSize, ProcessGrid grid, int rank) {
    long tiles = Math.max(1, (n + blockSize - 1) / blockSize);
    long rows = owned(tiles, grid.rows(), grid.rowOf(rank));
    long columns = owned(tiles, grid.columns(), grid.columnOf(rank));
    return 3 * (rows + columns + 2);
  }

  /**
   * The heap this rank's solve takes: its tiles and {@link #panelArrays} panels, each array as it takes this JVM's
   * heap ({@link HeapFootprint}: a header each, and under G1 the rest of each region it leaves unused).
   */
  static long heapBytes(long n, int blockSize, ProcessGrid grid, int rank) {
    long perArray = HeapFootprint.floatArray((long) blockSize * blockSize);
    return saturatedProduct(arrays(n, blockSize, grid, rank), perArray);
  }

  /**
   * @param ranksOnThisNode how many ranks share this node's memory
   * @throws MemoryBudgetException with the numbers, if this rank's tiles and panels do not fit its heap or the
   *     node's ranks' do not fit its memory
   */
  static void require(int n, int blockSize, ProcessGrid grid, int rank, int ranksOnThisNode) {
    Room room = Room.here(heapBytes(n, blockSize, grid, rank), ranksOnThisNode);
    MemoryBudgetException refused = refusal(n, blockSize, grid, rank, room, "");
    if (refused != null) {
      throw refused;
    }
  }

  /**
   * Why rank {@code rank}'s share of (n, grid, b) does not fit {@code room}, with the numbers, or {@code null} if it
   * fits; {@code otherWay} (a sentence and "; ", or "") goes before the usual advice.
   */
  static MemoryBudgetException refusal(int n, int blockSize, ProcessGrid grid, int rank, Room room,
      String otherWay) {
    long tileBytes = tileBytes(n, blockSize, grid, rank);
    long needed = heapBytes(n, blockSize, grid, rank);
    String what = String.format(Locale.ROOT, "distributed Floyd–Warshall of n = %,d on %d ranks (grid %s, b = %d):"
        + " rank %d's share of the matrix (%,d tiles of %d² float32, %,d bytes) and three pivot iterations'"
        + " panels (%,d more such arrays; each takes %,d bytes of this heap with its header and packing)",
        n, grid.size(), grid, blockSize, rank, tileBytes / ((long) blockSize * blockSize * Float.BYTES), blockSize,
        tileBytes, panelArrays(n, blockSize, grid, rank), HeapFootprint.floatArray((long) blockSize * blockSize));
    if (needed > room.heap()) {
      return new MemoryBudgetException(what + " on its JVM heap", needed, room.heap(),
          otherWay + room.largerHeap(needed).advisePerRank(MORE_RANKS));
    }
    if (room.physical() > 0 && needed * room.ranksOnNode() > room.physical()) {
      return new MemoryBudgetException(String.format(Locale.ROOT, "%s, times the %d ranks on this node,", what,
          room.ranksOnNode()), needed * room.ranksOnNode(), room.physical(),
          otherWay + "run on more nodes, or on fewer ranks per node");
    }
    return null;
  }

  /**
   * A rank's memory for its share: its free heap, its node's physical memory (0 if unknown) and how many ranks
   * share that node.
   */
  record Room(long heap, long physical, int ranksOnNode) {

    /**
     * The heap per rank that would hold {@code needed} bytes: this JVM's, which every rank gets, plus the shortfall,
     * against the rank's share of its node's memory.
     */
    HeapAdvice largerHeap(long needed) {
      long share = physical > 0 ? physical / Math.max(1, ranksOnNode) : 0;
      return HeapAdvice.forShortfall(needed, heap, Runtime.getRuntime().maxMemory(), share);
    }

    /** Whether {@code needed} bytes fit both this rank's heap and its share of the node. */
    boolean holds(long needed) {
      return needed <= heap && (physical <= 0 || needed * ranksOnNode <= physical);
    }

    /**
     * This room less a twentieth of the heap, for what the solve allocates beyond its tiles and panels (G1's free
     * regions to copy into, packing buffers): on power with two ranks of 64 MiB, b = 64 counted 54.0 MiB against
     * about 56 MiB free and ran out of heap packing a panel, while b = 32 (50.2 MiB) ran. The choice keeps this
     * slack, for a given --block as for one it picks.
     */
    Room lessSlack() {
      return new Room(Math.max(0, heap - Runtime.getRuntime().maxMemory() / 20), physical, ranksOnNode);
    }

    /**
     * This rank's room now. Garbage from reading the graph counts as used until collected, so the heap is
     * collected first when {@code wanted} bytes do not fit what looks free less {@link #lessSlack}'s twentieth:
     * compared with what looked free alone, a share between the two was refused for garbage (power on three ranks
     * of -Xmx48m, b = 32: 33.5 MiB needed, 32.4 MiB counted free, 6.8 MB held once collected, 13.8 MB before).
     */
    static Room here(long wanted, int ranksOnThisNode) {
      long heap = freeHeap();
      if (wanted > heap - Runtime.getRuntime().maxMemory() / 20) {
        System.gc();
        heap = freeHeap();
      }
      return new Room(heap, physicalMemory(), ranksOnThisNode);
    }
  }

  private static long owned(long tiles, int processes, int mine) {
    return (tiles - mine + processes - 1) / processes;
  }

  private static long freeHeap() {
    Runtime rt = Runtime.getRuntime();
    return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
  }

  private static long physicalMemory() {
    return HeapAdvice.physicalMemory();
  }
}
