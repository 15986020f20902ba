package org.tropic.dist;

import java.lang.management.ManagementFactory;
import java.util.Locale;
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
  private static final String ADVICE = "give each rank a larger heap (TROPIC_JAVA_OPTS=-Xmx..., which every rank"
      + " gets) or run on more ranks, or nodes (mpirun -np P)";

  private HeapCheck() {}

  /** This rank's tile bytes: the tile rows of its process row times the tile columns of its process column. */
  static long tileBytes(int n, int blockSize, ProcessGrid grid, int rank) {
    long tiles = Math.max(1, (n + (long) blockSize - 1) / blockSize);
    long rows = owned(tiles, grid.rows(), grid.rowOf(rank));
    long columns = owned(tiles, grid.columns(), grid.columnOf(rank));
    return rows * columns * blockSize * blockSize * Float.BYTES;
  }

  /**
   * The b × b float arrays this rank holds at most beyond its tiles: three pivot iterations' panels, as the
   * single-node planner counts (with lookahead iteration k + 1's are packed while k's are still read, and received
   * tiles wait as raw copies until packed), each a row-panel tile per owned tile column, a column-panel tile per
   * owned tile row and the diagonal tile packed left and right. Two iterations' were too few: power on two ranks of
   * 80 MiB (serial collector, b = 256) passed with them and ran out of heap copying a received panel.
   */
  static long panelArrays(int n, int blockSize, ProcessGrid grid, int rank) {
    long tiles = Math.max(1, (n + (long) blockSize - 1) / blockSize);
    long rows = owned(tiles, grid.rows(), grid.rowOf(rank));
    long columns = owned(tiles, grid.columns(), grid.columnOf(rank));
    return 3 * (rows + columns + 2);
  }

  /**
   * The heap this rank's solve takes: its tiles and {@link #panelArrays} panels, each array as it takes this JVM's
   * heap ({@link HeapFootprint}: a header each, and under G1 the rest of each region it leaves unused).
   */
  static long heapBytes(int n, int blockSize, ProcessGrid grid, int rank) {
    long arrays = tileBytes(n, blockSize, grid, rank) / ((long) blockSize * blockSize * Float.BYTES)
        + panelArrays(n, blockSize, grid, rank);
    return arrays * HeapFootprint.floatArray((long) blockSize * blockSize);
  }

  /**
   * @param ranksOnThisNode how many ranks share this node's memory
   * @throws MemoryBudgetException with the numbers, if this rank's tiles and panels do not fit its heap or the
   *     node's ranks' do not fit its memory
   */
  static void require(int n, int blockSize, ProcessGrid grid, int rank, int ranksOnThisNode) {
    long tileBytes = tileBytes(n, blockSize, grid, rank);
    long needed = heapBytes(n, blockSize, grid, rank);
    String what = String.format(Locale.ROOT, "distributed Floyd–Warshall of n = %,d on %d ranks (grid %s, b = %d):"
        + " rank %d's share of the matrix (%,d tiles of %d² float32, %,d bytes) and three pivot iterations'"
        + " panels (%,d more such arrays; each takes %,d bytes of this heap with its header and packing)",
        n, grid.size(), grid, blockSize, rank, tileBytes / ((long) blockSize * blockSize * Float.BYTES), blockSize,
        tileBytes, panelArrays(n, blockSize, grid, rank), HeapFootprint.floatArray((long) blockSize * blockSize));
    long heap = freeHeap();
    if (needed > heap) {
      System.gc(); // garbage from reading the graph counts as used until collected; look again before refusing
      heap = freeHeap();
    }
    if (needed > heap) {
      throw new MemoryBudgetException(what + " on its JVM heap", needed, heap, ADVICE);
    }
    long physical = physicalMemory();
    if (physical > 0 && needed * ranksOnThisNode > physical) {
      throw new MemoryBudgetException(String.format(Locale.ROOT, "%s, times the %d ranks on this node,", what,
          ranksOnThisNode), needed * ranksOnThisNode, physical, "run on more nodes, or on fewer ranks per node");
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
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return 0;
  }
}
