package org.tropic.sparse;

/**
 * The order of the elements inside each block of a {@link BlockCoo}. It changes only memory-access locality, never a
 * result (up to float rounding of sums in a different order).
 */
public enum ElementOrder {
  /**
   * By row, then column, as in CSR, except that inside a block the rows come longest first ({@link RunLengthOrder}):
   * each row's elements stay together and in column order.
   */
  ROW,
  /**
   * By cache block (c × c cells, c = one cache line of floats), the cells visited by the neighbour walk of HPC-KG
   * §2.8 (next cell: a column neighbour, else a row neighbour, else the next unvisited), then by column within a cell.
   */
  CACHE
}
