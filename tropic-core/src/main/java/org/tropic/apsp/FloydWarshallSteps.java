package org.tropic.apsp;

import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;
import org.tropic.semiring.SparsePanel;

/**
 * The four per-tile steps of blocked Floyd–Warshall at pivot k, on b×b row-major tiles. Every scheduler — one node
 * ({@link FloydWarshallSchedule}), many ranks (tropic-mpi) — runs exactly these, so results agree bit for bit for
 * the same b, arithmetic and vertex order ({@link PivotOrder}) however the work is spread.
 *
 * <ul>
 *   <li>D(k): close the diagonal tile (Floyd–Warshall inside it);
 *   <li>R(k, j): row panel tile ← min(tile, D ⊗ tile), D the closed diagonal;
 *   <li>C(k, i): column panel tile ← min(tile, tile ⊗ D);
 *   <li>O(k, i, j): tile ← min(tile, C_i ⊗ R_j), from the packed panels.
 * </ul>
 *
 * The in-place panel updates first copy the tile into a packed operand, so the kernel never reads what it writes.
 * Packing methods take a panel whose storage may be reused, so callers can recycle panels.
 *
 * <p>Each step works on a tile's occupied extent: the first rows × columns of its b × b storage. The tiles on the
 * ragged edge of an n not divisible by b hold fewer than b vertices a side, and their +∞ padding is skipped rather
 * than multiplied. Padding never changes a real entry (+∞ plus anything never wins a min), so the results are the
 * same bits as with every extent b, which the methods without extents use.
 *
 * <p>For the same reason a left operand's +∞ entries may be skipped: a column panel with at most
 * 1/{@value #SPARSE_SHARE} of its entries finite is multiplied from those entries alone ({@link SparsePanel}).
 * That happens in the first pivots on a sparse graph, where a panel holds little more than the arcs themselves
 * (about 3% finite at k = 0 on a random digraph of degree 16), and on graphs whose vertex order leaves whole tiles
 * unreachable from one another.
 */
public final class FloydWarshallSteps {
  /**
   * A left operand with at most 1/SPARSE_SHARE of its entries finite goes through the sparse product. Whole solves
   * of hep-th and power took the same time at 1/3 to 1/16 and longer at 1/2, where the sparse product's extra
   * loads of C cost more than the +∞ entries it skips (performance log, fourteenth session).
   */
  static final int SPARSE_SHARE = 8;

  private final MinPlusKernels kernels;
  private final Arithmetic arithmetic;
  private final int b;

  public FloydWarshallSteps(MinPlusKernels kernels, Arithmetic arithmetic, int blockSize) {
    this.kernels = kernels;
    this.arithmetic = arithmetic;
    this.b = blockSize;
  }

  /** D(k): Floyd–Warshall inside the diagonal tile, in place. */
  public void closeDiagonal(float[] tile) {
    closeDiagonal(tile, b);
  }

  /** D(k) on a diagonal tile holding {@code size} vertices. */
  public void closeDiagonal(float[] tile, int size) {
    kernels.closure(arithmetic, size, tile, 0, b);
  }

  /** R(k, j): the row panel tile relaxed through the closed diagonal; returns the scratch copy for reuse. */
  public PackedPanel updateRowPanel(PackedPanel diagonalLeft, float[] tile, PackedPanel scratch) {
    return updateRowPanel(diagonalLeft, tile, b, scratch);
  }

  /**
   * R(k, j) on a tile whose occupied columns are {@code columns}; its rows are the diagonal's. An all-+∞ tile stays
   * so, and {@code scratch} comes back unused.
   */
  public PackedPanel updateRowPanel(PackedPanel diagonalLeft, float[] tile, int columns, PackedPanel scratch) {
    if (allInfinite(tile, diagonalLeft.rows(), columns)) {
      return scratch;
    }
    PackedPanel before = packRight(tile, diagonalLeft.rows(), columns, scratch);
    kernels.multiplyMin(arithmetic, diagonalLeft, before, tile, 0, b);
    return before;
  }

  /** C(k, i): the column panel tile relaxed through the closed diagonal; returns the scratch copy for reuse. */
  public PackedPanel updateColumnPanel(float[] tile, PackedPanel diagonalRight, PackedPanel scratch) {
    return updateColumnPanel(tile, b, diagonalRight, scratch);
  }

  /**
   * C(k, i) on a tile whose occupied rows are {@code rows}; its columns are the diagonal's. A sparse tile is
   * multiplied from its finite entries, and {@code scratch} comes back unused.
   */
  public PackedPanel updateColumnPanel(float[] tile, int rows, PackedPanel diagonalRight, PackedPanel scratch) {
    SparsePanel sparse = sparseLeft(tile, rows, diagonalRight.cols());
    if (sparse != null) {
      kernels.multiplyMin(arithmetic, sparse, diagonalRight, tile, 0, b);
      return scratch;
    }
    PackedPanel before = packLeft(tile, rows, diagonalRight.cols(), scratch);
    kernels.multiplyMin(arithmetic, before, diagonalRight, tile, 0, b);
    return before;
  }

  /** O(k, i, j): the outer-product update of one tile from its column panel C_i and row panel R_j. */
  public void updateOuter(PackedPanel column, PackedPanel row, float[] tile) {
    kernels.multiplyMin(arithmetic, column, row, tile, 0, b);
  }

  /** O(k, i, j) from a sparse column panel. */
  public void updateOuter(SparsePanel column, PackedPanel row, float[] tile) {
    kernels.multiplyMin(arithmetic, column, row, tile, 0, b);
  }

  /** The finite entries of a tile's occupied rows × columns as a left operand, or null when too many to pay. */
  public SparsePanel sparseLeft(float[] tile, int rows, int columns) {
    return SparsePanel.of(arithmetic, rows, columns, tile, 0, b, rows * columns / SPARSE_SHARE);
  }

  /** {@link #sparseLeft} of the transpose of a tile's occupied rows × columns: its mirror's column panel. */
  public SparsePanel sparseLeftTransposed(float[] tile, int rows, int columns) {
    return SparsePanel.ofTransposed(arithmetic, columns, rows, tile, 0, b, rows * columns / SPARSE_SHARE);
  }

  /** Whether a tile's occupied rows × columns are all +∞: a row panel that can improve nothing. */
  public boolean allInfinite(float[] tile, int rows, int columns) {
    return SparsePanel.allInfinite(arithmetic, rows, columns, tile, 0, b);
  }

  /** A tile packed as a left operand (a column panel or the diagonal), into {@code reuse}'s storage if it fits. */
  public PackedPanel packLeft(float[] tile, PackedPanel reuse) {
    return packLeft(tile, b, b, reuse);
  }

  /** The occupied rows × columns of a tile packed as a left operand. */
  public PackedPanel packLeft(float[] tile, int rows, int columns, PackedPanel reuse) {
    return kernels.packLeft(arithmetic, rows, columns, tile, 0, b, reuse);
  }

  /** A tile packed as a right operand (a row panel or the diagonal), into {@code reuse}'s storage if it fits. */
  public PackedPanel packRight(float[] tile, PackedPanel reuse) {
    return packRight(tile, b, b, reuse);
  }

  /** The occupied rows × columns of a tile packed as a right operand. */
  public PackedPanel packRight(float[] tile, int rows, int columns, PackedPanel reuse) {
    return kernels.packRight(arithmetic, rows, columns, tile, 0, b, reuse);
  }

  /**
   * The transpose of a tile's occupied rows × columns, packed as a left operand (columns × rows): the column panel
   * its mirror below the diagonal would give.
   */
  public PackedPanel packLeftTransposed(float[] tile, int rows, int columns, PackedPanel reuse) {
    return kernels.packLeftTransposed(arithmetic, columns, rows, tile, 0, b, reuse);
  }

  /** The transpose of a tile's occupied rows × columns, packed as a right operand: its mirror's row panel. */
  public PackedPanel packRightTransposed(float[] tile, int rows, int columns, PackedPanel reuse) {
    return kernels.packRightTransposed(arithmetic, columns, rows, tile, 0, b, reuse);
  }
}
