package org.tropic.gpu;

import org.tropic.semiring.Arithmetic;

/**
 * Closes a solver's b×b diagonal tile in place: in one block's shared memory when the tile fits there (the
 * reference pivot order, so bit for bit the CPU's); otherwise, where that order would take b launches of a
 * memory-bound step per pivot (3,712 at the offload mode's b on an H100, 1.6 s of host time and more of device time
 * in a 7 s solve), by blocked Floyd–Warshall inside the tile on 128×128 sub-tiles: per sub-pivot the shared-memory
 * closure, the row and column panels and the outer product as SRGEMMs, 7 launches. That changes the order of the
 * updates, which leaves int32 distances exactly as they were (its sums and mins are exact) and moves float ones
 * within rounding; so for floats it is used only from {@value #FLOAT_BLOCKED_SIDE} up, tiles no CPU solve compares
 * with, and smaller float tiles keep the reference order.
 */
final class TileClosure implements AutoCloseable {
  /** The smallest float tile closed blocked: below it the reference order's launches cost little. */
  static final int FLOAT_BLOCKED_SIDE = 1024;
  private static final int SUB = MinPlusModule.TILE;

  private final MinPlusModule kernels;
  private final Arithmetic arithmetic;
  private final int b;
  private final DeviceBuffer pivotT;
  private final DeviceBuffer columnT;

  private TileClosure(MinPlusModule kernels, Arithmetic arithmetic, int b, DeviceBuffer pivotT,
      DeviceBuffer columnT) {
    this.kernels = kernels;
    this.arithmetic = arithmetic;
    this.b = b;
    this.pivotT = pivotT;
    this.columnT = columnT;
  }

  /** The closure of b×b tiles in {@code arithmetic}, with its scratch buffers (128×b floats) when it is blocked. */
  static TileClosure open(GpuContext gpu, MinPlusModule kernels, Arithmetic arithmetic, int b) {
    if (!blocked(arithmetic, b, kernels.sharedClosureSide())) {
      return new TileClosure(kernels, arithmetic, b, null, null);
    }
    DeviceBuffer pivotT = gpu.allocate((long) SUB * SUB * Float.BYTES);
    try {
      return new TileClosure(kernels, arithmetic, b, pivotT, gpu.allocate((long) SUB * b * Float.BYTES));
    } catch (RuntimeException | Error e) {
      pivotT.close();
      throw e;
    }
  }

  /** Whether a b×b tile is closed blocked: too large for shared memory, and exact or large enough to pay. */
  static boolean blocked(Arithmetic arithmetic, int b, int sharedSide) {
    return b > sharedSide && b % SUB == 0 && (arithmetic == Arithmetic.INT32 || b >= FLOAT_BLOCKED_SIDE);
  }

  /** Device bytes of the scratch buffers of a blocked closure of b×b tiles (an upper bound for any). */
  static long scratchBytes(int b) {
    return ((long) SUB * SUB + (long) SUB * b) * Float.BYTES;
  }

  /** Closes the tile at {@code t} (leading dimension {@code ld}) in place, queued on {@code stream}. */
  void apply(CudaStream stream, long t, int ld) {
    if (pivotT == null) {
      kernels.closure(stream, arithmetic, b, t, ld);
      return;
    }
    for (int k = 0; k < b; k += SUB) {
      long pivot = t + ((long) k * ld + k) * Float.BYTES;
      long rows = t + (long) k * ld * Float.BYTES; // the sub-pivot's 128 rows, all b columns
      long columns = t + (long) k * Float.BYTES; // its 128 columns, all b rows
      kernels.closure(stream, arithmetic, SUB, pivot, ld);
      kernels.transpose(stream, SUB, SUB, pivot, ld, pivotT.address(), SUB);
      // Row panel in place: one tile row, so each block reads only the part of B it alone writes, after reading it.
      kernels.multiplyMin(stream, arithmetic, SUB, b, SUB, pivotT.address(), SUB, rows, ld, rows, ld, true, 0, 0, k,
          k + SUB);
      kernels.transpose(stream, b, SUB, columns, ld, columnT.address(), b);
      kernels.multiplyMin(stream, arithmetic, b, SUB, SUB, columnT.address(), b, pivot, ld, columns, ld, true, k,
          k + SUB, 0, 0);
      kernels.transpose(stream, b, SUB, columns, ld, columnT.address(), b);
      kernels.multiplyMin(stream, arithmetic, b, b, SUB, columnT.address(), b, rows, ld, t, ld, true, k, k + SUB, k,
          k + SUB);
    }
  }

  /** Frees the scratch buffers; the caller has waited for the work that uses them. */
  @Override
  public void close() {
    if (pivotT != null) {
      try (pivotT; columnT) {
        // both freed, the second even if the first fails
      }
    }
  }
}
