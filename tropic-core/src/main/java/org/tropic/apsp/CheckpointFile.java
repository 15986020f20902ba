package org.tropic.apsp;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;
import org.tropic.io.PendingFiles;
import org.tropic.semiring.Arithmetic;

/**
 * The file a checkpointed Floyd–Warshall solve saves: the 8 bytes {@code TROPICFW}, a little-endian int32 length,
 * that many bytes of JSON ({@link Header}: which graph and solve, how many pivot iterations are done), the stored
 * tiles in storage form (row-major tile order, I ≤ J only on the upper triangle; b² little-endian float32 each), and
 * a CRC32C of the JSON and the tile bytes (int64). The JSON is under the checksum because it says how many iterations
 * the tiles hold: one flipped digit there would otherwise resume past iterations never run, to wrong distances with
 * no error. Version 1 saves, whose CRC32C covers the tiles only, are still read. A file is written under a temporary
 * name and renamed into place, so a stop while saving leaves the previous save; a file of another graph or solve,
 * truncated or corrupt, is refused with what differs rather than resumed from.
 */
final class CheckpointFile {
  private static final byte[] MAGIC = "TROPICFW".getBytes(StandardCharsets.US_ASCII);
  static final int FORMAT_VERSION = 2;
  /** A save is written to {@code .NAME.tmp-} and 16 hex digits beside {@code NAME}, then renamed. */
  static final String TEMPORARY_PREFIX = ".%s.tmp-";
  private static final ObjectMapper JSON = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private CheckpointFile() {}

  /**
   * What a save is of. Two saves of equal identity hold tiles of the same layout and meaning, so one can go on
   * from the other.
   *
   * @param graphFingerprint {@link org.tropic.graph.Graph#fingerprint()} of the graph as given (before the pivot
   *     order, which follows from it)
   * @param n vertices
   * @param blockSize the tile side b
   * @param arithmetic the {@link Arithmetic#label()} of the tiles' storage form
   * @param symmetric whether only the tiles I ≤ J are stored
   * @param pivotOrder the order of the vertices in the tiles, {@link #pivotOrder(int[])}: a later Tropic may order
   *     pivots otherwise, and its tiles would then hold other vertices at the same places
   */
  record Identity(String graphFingerprint, int n, int blockSize, String arithmetic, boolean symmetric,
      String pivotOrder) {}

  /** The vertex order of the tiles: {@code ids}, or a CRC32C of the {@link PivotOrder} (old id at each position). */
  static String pivotOrder(int[] oldIdOf) {
    if (oldIdOf == null) {
      return "ids";
    }
    ByteBuffer bytes = ByteBuffer.allocate(oldIdOf.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    bytes.asIntBuffer().put(oldIdOf);
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return "pivot order crc32c " + HexFormat.of().toHexDigits((int) crc.getValue());
  }

  /**
   * The JSON part of a save.
   *
   * @param formatVersion {@link #FORMAT_VERSION}
   * @param identity what the tiles are of
   * @param iterationsDone pivot iterations [0, iterationsDone) are in the tiles
   * @param iterations all pivot iterations of the solve (its tiles per side)
   * @param saved when the save was made, ISO-8601
   */
  record Header(int formatVersion, Identity identity, int iterationsDone, int iterations, String saved,
      @JsonInclude(JsonInclude.Include.NON_NULL) Part part) {

    /** A whole solve's save. */
    Header(int formatVersion, Identity identity, int iterationsDone, int iterations, String saved) {
      this(formatVersion, identity, iterationsDone, iterations, saved, null);
    }
  }

  /**
   * Which rank's share of a distributed solve a save holds ({@link PartCheckpointFile}); absent from a whole
   * solve's save. Its tiles are the rank's own in its local order, so a part is only of use to the same rank of
   * the same process grid.
   *
   * @param gridRows process rows Pr
   * @param gridColumns process columns Pc
   * @param rank the rank, 0 ≤ rank &lt; Pr×Pc
   */
  record Part(int gridRows, int gridColumns, int rank) {}

  /** The tiles a save holds, in file order: {@code count} of b² floats. */
  interface Tiles {
    int count();

    /** Tile {@code index}: to write it, or (on load) the array to read it into. */
    float[] tile(int index);
  }

  /** The stored tiles of {@code d}, row-major, I ≤ J only on the upper triangle. */
  private static Tiles storedTiles(TiledDistanceMatrix d, Arithmetic loadingIn) {
    int t = d.tilesPerSide();
    int count = d.symmetric() ? t * (t + 1) / 2 : t * t;
    int[] rows = new int[count];
    int[] columns = new int[count];
    int x = 0;
    for (int i = 0; i < t; i++) {
      for (int j = d.symmetric() ? i : 0; j < t; j++, x++) {
        rows[x] = i;
        columns[x] = j;
      }
    }
    return new Tiles() {
      @Override
      public int count() {
        return count;
      }

      @Override
      public float[] tile(int index) {
        return loadingIn == null ? d.tile(rows[index], columns[index])
            : d.materialize(rows[index], columns[index], loadingIn);
      }
    };
  }

  /**
   * Saves {@code d} after {@code iterationsDone} pivot iterations, replacing any earlier save.
   *
   * @return the bytes of the save
   */
  static long save(Path file, Identity identity, TiledDistanceMatrix d, int iterationsDone, Progress progress) {
    return save(file, new Header(FORMAT_VERSION, identity, iterationsDone, d.tilesPerSide(),
        Instant.now().toString()), storedTiles(d, null), progress);
  }

  /**
   * Saves {@code tiles} (of b = {@code header}'s block size) under {@code header}, replacing any earlier save.
   *
   * @return the bytes of the save
   */
  static long save(Path file, Header header, Tiles tiles) {
    return save(file, header, tiles, Progress.NONE);
  }

  /** As {@link #save(Path, Header, Tiles)}, telling {@code progress} of each tile written. */
  static long save(Path file, Header header, Tiles tiles, Progress progress) {
    Path target = file.toAbsolutePath();
    String random = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
    Path temp = target.resolveSibling(TEMPORARY_PREFIX.formatted(target.getFileName()) + random);
    try {
      Files.createDirectories(target.getParent());
      PendingFiles.createFile(temp);
      try {
        long bytes = write(temp, target, header, tiles, progress);
        // One rename replaces the earlier save: a stop now leaves that save or this one, never a part of either.
        try {
          Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          throw new IOException("cannot rename " + temp + " to " + target + " atomically on this file system", e);
        }
        PendingFiles.done(temp);
        return bytes;
      } finally {
        if (Files.deleteIfExists(temp)) {
          PendingFiles.done(temp);
        }
      }
    } catch (IOException e) {
      throw failure("cannot save the checkpoint " + target, e);
    }
  }

  /** Writes the save to {@code temp}, to be renamed {@code target}, and forces it to disk; returns its size. */
  private static long write(Path temp, Path target, Header header, Tiles tiles, Progress progress)
      throws IOException {
    int b = header.identity().blockSize();
    byte[] json = JSON.writeValueAsBytes(header);
    // Forcing the file to the disk weighs as much as writing the tiles: the writes mostly fill the page cache, and
    // the force then takes about as long again (1 s of a 2 s save of 1.3 GiB here). Counted as one unit, the bar
    // stood at "100% ETA 0.00 s" for half the save, the look of a hang it is there to dispel.
    progress.begin("writing the checkpoint " + target.getFileName(), 2L * tiles.count());
    try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
      ByteBuffer head = ByteBuffer.allocate(MAGIC.length + Integer.BYTES + json.length).order(ByteOrder.LITTLE_ENDIAN);
      writeFully(channel, head.put(MAGIC).putInt(json.length).put(json).flip());
      ByteBuffer bytes = ByteBuffer.allocateDirect(b * b * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
      CRC32C crc = new CRC32C();
      crc.update(json);
      for (int x = 0; x < tiles.count(); x++) {
        bytes.clear();
        bytes.asFloatBuffer().put(tiles.tile(x));
        crc.update(bytes.duplicate());
        writeFully(channel, bytes);
        progress.advance(1);
      }
      writeFully(channel, ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(0, crc.getValue()));
      channel.force(true);
      progress.advance(tiles.count());
      return channel.size();
    } catch (IOException | RuntimeException | Error e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
  }

  private static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }

  /**
   * Reads the save in {@code file} into new tiles of {@code d}, which must be a deferred matrix with no tile yet.
   *
   * @param progress told of each tile read: a save is n²×4 bytes (half on the upper triangle), tens of GB at the
   *     sizes that take hours to solve, a read of a minute or more that would otherwise pass in silence
   * @return pivot iterations done
   * @throws IllegalArgumentException naming the file when it is not a checkpoint, is of another graph or solve
   *     (with what differs), or is truncated or corrupt
   */
  static int load(Path file, Identity expected, TiledDistanceMatrix d, Arithmetic arithmetic, Progress progress) {
    return load(file, expected, null, d.tilesPerSide(), storedTiles(d, arithmetic), progress);
  }

  /**
   * Reads the save in {@code file}, which must be of {@code expected} and {@code part} (null for a whole solve's)
   * with {@code iterations} in all, into {@code tiles}.
   *
   * @return pivot iterations done
   * @throws IllegalArgumentException as {@link #load(Path, Identity, TiledDistanceMatrix, Arithmetic, Progress)}
   */
  static int load(Path file, Identity expected, Part part, int iterations, Tiles tiles, Progress progress) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      StoredHeader storedHeader = readStoredHeader(channel, file);
      Header header = storedHeader.header();
      int headerBytes = (int) channel.position();
      check(file, header, expected, part, iterations);
      int b = expected.blockSize();
      long tileBytes = (long) b * b * Float.BYTES;
      long stored = tiles.count();
      long size = headerBytes + stored * tileBytes + Long.BYTES;
      if (channel.size() != size) {
        throw bad(file, "it has " + channel.size() + " bytes where a save of " + stored + " tiles of " + b + "×" + b
            + " takes " + size + " (truncated?)");
      }
      CRC32C crc = new CRC32C();
      crc.update(storedHeader.json());
      readTiles(channel, file, b, tiles, crc, progress);
      ByteBuffer trailer = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
      readFully(channel, trailer);
      if (trailer.getLong(0) != crc.getValue()) {
        throw bad(file, "its header and tiles do not match their checksum: the file is corrupt");
      }
      return header.iterationsDone();
    } catch (IOException e) {
      throw failure("cannot read the checkpoint " + file, e);
    }
  }

  /** Reads the stored tiles in file order into {@code tiles}, adding their bytes to {@code crc}. */
  /**
   * Reads the whole save in {@code file} as loading it would, keeping no tile: its size for the tiles its header
   * says it holds, and its checksum. What {@code tropic info} checks before it describes a save as one to go on from.
   *
   * @throws IllegalArgumentException naming the file when it is not a checkpoint, or is truncated or corrupt
   */
  static void verify(Path file, Progress progress) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      StoredHeader storedHeader = readStoredHeader(channel, file);
      Header header = storedHeader.header();
      Identity id = header.identity();
      int b = id.blockSize();
      int t = header.iterations();
      long stored = header.part() == null ? (id.symmetric() ? (long) t * (t + 1) / 2 : (long) t * t)
          : owned(t, header.part().gridRows(), header.part().rank() / header.part().gridColumns())
              * owned(t, header.part().gridColumns(), header.part().rank() % header.part().gridColumns());
      long size = channel.position() + stored * b * b * Float.BYTES + Long.BYTES;
      if (channel.size() != size) {
        throw bad(file, "it has " + channel.size() + " bytes where a save of " + stored + " tiles of " + b + "×" + b
            + " takes " + size + " (truncated?)");
      }
      float[] scratch = new float[b * b];
      CRC32C crc = new CRC32C();
      crc.update(storedHeader.json());
      readTiles(channel, file, b, new Tiles() {
        @Override
        public int count() {
          return (int) stored;
        }

        @Override
        public float[] tile(int index) {
          return scratch;
        }
      }, crc, progress);
      ByteBuffer trailer = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
      readFully(channel, trailer);
      if (trailer.getLong(0) != crc.getValue()) {
        throw bad(file, "its header and tiles do not match their checksum: the file is corrupt");
      }
    } catch (IOException e) {
      throw failure("cannot read the checkpoint " + file, e);
    }
  }

  /** The tile rows (or columns) of {@code tiles} that process row (or column) {@code mine} of {@code processes} has. */
  private static long owned(int tiles, int processes, int mine) {
    return Math.max(0, (tiles - mine + processes - 1) / processes);
  }

  private static void readTiles(FileChannel channel, Path file, int b, Tiles tiles, CRC32C crc, Progress progress)
      throws IOException {
    ByteBuffer bytes = ByteBuffer.allocateDirect(b * b * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    progress.begin("reading the checkpoint " + file.getFileName(), tiles.count());
    try {
      for (int x = 0; x < tiles.count(); x++) {
        bytes.clear();
        readFully(channel, bytes);
        bytes.flip();
        crc.update(bytes.duplicate());
        bytes.asFloatBuffer().get(tiles.tile(x));
        progress.advance(1);
      }
    } catch (IOException | RuntimeException | Error e) {
      progress.stopped();
      throw e;
    } finally {
      progress.end();
    }
  }

  /** Whether {@code file} is a regular file that begins with {@code TROPICFW}. */
  static boolean startsWithMagic(Path file) {
    if (!Files.isRegularFile(file)) {
      return false;
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer head = ByteBuffer.allocate(MAGIC.length);
      while (head.hasRemaining() && channel.read(head) >= 0) {
        // read until the magic's length or the end
      }
      return !head.hasRemaining() && Arrays.equals(head.array(), MAGIC);
    } catch (IOException e) {
      return false; // unreadable: not recognisably one; the command reading it says why
    }
  }

  /** The header of the save in {@code file}, leaving the channel at the first tile. */
  static Header readHeader(FileChannel channel, Path file) throws IOException {
    return readStoredHeader(channel, file).header();
  }

  /** A header as read, with its JSON bytes as stored, which the checksum covers. */
  private record StoredHeader(Header header, byte[] json) {}

  private static StoredHeader readStoredHeader(FileChannel channel, Path file) throws IOException {
    ByteBuffer head = ByteBuffer.allocate(MAGIC.length + Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    if (channel.size() < head.capacity()) {
      throw bad(file, "it is too short to be a Tropic Floyd–Warshall checkpoint");
    }
    readFully(channel, head);
    if (!Arrays.equals(Arrays.copyOf(head.array(), MAGIC.length), MAGIC)) {
      throw bad(file, "it is not a Tropic Floyd–Warshall checkpoint (it does not start with TROPICFW)");
    }
    int length = head.getInt(MAGIC.length);
    if (length <= 0 || length > channel.size() - channel.position()) {
      throw bad(file, "its header length " + length + " does not fit the file: the file is corrupt");
    }
    ByteBuffer json = ByteBuffer.allocate(length);
    readFully(channel, json);
    Header header;
    try {
      header = JSON.readValue(json.array(), Header.class);
    } catch (JacksonException e) {
      throw bad(file, "its header is not a checkpoint's: the file is corrupt");
    }
    if (header == null || header.identity() == null) {
      throw bad(file, "its header is not a checkpoint's: the file is corrupt");
    }
    if (header.formatVersion() != FORMAT_VERSION) {
      throw bad(file, "checkpoint format version " + header.formatVersion() + " is not supported (this Tropic"
          + " reads version " + FORMAT_VERSION + ")");
    }
    requireWellFormed(file, header);
    return new StoredHeader(header, json.array());
  }

  /**
   * Refuses a header whose fields are missing or out of range before anything computes with them: the checksum is
   * verified only after the tiles are read, and a damaged header (a process grid of 1x0, no graph fingerprint) once
   * divided by zero or dereferenced null on the way there, an internal error in place of this message.
   */
  private static void requireWellFormed(Path file, Header header) {
    Identity id = header.identity();
    String problem = null;
    if (id.graphFingerprint() == null || id.arithmetic() == null || id.pivotOrder() == null) {
      problem = "its header lacks the graph fingerprint, the arithmetic or the vertex order";
    } else if (id.n() < 0 || id.blockSize() < 1
        || header.iterations() != Math.max(1, (id.n() + (long) id.blockSize() - 1) / id.blockSize())
        || header.iterationsDone() < 0 || header.iterationsDone() > header.iterations()) {
      problem = "its header gives " + id.n() + " vertices, tiles of " + id.blockSize() + " and "
          + header.iterationsDone() + " of " + header.iterations() + " pivot iterations done";
    } else if (header.part() != null && (header.part().gridRows() < 1 || header.part().gridColumns() < 1
        || header.part().rank() < 0
        || header.part().rank() >= (long) header.part().gridRows() * header.part().gridColumns())) {
      problem = "its header gives rank " + header.part().rank() + " of a process grid of " + header.part().gridRows()
          + "x" + header.part().gridColumns();
    }
    if (problem != null) {
      throw bad(file, problem + ": the file is corrupt");
    }
  }

  /**
   * Refuses the save in {@code file} when its header is not of {@code expected} with {@code iterations}, reading the
   * header only (the tiles are checked when loaded).
   *
   * @throws IllegalArgumentException naming the file and what differs
   */
  static void checkSaveOf(Path file, Identity expected, int iterations) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      check(file, readHeader(channel, file), expected, null, iterations);
    } catch (IOException e) {
      throw failure("cannot read the checkpoint " + file, e);
    }
  }

  private static void checkIdentity(Path file, Header header, Identity expected, Part part, int iterations) {
    Identity saved = header.identity();
    if (!saved.equals(expected) || !java.util.Objects.equals(header.part(), part)) {
      StringBuilder out = new StringBuilder(differences(saved, expected));
      if (part != null) {
        appendIfDiffers(out, "process grid (--grid)", header.part().gridRows() + "x" + header.part().gridColumns(),
            part.gridRows() + "x" + part.gridColumns());
        appendIfDiffers(out, "rank", header.part().rank(), part.rank());
      }
      throw bad(file, "it was saved by another solve: " + out + "; delete " + (part == null ? "it" : "the rank"
          + " files") + " to start afresh, or run the solve " + (part == null ? "it was" : "they were") + " saved by");
    }
    if (header.iterations() != iterations || header.iterationsDone() < 0 || header.iterationsDone() > iterations) {
      throw bad(file, header.iterationsDone() + " of " + header.iterations() + " pivot iterations done, but this"
          + " solve has " + iterations + ": the file is corrupt");
    }
  }

  /**
   * A rank's part is only of use to a distributed solve, and a whole solve's save to a whole solve: the tiles would
   * otherwise be read as other tiles, to wrong distances with no error.
   */
  /**
   * Refuses a header that is not of {@code expected} and {@code part} (null for a whole solve) with {@code iterations}.
   *
   * @throws IllegalArgumentException naming the file and what differs
   */
  static void check(Path file, Header header, Identity expected, Part part, int iterations) {
    checkKind(file, header.part(), part);
    checkIdentity(file, header, expected, part, iterations);
  }

  private static void checkKind(Path file, Part saved, Part expected) {
    if (saved == null && expected != null) {
      throw bad(file, "it is a single-node save of the whole solve, not a rank's part of a distributed one; run"
          + " it without --distributed, or delete it to start afresh");
    }
    if (saved != null && expected == null) {
      throw bad(file, "it is rank " + saved.rank() + "'s part of a distributed save on grid " + saved.gridRows()
          + "x" + saved.gridColumns() + "; go on from it with mpirun and --distributed");
    }
  }

  /** What differs between a save and this solve, in the options' words. */
  private static String differences(Identity saved, Identity now) {
    StringBuilder out = new StringBuilder();
    appendIfDiffers(out, "graph fingerprint", saved.graphFingerprint(), now.graphFingerprint());
    appendIfDiffers(out, "vertices", saved.n(), now.n());
    appendIfDiffers(out, "tile size (--block)", saved.blockSize(), now.blockSize());
    appendIfDiffers(out, "arithmetic", saved.arithmetic(), now.arithmetic());
    appendIfDiffers(out, "upper triangle only (an undirected graph without --no-symmetry)", saved.symmetric(),
        now.symmetric());
    appendIfDiffers(out, "vertex order (--no-pivot-order)", saved.pivotOrder(), now.pivotOrder());
    return out.toString();
  }

  private static void appendIfDiffers(StringBuilder out, String what, Object saved, Object now) {
    if (!saved.equals(now)) {
      out.append(out.isEmpty() ? "" : ", ").append(what).append(' ').append(saved).append(" there, ").append(now)
          .append(" here");
    }
  }

  private static void readFully(FileChannel channel, ByteBuffer buffer) throws IOException {
    while (buffer.hasRemaining()) {
      if (channel.read(buffer) < 0) {
        throw new IOException("unexpected end of file");
      }
    }
  }

  /**
   * An I/O failure that keeps the file's name: the command line reports an {@link UncheckedIOException}'s cause,
   * which alone says no more than "No space left on device".
   */
  static UncheckedIOException failure(String what, IOException e) {
    return new UncheckedIOException(new IOException(what + ": " + e.getMessage(), e));
  }

  private static IllegalArgumentException bad(Path file, String problem) {
    return new IllegalArgumentException("checkpoint " + file + ": " + problem);
  }
}
