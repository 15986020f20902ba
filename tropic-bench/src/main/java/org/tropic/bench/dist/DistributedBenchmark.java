package org.tropic.bench.dist;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.tropic.apsp.Progress;
import org.tropic.dist.Broadcast;
import org.tropic.dist.BroadcastAlgorithm;
import org.tropic.dist.DistributedOptions;
import org.tropic.dist.DistributedReport;
import org.tropic.dist.DistributedSolve;
import org.tropic.dist.ProcessGrid;
import org.tropic.io.ReadOptions;
import org.tropic.mpi.Communicator;
import org.tropic.mpi.Mpi;
import org.tropic.mpi.ReduceOp;

/**
 * Benchmarks of the distributed solver, run under {@code mpirun} (rank 0 prints):
 *
 * <pre>
 *   mpirun -np 4 --mca btl self,tcp java ... org.tropic.bench.dist.DistributedBenchmark broadcast [MAX_BYTES] [REPS]
 *   mpirun -np 4 --mca btl self,tcp java ... org.tropic.bench.dist.DistributedBenchmark apsp \
 *       [N] [B] [GRID|auto] [THREADS] [REPS]
 * </pre>
 *
 * {@code broadcast} times the library's {@code MPI_Bcast}, the ring without pipelining, the ring pipelined in 4 MiB
 * chunks and the ring-2-modified across message sizes, as effective bandwidth (message bytes / time on the slowest
 * rank). {@code apsp} solves a random graph with n vertices (8 arcs per vertex) after one untimed warm-up solve, with
 * the baseline (library broadcasts, no lookahead) and the optimised variants, each the best of REPS runs, checks that
 * every variant wrote the same distances, and reports time, speed-up over the baseline, the bytes each rank sent
 * against the model's count, and where each time falls between the cost model's T_ideal and T_worst.
 */
public final class DistributedBenchmark {

  private DistributedBenchmark() {}

  /** What {@code --help} prints: the modes and their positional arguments. */
  static final String USAGE = """
      Usage (under mpirun; rank 0 prints):
        DistributedBenchmark broadcast [MAX_BYTES] [REPS]            (default 67108864 5)
        DistributedBenchmark apsp [N] [B] [GRID|auto] [THREADS] [REPS] (default 4096 256 auto 0 2)
      THREADS 0 shares the node's cores among its ranks.
      """;

  public static void main(String[] args) throws IOException {
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
      System.out.print(USAGE); // before MPI starts: '--help' was an unknown mode, an abort and an ORTE error
      return;
    }
    Mpi mpi = Mpi.init();
    try {
      String mode = args.length > 0 ? args[0] : "broadcast";
      switch (mode) {
        case "broadcast" -> broadcasts(mpi.world(), args.length > 1 ? Long.parseLong(args[1]) : 64L << 20,
            args.length > 2 ? Integer.parseInt(args[2]) : 5);
        case "apsp" -> apsp(mpi.world(), args.length > 1 ? Integer.parseInt(args[1]) : 4096,
            args.length > 2 ? Integer.parseInt(args[2]) : 256,
            args.length > 3 && !args[3].equals("auto") ? ProcessGrid.parse(args[3]) : null,
            args.length > 4 ? Integer.parseInt(args[4]) : 0, args.length > 5 ? Integer.parseInt(args[5]) : 2);
        default -> throw new IllegalArgumentException("unknown mode '" + mode + "' (broadcast, apsp)");
      }
      mpi.finalizeMpi();
    } catch (Throwable e) {
      mpi.abort(e);
    }
  }

  // ---- broadcast bandwidth ----

  private static void broadcasts(Communicator world, long maxBytes, int repetitions) {
    record Variant(String name, BroadcastAlgorithm algorithm, long chunk) {}
    List<Variant> variants = List.of(
        new Variant("library (MPI_Bcast)", BroadcastAlgorithm.LIBRARY, Long.MAX_VALUE),
        new Variant("ring, unpipelined", BroadcastAlgorithm.RING, 1L << 30),
        new Variant("ring, 4 MiB chunks", BroadcastAlgorithm.RING, DistributedOptions.DEFAULT_CHUNK_BYTES),
        new Variant("ring-2-modified, 4 MiB chunks", BroadcastAlgorithm.RING2,
            DistributedOptions.DEFAULT_CHUNK_BYTES));
    print(world, String.format(Locale.ROOT, "broadcast over %d ranks, %d repetitions; effective bandwidth ="
        + " message bytes / time of the slowest rank%n%-32s %12s %12s %12s", world.size(), repetitions, "variant",
        "bytes", "seconds", "GB/s"));
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment buffer = arena.allocate(maxBytes, 64);
      for (long size = 64 << 10; size <= maxBytes; size *= 4) {
        MemorySegment message = buffer.asSlice(0, size);
        for (Variant v : variants) {
          Broadcast.run(world, message, 0, v.algorithm(), Math.min(v.chunk(), 1L << 30));
          double best = Double.POSITIVE_INFINITY;
          for (int r = 0; r < repetitions; r++) {
            world.barrier();
            long start = System.nanoTime();
            Broadcast.run(world, message, r % world.size(), v.algorithm(), Math.min(v.chunk(), 1L << 30));
            double slowest = world.allreduce((System.nanoTime() - start) / 1e9, ReduceOp.MAX);
            best = Math.min(best, slowest);
          }
          print(world, String.format(Locale.ROOT, "%-32s %12d %12.6f %12.3f", v.name(), size, best,
              size / best / 1e9));
        }
      }
    }
  }

  // ---- whole solves ----

  private static void apsp(Communicator world, int n, int blockSize, ProcessGrid grid, int threads,
      int repetitions) throws IOException {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "tropic-dist-bench");
    Path graph = dir.resolve("random-" + n + ".edges");
    if (world.rank() == 0) {
      Files.createDirectories(dir);
      writeRandomGraph(graph, n, 8, 42);
    }
    world.barrier();
    DistributedOptions base = DistributedOptions.defaults().withBlockSize(blockSize).withThreads(threads)
        .withGrid(grid);
    record Variant(String name, DistributedOptions options) {}
    List<Variant> variants = List.of(
        new Variant("baseline: library, no lookahead", base.withBroadcast(BroadcastAlgorithm.LIBRARY)
            .withLookahead(false)),
        new Variant("library + lookahead", base.withBroadcast(BroadcastAlgorithm.LIBRARY)),
        new Variant("ring, no lookahead", base.withBroadcast(BroadcastAlgorithm.RING).withLookahead(false)),
        new Variant("lookahead + ring", base.withBroadcast(BroadcastAlgorithm.RING)),
        new Variant("lookahead + ring-2-modified", base.withBroadcast(BroadcastAlgorithm.RING2)));
    // One untimed solve first, so the JIT has compiled the kernels before any variant is timed.
    DistributedSolve.solveAndWrite(world, graph, ReadOptions.defaults(), dir.resolve("warm-up.npy"),
        base, Progress.NONE);
    List<DistributedReport> reports = new ArrayList<>();
    byte[] reference = null;
    for (int i = 0; i < variants.size(); i++) {
      Path out = dir.resolve("out-" + i + ".npy");
      DistributedReport report = null;
      for (int r = 0; r < repetitions; r++) {
        DistributedReport run = DistributedSolve.solveAndWrite(world, graph, ReadOptions.defaults(), out,
            variants.get(i).options(), Progress.NONE);
        report = report == null || run.solveSeconds() < report.solveSeconds() ? run : report;
      }
      reports.add(report);
      if (world.rank() == 0) {
        byte[] bytes = Files.readAllBytes(out);
        if (reference == null) {
          reference = bytes;
        } else if (!Arrays.equals(reference, bytes)) {
          throw new IllegalStateException(variants.get(i).name() + " wrote other distances than the baseline");
        }
      }
    }
    DistributedReport first = reports.getFirst();
    ProcessGrid used = first.grid();
    long tiles = (n + first.blockSize() - 1) / first.blockSize();
    double tileBytes = 4.0 * first.blockSize() * first.blockSize();
    double exactRingBytesPerRank = tiles * (tiles - 1) * tileBytes * (used.rows() + used.columns() - 2)
        / used.size();
    double paperBytesPerRank = 4.0 * n * n * (1.0 / used.rows() + 1.0 / used.columns());
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
        "APSP n=%d, %d arcs per vertex, %d ranks, grid %s, b=%d, %s, %d thread%s per rank; all variants wrote"
            + " identical distances%n%-34s %9s %8s %14s %9s %9s %9s %9s%n", n, 8, world.size(), used,
        first.blockSize(), first.arithmetic().label(), first.threads(), first.threads() == 1 ? "" : "s", "variant",
        "solve s", "speedup", "p2p MiB/rank", "/exact", "/paper", "T_ideal", "position"));
    for (int i = 0; i < reports.size(); i++) {
      DistributedReport r = reports.get(i);
      double perRank = (double) r.totalPointToPointBytesSent() / r.ranks();
      table.append(String.format(Locale.ROOT, "%-34s %9.3f %8.2f %14.2f %9.3f %9.3f %9.3f %9.2f%n",
          variants.get(i).name(), r.solveSeconds(), first.solveSeconds() / r.solveSeconds(), perRank / 1048576,
          perRank / exactRingBytesPerRank, perRank / paperBytesPerRank, r.prediction().idealSeconds(),
          r.modelPosition()));
    }
    table.append(String.format(Locale.ROOT, "exact ring bytes per rank T(T−1)b²·4·(Pr+Pc−2)/P = %.2f MiB; the"
        + " papers' n²(1/Pr+1/Pc)·4 = %.2f MiB counts every rank of a broadcast, root included%n",
        exactRingBytesPerRank / 1048576, paperBytesPerRank / 1048576));
    print(world, table.toString());
  }

  private static void writeRandomGraph(Path file, int n, int arcsPerVertex, long seed) {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder("# directed=True\n# random graph for the distributed benchmark\n");
    for (int u = 0; u < n; u++) {
      for (int a = 0; a < arcsPerVertex; a++) {
        text.append(u).append(' ').append(random.nextInt(n)).append(' ')
            .append(1 + random.nextInt(1000) / 10f).append('\n');
      }
    }
    try {
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void print(Communicator world, String text) {
    if (world.rank() == 0) {
      System.out.println(text);
      System.out.flush();
    }
  }
}
