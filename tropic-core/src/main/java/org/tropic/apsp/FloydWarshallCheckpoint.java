package org.tropic.apsp;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.tropic.io.Leftovers;
import org.tropic.io.OutputLocationException;
import org.tropic.io.OutputLocations;

/**
 * Where a blocked Floyd–Warshall solve saves its state between pivot iterations, and how often, so that a run
 * stopped by a batch system's time limit, a crash or a Ctrl-C goes on from its last save instead of from the start.
 * A solve given a checkpoint whose file exists resumes from it, once the file is checked to be of the same graph
 * and solve (see {@link CheckpointFile}); the caller deletes the file once the result is safely stored.
 *
 * <p>Saving costs a write of the stored tiles (n²×4 bytes, half that on the upper triangle) and a barrier: the
 * lookahead stops at the save, so saves are spaced by {@code every}, not made at each iteration.
 *
 * @param file the checkpoint file
 * @param every the time between saves (at least one pivot iteration apart)
 * @param onSave told of each save once it is in place, from the solving thread
 */
public record FloydWarshallCheckpoint(Path file, Duration every, SaveListener onSave) {
  /** More than a save's header and trailer take. */
  private static final long HEADER_ALLOWANCE = 4096;

  /** Hears of saves: a long solve's log can say when its state was last made safe. */
  @FunctionalInterface
  public interface SaveListener {
    /**
     * A save is in place.
     *
     * @param iterationsDone pivot iterations it holds
     * @param iterations all pivot iterations of the solve
     * @param bytes the file's size
     * @param seconds how long writing it took
     */
    void saved(int iterationsDone, int iterations, long bytes, double seconds);

    /**
     * A save is about to be written: the solve waits for it, tens of seconds for the largest saves, which a log can
     * say so that the pause is not taken for a hang.
     *
     * @param iterationsDone pivot iterations it will hold
     * @param iterations all pivot iterations of the solve
     * @param bytes about the size it will have
     */
    default void saving(int iterationsDone, int iterations, long bytes) {}

    /**
     * Where the save being written reports its tiles: a save is n²×4 bytes (half on the upper triangle), a write
     * of minutes at the sizes that take hours to solve, during which the solve's own progress stands still.
     */
    default Progress writing() {
      return Progress.NONE;
    }

    /**
     * A save failed (a full disk, a folder gone): the solve goes on, the last save in place, if any, stays, and the
     * next save is tried when due.
     *
     * @param iterationsDone pivot iterations the failed save would have held
     * @param reason what went wrong, naming the file
     */
    default void notSaved(int iterationsDone, String reason) {}
  }

  /** Saves to {@code file} every {@code every}, telling no one. */
  public FloydWarshallCheckpoint(Path file, Duration every) {
    this(file, every, (done, all, bytes, seconds) -> { });
  }

  public FloydWarshallCheckpoint {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(every, "every");
    Objects.requireNonNull(onSave, "onSave");
    if (every.isNegative()) {
      throw new IllegalArgumentException("the time between checkpoints must be ≥ 0, got " + every);
    }
  }

  /**
   * What an earlier save holds.
   *
   * @param graphFingerprint the fingerprint of the graph it solves
   * @param n its vertices
   * @param blockSize its tile side b, which the resumed solve must use
   * @param arithmetic the arithmetic label of its tiles
   * @param symmetric whether it stores the upper triangle of tiles only
   * @param vertexOrder {@code ids}, or a digest of its pivot order
   * @param iterationsDone pivot iterations already in its tiles
   * @param iterations all pivot iterations of its solve
   * @param when when it was saved, ISO-8601
   */
  public record Saved(String graphFingerprint, int n, int blockSize, String arithmetic, boolean symmetric,
      String vertexOrder, int iterationsDone, int iterations, String when) {}

  /**
   * Reads the whole checkpoint in {@code file}, a single-node save or a rank's part, checking its size and checksum
   * as a run going on from it would, telling {@code progress} of each tile read.
   *
   * @throws IllegalArgumentException naming the file when it is not a checkpoint, or is truncated or corrupt
   */
  public static void verify(Path file, Progress progress) {
    CheckpointFile.verify(file, progress);
  }

  /** Whether {@code file} starts as a checkpoint does, so a command given one can say what it is. */
  public static boolean looksLikeOne(Path file) {
    return CheckpointFile.startsWithMagic(file);
  }

  /**
   * The save in {@link #file()}, or {@code null} when there is none yet.
   *
   * @throws IllegalArgumentException naming the file when it is not a checkpoint Tropic can read, or when there is
   *     none but parts of a distributed save of that name lie beside it: a run on one node cannot go on from them,
   *     and would otherwise start afresh without saying they were not used
   */
  public Saved saved() {
    if (!exists()) {
      refuseDistributedParts();
      return null;
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      CheckpointFile.Header header = CheckpointFile.readHeader(channel, file);
      CheckpointFile.Identity id = header.identity();
      return new Saved(id.graphFingerprint(), id.n(), id.blockSize(), id.arithmetic(), id.symmetric(),
          id.pivotOrder(), header.iterationsDone(), header.iterations(), header.saved());
    } catch (IOException e) {
      throw CheckpointFile.failure("cannot read the checkpoint " + file, e);
    }
  }

  private void refuseDistributedParts() {
    List<PartCheckpointFile.Part> parts;
    try {
      parts = PartCheckpointFile.partsBeside(file);
    } catch (IOException e) {
      throw CheckpointFile.failure("cannot list the folder of the checkpoint " + file, e);
    }
    if (!parts.isEmpty()) {
      PartCheckpointFile.Part part = parts.getFirst();
      throw new IllegalArgumentException("checkpoint " + file + ": there is none, but " + part.file() + " beside it"
          + (parts.size() > 1 ? " (and " + (parts.size() - 1) + " more)" : "") + " is part of a distributed save of "
          + part.ranks() + " ranks, which a run on one node cannot go on from ('mpirun -np " + part.ranks()
          + " tropic apsp ... --distributed --checkpoint " + file + "' does): name another checkpoint file, or delete "
          + file + ".rank-*-of-" + part.ranks() + ".* to start afresh");
    }
  }

  /** About the size of one save of an n-vertex solve in tiles of b: the stored tiles, a little more. */
  public static long saveBytes(int n, int blockSize, boolean symmetric) {
    return TiledDistanceMatrix.storageBytes(n, blockSize, symmetric) + HEADER_ALLOWANCE;
  }

  /**
   * Whether a save exists. Anything there but a regular file is refused: a folder would fail the read with the
   * file system's bare "Is a directory", and a FIFO would block it for ever.
   *
   * @throws IllegalArgumentException naming the file and what it is
   */
  boolean exists() {
    if (!Files.exists(file)) {
      return false;
    }
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("checkpoint " + file + ": it is " + (Files.isDirectory(file) ? "a folder"
          : "a device, FIFO or socket") + ", not a checkpoint file; give the name of a file (or of none yet)");
    }
    return true;
  }

  /**
   * Deletes the partial saves a run killed while saving left beside the file ({@code .NAME.tmp-} and 16 hex
   * digits): a SIGKILL, an out-of-memory kill or a power cut leaves one, as large as a save, and the next save
   * does not replace it, so each such stop would otherwise leave another n²×4 bytes on the disk. A run still
   * saving to the same file at the same time (which nothing supports) would lose its save in progress. A leftover
   * that cannot be deleted is left in place.
   *
   * @return the bytes freed
   * @throws IOException if the folder cannot be listed
   */
  public long deleteLeftovers() throws IOException {
    Path target = file.toAbsolutePath();
    Path folder = target.getParent();
    if (!Files.isDirectory(folder)) {
      return 0;
    }
    String prefix = CheckpointFile.TEMPORARY_PREFIX.formatted(target.getFileName());
    return Leftovers.delete(folder, Leftovers.prefixAndHex(List.of(prefix)));
  }

  /**
   * Checks, before the solve, that saves of an n-vertex solve in tiles of b can be written: the file is not a
   * folder or special file, its folder takes files, and the disk has room for every file the run keeps at once.
   * A save is written beside the one it replaces, so a run that starts afresh holds two saves while it writes its
   * second (one, beside the earlier save, when it resumes), and the result is written while the last save is
   * still there, to be deleted only once the result is stored: both found after the solve would fail it.
   *
   * @param resultFile where the result is written, or {@code null} for none
   * @param resultBytes the bytes of that result, counted where it is on the same file system as the saves
   * @throws OutputLocationException naming the file and, for space, the bytes needed and free
   */
  public void checkWritable(int n, int blockSize, boolean symmetric, Path resultFile, long resultBytes)
      throws IOException {
    OutputLocations.check(file);
    long save = saveBytes(n, blockSize, symmetric);
    FileStore store = Files.getFileStore(nearestFolder(file));
    boolean resultHere = resultFile != null && store.equals(Files.getFileStore(nearestFolder(resultFile)));
    boolean resuming = Files.isRegularFile(file); // its bytes are already used
    long need = (resuming ? 0 : save) + Math.max(save, resultHere ? resultBytes : 0);
    if (store.getUsableSpace() < need) {
      String result = resultHere && resultBytes > save
          ? String.format(Locale.ROOT, "the result %s (%,d bytes)", resultFile, resultBytes) : null;
      String held = result != null ? (resuming ? result + " beside the save it goes on from"
          : "a save and, before it is deleted, " + result + " beside it")
          : resuming ? "a save beside the one it goes on from" : "two saves at once, each written beside the last";
      throw new OutputLocationException(String.format(Locale.ROOT, "not enough disk space for the checkpoint %s:"
          + " a save of n=%d in tiles of %d takes %,d bytes (%.1f MiB), and the run holds %s: %,d bytes"
          + " (%.1f MiB), but %s has %,d bytes usable", file, n, blockSize, save, save / 1048576.0, held, need,
          need / 1048576.0, store, store.getUsableSpace()));
    }
  }

  /** The folder {@code path} goes in, or the nearest one above it that exists (the rest is created). */
  private static Path nearestFolder(Path path) {
    Path folder = path.toAbsolutePath().getParent();
    while (!Files.exists(folder) && folder.getParent() != null) {
      folder = folder.getParent();
    }
    return folder;
  }
}
