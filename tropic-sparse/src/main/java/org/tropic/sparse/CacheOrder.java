package org.tropic.sparse;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Reorders the elements of one block into the cache order of HPC-KG §2.8: grouped by c × c cache cell, the cells in
 * {@link CacheCellWalk} order, and by column (then row) inside a cell. O(e log e) for a block of e elements.
 */
final class CacheOrder {
  private CacheOrder() {}

  /**
   * Sorts elements {@code from..to-1}, which arrive in row-major order, in place.
   *
   * @param values the values to move along, or {@code null}
   * @param side the block's longer side: cells are walked on a square grid of that side
   */
  static void sortBlock(MemorySegment coords, MemorySegment values, int from, int to, int side, int cell) {
    int count = to - from;
    if (count <= 1) {
      return;
    }
    int[] rowMajor = new int[count];
    for (int i = 0; i < count; i++) {
      rowMajor[i] = coords.getAtIndex(BlockCoo.COORD, from + i);
    }
    long cellsPerSide = (side + cell - 1) / cell;
    long[] cellOf = new long[count];
    for (int i = 0; i < count; i++) {
      int rc = rowMajor[i];
      cellOf[i] = ((rc >>> 16) / cell) * cellsPerSide + (rc & 0xFFFF) / cell;
    }
    long[] cells = distinct(cellOf);
    int[] walk = CacheCellWalk.positions(cells, cellsPerSide);
    long[] keys = new long[count];
    for (int i = 0; i < count; i++) {
      int rc = rowMajor[i];
      long position = walk[Arrays.binarySearch(cells, cellOf[i])];
      keys[i] = position << 32 | (long) (rc & 0xFFFF) << 16 | rc >>> 16;
    }
    Arrays.sort(keys);
    float[] oldValues = null;
    if (values != null) {
      oldValues = new float[count];
      for (int i = 0; i < count; i++) {
        oldValues[i] = values.getAtIndex(BlockCoo.VALUE, from + i);
      }
    }
    for (int i = 0; i < count; i++) {
      int column = (int) (keys[i] >>> 16) & 0xFFFF;
      int row = (int) keys[i] & 0xFFFF;
      int rc = row << 16 | column;
      coords.setAtIndex(BlockCoo.COORD, from + i, rc);
      if (oldValues != null) {
        values.setAtIndex(BlockCoo.VALUE, from + i, oldValues[indexOf(rowMajor, rc)]);
      }
    }
  }

  private static long[] distinct(long[] keys) {
    long[] sorted = keys.clone();
    Arrays.sort(sorted);
    int unique = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        sorted[unique++] = sorted[i];
      }
    }
    return Arrays.copyOf(sorted, unique);
  }

  /** Position of {@code rc} in coordinates sorted as unsigned ints (row-major order). */
  private static int indexOf(int[] rowMajor, int rc) {
    int lo = 0;
    int hi = rowMajor.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int cmp = Integer.compareUnsigned(rowMajor[mid], rc);
      if (cmp < 0) {
        lo = mid + 1;
      } else if (cmp > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    throw new IllegalStateException("element " + Integer.toUnsignedString(rc, 16) + " lost while sorting a block");
  }
}
