package org.tropic.dist;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.io.DistanceStore;
import org.tropic.io.GraphReader;
import org.tropic.io.GraphSource;
import org.tropic.io.LoadedGraph;
import org.tropic.io.ReadOptions;
import org.tropic.io.Sidecar;
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
    Mpi mpi = Mpi.init();
    try {
      DistributedReport report = solveAndWrite(mpi.world(), graph, read, out, options, progress);
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
    Objects.requireNonNull(graphFile, "graph");
    Objects.requireNonNull(read, "read");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(options, "options");
    Progress mine = world.rank() == 0 ? Objects.requireNonNull(progress, "progress") : Progress.NONE;
    long started = System.nanoTime();
    MinPlusKernels kernels = MinPlusKernels.best();
    Input input = agree(world, () -> {
      if (options.grid() != null && options.grid().size() != world.size()) { // before a long read
        options.grid().check(world.size(), Integer.MAX_VALUE, 1, 1);
      }
      LoadedGraph graphRead = GraphReader.load(graphFile, read);
      if (world.rank() == 0) { // rank 0 creates the result: no solve ends on a folder, a device or a full disk
        DistanceStore.checkWritable(out, graphRead.graph().vertexCount(), false);
      }
      Arithmetic chosen = new BlockedFloydWarshall(kernels,
          FloydWarshallOptions.defaults().withArithmetic(options.arithmetic())).arithmeticFor(graphRead.graph());
      return new Input(graphRead, chosen);
    });
    LoadedGraph loaded = input.loaded();
    Graph graph = loaded.graph();
    Arithmetic arithmetic = input.arithmetic();
    double readSeconds = seconds(started);

    int threads = options.effectiveThreads();
    Calibration.Network network = network(world);
    int n = graph.vertexCount();
    // Collective: every rank calibrates, or none (the same options on every rank).
    CostModel planner = options.grid() == null || options.blockSize() == 0
        ? new CostModel(Calibration.machine(kernelRate(world, kernels, arithmetic), threads, network)) : null;
    CostModel.Plan chosen = agree(world, () -> {
      CostModel.Plan plan = plan(planner, n, world.size(), options);
      plan.grid().check(world.size(), Math.max(1, (n + plan.blockSize() - 1) / plan.blockSize()), n,
          plan.blockSize());
      HeapCheck.require(n, plan.blockSize(), plan.grid(), world.rank(), ranksOnThisNode());
      return plan;
    });
    ProcessGrid grid = chosen.grid();
    int blockSize = chosen.blockSize();

    DistributedFloydWarshall solver = new DistributedFloydWarshall(kernels, world, grid, options);
    DistributedFloydWarshall.LocalResult result = solver.solve(graph, blockSize, arithmetic, mine);
    double solveSeconds = world.allreduce(result.statistics().solveSeconds(), ReduceOp.MAX);

    long writeStarted = System.nanoTime();
    Map<String, Double> timings = new LinkedHashMap<>();
    timings.put("read", readSeconds);
    timings.put("solve", solveSeconds);
    writeResult(world, result.tiles(), out, graph, loaded.source(), graphFile,
        read.weightColumn() == 0 ? null : read.weightColumn(), options, arithmetic, blockSize, threads, timings);
    double writeSeconds = world.allreduce(seconds(writeStarted), ReduceOp.MAX);

    RankStatistics stats = result.statistics();
    double computeSeconds = world.allreduce(stats.computeSeconds(), ReduceOp.SUM);
    long tiles = (n + blockSize - 1) / blockSize;
    double flops = 2.0 * blockSize * blockSize * blockSize * tiles * tiles * tiles;
    MachineParameters observed = Calibration.observed(computeSeconds > 0 ? flops / computeSeconds : 1, threads,
        network);
    return new DistributedReport(world.rank(), out, n, world.size(), grid, blockSize, arithmetic, options.broadcast(),
        options.lookahead(), threads, readSeconds, solveSeconds, writeSeconds,
        world.allreduce(stats.pointToPointBytesSent(), ReduceOp.MAX),
        world.allreduce(stats.pointToPointBytesSent(), ReduceOp.SUM),
        world.allreduce(stats.libraryBytesAsRoot(), ReduceOp.SUM),
        world.allreduce(stats.computeSeconds(), ReduceOp.MAX), observed.name(),
        new CostModel(observed).predict(n, grid, blockSize));
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
    byte[] bytes = world.rank() == 0 ? fromRoot.getBytes(StandardCharsets.UTF_8) : new byte[0];
    int length = (int) world.allreduce((long) bytes.length, ReduceOp.MAX);
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment buffer = arena.allocate(Math.max(1, length));
      if (world.rank() == 0) {
        MemorySegment.copy(bytes, 0, buffer, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, length);
      }
      world.bcast(buffer.asSlice(0, length), Datatype.BYTE, 0);
      return new String(buffer.asSlice(0, length).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
          StandardCharsets.UTF_8);
    }
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }
}
