package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.stream.IntStream;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;
import org.tropic.semiring.Arithmetic;

/**
 * The offload mode's HOSTUPDATE step (HPDC'21 §4.3): C_ij ← min(C_ij, X) on the host, element by element, with the
 * same min as the kernels — {@code x < c ? x : c} on floats for the exact path, a signed-int min on the bits for
 * the non-negative-float and int32 paths — so that offloading changes no result bit. Rows are shared among threads;
 * a band of rows and a band of columns (the pivot's, updated by the panel step instead) can be left out. Public
 * for {@code HostUpdateBenchmark}, which measures it against the host's copy rate.
 */
public final class HostMinUpdate {
  private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  private static final ByteOrder NATIVE = ByteOrder.nativeOrder();

  private HostMinUpdate() {}

  /**
   * C[r][c] ← min(C[r][c], X[r][c]) for r &lt; rows, c &lt; cols outside [skipRow0, skipRow1) and
   * [skipCol0, skipCol1). C starts at float {@code cOffset} of {@code c} with leading dimension {@code ldc}; X at
   * float 0 of {@code x} with leading dimension {@code ldx}.
   */
  public static void apply(Arithmetic arithmetic, MemorySegment c, long cOffset, long ldc, MemorySegment x, long ldx,
      int rows, int cols, int skipRow0, int skipRow1, int skipCol0, int skipCol1, int threads) {
    apply(arithmetic, c, cOffset, ldc, x, ldx, rows, cols, skipRow0, skipRow1, skipCol0, skipCol1, threads, false);
  }

  /**
   * As {@link #apply(Arithmetic, MemorySegment, long, long, MemorySegment, long, int, int, int, int, int, int, int)},
   * and with {@code decode} on the int32 path C takes the minimum's float32 distance ({@link Int32Decode}): the
   * offload mode's last iteration, whose values are final, so that no separate pass over the matrix decodes them.
   */
  static void apply(Arithmetic arithmetic, MemorySegment c, long cOffset, long ldc, MemorySegment x, long ldx,
      int rows, int cols, int skipRow0, int skipRow1, int skipCol0, int skipCol1, int threads, boolean decode) {
    boolean decoding = decode && arithmetic == Arithmetic.INT32;
    int colA = Math.clamp(skipCol0, 0, cols);
    int colB = Math.clamp(Math.max(skipCol1, skipCol0), 0, cols);
    IntStream range = IntStream.range(0, rows).filter(r -> r < skipRow0 || r >= skipRow1);
    if (threads > 1 && (long) rows * cols > 1 << 16) {
      range = range.parallel();
    }
    range.forEach(r -> {
      long cRow = cOffset + r * ldc;
      long xRow = r * ldx;
      row(arithmetic, c, cRow, x, xRow, 0, colA, decoding);
      row(arithmetic, c, cRow, x, xRow, colB, cols, decoding);
    });
  }

  /**
   * C[cRow + j] ← min(C[cRow + j], X[xRow + j]) for j in [from, to): whole vectors of the Vector API's preferred
   * width, then the tail one by one. The loop should be bound by memory, and the vectors make it so: a scalar loop
   * over {@link MemorySegment}s ran at 0.38× the rate of a copy of the same chunk on two cores, this one at 1.0×.
   */
  private static void row(Arithmetic arithmetic, MemorySegment c, long cRow, MemorySegment x, long xRow, int from,
      int to, boolean decode) {
    int j = from;
    if (arithmetic == Arithmetic.EXACT_FLOAT) {
      for (int end = from + FLOATS.loopBound(to - from); j < end; j += FLOATS.length()) {
        long cAt = (cRow + j) * Float.BYTES;
        FloatVector cv = FloatVector.fromMemorySegment(FLOATS, c, cAt, NATIVE);
        FloatVector xv = FloatVector.fromMemorySegment(FLOATS, x, (xRow + j) * Float.BYTES, NATIVE);
        cv.blend(xv, xv.lt(cv)).intoMemorySegment(c, cAt, NATIVE); // x < c ? x : c, as the kernels
      }
      for (; j < to; j++) {
        float cv = c.getAtIndex(JAVA_FLOAT, cRow + j);
        float xv = x.getAtIndex(JAVA_FLOAT, xRow + j);
        c.setAtIndex(JAVA_FLOAT, cRow + j, xv < cv ? xv : cv);
      }
    } else {
      for (int end = from + INTS.loopBound(to - from); j < end; j += INTS.length()) {
        long cAt = (cRow + j) * Float.BYTES;
        IntVector cv = IntVector.fromMemorySegment(INTS, c, cAt, NATIVE);
        IntVector xv = IntVector.fromMemorySegment(INTS, x, (xRow + j) * Float.BYTES, NATIVE);
        IntVector min = cv.min(xv);
        if (decode) {
          Int32Decode.decode(min).intoMemorySegment(c, cAt, NATIVE);
        } else {
          min.intoMemorySegment(c, cAt, NATIVE);
        }
      }
      for (; j < to; j++) {
        int min = Math.min(c.getAtIndex(JAVA_INT, cRow + j), x.getAtIndex(JAVA_INT, xRow + j));
        if (decode) {
          c.setAtIndex(JAVA_FLOAT, cRow + j, Arithmetic.INT32.decode(Float.intBitsToFloat(min)));
        } else {
          c.setAtIndex(JAVA_INT, cRow + j, min);
        }
      }
    }
  }
}
