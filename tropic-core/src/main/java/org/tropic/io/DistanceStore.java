package org.tropic.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.apsp.Progress;
import org.tropic.graph.VertexLabels;
import org.tropic.semiring.Arithmetic;

/**
 * Writes a distance matrix as {@code OUT.npy} (float32, C order, readable by {@code numpy.load(..., mmap_mode='r')})
 * with its {@link Sidecar} {@code OUT.npy.json}, and optionally an int32 predecessor matrix, all or nothing.
 *
 * <p><b>How a write commits.</b> Every file is first written completely to a hidden temporary in the target
 * directory ({@code .OUT.npy.tmp-<random>}) and forced to disk; a failure up to here deletes the temporaries and
 * leaves any earlier result untouched. Then, in this order: the old sidecar is deleted (with the predecessor file
 * it names when the new result has none, so no stale one is left beside it), the predecessor file and
 * {@code OUT.npy} are renamed into place, and the sidecar is renamed last (each an atomic rename). The sidecar is
 * the commit record: readers ({@link NpyDistanceMatrix#open(Path)}) refuse an {@code OUT.npy} without one, and
 * whenever a sidecar exists the files beside it are the ones it describes. Renaming the sidecar first would let a
 * crash pair a new sidecar with an old or missing matrix; leaving the old sidecar in place would pair it with a
 * new matrix. A failure during the renames removes what this write had put in place, so the worst outcome is no
 * result, never a mismatched or partial one. A Ctrl-C or SIGTERM does not interrupt the renames: the shutdown hook
 * that deletes temporaries ({@link PendingFiles}) waits for them, so the old result or the new one stands.
 *
 * <p>Peak extra memory is one row (plus a 4 MiB buffer), never a second n² copy. The disk's usable space is
 * checked before anything is written.
 */
public final class DistanceStore {

  /** Rows of floats to store: a {@link DistanceMatrix}, tiles of a solver, anything that can copy a row. */
  public interface RowSource {

    /** The number of rows and columns n. */
    int size();

    /** Copies row u into {@code dst[0..n)}. */
    void copyRow(int u, float[] dst);

    /** The rows of a distance matrix. */
    static RowSource of(DistanceMatrix matrix) {
      Objects.requireNonNull(matrix, "matrix");
      return new RowSource() {
        @Override
        public int size() {
          return matrix.size();
        }

        @Override
        public void copyRow(int u, float[] dst) {
          matrix.copyRow(u, dst);
        }
      };
    }

    /**
     * The rows of an n×n matrix held as square tiles, decoding each value from the solver's storage form.
     *
     * @param tiles {@code t×t} row-major tiles of {@code tileSize²} values, {@code tiles[tileRow * t + tileCol]},
     *     {@code t = ceil(n / tileSize)}; values beyond n (padding) are ignored
     * @param arithmetic the path the values are stored in ({@link Arithmetic#decode})
     */
    static RowSource ofTiles(float[][] tiles, int n, int tileSize, Arithmetic arithmetic) {
      Objects.requireNonNull(arithmetic, "arithmetic");
      if (n < 0 || tileSize < 1) {
        throw new IllegalArgumentException("n=" + n + ", tileSize=" + tileSize);
      }
      int perSide = (int) ((n + (long) tileSize - 1) / tileSize);
      if (tiles.length != (long) perSide * perSide) {
        throw new IllegalArgumentException(tiles.length + " tiles for n=" + n + " and tile size " + tileSize
            + " (expected " + perSide + "×" + perSide + ")");
      }
      for (int i = 0; i < tiles.length; i++) {
        if (tiles[i] == null || tiles[i].length != tileSize * tileSize) {
          throw new IllegalArgumentException("tile " + i + " holds " + (tiles[i] == null ? "null" : tiles[i].length
              + " values") + ", not " + tileSize + "×" + tileSize);
        }
      }
      return new RowSource() {
        @Override
        public int size() {
          return n;
        }

        @Override
        public void copyRow(int u, float[] dst) {
          int tileRow = u / tileSize;
          int inTile = (u % tileSize) * tileSize;
          for (int tileCol = 0; tileCol < perSide; tileCol++) {
            int from = tileCol * tileSize;
            System.arraycopy(tiles[tileRow * perSide + tileCol], inTile, dst, from, Math.min(tileSize, n - from));
          }
          arithmetic.decodeInPlace(dst, 0, n);
        }
      };
    }
  }

  /** Rows of int32 values to store, e.g. predecessors (−1 = none). */
  public interface IntRowSource {

    /** The number of rows and columns n. */
    int size();

    /** Copies row u into {@code dst[0..n)}. */
    void copyRow(int u, int[] dst);
  }

  /**
   * Predecessors found from the distances once they are on disk, for distances that are streamed and not held (say,
   * an update's): handed the written matrix, mapped from the staged file, it returns the rows to store beside it.
   */
  @FunctionalInterface
  public interface PredecessorsOf {

    /** The n×n predecessors of {@code written}, read before the write returns. */
    IntRowSource of(DistanceMatrix written);

    /** The sidecar to store once the predecessors are staged, e.g. with the time they took; as given by default. */
    default Sidecar completed(Sidecar sidecar) {
      return sidecar;
    }
  }

  /** Room for the checksums, which are added to the sidecar once the matrices are written. */
  private static final int CHECKSUMS_JSON_BYTES = 160;

  /** For tests: runs inside a commit, just after the old sidecar is deleted, so a test can stop it there. */
  static volatile Runnable insideCommit = () -> {};

  private DistanceStore() {}

  /**
   * Writes {@code matrix} to {@code out} with its sidecar, all or nothing; see
   * {@link #write(RowSource, IntRowSource, Path, Sidecar, Progress)}.
   *
   * @throws IllegalArgumentException if the matrix has labels and the sidecar records others (or none)
   */
  public static void write(DistanceMatrix matrix, Path out, Sidecar sidecar, Progress progress) throws IOException {
    Objects.requireNonNull(sidecar, "sidecar");
    checkSize(sidecar, matrix.size());
    VertexLabels labels = matrix.labels();
    if (labels != null && !labels.names().equals(sidecar.labels())) {
      throw new IllegalArgumentException("the matrix's vertex labels differ from the sidecar's: build the sidecar"
          + " from the graph the matrix was computed from");
    }
    write(RowSource.of(matrix), null, out, sidecar, progress);
  }

  /**
   * Writes distances to {@code out}, optionally predecessors to {@link #predecessorsPathFor}{@code (out)}, and the
   * sidecar to {@link Sidecar#pathFor}{@code (out)}, all or nothing (see the class comment). Existing files of
   * those names are replaced.
   *
   * @param distances n×n distances, n equal to the sidecar's
   * @param predecessors n×n predecessors, or {@code null} for none; the sidecar is stored naming the file
   * @param progress told of each row written (n per matrix)
   * @throws IOException if the disk lacks room (with the numbers; an {@link OutputLocationException}, as is a
   *     target that is a folder or special file) or a write fails; nothing new is left behind
   */
  public static void write(RowSource distances, IntRowSource predecessors, Path out, Sidecar sidecar,
      Progress progress) throws IOException {
    writeFindingPredecessors(distances, predecessors == null ? null : written -> predecessors, out, sidecar,
        progress);
  }

  /**
   * As {@link #write(RowSource, IntRowSource, Path, Sidecar, Progress)}, with predecessors found from the distances
   * as written: the distances are staged first, then mapped and handed to {@code predecessors}, whose rows are staged
   * next; the result is published as a whole only then.
   *
   * @param predecessors what finds the predecessors from the written distances, or {@code null} for none
   */
  public static void writeFindingPredecessors(RowSource distances, PredecessorsOf predecessors, Path out,
      Sidecar sidecar, Progress progress) throws IOException {
    Objects.requireNonNull(distances, "distances");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(sidecar, "sidecar");
    Objects.requireNonNull(progress, "progress");
    int n = distances.size();
    checkSize(sidecar, n);
    Path target = out.toAbsolutePath();
    Path predecessorsTarget = predecessors == null ? null : predecessorsPathFor(target);
    Sidecar stored = predecessors == null ? sidecar.withPredecessors(null)
        : sidecar.withPredecessors(predecessorsTarget.getFileName().toString());
    NpyHeader distanceHeader = NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n);
    NpyHeader predecessorHeader = predecessors == null ? null : NpyHeader.of(NpyHeader.Dtype.INT32, n, n);
    OutputLocations.refuseSpecialFiles(target, Sidecar.pathFor(target), predecessorsTarget);
    checkSpace(target, n, distanceHeader, predecessorHeader, stored.toJson().length + CHECKSUMS_JSON_BYTES);

    List<Path> temporaries = new ArrayList<>();
    allOrNothing(target, temporaries, () -> {
      Path distancesTemp = createTemporary(target, temporaries);
      String distancesChecksum = stageRows(distancesTemp, target, distanceHeader, progress,
          channel -> NpyRowWriter.writeFloats(channel, distanceHeader, distances, progress));
      Path predecessorsTemp = null;
      String predecessorsChecksum = null;
      if (predecessors != null) {
        predecessorsTemp = createTemporary(predecessorsTarget, temporaries);
        try (NpyDistanceMatrix written = NpyDistanceMatrix.openWithoutSidecar(distancesTemp, null)) {
          IntRowSource rows = predecessors.of(written);
          if (rows.size() != n) {
            throw new IllegalArgumentException("predecessors are " + rows.size() + "×" + rows.size()
                + " but distances are " + n + "×" + n);
          }
          predecessorsChecksum = stageRows(predecessorsTemp, predecessorsTarget, predecessorHeader, progress,
              channel -> NpyRowWriter.writeInts(channel, predecessorHeader, rows, progress));
        }
      }
      Sidecar.Checksums checksums = new Sidecar.Checksums(distancesChecksum, predecessorsChecksum);
      Path sidecarTemp = createTemporary(Sidecar.pathFor(target), temporaries);
      Sidecar completed = predecessors == null ? stored : predecessors.completed(stored);
      stageBytes(sidecarTemp, completed.withChecksums(checksums).toJson());
      commit(target, distancesTemp, predecessorsTarget, predecessorsTemp, sidecarTemp);
    });
  }

  /**
   * Writes an n×n int32 matrix (e.g. predecessors, −1 = none) to {@code out} alone, atomically: a temporary, then
   * one rename. For a predecessor file that belongs to a result prefer {@link #write(RowSource, IntRowSource, Path,
   * Sidecar, Progress)}, which keeps the set consistent.
   */
  public static void writeInts(IntRowSource rows, Path out, Progress progress) throws IOException {
    Objects.requireNonNull(rows, "rows");
    Path target = out.toAbsolutePath();
    NpyHeader header = NpyHeader.of(NpyHeader.Dtype.INT32, rows.size(), rows.size());
    OutputLocations.refuseSpecialFiles(target);
    checkSpace(target, rows.size(), null, header, 0);
    List<Path> temporaries = new ArrayList<>();
    allOrNothing(target, temporaries, () -> {
      Path temp = createTemporary(target, temporaries);
      stageRows(temp, target, header, progress, channel -> NpyRowWriter.writeInts(channel, header, rows, progress));
      PendingFiles.commit(List.of(temp), () -> move(temp, target));
      forceDirectory(target.getParent());
    });
  }

  /**
   * Starts a float32 n×n result that several writers fill piecewise — e.g. MPI ranks, each writing its tiles at
   * {@link NpyHeader#offsetOf} — and {@link #commitStaged} publishes: checks the disk space, creates the hidden
   * temporary beside {@code out} with the {@code .npy} header and its full length (the data region reads as zeros
   * until written), and returns it. Nothing is visible under {@code out} until the commit.
   *
   * @return the temporary to write into and later commit or {@link #discardStaged discard}
   * @throws IOException if the disk lacks room (with the numbers) or the file or its missing folders cannot be
   *     created; no file is left behind
   */
  public static Path createStaged(Path out, int n) throws IOException {
    Objects.requireNonNull(out, "out");
    if (n < 0) {
      throw new IllegalArgumentException("negative size " + n);
    }
    Path target = out.toAbsolutePath();
    NpyHeader header = NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n);
    OutputLocations.refuseSpecialFiles(target, Sidecar.pathFor(target));
    checkSpace(target, n, header, null, 0);
    List<Path> temporaries = new ArrayList<>();
    try {
      Path temp = createTemporary(target, temporaries);
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer bytes = ByteBuffer.wrap(header.toBytes());
        while (bytes.hasRemaining()) {
          channel.write(bytes, bytes.position());
        }
        if (header.fileSize() > header.dataOffset()) {
          channel.write(ByteBuffer.allocate(1), header.fileSize() - 1);
        }
      }
      return temp;
    } catch (IOException | RuntimeException | Error e) {
      deleteQuietly(temporaries, e);
      throw e;
    }
  }

  /**
   * Publishes a result started with {@link #createStaged} once every piece has been written: forces it to disk,
   * stages the sidecar, and renames both into place in the same order as {@link #write(RowSource, IntRowSource,
   * Path, Sidecar, Progress)}, so readers see the old result, no result, or the complete new one. The staged file
   * is deleted if anything fails.
   *
   * @throws IOException if the staged file is not a complete n×n float32 {@code .npy} or a write or rename fails
   */
  public static void commitStaged(Path staged, Path out, Sidecar sidecar) throws IOException {
    Objects.requireNonNull(staged, "staged");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(sidecar, "sidecar");
    Path target = out.toAbsolutePath();
    List<Path> temporaries = new ArrayList<>(List.of(staged));
    allOrNothing(target, temporaries, () -> {
      NpyHeader expected = NpyHeader.of(NpyHeader.Dtype.FLOAT32, sidecar.n(), sidecar.n());
      try (FileChannel channel = FileChannel.open(staged, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        NpyHeader header = NpyHeader.read(channel, staged, NpyHeader.Dtype.FLOAT32);
        if (header.rows() != sidecar.n() || header.columns() != sidecar.n()) {
          throw new IOException(staged + " holds a " + header.rows() + "×" + header.columns()
              + " matrix but the sidecar is for n=" + sidecar.n());
        }
        finish(channel, staged, expected);
      }
      Sidecar.Checksums checksums = new Sidecar.Checksums(
          SampledRowsChecksum.of(staged, NpyHeader.Dtype.FLOAT32), null);
      Path sidecarTemp = createTemporary(Sidecar.pathFor(target), temporaries);
      stageBytes(sidecarTemp, sidecar.withPredecessors(null).withChecksums(checksums).toJson());
      commit(target, staged, null, null, sidecarTemp);
    });
  }

  /** Deletes a result started with {@link #createStaged} that will not be committed (after a failure). */
  public static void discardStaged(Path staged) throws IOException {
    Files.deleteIfExists(staged);
    PendingFiles.done(staged);
  }

  private static void checkSize(Sidecar sidecar, int n) {
    if (sidecar.n() != n) {
      throw new IllegalArgumentException("the sidecar is for n=" + sidecar.n() + " but the matrix is " + n + "×"
          + n);
    }
  }

  /** The predecessor file of a result: {@code OUT.npy} → {@code OUT.pred.npy} (else {@code OUT.pred.npy} appended). */
  public static Path predecessorsPathFor(Path out) {
    String name = out.getFileName().toString();
    String stem = name.endsWith(".npy") ? name.substring(0, name.length() - 4) : name;
    return out.resolveSibling(stem + ".pred.npy");
  }

  /**
   * Renames the staged files into place. No order of renames replaces two files at one instant, so this order makes
   * every intermediate state one that readers recognise: the old sidecar goes first, and from then until the new
   * sidecar lands there is no sidecar, which readers refuse as an incomplete result. So at every instant the files
   * are the old complete pair, the new complete pair, or no result; never a sidecar beside a matrix it does not
   * describe. The whole sequence runs under {@link PendingFiles#commit}: a Ctrl-C or SIGTERM waits for it to end
   * (or stops it before it starts), so only a kill -9 or a crash in these few milliseconds can leave no result.
   */
  private static void commit(Path target, Path distancesTemp, Path predecessorsTarget, Path predecessorsTemp,
      Path sidecarTemp) throws IOException {
    List<Path> staged = new ArrayList<>(List.of(distancesTemp, sidecarTemp));
    if (predecessorsTemp != null) {
      staged.add(predecessorsTemp);
    }
    PendingFiles.commit(staged, () -> renameIntoPlace(target, distancesTemp, predecessorsTarget, predecessorsTemp,
        sidecarTemp));
    forceDirectory(target.getParent());
  }

  private static void renameIntoPlace(Path target, Path distancesTemp, Path predecessorsTarget,
      Path predecessorsTemp, Path sidecarTemp) throws IOException {
    Path sidecarTarget = Sidecar.pathFor(target);
    Path stalePredecessors = predecessorsTemp == null ? predecessorsNamedBy(sidecarTarget, target) : null;
    List<Path> placed = new ArrayList<>();
    try {
      Files.deleteIfExists(sidecarTarget);
      insideCommit.run();
      if (stalePredecessors != null) {
        // The old sidecar, the only record pairing this file with a result, is gone: a reader could otherwise take
        // the earlier run's predecessors for the new distances' ones.
        Files.deleteIfExists(stalePredecessors);
      }
      if (predecessorsTemp != null) {
        move(predecessorsTemp, predecessorsTarget);
        placed.add(predecessorsTarget);
      }
      move(distancesTemp, target);
      placed.add(target);
      move(sidecarTemp, sidecarTarget);
    } catch (IOException | RuntimeException | Error e) {
      deleteQuietly(placed, e);
      throw e;
    }
  }

  /**
   * The predecessor file the existing sidecar of {@code target} names, or {@code null}: none, or a sidecar that
   * cannot be read, whose files are then left alone since nothing says they are Tropic's.
   */
  private static Path predecessorsNamedBy(Path sidecar, Path target) {
    if (!Files.isRegularFile(sidecar)) {
      return null;
    }
    try {
      String name = Sidecar.read(sidecar).predecessors();
      return name == null ? null : target.resolveSibling(Path.of(name).getFileName());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** A write's steps, which list each temporary they create in the write's list before they fill it. */
  @FunctionalInterface
  private interface Staging {
    void run() throws IOException;
  }

  /**
   * Runs {@code staging} all or nothing: if it fails, every file in {@code temporaries} is deleted, and an I/O
   * failure is rethrown naming {@code target}, the file the user asked for, rather than a hidden temporary.
   */
  private static void allOrNothing(Path target, List<Path> temporaries, Staging staging) throws IOException {
    try {
      staging.run();
    } catch (IOException e) {
      deleteQuietly(temporaries, e);
      throw WriteFailures.naming(target, e);
    } catch (RuntimeException | Error e) {
      deleteQuietly(temporaries, e);
      throw e;
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
      PendingFiles.done(from);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("cannot rename " + from + " to " + to + " atomically on this file system", e);
    }
  }

  /** Writes a matrix's rows, float32 or int32, to the channel of a staged file. */
  @FunctionalInterface
  private interface RowWriting {
    void writeTo(FileChannel channel) throws IOException;
  }

  /**
   * Writes the rows into the temporary {@code file}; progress names the file the user asked for. One method for
   * float32 distances and int32 predecessors alike, so that both are checked, forced and summed the same way.
   *
   * @return the file's {@link SampledRowsChecksum}
   */
  private static String stageRows(Path file, Path target, NpyHeader header, Progress progress, RowWriting rows)
      throws IOException {
    progress.begin("writing " + target.getFileName(), header.rows());
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      rows.writeTo(channel);
      finish(channel, file, header);
      return SampledRowsChecksum.of(file, header.dtype());
    } catch (Throwable e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
  }

  private static void finish(FileChannel channel, Path file, NpyHeader header) throws IOException {
    if (channel.size() != header.fileSize()) {
      throw new IOException(file + ": wrote " + channel.size() + " bytes where " + header.fileSize()
          + " were due");
    }
    channel.force(true);
  }

  private static void stageBytes(Path file, byte[] bytes) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(true);
    }
  }

  /** Creates {@code .NAME.tmp-<random>} beside {@code target}, recording it for clean-up. */
  private static Path createTemporary(Path target, List<Path> temporaries) throws IOException {
    String random = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
    Path temp = target.resolveSibling("." + target.getFileName() + ".tmp-" + random);
    Files.createDirectories(target.getParent());
    PendingFiles.createFile(temp);
    temporaries.add(temp);
    return temp;
  }

  /**
   * Checks, before a long solve, that {@code out} can take an n×n result (and its predecessors): none of the files
   * it will replace is a folder or a special file (a device, FIFO or socket, which the rename would replace by a
   * regular file), the nearest existing folder on its path is one and takes new files (a hidden file is created
   * there and deleted), and the disk has room (missing folders are created when it is written). {@link #write}
   * checks again when it writes.
   *
   * @throws OutputLocationException naming the file and what is wrong, with the bytes needed and free when it is
   *     space
   */
  public static void checkWritable(Path out, int n, boolean predecessors) throws IOException {
    Path target = out.toAbsolutePath();
    if (Files.isDirectory(target)) {
      throw new OutputLocationException("cannot write " + target + ": it is a folder; give a file name such as "
          + target.resolve("distances.npy"));
    }
    OutputLocations.check(target, Sidecar.pathFor(target), predecessors ? predecessorsPathFor(target) : null);
    checkSpace(target, n, NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n),
        predecessors ? NpyHeader.of(NpyHeader.Dtype.INT32, n, n) : null, 0);
  }

  /**
   * Deletes the partial files a write killed before it finished left beside {@code out}: {@code .NAME.tmp-} and 16
   * hex digits, NAME the result's, its sidecar's or its predecessor file's. A Ctrl-C or SIGTERM deletes them as it
   * stops; a SIGKILL, an out-of-memory kill or a power cut leaves one as large as the result (a kill -9 while
   * cond-mat's result was written left a hidden 866 MB file), which no later write replaces, so each such stop would
   * leave another on the disk. Called before a run's checks, so the room they take counts as free. A run writing
   * the same result at the same time (which nothing supports) would lose its write in progress; a leftover that
   * cannot be deleted is left for the checks that follow.
   *
   * @return the bytes freed
   * @throws IOException if the folder cannot be listed
   */
  public static long deleteLeftovers(Path out) throws IOException {
    Path target = out.toAbsolutePath();
    Path folder = target.getParent();
    if (folder == null || !Files.isDirectory(folder)) {
      return 0;
    }
    List<String> prefixes = new ArrayList<>();
    for (Path file : List.of(target, Sidecar.pathFor(target), predecessorsPathFor(target))) {
      prefixes.add("." + file.getFileName() + ".tmp-");
    }
    return Leftovers.delete(folder, Leftovers.prefixAndHex(prefixes));
  }

  /** The bytes of an n×n result's matrices, as {@link #write} stores them (the sidecar aside). */
  public static long resultBytes(int n, boolean predecessors) {
    return NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n).fileSize()
        + (predecessors ? NpyHeader.of(NpyHeader.Dtype.INT32, n, n).fileSize() : 0);
  }

  private static void checkSpace(Path target, int n, NpyHeader distances, NpyHeader predecessors, long jsonBytes)
      throws IOException {
    // A missing folder is created when the file is written, as every other output of Tropic does; until then the
    // space is that of the nearest folder that exists, which checkRoom looks at.
    long need = jsonBytes;
    List<String> parts = new ArrayList<>();
    for (NpyHeader header : new NpyHeader[] {distances, predecessors}) {
      if (header != null) {
        need += header.fileSize();
        parts.add(String.format(Locale.ROOT, "%s %d + %,d²×4 = %,d", header == distances ? "distances"
            : "predecessors", header.dataOffset(), n, header.fileSize()));
      }
    }
    if (jsonBytes > 0) {
      parts.add(String.format(Locale.ROOT, "sidecar %,d", jsonBytes));
    }
    OutputLocations.checkRoom(target, String.format(Locale.ROOT, "n = %,d", n), need, String.join(", ", parts));
  }

  /** Makes the renames durable; some file systems cannot sync a directory, and then rename order still holds. */
  private static void forceDirectory(Path directory) {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // not supported here (e.g. some platforms refuse to open directories); the data itself is forced
    }
  }

  private static void deleteQuietly(List<Path> files, Throwable cause) {
    for (Path file : files) {
      try {
        Files.deleteIfExists(file);
        PendingFiles.done(file);
      } catch (IOException e) {
        cause.addSuppressed(e);
      }
    }
  }
}
