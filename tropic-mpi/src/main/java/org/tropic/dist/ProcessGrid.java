package org.tropic.dist;

import java.util.Locale;

/**
 * A Pr×Pc logical grid of MPI processes, ranks laid out row-major: rank r sits in process row {@code r / Pc} and
 * process column {@code r % Pc}. Tile (I, J) of the distance matrix belongs to the process at
 * {@code (I mod Pr, J mod Pc)} — the 2D block-cyclic distribution of DSNAPSHOT (SC20, §IV-C), which keeps every
 * process busy in every iteration and limits each process's share of the panel broadcasts to
 * {@code n·b·(1/Pr + 1/Pc)} words per iteration.
 *
 * @param rows Pr, the number of process rows
 * @param columns Pc, the number of process columns
 */
public record ProcessGrid(int rows, int columns) {

  public ProcessGrid {
    if (rows < 1 || columns < 1) {
      throw new IllegalArgumentException("a process grid needs at least one row and one column, got " + rows + "×"
          + columns);
    }
    if ((long) rows * columns > Integer.MAX_VALUE) {
      // size() would wrap: tropic model --grid 65536x65536 was refused as a grid of "1×0"
      throw new IllegalArgumentException("a process grid has at most " + Integer.MAX_VALUE + " processes, got "
          + rows + "×" + columns + " = " + (long) rows * columns);
    }
  }

  /**
   * Parses {@code PrxPc}, e.g. {@code 2x3} (also {@code 2×3} or {@code 2X3}).
   *
   * @throws IllegalArgumentException quoting the text if it is not of that form
   */
  public static ProcessGrid parse(String text) {
    String[] parts = text.strip().toLowerCase(Locale.ROOT).split("[x×]");
    try {
      if (parts.length == 2) {
        return new ProcessGrid(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("grid '" + text + "' is not of the form ROWSxCOLUMNS, e.g. 2x3");
  }

  /** The grid with Pr ≤ Pc as close to square as {@code processes} allows (Pr the largest divisor ≤ √P). */
  public static ProcessGrid squarest(int processes) {
    if (processes < 1) {
      throw new IllegalArgumentException("need at least one process, got " + processes);
    }
    int rows = (int) Math.sqrt(processes);
    while (processes % rows != 0) {
      rows--;
    }
    return new ProcessGrid(rows, processes / rows);
  }

  /** Pr·Pc. */
  public int size() {
    return rows * columns;
  }

  /** The process row of {@code rank}. */
  public int rowOf(int rank) {
    return rank / columns;
  }

  /** The process column of {@code rank}. */
  public int columnOf(int rank) {
    return rank % columns;
  }

  /** The rank at process row {@code row}, column {@code column}. */
  public int rankAt(int row, int column) {
    return row * columns + column;
  }

  /** The rank that owns tile (tileRow, tileColumn). */
  public int ownerOf(int tileRow, int tileColumn) {
    return rankAt(tileRow % rows, tileColumn % columns);
  }

  /**
   * Checks that this grid fits a job of {@code processes} ranks and a matrix of {@code tiles}×{@code tiles} tiles:
   * every process must own at least one tile row and one tile column.
   *
   * @throws IllegalArgumentException saying what to change
   */
  public void check(int processes, int tiles, int n, int blockSize) {
    if (size() != processes) {
      throw new IllegalArgumentException("grid " + this + " has " + size() + " processes but the job has "
          + processes + " ranks: give a grid whose rows × columns = " + processes);
    }
    if (rows > tiles || columns > tiles) {
      throw new IllegalArgumentException("grid " + this + " has more process rows or columns than the " + tiles
          + " tile rows of the matrix (n=" + n + ", b=" + blockSize + "): use a smaller block size, fewer ranks"
          + " or a squarer grid");
    }
  }

  @Override
  public String toString() {
    return rows + "x" + columns;
  }
}
