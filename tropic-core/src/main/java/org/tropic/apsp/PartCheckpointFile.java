package org.tropic.apsp;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One rank's share of a distributed Floyd–Warshall save: the file format of {@link CheckpointFile} (magic, JSON
 * header under the CRC32C, tiles, checksum; written under a temporary name and renamed), its header naming the
 * process grid and rank besides the graph and solve, its tiles those the rank owns in its own local order. A part
 * is refused (with what differs) by any other rank, grid, graph or solve, and by a single-node run; a single-node
 * save is refused here. Which parts together form a save the ranks agree on among themselves.
 */
public final class PartCheckpointFile {
  private static final Pattern PART_NAME = Pattern.compile("\\.rank-(\\d+)-of-(\\d+)\\.[01]");

  private PartCheckpointFile() {}

  /**
   * A part beside a checkpoint's name.
   *
   * @param file the part
   * @param ranks the number of ranks of the job that wrote it
   */
  public record Part(Path file, int ranks) {}

  /** Generation {@code g} (0 or 1) of rank {@code rank}'s part of the checkpoint {@code file} of a P-rank job. */
  public static Path pathOf(Path file, int rank, int ranks, int g) {
    return file.resolveSibling(file.getFileName() + ".rank-" + rank + "-of-" + ranks + "." + g);
  }

  /** The parts of distributed saves named after {@code file} that lie beside it ({@code FILE.rank-R-of-P.0|1}). */
  public static List<Part> partsBeside(Path file) throws IOException {
    Path absolute = file.toAbsolutePath();
    Path folder = absolute.getParent();
    List<Part> parts = new ArrayList<>();
    if (folder == null || !Files.isDirectory(folder)) {
      return parts;
    }
    String prefix = absolute.getFileName().toString();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder,
        p -> p.getFileName().toString().startsWith(prefix))) {
      for (Path entry : entries) {
        Matcher m = PART_NAME.matcher(entry.getFileName().toString().substring(prefix.length()));
        if (m.matches()) {
          parts.add(new Part(entry, Integer.parseInt(m.group(2))));
        }
      }
    }
    parts.sort(Comparator.comparing(Part::file));
    return parts;
  }

  /**
   * What one rank's part is of: two parts of equal solves hold the same tiles, so one can go on from the other.
   *
   * @param graphFingerprint {@link org.tropic.graph.Graph#fingerprint()} of the graph
   * @param n vertices
   * @param blockSize the tile side b
   * @param arithmetic the {@link org.tropic.semiring.Arithmetic#label()} of the tiles' storage form
   * @param gridRows process rows Pr
   * @param gridColumns process columns Pc
   * @param rank the rank whose tiles the part holds
   */
  public record Solve(String graphFingerprint, int n, int blockSize, String arithmetic, int gridRows,
      int gridColumns, int rank) {

    public Solve {
      Objects.requireNonNull(graphFingerprint, "graphFingerprint");
      Objects.requireNonNull(arithmetic, "arithmetic");
    }

    /** The distributed solver stores every tile (no symmetry) and pivots in vertex id order. */
    CheckpointFile.Identity identity() {
      return new CheckpointFile.Identity(graphFingerprint, n, blockSize, arithmetic, false, "ids");
    }

    CheckpointFile.Part part() {
      return new CheckpointFile.Part(gridRows, gridColumns, rank);
    }
  }

  /**
   * A part's header.
   *
   * @param solve what it is of
   * @param iterationsDone pivot iterations in its tiles
   * @param iterations all pivot iterations of the solve
   * @param when when it was saved, ISO-8601
   */
  public record Saved(Solve solve, int iterationsDone, int iterations, String when) {}

  /** A rank's tiles in file order, each b² floats in the solve's storage form. */
  public interface Tiles {
    int count();

    /** Tile {@code index}: to be written, or (on load) the array to read it into. */
    float[] tile(int index);
  }

  /**
   * Saves {@code tiles} after {@code iterationsDone} of {@code iterations} pivot iterations, replacing {@code file}
   * by one rename once the save is on disk.
   *
   * @return the bytes of the file
   * @throws java.io.UncheckedIOException naming the file when it cannot be written
   */
  public static long save(Path file, Solve solve, Tiles tiles, int iterationsDone, int iterations) {
    CheckpointFile.Header header = new CheckpointFile.Header(CheckpointFile.FORMAT_VERSION, solve.identity(),
        iterationsDone, iterations, Instant.now().toString(), solve.part());
    return CheckpointFile.save(file, header, adapt(tiles));
  }

  /**
   * The header of the part in {@code file}.
   *
   * @throws IllegalArgumentException naming the file when it is not a rank's part of a distributed save
   * @throws java.io.UncheckedIOException naming the file when it cannot be read
   */
  public static Saved read(Path file) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      CheckpointFile.Header header = CheckpointFile.readHeader(channel, file);
      CheckpointFile.Part part = header.part();
      if (part == null) {
        throw new IllegalArgumentException("checkpoint " + file + ": it is a single-node save of the whole solve,"
            + " not a rank's part of a distributed one; run it without --distributed, or delete it to start afresh");
      }
      CheckpointFile.Identity id = header.identity();
      return new Saved(new Solve(id.graphFingerprint(), id.n(), id.blockSize(), id.arithmetic(), part.gridRows(),
          part.gridColumns(), part.rank()), header.iterationsDone(), header.iterations(), header.saved());
    } catch (IOException e) {
      throw CheckpointFile.failure("cannot read the checkpoint " + file, e);
    }
  }

  /**
   * Refuses the part in {@code file} unless its header is of {@code expected} with {@code iterations} in all: the
   * check a job makes before its solve, reading the header only.
   *
   * @throws IllegalArgumentException naming the file and what differs
   */
  public static void check(Path file, Solve expected, int iterations) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      CheckpointFile.check(file, CheckpointFile.readHeader(channel, file), expected.identity(), expected.part(),
          iterations);
    } catch (IOException e) {
      throw CheckpointFile.failure("cannot read the checkpoint " + file, e);
    }
  }

  /**
   * Reads the part in {@code file} into {@code tiles}.
   *
   * @return pivot iterations done
   * @throws IllegalArgumentException naming the file when it is of another solve (with what differs), truncated or
   *     corrupt
   */
  public static int load(Path file, Solve expected, int iterations, Tiles tiles) {
    return CheckpointFile.load(file, expected.identity(), expected.part(), iterations, adapt(tiles), Progress.NONE);
  }

  /** About the bytes of a part of {@code tiles} tiles of b: the tiles, a header and a trailer. */
  public static long bytes(int tiles, int blockSize) {
    return (long) tiles * blockSize * blockSize * Float.BYTES + 4096;
  }

  private static CheckpointFile.Tiles adapt(Tiles tiles) {
    return new CheckpointFile.Tiles() {
      @Override
      public int count() {
        return tiles.count();
      }

      @Override
      public float[] tile(int index) {
        return tiles.tile(index);
      }
    };
  }
}
