package org.tropic.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.PartCheckpointFile;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.io.DistanceStore;
import org.tropic.io.PendingFiles;
import org.tropic.io.Sidecar;
import org.tropic.io.Units;
import org.tropic.semiring.MinPlusKernels;

/**
 * What a checkpointed Floyd–Warshall ({@code tropic apsp --checkpoint FILE}, {@code tropic kg build --apsp
 * --apsp-checkpoint FILE}) checks and says before the solve.
 */
public final class CheckpointFiles {
  private CheckpointFiles() {}

  /** The note of {@link #noteOnStop}, withdrawn when closed. */
  public interface StopNote extends AutoCloseable {
    @Override
    void close();

    /**
     * From now on a stop finds the result stored in {@code output}: the note says so, not that the work is lost (a
     * SIGTERM as the result was renamed into place said "the same command starts afresh", exit 143, beside a
     * complete result).
     */
    default void resultStored(Path output) {}
  }

  /** A note printed by a shutdown hook: what it says is asked when the JVM stops. */
  static final class Note implements StopNote {
    private final Supplier<String> where;
    private final Path checkpoint;
    private final Thread hook;
    private volatile Path stored;

    /** {@code checkpoint}: the run's saves, or null for none. */
    Note(String command, PrintWriter err, Supplier<String> where, Path checkpoint) {
      this.where = where;
      this.checkpoint = checkpoint;
      this.hook = new Thread(() -> {
        err.printf("%n%s: stopped; %s%n", command, text());
        err.flush();
      }, "note-on-stop");
    }

    /** What the note says now; a commit of the result in progress is waited for, so that its outcome is known. */
    String text() {
      PendingFiles.awaitCommit();
      Path output = stored;
      return output == null ? where.get() : "the result " + output + " was stored whole before the stop: nothing"
          + " is lost but the summary after it" + (checkpoint == null ? ""
              : "; the checkpoint " + checkpoint + " is not needed any more: delete it");
    }

    @Override
    public void resultStored(Path output) {
      stored = output;
    }

    @Override
    public void close() {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is stopping: the note runs
      }
    }
  }

  /** Refuses a checkpoint file that is the input graph or one of the files the result is written to. */
  static void refuseClashes(Path checkpoint, Path graph, Path output, boolean predecessors) {
    OutputPaths.refuseInputAsOutput("--checkpoint", checkpoint, graph, "the input graph");
    if (output == null) {
      return;
    }
    for (Path result : new Path[] {output, Sidecar.pathFor(output),
        predecessors ? DistanceStore.predecessorsPathFor(output) : null}) {
      if (result != null && OutputPaths.sameFile(checkpoint, result)) {
        throw new IllegalArgumentException("--checkpoint names " + result + ", which the result is written to;"
            + " choose another file name");
      }
    }
  }

  /**
   * The share of the whole solve's work a run does: all of it, or what is left after the iterations in the save it
   * goes on from, so that figures per unit of work (GFLOP/s) are of the work this run did.
   */
  public static double shareOfWork(FloydWarshallCheckpoint.Saved saved) {
    return saved == null || saved.iterations() == 0 ? 1
        : (double) (saved.iterations() - saved.iterationsDone()) / saved.iterations();
  }

  /**
   * Until closed, says on {@code err} where the checkpoint stands if the JVM is stopped (a batch system's SIGTERM, a
   * Ctrl-C): the run's log would otherwise end at its progress line, saying neither that a save is there nor how
   * far it goes.
   *
   * @param command the command as the user typed it, e.g. {@code tropic apsp}, which the note starts with
   */
  public static StopNote noteOnStop(FloydWarshallCheckpoint checkpoint, String command, PrintWriter err) {
    return noteOnStop(command, err, () -> {
      try {
        FloydWarshallCheckpoint.Saved saved = checkpoint.saved();
        return saved == null ? "no save of it was made yet: the same command starts afresh"
            : String.format(Locale.ROOT, "the checkpoint %s holds %d of %d pivot iterations, saved %s: run the same"
                + " command to go on from there", checkpoint.file(), saved.iterationsDone(), saved.iterations(),
                saved.when());
      } catch (RuntimeException e) {
        return e.getMessage();
      }
    }, checkpoint.file());
  }

  /**
   * Until closed, says on {@code err} that a run without {@code --checkpoint} was stopped: its log would otherwise
   * end at a progress line (`70% ... ETA 1.3 s`), looking like a hang or a crash, and say nothing of how to make
   * the next attempt keep its work.
   *
   * @param option the command's checkpoint option, {@code --checkpoint} or {@code --apsp-checkpoint}
   */
  public static StopNote noteOnStopWithoutCheckpoint(String command, String option, PrintWriter err) {
    return noteOnStop(command, err, () -> "no " + option + " was given, so the same command starts afresh ("
        + option + " FILE saves a long solve as it goes, to go on from its last save)", null);
  }

  private static StopNote noteOnStop(String command, PrintWriter err, Supplier<String> where, Path checkpoint) {
    Note note = new Note(command, err, where, checkpoint);
    Runtime.getRuntime().addShutdownHook(note.hook);
    return note;
  }

  /**
   * Checks, once the plan has fixed the tiles, that saves can be written (see
   * {@link FloydWarshallCheckpoint#checkWritable}), and says how often they come and what each takes.
   */
  public static void checkSaves(FloydWarshallCheckpoint checkpoint, int n, int blockSize, boolean symmetric,
      Path resultFile, long resultBytes, PrintWriter err) throws IOException {
    checkpoint.checkWritable(n, blockSize, symmetric, resultFile, resultBytes);
    err.printf("note: saving the solve to %s every %s, %s a save; run the same command again to go on from the"
        + " last save if it stops%n", checkpoint.file(), Units.duration(checkpoint.every().toNanos() / 1e9),
        Units.bytes(FloydWarshallCheckpoint.saveBytes(n, blockSize, symmetric)));
  }

  /** What info says of a save whose size and checksum it has checked. */
  private static final String CHECKED = "crc32c of the header and tiles matches";

  /**
   * {@code tropic info FILE} for a checkpoint: which solve it is of and how far that had got, once the whole file is
   * read and its size and checksum checked (telling {@code progress}), as a run going on from it would.
   *
   * @throws IllegalArgumentException naming the file when it is truncated or corrupt
   */
  static Report describe(Path file, Progress progress) throws IOException {
    PartCheckpointFile.Saved part = partOrNull(file);
    // a copy cut short or a flipped bit would otherwise be described as a save to go on from
    FloydWarshallCheckpoint.verify(file, progress);
    if (part != null) { // one rank's tiles of a distributed save: which rank of which grid says what they are
      PartCheckpointFile.Solve solve = part.solve();
      return new Report()
          .put("checkpoint", file.toString())
          .put("file_bytes", Files.size(file))
          .put("graph_fingerprint", solve.graphFingerprint())
          .put("vertices", solve.n())
          .put("block_size", solve.blockSize())
          .put("arithmetic", solve.arithmetic())
          .put("process_grid", solve.gridRows() + "x" + solve.gridColumns())
          .put("rank", solve.rank())
          .put("iterations_done", part.iterationsDone())
          .put("iterations", part.iterations())
          .put("saved", part.when())
          .put("checksum", CHECKED);
    }
    FloydWarshallCheckpoint.Saved saved = new FloydWarshallCheckpoint(file, Duration.ZERO).saved();
    return new Report()
        .put("checkpoint", file.toString())
        .put("file_bytes", Files.size(file))
        .put("graph_fingerprint", saved.graphFingerprint())
        .put("vertices", saved.n())
        .put("block_size", saved.blockSize())
        .put("arithmetic", saved.arithmetic())
        .put("symmetric", saved.symmetric())
        .put("vertex_order", saved.vertexOrder())
        .put("iterations_done", saved.iterationsDone())
        .put("iterations", saved.iterations())
        .put("saved", saved.when())
        .put("checksum", CHECKED);
  }

  /**
   * Refuses, for {@code tropic info}, the name given to {@code --checkpoint} of a distributed run: there is no such
   * file, only its ranks' parts beside it, and "no such graph file" left the user to guess their names.
   *
   * @throws IllegalArgumentException naming a part to give instead, where {@code file} is missing and parts lie
   *     beside it
   */
  static void refuseSetName(Path file) throws IOException {
    if (Files.exists(file) || file.getFileName() == null) {
      return;
    }
    java.util.List<PartCheckpointFile.Part> parts = PartCheckpointFile.partsBeside(file);
    if (!parts.isEmpty()) {
      PartCheckpointFile.Part part = parts.getFirst();
      throw new IllegalArgumentException(file + ": there is no such file, but " + part.file() + " beside it"
          + (parts.size() > 1 ? " (and " + (parts.size() - 1) + " more)" : "") + " is a rank's part of a distributed"
          + " checkpoint of " + part.ranks() + " ranks: give the name of a part, e.g. 'tropic info " + part.file()
          + "'");
    }
  }

  /** The header of {@code file} if it is a rank's part of a distributed save, else {@code null}. */
  private static PartCheckpointFile.Saved partOrNull(Path file) {
    try {
      return PartCheckpointFile.read(file);
    } catch (IllegalArgumentException e) {
      return null; // a single-node save, or no checkpoint: described (or refused) as one
    }
  }

  /**
   * Deletes the partial saves a run killed while saving left beside the checkpoint, before the disk is checked for
   * room for a save, and says so on {@code err}.
   */
  public static void deleteLeftovers(FloydWarshallCheckpoint checkpoint, PrintWriter err) throws IOException {
    long freed = checkpoint.deleteLeftovers();
    if (freed > 0) {
      err.printf(Locale.ROOT, "note: deleted %.1f MiB of partial saves beside %s, left by a run stopped while"
          + " saving%n", freed / 1048576.0, checkpoint.file());
    }
  }

  /**
   * The tile size to plan with: an earlier save's ({@code saved}, null for none), which the resumed solve must use
   * since the cost model may choose another each run, else {@code --block} (0: the cost model's).
   *
   * @throws IllegalArgumentException if {@code --block} was given and differs from the save's
   */
  public static int blockSize(FloydWarshallCheckpoint checkpoint, FloydWarshallCheckpoint.Saved saved, int block) {
    if (checkpoint == null || saved == null) {
      return block;
    }
    if (block != 0 && block != saved.blockSize()) {
      throw new IllegalArgumentException("--block " + block + " differs from the tile size " + saved.blockSize()
          + " of the checkpoint " + checkpoint.file() + " this run goes on from: drop --block, or delete the file"
          + " to start afresh");
    }
    return saved.blockSize();
  }

  /**
   * Checks that the save in {@code checkpoint} ({@code saved}, null for none) is of the solve {@code options} make of
   * {@code graph}, then says on {@code err} that the run goes on from it: a save of another graph or solve is
   * refused here, before the run has said it goes on from it and planned in its tile size.
   *
   * @throws IllegalArgumentException naming the file and what differs
   */
  public static void goOnFrom(FloydWarshallCheckpoint checkpoint, FloydWarshallCheckpoint.Saved saved, Graph graph,
      FloydWarshallOptions options, PrintWriter err) {
    if (checkpoint == null || saved == null) {
      return;
    }
    new BlockedFloydWarshall(MinPlusKernels.best(), options).checkResumable(graph, checkpoint);
    err.printf("note: going on from the checkpoint %s, saved %s: %d of %d pivot iterations done (the plan's"
        + " estimate is for the whole solve)%n", checkpoint.file(), saved.when(), saved.iterationsDone(),
        saved.iterations());
  }
}
