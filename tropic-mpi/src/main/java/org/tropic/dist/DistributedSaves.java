package org.tropic.dist;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.PartCheckpointFile;
import org.tropic.mpi.Communicator;
import org.tropic.mpi.ReduceOp;

/**
 * The checkpoint saves of one distributed solve, collective on every rank: each rank writes its own part
 * ({@link RankCheckpoint}), the ranks vote on whether all parts were written, and rank 0 tells the listener (the
 * command's progress notes) of the save as a whole. A save that failed on any rank is told as a warning and the
 * solve goes on, the last complete save staying in place on every rank.
 */
final class DistributedSaves {
  private final Communicator world;
  private final RankCheckpoint files;
  private final FloydWarshallCheckpoint checkpoint;
  private final PartCheckpointFile.Solve solve;
  private final int iterations;
  private final long setBytes;
  private int saves;
  private double seconds;
  /** Iterations in the last save every rank completed (or went on from), 0 for none: what a stop leaves. */
  private volatile int lastComplete;
  /** Iterations of the save being written now, 0 when none is: a stop may leave it complete on every rank too. */
  private volatile int underWay;
  private Thread stopNote;

  /**
   * Saves of {@code solve} ({@code iterations} pivot iterations) to {@code checkpoint}'s file; collective.
   *
   * @param partBytes about the bytes of this rank's part
   */
  DistributedSaves(Communicator world, FloydWarshallCheckpoint checkpoint, PartCheckpointFile.Solve solve,
      int iterations, long partBytes) {
    this.world = world;
    this.checkpoint = checkpoint;
    this.files = new RankCheckpoint(checkpoint.file(), world.rank(), world.size());
    this.solve = solve;
    this.iterations = iterations;
    this.setBytes = world.allreduce(partBytes, ReduceOp.SUM);
  }

  /**
   * Loads the newest save that every rank holds into {@code tiles} (collective). A part that cannot be loaded
   * (corrupt, truncated) is said on its rank's standard error and the ranks try the next older save all hold.
   *
   * @return the iterations done in the save loaded; 0 when there is none, with {@code tiles} then to be filled
   *     afresh if {@link Resumed#tilesChanged()}
   */
  Resumed resume(LocalTiles tiles) {
    TreeMap<Integer, Integer> held = files.held();
    List<Integer> counts = new ArrayList<>(held.keySet());
    boolean changed = false;
    while (true) {
      int common = RankCheckpoint.newestHeldByAll(counts, value -> world.allreduce(value, ReduceOp.MIN));
      if (common < 0) {
        boolean anyParts = world.allreduce(held.isEmpty() ? 0L : 1L, ReduceOp.MAX) == 1;
        note(anyParts ? "note: no save that every rank holds in " + setName() + " (a job stopped before its first"
            + " save was complete on all ranks): starting afresh" : null);
        return new Resumed(0, changed, !held.isEmpty());
      }
      String problem = null;
      changed = true;
      try {
        PartCheckpointFile.load(files.generation(held.get(common)), solve, iterations, tiles.asPart());
      } catch (IllegalArgumentException | UncheckedIOException e) {
        problem = e instanceof UncheckedIOException u ? u.getCause().getMessage() : e.getMessage();
      }
      if (world.allreduce(problem == null ? world.size() : world.rank(), ReduceOp.MIN) == world.size()) {
        files.loaded(held.get(common));
        lastComplete = common;
        note("note: going on from the checkpoint " + setName() + ": " + common + " of " + iterations + " pivot"
            + " iterations done");
        return new Resumed(common, true, true);
      }
      if (problem != null) {
        System.err.println("tropic: rank " + world.rank() + ": " + problem + "; the ranks go on from an older save"
            + " if all hold one, else afresh");
        System.err.flush();
      }
      counts.remove(Integer.valueOf(common));
    }
  }

  /**
   * How a job found its checkpoint.
   *
   * @param iterationsDone iterations in the save it goes on from, 0 for none
   * @param tilesChanged whether the tiles were read into (and must be filled afresh if nothing was loaded)
   * @param anyParts whether this rank had parts at all
   */
  record Resumed(int iterationsDone, boolean tilesChanged, boolean anyParts) {}

  /** Saves {@code tiles} after {@code done} iterations (collective). */
  void save(LocalTiles tiles, int done) {
    long start = System.nanoTime();
    if (world.rank() == 0) {
      checkpoint.onSave().saving(done, iterations, setBytes);
    }
    String problem = null;
    long[] written = {-1, 0};
    underWay = done;
    try {
      written = files.save(solve, tiles.asPart(), done, iterations);
    } catch (UncheckedIOException e) {
      problem = e.getCause().getMessage();
    }
    long failed = world.allreduce(problem == null ? world.size() : world.rank(), ReduceOp.MIN);
    if (failed == world.size()) {
      files.completed((int) written[0]);
      lastComplete = done;
      underWay = 0;
      long bytes = world.allreduce(written[1], ReduceOp.SUM);
      double took = (System.nanoTime() - start) / 1e9;
      saves++;
      seconds += took;
      if (world.rank() == 0) {
        checkpoint.onSave().saved(done, iterations, bytes, took);
      }
      return;
    }
    underWay = 0;
    String reason = Agreement.broadcast(world, (int) failed, problem == null ? "" : problem);
    if (world.rank() == 0) {
      checkpoint.onSave().notSaved(done, "rank " + failed + ": " + reason);
    }
  }

  /**
   * Until {@link #close()}, rank 0 says on standard error where the checkpoint stands if the job is stopped (a
   * batch system's SIGTERM, a Ctrl-C): the log would otherwise end at its progress line.
   */
  void noteOnStop() {
    if (world.rank() != 0) {
      return;
    }
    stopNote = new Thread(() -> {
      System.err.printf("%ntropic apsp: stopped; %s%n", stopNote(setName(), lastComplete, underWay, iterations));
      System.err.flush();
    }, "checkpoint-note-on-stop");
    Runtime.getRuntime().addShutdownHook(stopNote);
  }

  /**
   * Where a stopped job's checkpoint stands. A save under way when the stop came may still be completed by every rank
   * before the ranks end (mpirun gives them a second before SIGKILL): the next run then goes on from it, so the note
   * names both.
   *
   * @param done iterations in the last save every rank completed, 0 for none
   * @param underWay iterations of the save being written, 0 for none
   */
  static String stopNote(String setName, int done, int underWay, int iterations) {
    if (done == 0) {
      return underWay > 0 ? "no save of it was complete on every rank yet (the first, of " + underWay + " of "
          + iterations + " pivot iterations, was under way): the same command goes on from it if every rank completed"
          + " it, else starts afresh" : "no save of it was complete on every rank yet: the same command starts afresh";
    }
    String held = "the checkpoint " + setName + " holds " + done + " of " + iterations + " pivot iterations on every"
        + " rank";
    return underWay > done ? held + ", or " + underWay + " if the save under way is completed on every rank before"
        + " the job ends: run the same command to go on from the newest save all ranks hold"
        : held + ": run the same command to go on from there";
  }

  /** The solve is over: a stop no longer leaves it at a save. */
  void close() {
    if (stopNote != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(stopNote);
      } catch (IllegalStateException e) {
        // the JVM is stopping: the note runs
      }
      stopNote = null;
    }
  }

  private String setName() {
    return RankCheckpoint.setName(files.file(), world.size());
  }

  /** Rank 0 says {@code text} (if any) on standard error, before the solve's progress begins. */
  private void note(String text) {
    if (text != null && world.rank() == 0) {
      System.err.println(text);
      System.err.flush();
    }
  }

  /** The saves this job made. */
  int saves() {
    return saves;
  }

  /** The seconds they took, this rank's count (each ends with a vote, so about the same on every rank). */
  double seconds() {
    return seconds;
  }
}
