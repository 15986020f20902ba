package org.tropic.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Checks, before the work, that a command's output can go where it was asked. Every writer of Tropic (APSP results,
 * sparse vectors and matrices) creates missing folders and renames a finished file into place, so what must hold
 * beforehand is that no file it replaces is a folder or a special file, and that the nearest existing folder on the
 * path takes new files. Found after an hour's solve, either would lose the result.
 */
public final class OutputLocations {
  private OutputLocations() {}

  /**
   * Refuses an output that cannot be written: {@code target} or one of its {@code companions} (sidecars written
   * with it; null entries are skipped) is a folder or a special file, or no file can be created where it goes.
   *
   * @throws OutputLocationException naming the file and what is wrong
   */
  public static void check(Path target, Path... companions) throws IOException {
    Path absolute = target.toAbsolutePath();
    refuseSpecialFiles(absolute, companions);
    refuseAPlaceThatTakesNoFiles(absolute);
  }

  /**
   * Refuses an output that no file can be created beside ({@code target} may be a folder a writer stages beside it
   * and renames into place, as a stored knowledge graph is): its nearest existing folder above is read-only, or is
   * not a folder at all.
   *
   * @throws OutputLocationException naming the output and the file system's reason
   */
  public static void checkCreatable(Path target) throws IOException {
    refuseAPlaceThatTakesNoFiles(target.toAbsolutePath());
  }

  /** The bytes usable on the disk {@code target} goes to (that of its nearest existing folder). */
  public static long usableSpace(Path target) throws IOException {
    return Files.getFileStore(nearestFolder(target.toAbsolutePath())).getUsableSpace();
  }

  /**
   * Refuses, before the work, an output the disk cannot hold: found when writing, it failed only after the work,
   * with "No space left on device" and no count of what was missing.
   *
   * @param what what needs the bytes, e.g. "n = 1,000"
   * @param need the bytes the output and its sidecars take (at least)
   * @param parts how {@code need} adds up, for the message
   * @throws OutputLocationException naming {@code target}, the bytes needed and the bytes usable
   */
  public static void checkRoom(Path target, String what, long need, String parts) throws IOException {
    checkRoom(target, what, need, parts, usableSpace(target));
  }

  /** As {@link #checkRoom(Path, String, long, String)}, with the disk's {@code usable} bytes given. */
  public static void checkRoom(Path target, String what, long need, String parts, long usable) throws IOException {
    if (need > usable) {
      FileStore store = Files.getFileStore(nearestFolder(target.toAbsolutePath()));
      // grouped digits: "needs 8538212 bytes ... has only 4194304" had to be counted by eye
      throw new OutputLocationException(String.format(Locale.ROOT, "not enough disk space to write %s: %s needs"
          + " %,d bytes (%s; %s) but %s has only %,d bytes (%s) usable", target.toAbsolutePath(), what, need,
          Units.bytes(need), parts, store, usable, Units.bytes(usable)));
    }
  }

  /**
   * Refuses to replace anything but a regular file: the output is renamed over what is there, and as root
   * {@code -o /dev/null} would otherwise turn the device into a file.
   */
  static void refuseSpecialFiles(Path target, Path... companions) throws OutputLocationException {
    if (Files.isDirectory(target)) {
      throw new OutputLocationException("cannot write " + target + ": it is a folder; give a file name in it");
    }
    refuseSpecialFile(target, target);
    for (Path companion : companions) {
      if (companion != null) {
        refuseSpecialFile(target, companion.toAbsolutePath());
      }
    }
  }

  private static void refuseSpecialFile(Path target, Path file) throws OutputLocationException {
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new OutputLocationException("cannot write " + target + ": " + file + " exists and is " + kindOf(file)
          + ", not a regular file; writing would replace it; give the name of a regular file (or of none yet)");
    }
  }

  /** The folder {@code target} will be written in, or the nearest existing one above it (the rest is created). */
  static Path nearestFolder(Path target) throws OutputLocationException {
    Path directory = target.toAbsolutePath().getParent();
    while (!Files.exists(directory) && directory.getParent() != null) {
      directory = directory.getParent();
    }
    if (!Files.isDirectory(directory)) {
      throw new OutputLocationException("cannot write " + target + ": " + directory + " is a file, not a folder");
    }
    return directory;
  }

  /**
   * Creates a hidden file in the nearest existing folder and deletes it: a read-only folder, or a pseudo file system
   * such as /proc (which reports 0 bytes free, so a space check would blame the disk, and answers a create with "no
   * such file" in a folder that exists), fails here with the file system's own reason. Permission bits alone do not
   * tell: root may write any folder that is not on a read-only mount.
   */
  private static void refuseAPlaceThatTakesNoFiles(Path target) throws IOException {
    Path directory = nearestFolder(target);
    Path probe = directory.resolve(".tropic-probe-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current()
        .nextLong()));
    try {
      Files.createFile(probe);
    } catch (IOException e) {
      throw new OutputLocationException("cannot write " + target + ": no file can be created in " + directory
          + " (" + reason(e) + "; a '" + fileSystemType(directory) + "' file system)");
    }
    PendingFiles.add(probe);
    Files.deleteIfExists(probe);
    PendingFiles.done(probe);
  }

  /** What the file system said, in words: the JDK leaves the reason out of some of its exceptions. */
  static String reason(IOException e) {
    return switch (e) {
      case FileSystemException fs when fs.getReason() != null -> fs.getReason();
      case NoSuchFileException _ -> "no such file or folder";
      case AccessDeniedException _ -> "permission denied";
      default -> e.toString();
    };
  }

  private static String kindOf(Path file) {
    if (Files.isDirectory(file)) {
      return "a folder";
    }
    try {
      return Files.readAttributes(file, BasicFileAttributes.class).isOther() ? "a device, FIFO or socket"
          : "a special file";
    } catch (IOException e) {
      return "a special file";
    }
  }

  private static String fileSystemType(Path directory) {
    try {
      return Files.getFileStore(directory).type();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
