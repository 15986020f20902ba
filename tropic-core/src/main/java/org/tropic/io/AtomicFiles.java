package org.tropic.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file whole or not at all. The content goes to a hidden temporary file beside the target, which is
 * flushed to disk and then renamed over the target in one step. A failure, or the JVM stopping mid-write (see
 * {@link PendingFiles}), deletes the temporary file, and an existing target is left as it was.
 *
 * <p>The content may close the channel it is given, e.g. by closing a stream wrapped around it.
 */
public final class AtomicFiles {

  /** Writes the content of a file through the channel it is given. */
  @FunctionalInterface
  public interface Content {
    void writeTo(FileChannel channel) throws IOException;
  }

  private AtomicFiles() {}

  /** Replaces {@code target} with {@code bytes}. */
  public static void write(Path target, byte[] bytes) throws IOException {
    write(target, channel -> {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    });
  }

  /**
   * Replaces {@code target} with what {@code content} writes, creating missing parent folders. A target that exists
   * and is not a regular file (a folder, a device, a FIFO, a socket, or a link to one) is refused.
   *
   * @throws IOException from the content, the disk, or a file system that cannot rename atomically (named)
   */
  public static void write(Path target, Content content) throws IOException {
    Map<Path, Content> one = new LinkedHashMap<>();
    one.put(target, content);
    writeAll(one);
  }

  /**
   * Replaces each target with what its content writes, all of them or none: every content goes to its own temporary
   * first, and the renames run together under {@link PendingFiles#commit}, so neither a failed write nor a stop
   * (Ctrl-C, SIGTERM) leaves one new file beside the others' old ones (only a rename failing after another has
   * succeeded could, and renames within a folder do not fail for want of space). A result and its sidecar go this
   * way: written one after the other, a stop between them paired the new vector with the old sidecar's labels.
   *
   * @param contents the targets, in the order their contents are written and renamed
   * @throws IOException from a content, the disk, or a file system that cannot rename atomically (named)
   */
  public static void writeAll(Map<Path, Content> contents) throws IOException {
    List<Path> targets = new ArrayList<>();
    for (Path target : contents.keySet()) {
      Path absolute = target.toAbsolutePath();
      OutputLocations.refuseSpecialFiles(absolute);
      targets.add(absolute);
    }
    List<Path> temporaries = new ArrayList<>();
    try {
      int i = 0;
      for (Content content : contents.values()) {
        temporaries.add(writeTemporary(targets.get(i++), content));
      }
      // under the commit lock, so a Ctrl-C cannot delete a temporary between the check and the renames
      PendingFiles.commit(temporaries, () -> {
        for (int k = 0; k < temporaries.size(); k++) {
          Files.move(temporaries.get(k), targets.get(k), StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
        }
      });
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("cannot rename " + e.getFile() + " to " + e.getOtherFile() + " atomically on this file"
          + " system", e);
    } finally {
      for (Path temporary : temporaries) {
        Files.deleteIfExists(temporary);
        PendingFiles.done(temporary);
      }
    }
  }

  /** Writes {@code content} to a new hidden temporary beside {@code absolute} and forces it to the disk. */
  private static Path writeTemporary(Path absolute, Content content) throws IOException {
    Path folder = absolute.getParent();
    try {
      Files.createDirectories(folder);
    } catch (FileSystemException e) {
      throw new FileSystemException(folder.toString(), null,
          "cannot create the folder for " + absolute.getFileName() + " (" + reason(e) + ")");
    }
    deleteLeftovers(absolute);
    // Named, not Files.createTempFile: that creates owner-only files, and the result should get the usual
    // permissions (the umask's), like any file the user writes.
    Path temporary = folder.resolve("." + absolute.getFileName() + "."
        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
    PendingFiles.add(temporary);
    try {
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE)) {
        content.writeTo(channel);
      }
      // after the close: content may close the channel itself (a stream wrapped around it), and fsync through a
      // new descriptor flushes the same file
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
        channel.force(true);
      }
      return temporary;
    } catch (FileSystemException e) {
      Files.deleteIfExists(temporary);
      PendingFiles.done(temporary);
      throw e.getFile() != null && e.getFile().equals(temporary.toString())
          ? new FileSystemException(absolute.toString(), null, "cannot write it (" + reason(e) + ")")
          : e;
    } catch (IOException e) {
      Files.deleteIfExists(temporary);
      PendingFiles.done(temporary);
      throw WriteFailures.naming(absolute, e);
    } catch (RuntimeException | Error e) {
      Files.deleteIfExists(temporary);
      PendingFiles.done(temporary);
      throw e;
    }
  }

  /**
   * Deletes the temporaries of {@code absolute} ({@code .NAME.<base 36>.tmp}) that a write killed before its end
   * left: a Ctrl-C or SIGTERM deletes its own (see {@link PendingFiles}), a kill -9 cannot, and no later write
   * replaced them, so each such stop left another copy of the output beside it. A write of the same file at the same
   * time (which nothing supports) would lose its temporary; one that cannot be deleted is left.
   */
  static void deleteLeftovers(Path absolute) {
    String prefix = "." + absolute.getFileName() + ".";
    try {
      Leftovers.delete(absolute.getParent(), name -> name.startsWith(prefix) && name.endsWith(".tmp")
          && name.substring(prefix.length(), name.length() - 4).matches("[0-9a-z]{1,13}"));
    } catch (IOException e) {
      // the write that follows reports a folder it cannot use
    }
  }

  /** What the file system said, in words: the JDK leaves the reason out of some of these exceptions. */
  private static String reason(FileSystemException e) {
    return e instanceof FileAlreadyExistsException && e.getReason() == null ? "a file of that name is in the way"
        : OutputLocations.reason(e);
  }
}
