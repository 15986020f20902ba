package org.tropic.dist;

import java.util.Objects;
import org.tropic.apsp.CheckpointPacing;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.PartCheckpointFile;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.mpi.Communicator;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Blocked Floyd–Warshall over MPI on a Pr×Pc process grid: the 2D block-cyclic algorithm of DSNAPSHOT (SC20,
 * Alg. 2–3) with the lookahead of §V-B and the ring broadcasts of ParallelFw (§3.3) and COAST (§IV-B, ring-2
 * modified, pipelined in chunks). Every rank holds only its own tiles (about n²/P values); per pivot iteration k
 * the owner of tile (k, k) closes it and broadcasts it along its process row and column, the owners of the pivot
 * row and column panels update and broadcast them, and every rank runs the min-plus outer product on its tiles
 * with the core's kernels on all its compute threads, while its MPI thread moves the data ({@link PanelExchange},
 * {@link DistributedSchedule}).
 *
 * <p>The arithmetic is entirely the core's {@link MinPlusKernels}, applied per tile in the same order as the
 * single-node {@code BlockedFloydWarshall}, so for the same block size and arithmetic path the result is identical
 * to it bit for bit, whatever the grid, broadcast or lookahead.
 *
 * <p>Time Θ(n³/P) per rank at the kernel rate plus the communication of eq. 3 of the paper,
 * {@code 2(n/b)α + βn²(1/Pr + 1/Pc)}; memory per rank ⌈T/Pr⌉·⌈T/Pc⌉ tiles of b² floats (T = ⌈n/b⌉) plus the
 * panels of the iterations in flight.
 */
public final class DistributedFloydWarshall {
  private final MinPlusKernels kernels;
  private final Communicator world;
  private final ProcessGrid grid;
  private final DistributedOptions options;

  public DistributedFloydWarshall(MinPlusKernels kernels, Communicator world, ProcessGrid grid,
      DistributedOptions options) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    this.world = Objects.requireNonNull(world, "world");
    this.grid = Objects.requireNonNull(grid, "grid");
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * Solves on every rank of the world communicator (collective: every rank calls it with the same graph, block size
   * and arithmetic). Must be called on the thread that initialised MPI.
   *
   * @param graph the whole graph (each rank reads it; only its own tiles are filled)
   * @param blockSize the tile side b
   * @param arithmetic the arithmetic path, the same on every rank
   * @param progress told of this rank's tile tasks
   * @return this rank's tiles, decoded to float32 distances, and what the run cost
   * @throws org.tropic.apsp.NegativeCycleException on the rank that finds one
   */
  public LocalResult solve(Graph graph, int blockSize, Arithmetic arithmetic, Progress progress) {
    return solve(graph, blockSize, arithmetic, progress, null);
  }

  /**
   * As {@link #solve(Graph, int, Arithmetic, Progress)}, saving the ranks' tiles to {@code checkpoint} as it goes
   * and going on from the newest save every rank holds there (see {@link RankCheckpoint}); {@code null} for none.
   * The solve runs in stretches of pivot iterations whose ends rank 0 picks from its clock
   * ({@link CheckpointPacing}) and every rank follows; a save comes at a stretch end once due. The files are left in
   * place: the caller deletes them once the result is stored.
   */
  public LocalResult solve(Graph graph, int blockSize, Arithmetic arithmetic, Progress progress,
      FloydWarshallCheckpoint checkpoint) {
    if (blockSize < 1) {
      throw new IllegalArgumentException("block size must be ≥ 1, got " + blockSize);
    }
    int n = graph.vertexCount();
    int tilesPerSide = Math.max(1, (n + blockSize - 1) / blockSize);
    grid.check(world.size(), tilesPerSide, n, blockSize);
    long start = System.nanoTime();
    long sentBefore = world.mpi().pointToPointBytesSent();
    int rank = world.rank();
    LocalTiles tiles = LocalTiles.load(graph, blockSize, grid, rank, arithmetic);
    DistributedSaves saves = null;
    int done = 0;
    if (checkpoint != null) {
      var solve = new PartCheckpointFile.Solve(graph.fingerprint(), n, blockSize, arithmetic.label(), grid.rows(),
          grid.columns(), rank);
      saves = new DistributedSaves(world, checkpoint, solve, tilesPerSide,
          PartCheckpointFile.bytes(tiles.count(), blockSize));
      DistributedSaves.Resumed resumed = saves.resume(tiles);
      saves.noteOnStop();
      done = resumed.iterationsDone();
      if (done == 0 && resumed.tilesChanged()) { // a part read before another rank's was found corrupt
        tiles = LocalTiles.load(graph, blockSize, grid, rank, arithmetic);
      }
    }
    int resumedFrom = done;
    Communicator rowComm = world.split(grid.rowOf(rank), grid.columnOf(rank));
    Communicator columnComm = world.split(grid.columnOf(rank), grid.rowOf(rank));
    double computeSeconds = 0;
    long libraryBytes = 0;
    long poolBytes;
    progress.begin(done == 0 ? "distributed Floyd–Warshall"
        : "distributed Floyd–Warshall from iteration " + done + " of " + tilesPerSide,
        (long) (tilesPerSide - done) * tiles.count());
    try (SegmentPool pool = new SegmentPool()) {
      Progress stretchProgress = new StretchProgress(progress);
      CheckpointPacing pacing = checkpoint == null ? null
          : new CheckpointPacing(checkpoint.every(), tilesPerSide, System.nanoTime());
      while (done < tilesPerSide) {
        // every rank runs the stretch rank 0 picked: they must all stop at the same iteration to save
        int end = pacing == null ? tilesPerSide : (int) Agreement.fromRankZero(world, pacing.end(done));
        long stretchStart = System.nanoTime();
        DistributedSchedule schedule = new DistributedSchedule(kernels, arithmetic, tiles,
            options.effectiveThreads(), options.lookahead(), graph, stretchProgress, pool, done, end);
        schedule.start();
        PanelExchange exchange = new PanelExchange(rowComm, columnComm, tiles, schedule, pool, options, done, end);
        try {
          exchange.run();
        } catch (RuntimeException | Error e) {
          schedule.cancel(e);
          throw e;
        }
        computeSeconds += schedule.finish();
        libraryBytes += exchange.libraryBytesAsRoot();
        if (pacing != null) {
          long now = System.nanoTime();
          boolean due = pacing.stretchEnded(end - done, end, now - stretchStart, now);
          if (Agreement.fromRankZero(world, due ? 1 : 0) == 1) { // rank 0's clock decides for all
            saves.save(tiles, end);
            pacing.saved(System.nanoTime());
          }
        }
        done = end;
      }
      poolBytes = pool.allocatedBytes();
    } catch (RuntimeException | Error e) {
      progress.stopped();
      if (saves != null) {
        saves.close();
      }
      throw e;
    } finally {
      progress.end();
    }
    rowComm.free();
    columnComm.free();
    tiles.decode(arithmetic);
    double seconds = (System.nanoTime() - start) / 1e9;
    long sent = world.mpi().pointToPointBytesSent() - sentBefore;
    DistributedSaves finished = saves;
    return new LocalResult(tiles, new RankStatistics(seconds, computeSeconds, sent, libraryBytes, poolBytes),
        saves == null ? null : new Checkpointing(resumedFrom, saves.saves(), saves.seconds()),
        saves == null ? () -> {} : finished::close);
  }

  /**
   * One rank's share of the result.
   *
   * @param tiles the rank's tiles, decoded
   * @param statistics what the run cost on this rank
   * @param checkpointing what the run's checkpoint did, {@code null} for a run without
   * @param endStopNote withdraws the note rank 0 prints if the job is stopped, which a checkpointed solve leaves in
   *     place: until the result is stored and the parts deleted, a stop leaves the save to go on from, and the log
   *     should say so, not end at the solve's last line
   */
  public record LocalResult(LocalTiles tiles, RankStatistics statistics, Checkpointing checkpointing,
      Runnable endStopNote) {

    public LocalResult(LocalTiles tiles, RankStatistics statistics) {
      this(tiles, statistics, null, () -> {});
    }
  }

  /**
   * What a checkpointed run's saves did.
   *
   * @param resumedFrom the iterations done in the save it went on from, 0 for none
   * @param saves the saves it made
   * @param saveSeconds the time they took (part of the solve's)
   */
  public record Checkpointing(int resumedFrom, int saves, double saveSeconds) {}

  /** A stretch's progress inside the whole solve's: its own begin and end are the solve's, told once. */
  private record StretchProgress(Progress outer) implements Progress {
    @Override
    public void begin(String task, long totalWork) {}

    @Override
    public void advance(long work) {
      outer.advance(work);
    }

    @Override
    public void end() {}
  }
}
