package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.tropic.apsp.Progress;
import org.tropic.gpu.OffloadChunks.Chunk;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * Blocked Floyd–Warshall with the distances in host memory (the memory-efficient mode of Sao et al., HPDC'21
 * §4.3–4.5), for matrices larger than the device. For each pivot block k:
 * <ol>
 *   <li>the pivot row strip (b×N) and column strip (N×b) go to the device, where the diagonal tile is closed and
 *       both panels updated exactly as in {@link ResidentSolver}; the updated strips come back to host memory;
 *   <li>the outer product D ← min(D, C ⊗ R) is streamed (ooGSRGEMM): the host matrix is cut into chunk×chunk
 *       blocks ({@link OffloadChunks}) assigned round-robin to {@code s ≥ 3} lanes, each a stream with its own
 *       device buffer X_r and pinned host buffer H_r ({@link OffloadLane}). Lane r computes X_r ← C_i ⊗ R_j and
 *       copies it to H_r; the host takes the results in the order it started them, D_ij ← min(D_ij, H_r) (the
 *       HOSTUPDATE, on all cores), and starts the next chunk on lane r. So while the host updates one chunk, the
 *       device computes the next ones and copies another: kernel, device→host copy and host update overlap (§4.4),
 *       and the time per iteration approaches max{t0, t1, t2} of {@link OffloadModel}.
 * </ol>
 * With lookahead (DSNAPSHOT SC20 §V-B1, COAST SC22 appendix XI-B1; {@link DeviceMemoryPlan#lookahead()}) the chunks
 * that hold the next pivot's strips stream first; once the host has updated them, it queues the next pivot's panel
 * step into the second set of panels ({@link OffloadPanels}) while the rest of this outer product streams, and the
 * lanes run on into the next iteration's chunks without waiting for the host to finish this one. Without it the
 * next panels are queued after the last chunk, into the one set. Either way the host update takes the same min as
 * the kernels and every strip is read only once it is final, so the results equal the resident mode's bit for bit.
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
  /** Host time by what it was spent on, in nanoseconds; {@link #run} reports it. */
  private long bufferNanos;
  private long stripNanos;
  private long queueNanos;
  private long panelWaitNanos;
  private long chunkWaitNanos;
  private long hostUpdateNanos;
  private long mirrorNanos;

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

  /**
   * What only the panel step uses, one set per solve since the main stream runs one panel step at a time: device
   * scratch (the row panel's copy, the column panel, the transposed diagonal tile, the closure's) and the pinned
   * stages the strips pass through.
   */
  private record PanelScratch(DeviceBuffer rowCopy, DeviceBuffer columns, DeviceBuffer diagonalT,
      PinnedBuffer rowStage, PinnedBuffer columnStage, PinnedBuffer diagonalStage, TileClosure closure) {}

  /**
   * Solves in place on {@code matrix} (the arcs in storage form), leaving the distances decoded (the last iteration
   * decodes each value as it makes it final), and returns where the host's time went, e.g.
   * {@code buffers 0.3 s, strips 0.4 s, queueing panels 0.2 s, panel wait 0.1 s, chunk wait 0.1 s, host update
   * 1.2 s}: making the device and pinned buffers; gathering and scattering the strips; queueing the panel steps;
   * waiting for them; waiting for chunks; updating.
   */
  String run(HostMatrix matrix) {
    long t0 = System.nanoTime();
    long strip = (long) plan.blockSize() * plan.padded() * Float.BYTES;
    long tileBytes = (long) plan.blockSize() * plan.blockSize() * Float.BYTES;
    progress.begin("Floyd–Warshall on the GPU (offload)", plan.tilesPerSide());
    try (CudaStream main = gpu.createStream();
        DeviceBuffer rowCopy = gpu.allocate(strip);
        DeviceBuffer columns = gpu.allocate(strip);
        DeviceBuffer diagonalT = gpu.allocate(tileBytes);
        PinnedBuffer rowStage = gpu.allocatePinned(strip);
        PinnedBuffer columnStage = gpu.allocatePinned(strip);
        PinnedBuffer diagonalStage = gpu.allocatePinned(tileBytes);
        TileClosure closure = TileClosure.open(gpu, kernels, arithmetic, plan.blockSize());
        ClosingList<OffloadPanels> panels = new ClosingList<>();
        ClosingList<OffloadLane> lanes = new ClosingList<>()) {
      PanelScratch scratch = new PanelScratch(rowCopy, columns, diagonalT, rowStage, columnStage, diagonalStage,
          closure);
      try {
        for (int set = 0; set < (plan.lookahead() ? 2 : 1); set++) {
          panels.add(OffloadPanels.open(gpu, strip));
        }
        long chunkBytes = (long) plan.chunk() * plan.chunk() * Float.BYTES;
        for (int r = 0; r < plan.streams(); r++) {
          lanes.add(OffloadLane.open(gpu, chunkBytes));
        }
        bufferNanos = System.nanoTime() - t0;
        pivots(matrix.segment(), main, scratch, panels, lanes);
        main.synchronize();
        if (symmetric) {
          long m0 = System.nanoTime();
          mirrorUpperTriangle(matrix.segment());
          mirrorNanos = System.nanoTime() - m0;
        }
        return String.format(Locale.ROOT, "buffers %.2f s, strips %.2f s, queueing panels %.2f s, panel wait %.2f s,"
            + " chunk wait %.2f s, host update %.2f s%s", bufferNanos / 1e9, stripNanos / 1e9, queueNanos / 1e9,
            panelWaitNanos / 1e9, chunkWaitNanos / 1e9, hostUpdateNanos / 1e9,
            symmetric ? String.format(Locale.ROOT, ", mirror %.2f s", mirrorNanos / 1e9) : "");
      } catch (RuntimeException | Error e) {
        // Let the queued panel work end before the buffers it uses are freed (the lanes wait for their own).
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
   * The pivot loop. For each k the host waits for pivot k's panels, checks the diagonal and writes the updated
   * strips back, then takes the chunks' results in order; once the chunks that hold pivot k + 1's strips are done
   * (with lookahead the first ones, else all), it queues pivot k + 1's panel step. The lanes are kept busy by
   * {@link ChunkStarts} throughout, into the next iteration as soon as its panels are queued.
   */
  private void pivots(MemorySegment host, CudaStream main, PanelScratch scratch, ClosingList<OffloadPanels> panels,
      ClosingList<OffloadLane> lanes) {
    int nn = plan.padded();
    int b = plan.blockSize();
    int tiles = plan.tilesPerSide();
    OffloadChunks current = chunksOf(0);
    queuePanels(host, 0, panels.get(0), scratch, main);
    ChunkStarts starts = new ChunkStarts(panels, lanes, current);
    for (int k = 0; k < tiles; k++) {
      int kb = k * b;
      starts.startWhileLanesAreFree();
      long t0 = System.nanoTime();
      panels.get(k % panels.size()).ready().synchronize();
      long t1 = System.nanoTime();
      panelWaitNanos += t1 - t0;
      DiagonalCheck.check(graph, arithmetic, scratch.diagonalStage().segment(), k, b);
      HostMemory.copy(scratch.rowStage().segment(), 0, host, (long) kb * nn * Float.BYTES,
          (long) b * nn * Float.BYTES);
      scatterColumns(scratch.columnStage().segment(), host, nn, kb, b);
      boolean last = k + 1 == tiles;
      if (last) {
        decodeStrips(host, kb); // final now; the chunks of this iteration decode the rest as they update it
      }
      stripNanos += System.nanoTime() - t1;
      OffloadChunks next = null;
      List<Chunk> chunks = current.chunks();
      for (int c = 0; c <= chunks.size(); c++) {
        if (c == current.nextStripsReady() && k + 1 < tiles) {
          queuePanels(host, k + 1, panels.get((k + 1) % panels.size()), scratch, main);
          next = chunksOf(k + 1);
          starts.queued(next);
          starts.startWhileLanesAreFree();
        }
        if (c < chunks.size()) {
          take(host, chunks.get(c), starts.nextToTake(), kb, last);
          starts.taken();
          starts.startWhileLanesAreFree();
        }
      }
      progress.advance(1);
      current = next;
    }
  }

  private OffloadChunks chunksOf(int k) {
    return OffloadChunks.of(plan.padded(), plan.chunk(), k, plan.blockSize(), symmetric, plan.lookahead());
  }

  /**
   * Starts chunks on the lanes in the order the host takes their results, across iterations: the g-th chunk of the
   * solve goes to lane g mod s once the host has taken the (g − s)-th from it, and only once its iteration's panels
   * are queued. A lane made to wait for those panels' event on the device starts no earlier than they are ready.
   */
  private final class ChunkStarts {
    private final ClosingList<OffloadPanels> panels;
    private final ClosingList<OffloadLane> lanes;
    private OffloadChunks current;
    private OffloadChunks next;
    private int k;
    private int index;
    private long started;
    private long taken;

    ChunkStarts(ClosingList<OffloadPanels> panels, ClosingList<OffloadLane> lanes, OffloadChunks first) {
      this.panels = panels;
      this.lanes = lanes;
      this.current = first;
    }

    /** The next iteration's panels are queued: its chunks may start after the current iteration's. */
    void queued(OffloadChunks chunks) {
      if (next != null) {
        throw new IllegalStateException("iteration " + (k + 2) + " queued before iteration " + (k + 1) + " started");
      }
      next = chunks;
    }

    void startWhileLanesAreFree() {
      while (started - taken < lanes.size()) {
        if (index == current.chunks().size()) {
          if (next == null) {
            return;
          }
          current = next;
          next = null;
          k++;
          index = 0;
          continue;
        }
        start(current.chunks().get(index++), lanes.get((int) (started++ % lanes.size())),
            panels.get(k % panels.size()), k * plan.blockSize());
      }
    }

    OffloadLane nextToTake() {
      return lanes.get((int) (taken % lanes.size()));
    }

    void taken() {
      taken++;
    }
  }

  /**
   * Gathers pivot k's strips into the pinned stages and queues on {@code main}: the strips to the device, the
   * diagonal closure and both panel updates there into {@code target}, the updated strips and the closed tile back
   * to the stages, and {@code target}'s ready event.
   */
  private void queuePanels(MemorySegment host, int k, OffloadPanels target, PanelScratch s, CudaStream main) {
    int nn = plan.padded();
    int b = plan.blockSize();
    int kb = k * b;
    long strip = (long) b * nn * Float.BYTES;
    long t0 = System.nanoTime();
    HostMemory.copy(host, (long) kb * nn * Float.BYTES, s.rowStage().segment(), 0, strip);
    gatherColumns(host, nn, kb, b, s.columnStage().segment());
    long t1 = System.nanoTime();
    stripNanos += t1 - t0;
    DeviceBuffer rows = target.rows();
    DeviceBuffer columnsT = target.columnsT();
    rows.upload(s.rowStage().segment(), 0, strip, main);
    s.columns().upload(s.columnStage().segment(), 0, strip, main);
    if (symmetric && kb > 0) {
      // The pivot rows' tiles left of the diagonal are stale (below it): take their mirrors, the column's top.
      kernels.transpose(main, kb, b, s.columns().address(), b, rows.address(), nn);
    }
    long pivotInRows = rows.at(kb);
    long pivotInColumns = s.columns().at((long) kb * b);
    s.closure().apply(main, pivotInRows, nn);
    kernels.transpose(main, b, b, pivotInRows, nn, s.diagonalT().address(), b);
    kernels.transpose(main, b, b, s.diagonalT().address(), b, pivotInColumns, b);
    gpu.driver.copyOnDeviceAsync(s.rowCopy().address(), rows.address(), strip, main.handle());
    kernels.multiplyMin(main, arithmetic, b, nn, b, s.diagonalT().address(), b, s.rowCopy().address(), nn,
        rows.address(), nn, true, 0, 0, kb, kb + b);
    if (symmetric) {
      // The column panel is the row panel's transpose; the outer product's left operand, its transpose, the rows.
      kernels.transpose(main, b, nn, rows.address(), nn, s.columns().address(), b);
      gpu.driver.copyOnDeviceAsync(columnsT.address(), rows.address(), strip, main.handle());
    } else {
      kernels.transpose(main, nn, b, s.columns().address(), b, columnsT.address(), nn);
      kernels.multiplyMin(main, arithmetic, nn, b, b, columnsT.address(), nn, pivotInColumns, b,
          s.columns().address(), b, true, kb, kb + b, 0, 0);
      kernels.transpose(main, nn, b, s.columns().address(), b, columnsT.address(), nn);
    }
    rows.download(0, strip, s.rowStage().segment(), main);
    s.columns().download(0, strip, s.columnStage().segment(), main);
    s.diagonalT().download(0, (long) b * b * Float.BYTES, s.diagonalStage().segment(), main);
    target.ready().record(main);
    queueNanos += System.nanoTime() - t1;
  }

  /**
   * Queues on the lane's stream: a wait for the panels, X_r ← C_i ⊗ R_j (no accumulation), and its copy to the
   * lane's pinned buffer.
   */
  private void start(Chunk chunk, OffloadLane lane, OffloadPanels panels, int kb) {
    int x = plan.chunk();
    int nn = plan.padded();
    int b = plan.blockSize();
    lane.stream().waitFor(panels.ready());
    kernels.multiplyMin(lane.stream(), arithmetic, chunk.h(), chunk.w(), b, panels.columnsT().at(chunk.i0()), nn,
        panels.rows().at(chunk.j0()), nn, lane.result().address(), x, false, kb - chunk.i0(), kb + b - chunk.i0(),
        kb - chunk.j0(), kb + b - chunk.j0());
    lane.result().download(0, (long) chunk.h() * x * Float.BYTES, lane.copy().segment(), lane.stream());
    lane.copied().record(lane.stream());
  }

  /**
   * Waits for the lane's copy of {@code chunk}, then D_ij ← min(D_ij, H_r) outside pivot k's strips, decoded to
   * distances in the {@code last} iteration.
   */
  private void take(MemorySegment host, Chunk chunk, OffloadLane lane, int kb, boolean last) {
    int nn = plan.padded();
    int b = plan.blockSize();
    long w0 = System.nanoTime();
    lane.copied().synchronize();
    long w1 = System.nanoTime();
    HostMinUpdate.apply(arithmetic, host, (long) chunk.i0() * nn + chunk.j0(), nn, lane.copy().segment(),
        plan.chunk(), chunk.h(), chunk.w(), kb - chunk.i0(), kb + b - chunk.i0(), kb - chunk.j0(), kb + b - chunk.j0(),
        hostThreads, last);
    chunkWaitNanos += w1 - w0;
    hostUpdateNanos += System.nanoTime() - w1;
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

  /**
   * The last pivot's strips, now final, decoded to distances in place (int32 path): its b rows, then its b columns
   * in the other rows, so that the tile where they cross is decoded once.
   */
  private void decodeStrips(MemorySegment host, int kb) {
    if (arithmetic != Arithmetic.INT32) {
      return;
    }
    int nn = plan.padded();
    int b = plan.blockSize();
    rows(nn).forEach(i -> {
      if (i >= kb && i < kb + b) {
        Int32Decode.range(host, (long) i * nn, nn);
      } else {
        Int32Decode.range(host, (long) i * nn + kb, b);
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
