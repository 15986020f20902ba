package org.tropic.gpu;

import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * Blocked Floyd–Warshall with the whole padded N×N matrix D on the device (row-major, leading dimension N). For
 * each pivot block k, on one stream:
 * <ol>
 *   <li>close the diagonal tile D_kk in place and keep its transpose Dᵀ_kk (the NT kernel's left operand);
 *   <li>row panel: R ← min(R, D_kk ⊗ R) over the b×N strip of rows k·b.., from a copy of R (the kernel must not
 *       read what it writes), leaving the diagonal tile alone;
 *   <li>column panel: C ← min(C, C ⊗ D_kk) over the N×b strip of columns k·b.., from its transpose;
 *   <li>outer product: D ← min(D, C ⊗ R) everywhere outside the pivot row and column, from the new C's
 *       transpose and the row panel read in place.
 * </ol>
 * The updates are exactly the CPU solver's (same tiles, same pivots, the kernels' min order-independent), so with
 * the same b the results agree bit for bit. The closed diagonal tile is copied back to pinned memory each
 * iteration and its diagonal checked one iteration later (when the copy has long landed, so the device never waits
 * for the host) for a negative cycle.
 *
 * <p>A symmetric matrix (undirected graph, weights ≥ 0) keeps the same values in the tiles on and above the
 * diagonal, and those alone are updated, as the CPU solver does: every step maps a symmetric matrix to a symmetric
 * one exactly, so the column panel is the row panel's transpose, and the outer product skips the tiles below the
 * diagonal (half of them). The pivot row strip is gathered whole into a buffer first, its tiles left of the
 * diagonal taken as the transposes of the pivot column's tiles above it, which are current where the tiles below
 * are not. At the end each tile below the diagonal is set to the transpose of its mirror.
 */
final class ResidentSolver {
  private final GpuContext gpu;
  private final MinPlusModule kernels;
  private final Arithmetic arithmetic;
  private final DeviceMemoryPlan plan;
  private final Graph graph;
  private final Progress progress;
  private final boolean symmetric;

  ResidentSolver(GpuContext gpu, MinPlusModule kernels, Arithmetic arithmetic, DeviceMemoryPlan plan, Graph graph,
      Progress progress, boolean symmetric) {
    this.symmetric = symmetric;
    this.gpu = gpu;
    this.kernels = kernels;
    this.arithmetic = arithmetic;
    this.plan = plan;
    this.graph = graph;
    this.progress = progress;
  }

  /**
   * Solves the graph and returns its decoded distances in host memory, with the time of each phase. The matrix is
   * built on the device ({@link DeviceMatrixFill}); the host matrix the result lands in is allocated (and its pages
   * touched, which for GiBs takes seconds) on another thread while the device works.
   */
  Solved run() {
    int nn = plan.padded();
    int b = plan.blockSize();
    int tiles = plan.tilesPerSide();
    long matrixBytes = (long) nn * nn * Float.BYTES;
    long stripFloats = (long) b * nn;
    progress.begin("Floyd–Warshall on the GPU", tiles);
    HostMatrixAllocation result = null;
    try (CudaStream stream = gpu.createStream();
        DeviceBuffer d = gpu.allocate(matrixBytes);
        DeviceBuffer rowCopy = gpu.allocate(stripFloats * Float.BYTES);
        DeviceBuffer columnT = gpu.allocate(stripFloats * Float.BYTES);
        DeviceBuffer diagonalT = gpu.allocate((long) b * b * Float.BYTES);
        PinnedBuffer diagonals = gpu.allocatePinned(2L * b * b * Float.BYTES);
        CudaEvent even = gpu.createEvent();
        CudaEvent odd = gpu.createEvent();
        CudaEvent start = gpu.createEvent();
        CudaEvent built = gpu.createEvent();
        CudaEvent solved = gpu.createEvent();
        CudaEvent downloaded = gpu.createEvent();
        TileClosure closure = TileClosure.open(gpu, kernels, arithmetic, b)) {
      try {
        CudaEvent[] landed = {even, odd};
        start.record(stream);
        DeviceMatrixFill.fill(gpu, kernels, arithmetic, graph, d, nn, stream);
        built.record(stream);
        result = HostMatrixAllocation.start(graph, nn);
        long tileBytes = (long) b * b * Float.BYTES;
        for (int k = 0; k < tiles; k++) {
          if (symmetric) {
            upperIteration(stream, closure, d, rowCopy, columnT, diagonalT, diagonals, landed[k & 1], k);
          } else {
            fullIteration(stream, closure, d, rowCopy, columnT, diagonalT, diagonals, landed[k & 1], k);
          }
          if (k > 0) {
            checkDiagonal(landed, diagonals, k - 1, b, tileBytes);
          }
          progress.advance(1);
        }
        if (symmetric) {
          mirrorUpperTriangle(stream, d);
        }
        if (arithmetic == Arithmetic.INT32) {
          kernels.decodeInt32(stream, d.address(), (long) nn * nn);
        }
        solved.record(stream);
        checkDiagonal(landed, diagonals, tiles - 1, b, tileBytes);
        HostMatrix matrix = result.join();
        d.download(0, matrixBytes, matrix.segment(), stream);
        downloaded.record(stream);
        stream.synchronize();
        result = null;
        return new Solved(matrix, new SolveTimes(built.secondsSince(start), solved.secondsSince(built),
            downloaded.secondsSince(solved)));
      } catch (RuntimeException | Error e) {
        // A negative cycle or a driver error: let the queued work end before the buffers it uses are freed.
        stream.synchronizeAfter(e);
        throw e;
      }
    } catch (Throwable e) {
      progress.stopped();
      if (result != null) {
        result.discard();
      }
      throw e;
    } finally {
      progress.end();
    }
  }

  /** The decoded distances in host memory and the time each phase took on the device. */
  record Solved(HostMatrix distances, SolveTimes times) {}

  /** One pivot on the whole matrix: closure, row panel, column panel, outer product. */
  private void fullIteration(CudaStream stream, TileClosure closure, DeviceBuffer d, DeviceBuffer rowCopy,
      DeviceBuffer columnT, DeviceBuffer diagonalT, PinnedBuffer diagonals, CudaEvent landed, int k) {
    int nn = plan.padded();
    int b = plan.blockSize();
    long kb = (long) k * b;
    long stripBytes = (long) b * nn * Float.BYTES;
    long tileBytes = (long) b * b * Float.BYTES;
    long pivot = d.at(kb * nn + kb);
    long rows = d.at(kb * nn);
    long columns = d.at(kb);
    closure.apply(stream, pivot, nn);
    kernels.transpose(stream, b, b, pivot, nn, diagonalT.address(), b);
    diagonalT.download(0, tileBytes, diagonals.segment().asSlice((k & 1) * tileBytes, tileBytes), stream);
    landed.record(stream);

    gpu.driver.copyOnDeviceAsync(rowCopy.address(), rows, stripBytes, stream.handle());
    kernels.multiplyMin(stream, arithmetic, b, nn, b, diagonalT.address(), b, rowCopy.address(), nn, rows, nn,
        true, 0, 0, (int) kb, (int) kb + b);

    kernels.transpose(stream, nn, b, columns, nn, columnT.address(), nn);
    kernels.multiplyMin(stream, arithmetic, nn, b, b, columnT.address(), nn, pivot, nn, columns, nn, true,
        (int) kb, (int) kb + b, 0, 0);

    kernels.transpose(stream, nn, b, columns, nn, columnT.address(), nn);
    kernels.multiplyMin(stream, arithmetic, nn, nn, b, columnT.address(), nn, rows, nn, d.address(), nn, true,
        (int) kb, (int) kb + b, (int) kb, (int) kb + b);
  }

  /**
   * One pivot on the tiles on and above the diagonal of a symmetric matrix, with the pivot row strip R gathered in
   * {@code strip} (b×N) and copied into {@code copy} for the row panel's read.
   */
  private void upperIteration(CudaStream stream, TileClosure closure, DeviceBuffer d, DeviceBuffer strip,
      DeviceBuffer copy, DeviceBuffer diagonalT, PinnedBuffer diagonals, CudaEvent landed, int k) {
    int nn = plan.padded();
    int b = plan.blockSize();
    int kb = k * b;
    long stripBytes = (long) b * nn * Float.BYTES;
    long tileBytes = (long) b * b * Float.BYTES;
    long rows = d.at((long) kb * nn);
    long columnAbove = d.at(kb); // rows 0..kb of the pivot column: the tiles above the diagonal
    // R: the pivot rows, whose tiles left of the diagonal (stale: below it) are replaced by their mirrors' transposes.
    gpu.driver.copyOnDeviceAsync(strip.address(), rows, stripBytes, stream.handle());
    if (kb > 0) {
      kernels.transpose(stream, kb, b, columnAbove, nn, strip.address(), nn);
    }
    long pivot = strip.at(kb);
    closure.apply(stream, pivot, nn);
    kernels.transpose(stream, b, b, pivot, nn, diagonalT.address(), b);
    diagonalT.download(0, tileBytes, diagonals.segment().asSlice((k & 1) * tileBytes, tileBytes), stream);
    landed.record(stream);

    gpu.driver.copyOnDeviceAsync(copy.address(), strip.address(), stripBytes, stream.handle());
    kernels.multiplyMin(stream, arithmetic, b, nn, b, diagonalT.address(), b, copy.address(), nn, strip.address(),
        nn, true, 0, 0, kb, kb + b);

    // Back into D: the pivot rows whole, and the pivot column above the diagonal as Rᵀ (the column panel).
    gpu.driver.copyOnDeviceAsync(rows, strip.address(), stripBytes, stream.handle());
    if (kb > 0) {
      kernels.transpose(stream, b, kb, strip.address(), nn, columnAbove, nn);
    }
    // The outer product Rᵀ ⊗ R on the tiles on and above the diagonal, outside the pivot row and column.
    kernels.multiplyMin(stream, arithmetic, nn, nn, b, strip.address(), nn, strip.address(), nn, d.address(), nn,
        true, kb, kb + b, kb, kb + b, b);
  }

  /** Each tile row's part right of the diagonal, transposed, into the tile column below the diagonal. */
  private void mirrorUpperTriangle(CudaStream stream, DeviceBuffer d) {
    int nn = plan.padded();
    int b = plan.blockSize();
    for (int ib = 0; ib + b < nn; ib += b) {
      kernels.transpose(stream, b, nn - ib - b, d.at((long) ib * nn + ib + b), nn, d.at((long) (ib + b) * nn + ib),
          nn);
    }
  }

  private void checkDiagonal(CudaEvent[] landed, PinnedBuffer diagonals, int k, int b, long tileBytes) {
    landed[k & 1].synchronize();
    // The copy holds Dᵀ_kk, whose diagonal is D_kk's.
    DiagonalCheck.check(graph, arithmetic, diagonals.segment().asSlice((k & 1) * tileBytes, tileBytes), k, b);
  }
}
