package org.tropic.dist;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.PartCheckpointFile;
import org.tropic.io.OutputLocationException;
import org.tropic.io.OutputLocations;
import org.tropic.io.Units;

/**
 * One rank's files of a distributed checkpoint {@code FILE}: two generations, {@code FILE.rank-R-of-P.0} and
 * {@code .1}, each a {@link PartCheckpointFile} of the rank's tiles. A save goes to the generation that does not
 * hold the last save every rank completed, so a job killed between two ranks' renames, or a save that failed on one
 * rank, always leaves that complete save in place on every rank; on resume the ranks agree on the newest iteration
 * count that every rank holds ({@link #newestHeldByAll}).
 */
final class RankCheckpoint {
  /** File system types every node mounts alike: network and parallel ones (lower case, matched as prefixes). */
  private static final List<String> SHARED_TYPES = List.of("nfs", "lustre", "gpfs", "beegfs", "cifs", "smb",
      "ceph", "glusterfs", "panfs", "pvfs", "orangefs", "9p", "fuse.sshfs", "afs");

  private final Path file;
  private final int rank;
  private final int ranks;
  /** The generation holding the last save all ranks completed, or −1 for none. */
  private int completeGeneration = -1;

  RankCheckpoint(Path file, int rank, int ranks) {
    this.file = file.toAbsolutePath();
    this.rank = rank;
    this.ranks = ranks;
  }

  /** The checkpoint the user named. */
  Path file() {
    return file;
  }

  /** Generation {@code g} (0 or 1) of this rank's files. */
  Path generation(int g) {
    return generation(file, rank, ranks, g);
  }

  static Path generation(Path file, int rank, int ranks, int g) {
    return PartCheckpointFile.pathOf(file, rank, ranks, g);
  }

  /** How the set of all ranks' files is named in messages: {@code FILE.rank-*-of-P}. */
  static String setName(Path file, int ranks) {
    return file + ".rank-*-of-" + ranks;
  }

  /**
   * Refuses the job when parts of another number of ranks are beside {@code file}, or {@code file} is a single-node
   * save: they hold other tiles, and a job of P ranks would otherwise start afresh beside them, never telling the
   * user their save was not used.
   *
   * @throws IllegalArgumentException naming one such file
   */
  static void refuseOtherJobSizes(Path file, int ranks) throws IOException {
    if (Files.isDirectory(file)) { // the parts would go beside it, not into it as the user may have meant
      throw new IllegalArgumentException("checkpoint " + file + ": it is a folder, not a checkpoint file; give the"
          + " name of a file (or of none yet), which the ranks' parts are named after (" + setName(file, ranks)
          + ".0 and .1)");
    }
    if (FloydWarshallCheckpoint.looksLikeOne(file)) { // never read by a distributed job, which would start afresh
      throw new IllegalArgumentException("checkpoint " + file + ": it is a single-node save, which a distributed"
          + " job cannot go on from (it saves each rank's tiles to " + setName(file, ranks) + ".0 and .1): run it"
          + " without --distributed, or give --checkpoint another name");
    }
    for (PartCheckpointFile.Part part : PartCheckpointFile.partsBeside(file)) {
      if (part.ranks() != ranks) {
        throw new IllegalArgumentException("checkpoint " + part.file() + ": it is a part of a save of " + part.ranks()
            + " ranks, and this job has " + ranks + ": start it with mpirun -np " + part.ranks() + " to go on from"
            + " that save, or delete " + setName(file, part.ranks()) + " to start afresh");
      }
    }
  }

  /**
   * The newest readable header among this rank's generations, or {@code null}: where a resumed job takes the block
   * size and grid it must use. A file that cannot be read is left to {@link #checkOf} to refuse.
   */
  PartCheckpointFile.Saved newestHeader() {
    PartCheckpointFile.Saved newest = null;
    for (int g = 0; g < 2; g++) {
      if (Files.isRegularFile(generation(g))) {
        try {
          PartCheckpointFile.Saved saved = PartCheckpointFile.read(generation(g));
          if (newest == null || saved.iterationsDone() > newest.iterationsDone()) {
            newest = saved;
          }
        } catch (IllegalArgumentException | UncheckedIOException e) {
          // refused, naming the file, by checkOf
        }
      }
    }
    return newest;
  }

  /**
   * Deletes the partial saves a killed job left beside this rank's generations, then refuses generations that are
   * not of {@code solve} (another graph, b, arithmetic, grid or rank) or are unreadable, leaving them in place.
   *
   * @throws IllegalArgumentException naming the file and what differs
   */
  void checkOf(PartCheckpointFile.Solve solve, int iterations) throws IOException {
    for (int g = 0; g < 2; g++) {
      Path part = generation(g);
      new FloydWarshallCheckpoint(part, Duration.ZERO).deleteLeftovers();
      if (Files.exists(part)) {
        if (!Files.isRegularFile(part)) {
          throw new IllegalArgumentException("checkpoint " + part + ": it is not a regular file; delete or move it");
        }
        PartCheckpointFile.check(part, solve, iterations);
      }
    }
  }

  /**
   * Checks, before the solve, that this rank's saves can be written: the files' folder takes files and its disk
   * has room for what this rank adds to it ({@link #need}). Ranks that share a disk ({@link #storeKey}) are
   * checked together too ({@link #checkShared}).
   *
   * @throws OutputLocationException naming the files and, for space, the bytes needed and free
   */
  void checkWritable(long partBytes, Path result, long resultBytes) throws IOException {
    OutputLocations.check(generation(0), generation(1));
    long need = need(partBytes, result, resultBytes);
    FileStore store = store();
    if (store.getUsableSpace() < need) {
      boolean resultHere = need > Math.max(0, 2 * partBytes - bytesHeld());
      throw new OutputLocationException(String.format(Locale.ROOT, "not enough disk space for the checkpoint %s:"
          + " rank %d keeps two saves of its tiles, %,d bytes (%.1f MiB) each%s: %,d bytes (%.1f MiB) more, but %s"
          + " has %,d bytes usable", setName(file, ranks), rank, partBytes, partBytes / 1048576.0,
          resultHere ? String.format(Locale.ROOT, ", and the result %s (%,d bytes) is written beside them", result,
              resultBytes) : "", need, need / 1048576.0, store, store.getUsableSpace()));
    }
  }

  /**
   * What this rank adds to its files' disk at the run's fullest: two generations of {@code partBytes}, less what
   * its files already take, and on the rank that writes it the result of {@code resultBytes} where it goes to the
   * same disk, written while the saves are still there.
   */
  long need(long partBytes, Path result, long resultBytes) throws IOException {
    FileStore store = store();
    boolean resultHere = result != null && store.equals(Files.getFileStore(nearestFolder(result)));
    return Math.max(0, 2 * partBytes - bytesHeld()) + (resultHere ? resultBytes : 0);
  }

  /**
   * Which disk this rank's files go to, as other ranks can compare it: the file store's name, type and size, and
   * for a file system of the node's own (not a network or parallel one, which every node mounts alike) the host's
   * name, since two nodes' local disks look the same.
   */
  String storeKey() throws IOException {
    FileStore store = store();
    String type = store.type().toLowerCase(Locale.ROOT);
    boolean shared = SHARED_TYPES.stream().anyMatch(type::startsWith);
    return store.name() + "|" + type + "|" + store.getTotalSpace() + (shared ? "" : "|" + hostName());
  }

  /**
   * Refuses the saves when the ranks that write to one disk need more than it has: they each checked their own
   * share ({@link #checkWritable}), which on a parallel file system every rank shares is 1/P of the whole.
   *
   * @param sharers the ranks whose files go to this rank's disk
   * @param need what they add to it together
   */
  void checkShared(int sharers, long need) throws IOException {
    FileStore store = store();
    if (sharers > 1 && store.getUsableSpace() < need) {
      throw new OutputLocationException(String.format(Locale.ROOT, "not enough disk space for the checkpoint %s:"
          + " %d ranks keep two saves of their tiles on %s (and the result too, where it is written there):"
          + " %,d bytes (%.1f MiB) more, but it has %,d bytes usable", setName(file, ranks), sharers, store, need,
          need / 1048576.0, store.getUsableSpace()));
    }
  }

  private FileStore store() throws IOException {
    return Files.getFileStore(nearestFolder(generation(0)));
  }

  private long bytesHeld() throws IOException {
    long held = 0;
    for (int g = 0; g < 2; g++) {
      held += Files.isRegularFile(generation(g)) ? Files.size(generation(g)) : 0;
    }
    return held;
  }

  private static String hostName() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.net.UnknownHostException e) {
      return System.getenv().getOrDefault("HOSTNAME", "?");
    }
  }

  /**
   * The iteration counts this rank's readable generations hold, each with its generation (a file not of this
   * solve was refused before; one whose header cannot be read is left out).
   */
  TreeMap<Integer, Integer> held() {
    TreeMap<Integer, Integer> held = new TreeMap<>();
    for (int g = 0; g < 2; g++) {
      if (Files.isRegularFile(generation(g))) {
        try {
          held.put(PartCheckpointFile.read(generation(g)).iterationsDone(), g);
        } catch (IllegalArgumentException | UncheckedIOException e) {
          // not a save to go on from
        }
      }
    }
    return held;
  }

  /** The generation just loaded holds the save every rank has: the next save must not replace it. */
  void loaded(int generation) {
    completeGeneration = generation;
  }

  /**
   * Writes this rank's part of a save to the generation that does not hold the last complete save, deleting what
   * that generation held first so that the disk never holds more than two parts.
   *
   * @return the generation written and its bytes
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  long[] save(PartCheckpointFile.Solve solve, PartCheckpointFile.Tiles tiles, int done, int iterations) {
    int g = completeGeneration == 0 ? 1 : 0;
    try {
      Files.deleteIfExists(generation(g));
    } catch (IOException e) {
      throw new UncheckedIOException(new IOException("cannot replace the checkpoint " + generation(g) + ": "
          + e.getMessage(), e));
    }
    return new long[] {g, PartCheckpointFile.save(generation(g), solve, tiles, done, iterations)};
  }

  /** Every rank wrote its part of the save into generation {@code g}: it is the complete one now. */
  void completed(int g) {
    completeGeneration = g;
  }

  /**
   * Deletes both generations: the result is stored.
   *
   * @return whether there was any to delete (a job whose first save never came due has none)
   */
  boolean delete() throws IOException {
    boolean any = false;
    for (int g = 0; g < 2; g++) {
      any |= Files.deleteIfExists(generation(g));
    }
    return any;
  }

  /**
   * What rank 0 says before a checkpointed solve: where and how often it saves, and the size of a save of all ranks'
   * parts ({@link Units#bytes}: a small graph's save once read "0.0 MiB").
   */
  static String savingNote(Path file, int ranks, String every, long setBytes) {
    return "note: saving the solve to " + setName(file, ranks) + " every " + every + ", " + Units.bytes(
        setBytes) + " a save in all; run the same command again to go on from the last save if it stops";
  }

  /**
   * The largest iteration count that every rank holds, or −1 when there is none (collective: every rank calls it
   * with its own counts). Each round takes the smallest of the ranks' newest counts not above the bound; if every
   * rank holds it, that is the answer, else none above it can be common, and the bound drops below it. With two
   * generations per rank it ends within a few rounds.
   *
   * @param mine the counts this rank holds
   * @param min the minimum over all ranks of a value (an allreduce)
   */
  static int newestHeldByAll(List<Integer> mine, MinAcrossRanks min) {
    List<Integer> held = new ArrayList<>(mine);
    long bound = Integer.MAX_VALUE;
    while (true) {
      long newest = -1;
      for (int count : held) {
        if (count <= bound) {
          newest = Math.max(newest, count);
        }
      }
      long candidate = min.of(newest);
      if (candidate < 0) {
        return -1;
      }
      if (min.of(held.contains((int) candidate) ? 1 : 0) == 1) {
        return (int) candidate;
      }
      bound = candidate - 1;
    }
  }

  /** The minimum of one value over all ranks: an allreduce, collective. */
  @FunctionalInterface
  interface MinAcrossRanks {
    long of(long value);
  }

  private static Path nearestFolder(Path path) {
    Path folder = path.toAbsolutePath().getParent();
    while (!Files.exists(folder) && folder.getParent() != null) {
      folder = folder.getParent();
    }
    return folder;
  }
}
