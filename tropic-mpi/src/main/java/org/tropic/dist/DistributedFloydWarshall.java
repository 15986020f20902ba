package org.tropic.dist;

import java.util.Objects;
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
    if (blockSize < 1) {
      throw new IllegalArgumentException("block size must be ≥ 1, got " + blockSize);
    }
    int n = graph.vertexCount();
    int tilesPerSide = Math.max(1, (n + blockSize - 1) / blockSize);
    grid.check(world.size(), tilesPerSide, n, blockSize);
    long start = System.nanoTime();
    long sentBefore = world.mpi().pointToPointBytesSent();
    int rank = world.rank();
    Communicator rowComm = world.split(grid.rowOf(rank), grid.columnOf(rank));
    Communicator columnComm = world.split(grid.columnOf(rank), grid.rowOf(rank));
    LocalTiles tiles = LocalTiles.load(graph, blockSize, grid, rank, arithmetic);
    double computeSeconds;
    long libraryBytes;
    long poolBytes;
    try (SegmentPool pool = new SegmentPool()) {
      DistributedSchedule schedule = new DistributedSchedule(kernels, arithmetic, tiles,
          options.effectiveThreads(), options.lookahead(), graph, progress, pool);
      schedule.start();
      PanelExchange exchange = new PanelExchange(rowComm, columnComm, tiles, schedule, pool, options);
      try {
        exchange.run();
      } catch (RuntimeException | Error e) {
        schedule.cancel(e);
        throw e;
      }
      computeSeconds = schedule.finish();
      libraryBytes = exchange.libraryBytesAsRoot();
      poolBytes = pool.allocatedBytes();
    }
    rowComm.free();
    columnComm.free();
    tiles.decode(arithmetic);
    double seconds = (System.nanoTime() - start) / 1e9;
    long sent = world.mpi().pointToPointBytesSent() - sentBefore;
    return new LocalResult(tiles, new RankStatistics(seconds, computeSeconds, sent, libraryBytes, poolBytes));
  }

  /**
   * One rank's share of the result.
   *
   * @param tiles the rank's tiles, decoded
   * @param statistics what the run cost on this rank
   */
  public record LocalResult(LocalTiles tiles, RankStatistics statistics) {}
}
