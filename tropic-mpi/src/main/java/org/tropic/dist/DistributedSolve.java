package org.tropic.dist;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.NegativeCycleException;
import org.tropic.apsp.PartCheckpointFile;
import org.tropic.apsp.Planner;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.io.DistanceStore;
import org.tropic.io.GraphReader;
import org.tropic.io.GraphSource;
import org.tropic.io.LoadedGraph;
import org.tropic.io.ReadOptions;
import org.tropic.io.Sidecar;
import org.tropic.io.Units;
import org.tropic.mpi.Communicator;
import org.tropic.mpi.Datatype;
import org.tropic.mpi.Mpi;
import org.tropic.mpi.ReduceOp;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * A whole distributed APSP job, as {@code mpirun -np P tropic apsp GRAPH -o OUT.npy --distributed} runs it on every
 * rank: read the graph (each rank reads the file and keeps only its own tiles), calibrate the cost model and let it
 * choose what the user left open (block size, grid), solve with {@link DistributedFloydWarshall}, and write the
 * same {@code .npy} result and sidecar as a single-node run — every rank writing its tiles at their offsets into one
 * staged file, which rank 0 publishes atomically once all have written. What can be checked before the solve is
 * (the graph, the grid against the ranks, the output location, each rank's heap), and the ranks agree on it before
 * going on ({@link Agreement}), so bad input is reported once and ends the job with exit status 2. A rank that
 * fails ends the whole job through {@code MPI_Abort} with its message, and no result appears.
 */
public final class DistributedSolve {
  private static Communicator measuredOn;
  private static Calibration.Network measuredNetwork;

  private DistributedSolve() {}

  /**
   * Runs the job on this rank: initialises MPI, solves, writes, finalises. On any failure, prints it and aborts
   * the job ({@link Mpi#abort(Throwable)}); this method then does not return.
   *
   * @param progress told of rank 0's progress (other ranks report none)
   * @return what the run did and cost (the same on every rank but for {@link DistributedReport#rank()})
   * @throws org.tropic.mpi.MpiUnavailableException if MPI cannot be started at all (nothing to abort)
   */
  public static DistributedReport run(Path graph, ReadOptions read, Path out, DistributedOptions options,
      Progress progress) {
    return run(graph, read, out, options, progress, null);
  }

  /**
   * As {@link #run(Path, ReadOptions, Path, DistributedOptions, Progress)}, saving the solve to {@code checkpoint}
   * as it goes and going on from a save there; {@code null} for none. Its listener hears of rank 0's saves.
   */
  public static DistributedReport run(Path graph, ReadOptions read, Path out, DistributedOptions options,
      Progress progress, FloydWarshallCheckpoint checkpoint) {
    Mpi mpi = Mpi.init();
    try {
      DistributedReport report = solveAndWrite(mpi.world(), graph, read, out, options, progress, checkpoint);
      mpi.finalizeMpi();
      return report;
    } catch (Throwable failure) {
      mpi.abort(failure, FailureCodes.of(failure));
      throw new IllegalStateException("MPI_Abort returned", failure);
    }
  }

  /**
   * One solve and write inside a running MPI session (collective: every rank of {@code world} calls it with the
   * same arguments). Failures are thrown to the caller, who must abort the job.
   */
  public static DistributedReport solveAndWrite(Communicator world, Path graphFile, ReadOptions read, Path out,
      DistributedOptions options, Progress progress) throws IOException {
    return solveAndWrite(world, graphFile, read, out, options, progress, null);
  }

  /**
   * As {@link #solveAndWrite(Communicator, Path, ReadOptions, Path, DistributedOptions, Progress)} with a
   * checkpoint ({@code null} for none): a save there fixes the block size and grid, which must then match any given;
   * parts that are not of this solve, or of another number of ranks, are refused before the solve; the parts are
   * deleted once the result is stored.
   */
  public static DistributedReport solveAndWrite(Communicator world, Path graphFile, ReadOptions read, Path out,
      DistributedOptions requested, Progress progress, FloydWarshallCheckpoint checkpoint) throws IOException {
    Objects.requireNonNull(graphFile, "graph");
    Objects.requireNonNull(read, "read");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(requested, "options");
    Progress mine = world.rank() == 0 ? Objects.requireNonNull(progress, "progress") : Progress.NONE;
    long started = System.nanoTime();
    MinPlusKernels kernels = MinPlusKernels.best();
    Input input = agree(world, () -> {
      if (requested.grid() != null && requested.grid().size() != world.size()) { // before a long read
        requested.grid().check(world.size(), Integer.MAX_VALUE, 1, 1);
      }
      if (checkpoint != null && world.rank() == 0) {
        RankCheckpoint.refuseOtherJobSizes(checkpoint.file(), world.size());
      }
      LoadedGraph graphRead = GraphReader.load(graphFile, read, mine); // rank 0 shows how far it is
      // As on one node: a distance beyond float32 would be stored as +∞, a reachable pair called unreachable.
      Planner.refuseFloatOverflow(graphRead.graph());
      if (world.rank() == 0) { // rank 0 creates the result: no solve ends on a folder, a device or a full disk
        DistanceStore.deleteLeftovers(out); // a kill -9 while writing left one as large as the result
        DistanceStore.checkWritable(out, graphRead.graph().vertexCount(), false);
      }
      Arithmetic chosen = new BlockedFloydWarshall(kernels,
          FloydWarshallOptions.defaults().withArithmetic(requested.arithmetic())).arithmeticFor(graphRead.graph());
      return new Input(graphRead, chosen);
    });
    LoadedGraph loaded = input.loaded();
    Graph graph = loaded.graph();
    Arithmetic arithmetic = input.arithmetic();
    double readSeconds = seconds(started);
    DistributedOptions options = checkpoint == null ? requested : savedPlan(world, checkpoint, requested);

    int threads = options.effectiveThreads();
    Calibration.Network network = network(world);
    int n = graph.vertexCount();
    // Collective: every rank calibrates (the kernel's rates come from the calibration cache once measured). The model
    // chooses what was not given and estimates the solve before it starts in any case.
    CostModel model = new CostModel(Calibration.machine(kernelRate(world, kernels, arithmetic), threads, network));
    CostModel planner = options.grid() == null || options.blockSize() == 0 ? model : null;
    CostModel.Plan fastest = agree(world, () -> {
      CostModel.Plan plan;
      try {
        plan = plan(planner, n, world.size(), options);
      } catch (IllegalArgumentException e) { // the graph's size is half the problem: name it
        throw new IllegalArgumentException(graphFile + ": " + e.getMessage(), e);
      }
      plan.grid().check(world.size(), Math.max(1, (n + plan.blockSize() - 1) / plan.blockSize()), n,
          plan.blockSize());
      return plan;
    });
    // Every rank's room, so that all choose alike what fits all (collective, outside the vote's step).
    HeapCheck.Room[] rooms = BlockChoice.gather(world, HeapCheck.Room.here(
        HeapCheck.heapBytes(n, fastest.blockSize(), fastest.grid(), world.rank()), ranksOnThisNode()).lessSlack());
    BlockChoice.Choice choice = agree(world, () -> {
      BlockChoice.Choice c = BlockChoice.choose(planner, n, world.size(), options.grid(), options.blockSize(),
          fastest, rooms, requested.blockSize() == 0 && options.blockSize() != 0);
      CostModel.Plan plan = c.plan();
      plan.grid().check(world.size(), Math.max(1, (n + plan.blockSize() - 1) / plan.blockSize()), n,
          plan.blockSize());
      HeapCheck.require(n, plan.blockSize(), plan.grid(), world.rank(), ranksOnThisNode());
      return c;
    });
    if (choice.note() != null && world.rank() == 0) {
      System.err.println(choice.note());
      System.err.flush();
    }
    ProcessGrid grid = choice.plan().grid();
    int blockSize = choice.plan().blockSize();
    if (world.rank() == 0) {
      long busiest = 0;
      for (int r = 0; r < grid.size(); r++) {
        busiest = Math.max(busiest, HeapCheck.heapBytes(n, blockSize, grid, r));
      }
      System.err.println(DistributedPlanLine.of(model.predict(n, grid, blockSize), arithmetic, options, threads,
          busiest, checkpoint != null));
      System.err.flush();
    }
    RankCheckpoint parts = checkpoint == null ? null
        : new RankCheckpoint(checkpoint.file(), world.rank(), world.size());
    if (parts != null) {
      int tilesPerSide = Math.max(1, (n + blockSize - 1) / blockSize);
      long partBytes = PartCheckpointFile.bytes(LocalTiles.countOwned(tilesPerSide, grid, world.rank()), blockSize);
      Path result = world.rank() == 0 ? out : null;
      long resultBytes = DistanceStore.resultBytes(n, false);
      String store = agree(world, () -> {
        parts.checkOf(new PartCheckpointFile.Solve(graph.fingerprint(), n, blockSize, arithmetic.label(),
            grid.rows(), grid.columns(), world.rank()), tilesPerSide);
        parts.checkWritable(partBytes, result, resultBytes);
        return parts.storeKey();
      });
      // Each rank checked its own share; the ranks whose files go to one disk (all of them, on a parallel file
      // system; those of one node, on its local disk) are checked together by the first of them. Two disks whose
      // keys share a hash are summed together: a refusal then errs on the side of room.
      Communicator sharing = world.split(store.hashCode() & Integer.MAX_VALUE, world.rank());
      long sharedNeed = sharing.allreduce(parts.need(partBytes, result, resultBytes), ReduceOp.SUM);
      int sharers = sharing.size();
      boolean first = sharing.rank() == 0;
      sharing.free();
      agree(world, () -> {
        if (first) {
          parts.checkShared(sharers, sharedNeed);
        }
        return null;
      });
      long setBytes = world.allreduce(partBytes, ReduceOp.SUM);
      if (world.rank() == 0) {
        System.err.println(RankCheckpoint.savingNote(checkpoint.file(), world.size(),
            Units.duration(checkpoint.every()), setBytes));
        System.err.flush();
      }
    }

    DistributedFloydWarshall solver = new DistributedFloydWarshall(kernels, world, grid, options);
    DistributedFloydWarshall.LocalResult result;
    try {
      result = solver.solve(graph, blockSize, arithmetic, mine, checkpoint);
    } catch (NegativeCycleException e) {
      // Only the rank that found it reports (the others are ended by its abort), and it read the whole graph as
      // every rank does: so it names the cycle to fix, as on one node, not only a vertex that reaches it. The search
      // is bounded; the other ranks wait for it in their next exchange.
      throw e.withCycleOf(graph, NegativeCycleException.CYCLE_SEARCH_SECONDS);
    }
    double solveSeconds = world.allreduce(result.statistics().solveSeconds(), ReduceOp.MAX);

    long writeStarted = System.nanoTime();
    Map<String, Double> timings = new LinkedHashMap<>();
    timings.put("read", readSeconds);
    timings.put("solve", solveSeconds);
    double writeSeconds;
    try { // a stop in the result's write still says where the save stands: the solve leaves its note in place
      writeResult(world, result.tiles(), out, graph, loaded.source(), graphFile,
          read.weightColumn() == 0 ? null : read.weightColumn(), options, arithmetic, blockSize, threads, timings);
      writeSeconds = world.allreduce(seconds(writeStarted), ReduceOp.MAX);
      if (parts != null) { // only now: a job stopped before the result was stored goes on from the save
        deleteParts(world, parts);
      }
    } finally {
      result.endStopNote().run();
    }

    RankStatistics stats = result.statistics();
    double computeSeconds = world.allreduce(stats.computeSeconds(), ReduceOp.SUM);
    long tiles = (n + blockSize - 1) / blockSize;
    // the kernel's work this run did: a run that went on from a save did only the iterations after it
    long resumedFrom = result.checkpointing() == null ? 0 : result.checkpointing().resumedFrom();
    double flops = 2.0 * blockSize * blockSize * blockSize * tiles * tiles * (tiles - resumedFrom);
    MachineParameters observed = Calibration.observed(computeSeconds > 0 ? flops / computeSeconds : 1, threads,
        network);
    return new DistributedReport(world.rank(), out, n, world.size(), grid, blockSize, arithmetic, options.broadcast(),
        options.lookahead(), threads, readSeconds, solveSeconds, writeSeconds,
        world.allreduce(stats.pointToPointBytesSent(), ReduceOp.MAX),
        world.allreduce(stats.pointToPointBytesSent(), ReduceOp.SUM),
        world.allreduce(stats.libraryBytesAsRoot(), ReduceOp.SUM),
        world.allreduce(stats.computeSeconds(), ReduceOp.MAX), observed.name(),
        new CostModel(observed).predict(n, grid, blockSize), result.checkpointing());
  }

  /**
   * The options a job with a checkpoint runs with: where any rank holds a part, the block size and grid of its
   * newest (collective), which the cost model might not choose again; the user's {@code --block} and
   * {@code --grid} must then agree with them.
   *
   * @throws IllegalArgumentException on every rank, reported once, when a given one differs
   */
  private static DistributedOptions savedPlan(Communicator world, FloydWarshallCheckpoint checkpoint,
      DistributedOptions requested) throws IOException {
    PartCheckpointFile.Saved newest = new RankCheckpoint(checkpoint.file(), world.rank(), world.size())
        .newestHeader();
    int blockSize = (int) world.allreduce(newest == null ? 0L : newest.solve().blockSize(), ReduceOp.MAX);
    int rows = (int) world.allreduce(newest == null ? 0L : newest.solve().gridRows(), ReduceOp.MAX);
    int columns = (int) world.allreduce(newest == null ? 0L : newest.solve().gridColumns(), ReduceOp.MAX);
    if (blockSize == 0) {
      return requested;
    }
    ProcessGrid saved = new ProcessGrid(rows, columns);
    String set = RankCheckpoint.setName(checkpoint.file(), world.size());
    return agree(world, () -> {
      if (requested.blockSize() != 0 && requested.blockSize() != blockSize) {
        throw new IllegalArgumentException("--block " + requested.blockSize() + " differs from the tile size "
            + blockSize + " of the checkpoint " + set + " this job goes on from: drop --block, or delete the files"
            + " to start afresh");
      }
      if (requested.grid() != null && !requested.grid().equals(saved)) {
        throw new IllegalArgumentException("--grid " + requested.grid() + " differs from the process grid " + saved
            + " of the checkpoint " + set + " this job goes on from: drop --grid, or delete the files to start"
            + " afresh");
      }
      return requested.withBlockSize(blockSize).withGrid(saved);
    });
  }

  /**
   * Every rank deletes its parts once the result is committed; rank 0 says so when all have, and there were any (a
   * job whose first save never came due has none to delete).
   */
  private static void deleteParts(Communicator world, RankCheckpoint parts) {
    boolean deleted = true;
    boolean any = false;
    try {
      any = parts.delete();
    } catch (IOException e) { // the result is stored: a part left behind is worth a warning, not a failed job
      deleted = false;
      System.err.println("tropic: rank " + world.rank() + ": warning: cannot delete its checkpoint part: " + e);
      System.err.flush();
    }
    boolean anyOnSomeRank = world.allreduce(any ? 1L : 0L, ReduceOp.MAX) == 1;
    if (world.allreduce(deleted ? 1L : 0L, ReduceOp.MIN) == 1 && anyOnSomeRank && world.rank() == 0) {
      System.err.println("checkpoint " + RankCheckpoint.setName(parts.file(), world.size()) + " deleted: the solve"
          + " is complete and stored");
      System.err.flush();
    }
  }

  /** The grid and block size: those given, the rest chosen by the cost model (no prediction kept). */
  private static CostModel.Plan plan(CostModel planner, int n, int ranks, DistributedOptions options) {
    ProcessGrid grid = options.grid();
    int blockSize = options.blockSize();
    if (grid == null && blockSize == 0) {
      return planner.recommend(n, ranks);
    }
    if (grid == null) {
      grid = planner.recommendGrid(n, ranks, blockSize);
    } else if (blockSize == 0) {
      grid.check(ranks, Integer.MAX_VALUE, n, 1);
      blockSize = planner.recommendBlockSize(n, grid);
    }
    return new CostModel.Plan(grid, blockSize, null);
  }

  /** {@link Agreement#onEveryRank}, its failures as this method's: I/O ones as such, the rest unchecked. */
  private static <T> T agree(Communicator world, java.util.concurrent.Callable<T> step) throws IOException {
    try {
      return Agreement.onEveryRank(world, step);
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Ranks mpirun started on this node (they share its memory); 1 outside mpirun. */
  private static int ranksOnThisNode() {
    String local = System.getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
    try {
      return local == null ? 1 : Math.max(1, Integer.parseInt(local.strip()));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  private record Input(LoadedGraph loaded, Arithmetic arithmetic) {}

  /** Rank 0 stages the file, every rank writes its tiles, rank 0 commits after all have; all return after that. */
  private static void writeResult(Communicator world, LocalTiles tiles, Path out, Graph graph, GraphSource source,
      Path graphFile, Integer weightColumn, DistributedOptions options, Arithmetic arithmetic, int blockSize,
      int threads, Map<String, Double> timings) throws IOException {
    String stagedName = world.rank() == 0 ? DistanceStore.createStaged(out, graph.vertexCount()).toString() : null;
    Path staged = Path.of(broadcastString(world, stagedName));
    try {
      TileFileWriter.write(tiles, staged);
    } catch (IOException | RuntimeException e) {
      try {
        DistanceStore.discardStaged(staged);
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    world.barrier();
    if (world.rank() == 0) {
      Sidecar.GraphInput input = Sidecar.GraphInput.of(graphFile.toString(), source, weightColumn);
      Sidecar.Options solveOptions = new Sidecar.Options("fw-distributed",
          options.arithmetic() == null ? "auto" : options.arithmetic().label(), blockSize, threads);
      DistanceStore.commitStaged(staged, out,
          Sidecar.of(graph, input, solveOptions, arithmetic.label(), timings));
    }
    world.barrier();
  }

  /**
   * The single-thread kernel curve, timed on rank 0 and broadcast, so every rank builds the same model and makes
   * the same choices.
   */
  private static HyperbolicFit kernelRate(Communicator world, MinPlusKernels kernels, Arithmetic arithmetic) {
    double[] values = new double[2];
    if (world.rank() == 0) {
      HyperbolicFit kernel = Calibration.kernelRate(kernels, arithmetic);
      values[0] = kernel.a();
      values[1] = kernel.d();
    }
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment shared = arena.allocate(JAVA_DOUBLE, values.length);
      MemorySegment.copy(values, 0, shared, JAVA_DOUBLE, 0, values.length);
      world.bcast(shared, Datatype.DOUBLE, 0);
      MemorySegment.copy(shared, JAVA_DOUBLE, 0, values, 0, values.length);
    }
    return new HyperbolicFit(values[0], values[1]);
  }

  /** The network between ranks 0 and 1, measured once per communicator (collective the first time). */
  private static synchronized Calibration.Network network(Communicator world) {
    if (world.size() < 2) {
      return null;
    }
    if (measuredOn != world) {
      measuredNetwork = Calibration.network(world);
      measuredOn = world;
    }
    return measuredNetwork;
  }

  private static String broadcastString(Communicator world, String fromRoot) {
    return Agreement.broadcast(world, 0, fromRoot);
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }
}
