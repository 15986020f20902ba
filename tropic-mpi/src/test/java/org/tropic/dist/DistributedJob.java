package org.tropic.dist;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.Progress;
import org.tropic.io.ReadOptions;
import org.tropic.mpi.Mpi;
import org.tropic.semiring.Arithmetic;

/**
 * The program the multi-rank tests start under {@code mpirun}. {@code session CASE...} initialises MPI once and runs
 * every case through {@link DistributedSolve#solveAndWrite}, printing {@code DONE out=... ...} on rank 0 after each;
 * {@code job CASE} runs one case through {@link DistributedSolve#run}, the path the command line takes, abort on
 * failure included. A case is {@code key=value} pairs separated by {@code ;}: graph, out, grid, b, bcast,
 * lookahead, arith, chunk, threads, and for a checkpointed solve ckpt (the file) and every (seconds between saves);
 * rank 0 then prints {@code SAVED done of all} after each save.
 */
public final class DistributedJob {

  private DistributedJob() {}

  public static void main(String[] args) {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: session|job CASE...");
    }
    if (args[0].equals("job")) {
      Case c = Case.parse(args[1]);
      DistributedReport report = DistributedSolve.run(c.graph, ReadOptions.defaults(), c.out, c.options,
          Progress.NONE, c.checkpoint);
      System.out.println("DONE out=" + c.out + " b=" + report.blockSize() + " position=" + report.modelPosition());
      return;
    }
    Mpi mpi = Mpi.init();
    try {
      for (int i = 1; i < args.length; i++) {
        Case c = Case.parse(args[i]);
        DistributedReport report = DistributedSolve.solveAndWrite(mpi.world(), c.graph, ReadOptions.defaults(),
            c.out, c.options, Progress.NONE, c.checkpoint);
        if (mpi.world().rank() == 0) {
          System.out.println("DONE out=" + c.out + " grid=" + report.grid() + " b=" + report.blockSize()
              + " arith=" + report.arithmetic().label() + " sent=" + report.totalPointToPointBytesSent()
              + " position=" + report.modelPosition());
          System.out.println(report.summary());
          System.out.flush();
        }
      }
      mpi.finalizeMpi();
    } catch (Throwable e) {
      mpi.abort(e);
    }
  }

  /** Prints each save as the test reads it: {@code SAVED done of all}, or {@code NOT SAVED done: reason}. */
  private static final class Announcer implements FloydWarshallCheckpoint.SaveListener {
    @Override
    public void saved(int done, int all, long bytes, double seconds) {
      System.out.println("SAVED " + done + " of " + all + " bytes=" + bytes);
      System.out.flush();
    }

    @Override
    public void notSaved(int done, String reason) {
      System.out.println("NOT SAVED " + done + ": " + reason);
      System.out.flush();
    }
  }

  /** One solve to run. */
  record Case(Path graph, Path out, DistributedOptions options, FloydWarshallCheckpoint checkpoint) {

    static Case parse(String text) {
      Map<String, String> values = new HashMap<>();
      for (String pair : text.split(";")) {
        int eq = pair.indexOf('=');
        values.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
      DistributedOptions options = DistributedOptions.defaults()
          .withThreads(Integer.parseInt(values.getOrDefault("threads", "1")))
          .withLookahead(Boolean.parseBoolean(values.getOrDefault("lookahead", "true")))
          .withBroadcast(BroadcastAlgorithm.ofLabel(values.getOrDefault("bcast", "ring")))
          .withChunkBytes(Long.parseLong(values.getOrDefault("chunk", Long.toString(
              DistributedOptions.DEFAULT_CHUNK_BYTES))));
      if (values.containsKey("grid")) {
        options = options.withGrid(ProcessGrid.parse(values.get("grid")));
      }
      if (values.containsKey("b")) {
        options = options.withBlockSize(Integer.parseInt(values.get("b")));
      }
      if (values.containsKey("arith")) {
        options = options.withArithmetic(Arithmetic.ofLabel(values.get("arith")));
      }
      FloydWarshallCheckpoint checkpoint = values.containsKey("ckpt") ? new FloydWarshallCheckpoint(
          Path.of(values.get("ckpt")), Duration.ofMillis((long) (1000 * Double.parseDouble(
              values.getOrDefault("every", "0")))), new Announcer()) : null;
      return new Case(Path.of(values.get("graph")), Path.of(values.get("out")), options, checkpoint);
    }
  }
}
