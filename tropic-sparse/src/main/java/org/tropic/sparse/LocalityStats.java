package org.tropic.sparse;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * A machine-independent measure of how an element order uses the cache, so the effect of an ordering can be checked
 * without timing: walking the elements in stored order, how often the next element needs a different cache line of
 * x (its column) or of y (its row) than the previous one. Fewer changes mean fewer lines fetched again.
 *
 * @param elements stored elements
 * @param xLineChanges consecutive element pairs whose columns lie in different cache lines
 * @param yLineChanges consecutive element pairs whose rows lie in different cache lines
 * @param cacheCells distinct c × c cache cells holding an element (c = floats per cache line)
 * @param bandwidth the largest |row − column| over the elements
 */
public record LocalityStats(long elements, long xLineChanges, long yLineChanges, long cacheCells, int bandwidth) {

  /** Counts for {@code matrix}; O(nnz) time, O(1) memory beyond one pass. */
  static LocalityStats of(BlockCoo matrix) {
    int c = matrix.layout().cacheLineFloats();
    long[] state = {Long.MIN_VALUE, Long.MIN_VALUE, 0, 0, 0};
    matrix.forEachElement((row, column, value) -> {
      long xLine = column / c;
      long yLine = row / c;
      if (state[0] != Long.MIN_VALUE) {
        state[2] += xLine != state[0] ? 1 : 0;
        state[3] += yLine != state[1] ? 1 : 0;
      }
      state[0] = xLine;
      state[1] = yLine;
      state[4] = Math.max(state[4], Math.abs((long) row - column));
    });
    return new LocalityStats(matrix.nonZeroCount(), state[2], state[3], distinctCells(matrix, c), (int) state[4]);
  }

  private static long distinctCells(BlockCoo matrix, int c) {
    long cellsPerRow = (matrix.columnCount() + c - 1L) / c;
    LongOpenHashSet cells = new LongOpenHashSet();
    matrix.forEachElement((row, column, value) -> cells.add((row / c) * cellsPerRow + column / c));
    return cells.size();
  }

  /** x line changes per element: 1 means every element fetches a new line of x. */
  public double xLineChangeRate() {
    return elements <= 1 ? 0 : (double) xLineChanges / (elements - 1);
  }

  /** Average elements per occupied cache cell: higher means denser cells. */
  public double elementsPerCell() {
    return cacheCells == 0 ? 0 : (double) elements / cacheCells;
  }
}
