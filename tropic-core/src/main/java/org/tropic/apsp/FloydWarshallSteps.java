package org.tropic.apsp;

import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;

/**
 * The four per-tile steps of blocked Floyd–Warshall at pivot k, on b×b row-major tiles. Every scheduler — one node
 * ({@link FloydWarshallSchedule}), many ranks (tropic-mpi) — runs exactly these, so results agree bit for bit for
 * the same b and arithmetic however the work is spread.
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
 */
public final class FloydWarshallSteps {
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
    kernels.closure(arithmetic, b, tile, 0, b);
  }

  /** R(k, j): the row panel tile relaxed through the closed diagonal; returns the scratch copy for reuse. */
  public PackedPanel updateRowPanel(PackedPanel diagonalLeft, float[] tile, PackedPanel scratch) {
    PackedPanel before = packRight(tile, scratch);
    kernels.multiplyMin(arithmetic, diagonalLeft, before, tile, 0, b);
    return before;
  }

  /** C(k, i): the column panel tile relaxed through the closed diagonal; returns the scratch copy for reuse. */
  public PackedPanel updateColumnPanel(float[] tile, PackedPanel diagonalRight, PackedPanel scratch) {
    PackedPanel before = packLeft(tile, scratch);
    kernels.multiplyMin(arithmetic, before, diagonalRight, tile, 0, b);
    return before;
  }

  /** O(k, i, j): the outer-product update of one tile from its column panel C_i and row panel R_j. */
  public void updateOuter(PackedPanel column, PackedPanel row, float[] tile) {
    kernels.multiplyMin(arithmetic, column, row, tile, 0, b);
  }

  /** A tile packed as a left operand (a column panel or the diagonal), into {@code reuse}'s storage if it fits. */
  public PackedPanel packLeft(float[] tile, PackedPanel reuse) {
    return kernels.packLeft(arithmetic, b, b, tile, 0, b, reuse);
  }

  /** A tile packed as a right operand (a row panel or the diagonal), into {@code reuse}'s storage if it fits. */
  public PackedPanel packRight(float[] tile, PackedPanel reuse) {
    return kernels.packRight(arithmetic, b, b, tile, 0, b, reuse);
  }

  /** The transpose of a tile packed as a left operand: the column panel its mirror below the diagonal would give. */
  public PackedPanel packLeftTransposed(float[] tile, PackedPanel reuse) {
    return kernels.packLeftTransposed(arithmetic, b, b, tile, 0, b, reuse);
  }

  /** The transpose of a tile packed as a right operand: the row panel its mirror below the diagonal would give. */
  public PackedPanel packRightTransposed(float[] tile, PackedPanel reuse) {
    return kernels.packRightTransposed(arithmetic, b, b, tile, 0, b, reuse);
  }
}
