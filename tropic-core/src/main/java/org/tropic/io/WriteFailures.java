package org.tropic.io;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * Names the file a failed write was for. A full disk or a file-size limit fails {@code write} with a bare
 * {@link IOException}, "No space left on device" or "File too large", and a command printed only that, leaving the
 * user to guess which of its outputs it was.
 */
public final class WriteFailures {
  private WriteFailures() {}

  /**
   * {@code e} as a {@link FileSystemException} naming {@code target} ({@code TARGET: cannot write it (REASON)}),
   * where it is a bare {@link IOException} that does not name it already; any other exception is returned as it is
   * (a {@link FileSystemException} names its file, and other subclasses carry a meaning of their own).
   */
  public static IOException naming(Path target, IOException e) {
    String message = e.getMessage();
    if (e.getClass() != IOException.class
        || message != null && message.contains(String.valueOf(target.getFileName()))) {
      return e;
    }
    FileSystemException named = new FileSystemException(target.toString(), null,
        "cannot write it (" + (message == null ? "an I/O error" : message) + ")");
    named.initCause(e);
    return named;
  }
}
