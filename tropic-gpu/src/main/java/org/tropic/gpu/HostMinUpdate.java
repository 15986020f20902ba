package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.util.stream.IntStream;
import org.tropic.semiring.Arithmetic;

/**
 * The offload mode's HOSTUPDATE step (HPDC'21 §4.3): C_ij ← min(C_ij, X) on the host, element by element, with the
 * same min as the kernels — {@code x < c ? x : c} on floats for the exact path, a signed-int min on the bits for
 * the non-negative-float and int32 paths — so that offloading changes no result bit. Rows are shared among threads;
 * a band of rows and a band of columns (the pivot's, updated by the panel step instead) can be left out.
 */
final class HostMinUpdate {
  private HostMinUpdate() {}

  /**
   * C[r][c] ← min(C[r][c], X[r][c]) for r &lt; rows, c &lt; cols outside [skipRow0, skipRow1) and
   * [skipCol0, skipCol1). C starts at float {@code cOffset} of {@code c} with leading dimension {@code ldc}; X at
   * float 0 of {@code x} with leading dimension {@code ldx}.
   */
  static void apply(Arithmetic arithmetic, MemorySegment c, long cOffset, long ldc, MemorySegment x, long ldx,
      int rows, int cols, int skipRow0, int skipRow1, int skipCol0, int skipCol1, int threads) {
    int colA = Math.clamp(skipCol0, 0, cols);
    int colB = Math.clamp(Math.max(skipCol1, skipCol0), 0, cols);
    IntStream range = IntStream.range(0, rows).filter(r -> r < skipRow0 || r >= skipRow1);
    if (threads > 1 && (long) rows * cols > 1 << 16) {
      range = range.parallel();
    }
    range.forEach(r -> {
      long cRow = cOffset + r * ldc;
      long xRow = r * ldx;
      row(arithmetic, c, cRow, x, xRow, 0, colA);
      row(arithmetic, c, cRow, x, xRow, colB, cols);
    });
  }

  private static void row(Arithmetic arithmetic, MemorySegment c, long cRow, MemorySegment x, long xRow, int from,
      int to) {
    if (arithmetic == Arithmetic.EXACT_FLOAT) {
      for (int j = from; j < to; j++) {
        float cv = c.getAtIndex(JAVA_FLOAT, cRow + j);
        float xv = x.getAtIndex(JAVA_FLOAT, xRow + j);
        c.setAtIndex(JAVA_FLOAT, cRow + j, xv < cv ? xv : cv);
      }
    } else {
      for (int j = from; j < to; j++) {
        int cv = c.getAtIndex(JAVA_INT, cRow + j);
        int xv = x.getAtIndex(JAVA_INT, xRow + j);
        c.setAtIndex(JAVA_INT, cRow + j, Math.min(cv, xv));
      }
    }
  }
}
