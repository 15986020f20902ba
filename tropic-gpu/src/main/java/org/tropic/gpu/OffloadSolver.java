package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * Blocked Floyd–Warshall with the distances in host memory (the memory-efficient mode of Sao et al., HPDC'21
 * §4.3–4.5), for matrices larger than the device. For each pivot block k:
 * <ol>
 *   <li>the pivot row strip (b×N) and column strip (N×b) go to the device, where the diagonal tile is closed and
 *       both panels updated exactly as in {@link ResidentSolver}; the updated strips come back to host memory;
 *   <li>the outer product D ← min(D, C ⊗ R) is streamed (ooGSRGEMM): the host matrix is cut into chunk×chunk
 *       blocks assigned round-robin to {@code s ≥ 3} streams, each with its own device buffer X_r and pinned host
 *       buffer H_r. Stream r computes X_r ← C_i ⊗ R_j and copies it to H_r; the host waits for the streams in the
 *       order it started them, takes D_ij ← min(D_ij, H_r) (the HOSTUPDATE, on all cores) and starts the next
 *       block on stream r. So while the host updates one block, the device computes the next ones and copies
 *       another: kernel, device→host copy and host update overlap (§4.4), and the time per iteration approaches
 *       max{t0, t1, t2} of {@link OffloadModel}.
 * </ol>
 * The host update takes the same min as the kernels, so the results equal the resident mode's bit for bit.
 *
 * <p>A symmetric matrix (undirected graph, weights ≥ 0) is solved on the tiles on and above the diagonal, as in
 * {@link ResidentSolver}: the row strip's tiles left of the diagonal are taken from the column strip's tiles above
 * it (transposed, on the device), the column panel is the updated row panel's transpose, the chunks that lie wholly
 * below the diagonal of tiles are left out (about half), and the host mirrors the lower triangle at the end. Entries
 * below the diagonal are never read before that, so those a chunk across the diagonal updates do no harm.
 */
final class OffloadSolver {
  /** The side of the squares the host mirror copies at a time: 16 floats, one cache line. */
  private static final int MIRROR_SQUARE = 16;

  private final GpuContext gpu;
  private final MinPlusModule kernels;
  private final Arithmetic arithmetic;
  private final DeviceMemoryPlan plan;
  private final Graph graph;
  private final Progress progress;
  private final int hostThreads;
  private final boolean symmetric;
  /** Host time by what it was spent on, in nanoseconds: strips, panel wait, chunk wait, host update, mirror. */
  private long stripNanos;
  private long panelWaitNanos;
  private long chunkWaitNanos;
  private long hostUpdateNanos;
  private long mirrorNanos;
  private long queueNanos;

  OffloadSolver(GpuContext gpu, MinPlusModule kernels, Arithmetic arithmetic, DeviceMemoryPlan plan, Graph graph,
      Progress progress, int hostThreads, boolean symmetric) {
    this.symmetric = symmetric;
    this.gpu = gpu;
    this.kernels = kernels;
    this.arithmetic = arithmetic;
    this.plan = plan;
    this.graph = graph;
    this.progress = progress;
    this.hostThreads = hostThreads;
  }

  /** One stream's share of the outer product: its stream, device result buffer, pinned copy and done-event. */
  private record Lane(CudaStream stream, DeviceBuffer result, PinnedBuffer copy, CudaEvent copied)
      implements AutoCloseable {

    /** A lane with buffers of {@code bytes}; if one part cannot be made, those already made are freed. */
    static Lane open(GpuContext gpu, long bytes) {
      CudaStream stream = gpu.createStream();
      DeviceBuffer result = null;
      PinnedBuffer copy = null;
      try {
        result = gpu.allocate(bytes);
        copy = gpu.allocatePinned(bytes);
        return new Lane(stream, result, copy, gpu.createEvent());
      } catch (RuntimeException | Error e) {
        try (stream; DeviceBuffer made = result; PinnedBuffer pinned = copy) { // null ones are skipped
          throw e;
        }
      }
    }

    /** Waits for the lane's stream, then frees all of it, even when the wait fails. */
    @Override
    public void close() {
      try (stream; result; copy; copied) {
        stream.synchronize();
      }
    }
  }

  /** The lanes of one solve: closing it closes every lane, the first failure thrown with the others attached. */
  private static final class Lanes implements AutoCloseable {
    final List<Lane> list = new ArrayList<>();

    @Override
    public void close() {
      RuntimeException failure = null;
      for (Lane lane : list) {
        try {
          lane.close();
        } catch (RuntimeException e) {
          if (failure == null) {
            failure = e;
          } else {
            failure.addSuppressed(e);
          }
        }
      }
      if (failure != null) {
        throw failure;
      }
    }
  }

  /** One chunk of the outer product: rows i0.., columns j0.., h×w. */
  record Chunk(int i0, int j0, int h, int w) {}

  /** The device and pinned buffers of the pivot strips, allocated once per solve. */
  private record Strips(DeviceBuffer rows, DeviceBuffer rowCopy, DeviceBuffer columns, DeviceBuffer columnsT,
      DeviceBuffer diagonalT, PinnedBuffer rowStage, PinnedBuffer columnStage, PinnedBuffer diagonalStage,
      TileClosure closure) {}

  /**
   * Solves in place on {@code matrix} (the arcs in storage form) and returns where the host's time went, e.g.
   * {@code strips 0.4 s, queueing panels 0.3 s, panel wait 0.9 s, chunk wait 3.1 s, host update 1.2 s} (queueing
   * includes the strips' gather).
   */
  String run(HostMatrix matrix) {
    long strip = (long) plan.blockSize() * plan.padded() * Float.BYTES;
    long tileBytes = (long) plan.blockSize() * plan.blockSize() * Float.BYTES;
    progress.begin("Floyd–Warshall on the GPU (offload)", plan.tilesPerSide());
    try (CudaStream main = gpu.createStream();
        DeviceBuffer rows = gpu.allocate(strip);
        DeviceBuffer rowCopy = gpu.allocate(strip);
        DeviceBuffer columns = gpu.allocate(strip);
        DeviceBuffer columnsT = gpu.allocate(strip);
        DeviceBuffer diagonalT = gpu.allocate(tileBytes);
        PinnedBuffer rowStage = gpu.allocatePinned(strip);
        PinnedBuffer columnStage = gpu.allocatePinned(strip);
        PinnedBuffer diagonalStage = gpu.allocatePinned(tileBytes);
        CudaEvent panelsDone = gpu.createEvent();
        TileClosure closure = TileClosure.open(gpu, kernels, arithmetic, plan.blockSize());
        Lanes lanes = new Lanes()) {
      Strips strips = new Strips(rows, rowCopy, columns, columnsT, diagonalT, rowStage, columnStage, diagonalStage,
          closure);
      try {
        long chunkBytes = (long) plan.chunk() * plan.chunk() * Float.BYTES;
        for (int r = 0; r < plan.streams(); r++) {
          lanes.list.add(Lane.open(gpu, chunkBytes));
        }
        for (int k = 0; k < plan.tilesPerSide(); k++) {
          long q0 = System.nanoTime();
          updatePanels(matrix.segment(), k, strips, main);
          queueNanos += System.nanoTime() - q0;
          panelsDone.record(main);
          outerProduct(matrix.segment(), k, strips, lanes.list, panelsDone);
          progress.advance(1);
        }
        main.synchronize();
        if (symmetric) {
          long t0 = System.nanoTime();
          mirrorUpperTriangle(matrix.segment());
          mirrorNanos = System.nanoTime() - t0;
        }
        return String.format(Locale.ROOT, "strips %.2f s, queueing panels %.2f s, panel wait %.2f s, chunk wait %.2f s,"
            + " host update %.2f s%s", stripNanos / 1e9, queueNanos / 1e9, panelWaitNanos / 1e9, chunkWaitNanos / 1e9,
            hostUpdateNanos / 1e9,
            symmetric ? String.format(Locale.ROOT, ", mirror %.2f s", mirrorNanos / 1e9) : "");
      } catch (RuntimeException | Error e) {
        // Let the queued panel work end before the strips it uses are freed (the lanes wait for their own).
        main.synchronizeAfter(e);
        throw e;
      }
    } catch (Throwable e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
  }

  /**
   * Queues on {@code main}: the pivot strips to the device, the diagonal closure and both panel updates there, and
   * the updated strips and the closed tile back to the pinned stages.
   */
  private void updatePanels(MemorySegment host, int k, Strips s, CudaStream main) {
    int nn = plan.padded();
    int b = plan.blockSize();
    int kb = k * b;
    long strip = (long) b * nn * Float.BYTES;
    long t0 = System.nanoTime();
    HostMemory.copy(host, (long) kb * nn * Float.BYTES, s.rowStage().segment(), 0, strip);
    gatherColumns(host, nn, kb, b, s.columnStage().segment());
    stripNanos += System.nanoTime() - t0;
    s.rows().upload(s.rowStage().segment(), 0, strip, main);
    s.columns().upload(s.columnStage().segment(), 0, strip, main);
    if (symmetric && kb > 0) {
      // The pivot rows' tiles left of the diagonal are stale (below it): take their mirrors, the column's top.
      kernels.transpose(main, kb, b, s.columns().address(), b, s.rows().address(), nn);
    }
    long pivotInRows = s.rows().at(kb);
    long pivotInColumns = s.columns().at((long) kb * b);
    s.closure().apply(main, pivotInRows, nn);
    kernels.transpose(main, b, b, pivotInRows, nn, s.diagonalT().address(), b);
    kernels.transpose(main, b, b, s.diagonalT().address(), b, pivotInColumns, b);
    gpu.driver.copyOnDeviceAsync(s.rowCopy().address(), s.rows().address(), strip, main.handle());
    kernels.multiplyMin(main, arithmetic, b, nn, b, s.diagonalT().address(), b, s.rowCopy().address(), nn,
        s.rows().address(), nn, true, 0, 0, kb, kb + b);
    if (symmetric) {
      // The column panel is the row panel's transpose; the outer product's left operand, its transpose, the rows.
      kernels.transpose(main, b, nn, s.rows().address(), nn, s.columns().address(), b);
      gpu.driver.copyOnDeviceAsync(s.columnsT().address(), s.rows().address(), strip, main.handle());
    } else {
      kernels.transpose(main, nn, b, s.columns().address(), b, s.columnsT().address(), nn);
      kernels.multiplyMin(main, arithmetic, nn, b, b, s.columnsT().address(), nn, pivotInColumns, b,
          s.columns().address(), b, true, kb, kb + b, 0, 0);
      kernels.transpose(main, nn, b, s.columns().address(), b, s.columnsT().address(), nn);
    }
    s.rows().download(0, strip, s.rowStage().segment(), main);
    s.columns().download(0, strip, s.columnStage().segment(), main);
    s.diagonalT().download(0, (long) b * b * Float.BYTES, s.diagonalStage().segment(), main);
  }

  /**
   * The streamed outer product of iteration k. The first blocks are queued behind the panel update (the lanes
   * wait for {@code panelsDone} on the device); meanwhile the host checks the diagonal and writes the updated
   * strips back, then takes each block's result in order and queues the next block on the lane it frees.
   */
  private void outerProduct(MemorySegment host, int k, Strips s, List<Lane> lanes, CudaEvent panelsDone) {
    int nn = plan.padded();
    int b = plan.blockSize();
    int x = plan.chunk();
    int kb = k * b;
    List<Chunk> chunks = symmetric ? upperChunks(chunks(nn, x, kb, b), b) : chunks(nn, x, kb, b);
    for (Lane lane : lanes) {
      lane.stream().waitFor(panelsDone);
    }
    int started = 0;
    while (started < Math.min(lanes.size(), chunks.size())) {
      start(chunks.get(started), lanes.get(started % lanes.size()), s, kb);
      started++;
    }
    long t0 = System.nanoTime();
    panelsDone.synchronize();
    long t1 = System.nanoTime();
    panelWaitNanos += t1 - t0;
    DiagonalCheck.check(graph, arithmetic, s.diagonalStage().segment(), k, b);
    HostMemory.copy(s.rowStage().segment(), 0, host, (long) kb * nn * Float.BYTES, (long) b * nn * Float.BYTES);
    scatterColumns(s.columnStage().segment(), host, nn, kb, b);
    stripNanos += System.nanoTime() - t1;
    for (int c = 0; c < chunks.size(); c++) {
      Lane lane = lanes.get(c % lanes.size());
      Chunk chunk = chunks.get(c);
      long w0 = System.nanoTime();
      lane.copied().synchronize();
      long w1 = System.nanoTime();
      HostMinUpdate.apply(arithmetic, host, (long) chunk.i0() * nn + chunk.j0(), nn, lane.copy().segment(), x,
          chunk.h(), chunk.w(), kb - chunk.i0(), kb + b - chunk.i0(), kb - chunk.j0(), kb + b - chunk.j0(),
          hostThreads);
      chunkWaitNanos += w1 - w0;
      hostUpdateNanos += System.nanoTime() - w1;
      if (started < chunks.size()) {
        start(chunks.get(started), lanes.get(started % lanes.size()), s, kb);
        started++;
      }
    }
  }

  /** X_r ← C_i ⊗ R_j (no accumulation) and its copy to the lane's pinned buffer, on the lane's stream. */
  private void start(Chunk chunk, Lane lane, Strips s, int kb) {
    int x = plan.chunk();
    int nn = plan.padded();
    int b = plan.blockSize();
    kernels.multiplyMin(lane.stream(), arithmetic, chunk.h(), chunk.w(), b, s.columnsT().at(chunk.i0()), nn,
        s.rows().at(chunk.j0()), nn, lane.result().address(), x, false, kb - chunk.i0(), kb + b - chunk.i0(),
        kb - chunk.j0(), kb + b - chunk.j0());
    lane.result().download(0, (long) chunk.h() * x * Float.BYTES, lane.copy().segment(), lane.stream());
    lane.copied().record(lane.stream());
  }

  /** The chunks of the N×N matrix that hold any entry outside the pivot row and column strips. */
  static List<Chunk> chunks(int nn, int x, int kb, int b) {
    List<Chunk> chunks = new ArrayList<>();
    for (int i0 = 0; i0 < nn; i0 += x) {
      int h = Math.min(x, nn - i0);
      if (i0 >= kb && i0 + h <= kb + b) {
        continue;
      }
      for (int j0 = 0; j0 < nn; j0 += x) {
        int w = Math.min(x, nn - j0);
        if (j0 >= kb && j0 + w <= kb + b) {
          continue;
        }
        chunks.add(new Chunk(i0, j0, h, w));
      }
    }
    return chunks;
  }

  /** The chunks with an entry in a tile on or above the diagonal of b×b tiles. */
  static List<Chunk> upperChunks(List<Chunk> chunks, int b) {
    return chunks.stream().filter(c -> c.i0() / b <= (c.j0() + c.w() - 1) / b).toList();
  }

  /**
   * Each tile below the diagonal ← the transpose of its mirror, tile rows in parallel, in squares of
   * {@value #MIRROR_SQUARE} so that both the reads and the writes run along cache lines.
   */
  private void mirrorUpperTriangle(MemorySegment host) {
    int nn = plan.padded();
    int b = plan.blockSize();
    IntStream tileRows = IntStream.range(1, nn / b);
    (hostThreads > 1 ? tileRows.parallel() : tileRows).forEach(tj -> {
      for (int ti = 0; ti < tj; ti++) {
        for (int r0 = 0; r0 < b; r0 += MIRROR_SQUARE) {
          for (int c0 = 0; c0 < b; c0 += MIRROR_SQUARE) {
            for (int c = c0; c < c0 + MIRROR_SQUARE; c++) {
              long to = ((long) tj * b + c) * nn + (long) ti * b;
              for (int r = r0; r < r0 + MIRROR_SQUARE; r++) {
                host.setAtIndex(JAVA_FLOAT, to + r, host.getAtIndex(JAVA_FLOAT, ((long) ti * b + r) * nn + tj * b + c));
              }
            }
          }
        }
      }
    });
  }

  /** Copies columns kb..kb+b of every row into an N×b block (leading dimension b). */
  private void gatherColumns(MemorySegment host, int nn, int kb, int b, MemorySegment stage) {
    long rowBytes = (long) b * Float.BYTES;
    rows(nn).forEach(i -> MemorySegment.copy(host, ((long) i * nn + kb) * Float.BYTES, stage, i * rowBytes,
        rowBytes));
  }

  private void scatterColumns(MemorySegment stage, MemorySegment host, int nn, int kb, int b) {
    long rowBytes = (long) b * Float.BYTES;
    rows(nn).forEach(i -> MemorySegment.copy(stage, i * rowBytes, host, ((long) i * nn + kb) * Float.BYTES,
        rowBytes));
  }

  private IntStream rows(int nn) {
    IntStream rows = IntStream.range(0, nn);
    return hostThreads > 1 ? rows.parallel() : rows;
  }
}
