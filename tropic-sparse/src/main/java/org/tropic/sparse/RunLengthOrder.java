package org.tropic.sparse;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Reorders the rows of one row-ordered block by decreasing element count (ties by row), keeping each row's elements
 * together and in column order. Consecutive row runs then tend to have the same length, so the exit branch of the
 * counted loop that sums a run ({@link RowRuns}) is predicted instead of missed once per run. On the web graph,
 * whose rows vary from 1 to thousands of elements, a harness on 2 threads measured 0.91 against 1.25 ms per SpMV
 * (2026-11-21). O(e + r log r) for a block of e elements in r runs.
 */
final class RunLengthOrder {
  private RunLengthOrder() {}

  /**
   * Sorts elements {@code from..to-1}, which arrive in row-major order, in place.
   *
   * @param values the values to move along, or {@code null}
   */
  static void sortBlock(MemorySegment coords, MemorySegment values, int from, int to) {
    int count = to - from;
    if (count <= 1) {
      return;
    }
    int[] rowMajor = new int[count];
    MemorySegment.copy(coords, BlockCoo.COORD, (long) from * Integer.BYTES, rowMajor, 0, count);
    IntArrayList runStart = new IntArrayList();
    for (int i = 0; i < count; i++) {
      if (i == 0 || rowMajor[i] >>> 16 != rowMajor[i - 1] >>> 16) {
        runStart.add(i);
      }
    }
    int runs = runStart.size();
    runStart.add(count);
    // Longest first; among equal lengths, the run that came first (the lower row) stays first.
    long[] keys = new long[runs];
    for (int q = 0; q < runs; q++) {
      int length = runStart.getInt(q + 1) - runStart.getInt(q);
      keys[q] = (long) (BlockCooOptions.MAX_BLOCK_SIZE - length) << 32 | q;
    }
    Arrays.sort(keys);
    float[] oldValues = null;
    if (values != null) {
      oldValues = new float[count];
      MemorySegment.copy(values, BlockCoo.VALUE, (long) from * Float.BYTES, oldValues, 0, count);
    }
    long at = from;
    for (long key : keys) {
      int q = (int) key;
      for (int i = runStart.getInt(q); i < runStart.getInt(q + 1); i++, at++) {
        coords.setAtIndex(BlockCoo.COORD, at, rowMajor[i]);
        if (oldValues != null) {
          values.setAtIndex(BlockCoo.VALUE, at, oldValues[i]);
        }
      }
    }
  }
}
