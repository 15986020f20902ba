package org.tropic.semiring;

import java.util.Arrays;

/**
 * A left operand of {@link MinPlusKernels#multiplyMin(Arithmetic, SparsePanel, PackedPanel, float[], int, int)}
 * given by its finite entries only, row by row (CSR). An +∞ entry of A adds nothing to a min-plus product in any
 * arithmetic (+∞ plus anything never wins a min), so skipping it leaves every result bit the same, and a product
 * with a sparse A costs its finite entries times B's columns instead of A's full extent. Floyd–Warshall's first
 * pivots on a sparse graph have such panels: only arcs and short detours are finite yet. Immutable once built.
 *
 * @param rows A's rows
 * @param cols A's columns (B's rows)
 * @param rowStart where each row's entries start in {@code columns} and {@code values}; {@code rows + 1} long
 * @param columns each entry's column
 * @param values each entry's stored value, in the arithmetic's storage form
 */
public record SparsePanel(int rows, int cols, int[] rowStart, int[] columns, float[] values) {

  /** The number of finite entries. */
  public int entries() {
    return rowStart[rows];
  }

  /**
   * The finite entries of the rows×cols matrix at {@code a}, or null when it has more than {@code maxEntries}
   * (found without reading past the entry that exceeds it, so a dense tile costs little to reject).
   */
  public static SparsePanel of(Arithmetic arithmetic, int rows, int cols, float[] a, int off, int ld,
      int maxEntries) {
    if (!atMost(arithmetic, rows, cols, a, off, ld, maxEntries)) {
      return null;
    }
    int[] rowStart = new int[rows + 1];
    int count = 0;
    for (int r = 0; r < rows; r++) {
      for (int x = off + r * ld, end = x + cols; x < end; x++) {
        if (!arithmetic.isInfinite(a[x])) {
          count++;
        }
      }
      rowStart[r + 1] = count;
    }
    int[] columns = new int[count];
    float[] values = new float[count];
    int e = 0;
    for (int r = 0; r < rows; r++) {
      for (int l = 0; l < cols; l++) {
        float v = a[off + r * ld + l];
        if (!arithmetic.isInfinite(v)) {
          columns[e] = l;
          values[e++] = v;
        }
      }
    }
    return new SparsePanel(rows, cols, rowStart, columns, values);
  }

  /**
   * The finite entries of Aᵀ as a rows×cols operand, where {@code a} holds the cols×rows matrix A, or null when it
   * has more than {@code maxEntries}: symmetric Floyd–Warshall's column panel from the row panel tile above it.
   */
  public static SparsePanel ofTransposed(Arithmetic arithmetic, int rows, int cols, float[] a, int off, int ld,
      int maxEntries) {
    if (!atMost(arithmetic, cols, rows, a, off, ld, maxEntries)) {
      return null;
    }
    int[] rowStart = new int[rows + 1];
    for (int l = 0; l < cols; l++) {
      for (int r = 0; r < rows; r++) {
        if (!arithmetic.isInfinite(a[off + l * ld + r])) {
          rowStart[r + 1]++;
        }
      }
    }
    for (int r = 0; r < rows; r++) {
      rowStart[r + 1] += rowStart[r];
    }
    int count = rowStart[rows];
    int[] columns = new int[count];
    float[] values = new float[count];
    int[] next = Arrays.copyOf(rowStart, rows);
    for (int l = 0; l < cols; l++) { // ascending l, so each row's entries come out in column order
      for (int r = 0; r < rows; r++) {
        float v = a[off + l * ld + r];
        if (!arithmetic.isInfinite(v)) {
          columns[next[r]] = l;
          values[next[r]++] = v;
        }
      }
    }
    return new SparsePanel(rows, cols, rowStart, columns, values);
  }

  /** Whether the rows×cols matrix at {@code a} holds no finite entry. */
  public static boolean allInfinite(Arithmetic arithmetic, int rows, int cols, float[] a, int off, int ld) {
    return atMost(arithmetic, rows, cols, a, off, ld, 0);
  }

  /** This operand as a dense row-major rows×cols array, +∞ where no entry is stored. */
  public float[] toDense(Arithmetic arithmetic) {
    float[] dense = new float[rows * cols];
    Arrays.fill(dense, arithmetic.infinity());
    for (int r = 0; r < rows; r++) {
      for (int e = rowStart[r]; e < rowStart[r + 1]; e++) {
        dense[r * cols + columns[e]] = values[e];
      }
    }
    return dense;
  }

  private static boolean atMost(Arithmetic arithmetic, int rows, int cols, float[] a, int off, int ld, int limit) {
    int count = 0;
    for (int r = 0; r < rows; r++) {
      for (int x = off + r * ld, end = x + cols; x < end; x++) {
        if (!arithmetic.isInfinite(a[x]) && ++count > limit) {
          return false;
        }
      }
    }
    return true;
  }
}
