package org.tropic.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

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
   * Replaces {@code target} with what {@code content} writes, creating missing parent folders.
   *
   * @throws IOException from the content, the disk, or a file system that cannot rename atomically (named)
   */
  public static void write(Path target, Content content) throws IOException {
    Path absolute = target.toAbsolutePath();
    Path folder = absolute.getParent();
    Files.createDirectories(folder);
    Path temporary = Files.createTempFile(folder, "." + absolute.getFileName() + ".", ".tmp");
    PendingFiles.add(temporary);
    try {
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        content.writeTo(channel);
      }
      // after the close: content may close the channel itself (a stream wrapped around it), and fsync through a
      // new descriptor flushes the same file
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
        channel.force(true);
      }
      Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("cannot rename " + temporary + " to " + absolute + " atomically on this file system", e);
    } finally {
      Files.deleteIfExists(temporary);
      PendingFiles.done(temporary);
    }
  }
}
