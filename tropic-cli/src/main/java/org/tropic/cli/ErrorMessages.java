package org.tropic.cli;

import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import org.tropic.apsp.HeapAdvice;
import org.tropic.io.Units;

/** The one line a command prints for an expected failure. */
public final class ErrorMessages {
  private ErrorMessages() {}

  /**
   * The message of {@code t}, with the reason spelled out for the file-system exceptions whose message is a bare
   * path (a {@link FileAlreadyExistsException} says only the file's name).
   */
  public static String of(Throwable t) {
    Throwable cause = t instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : t;
    if (cause instanceof FileSystemException fs && fs.getReason() == null) {
      String why = switch (fs) {
        case NoSuchFileException e -> "no such file or folder";
        case FileAlreadyExistsException e -> "already exists";
        case DirectoryNotEmptyException e -> "is a folder that is not empty";
        case NotDirectoryException e -> "is not a folder";
        case AccessDeniedException e -> "permission denied";
        default -> "cannot be used (" + fs.getClass().getSimpleName() + ")";
      };
      return fs.getFile() + ": " + why + (fs.getOtherFile() == null ? "" : " (with " + fs.getOtherFile() + ")");
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }

  /**
   * The line for a run that outgrew the heap. The planners refuse what they can foresee before the work starts; this
   * is what they could not, and the user's remedy is the same: a larger heap, or a smaller job.
   */
  public static String outOfMemory(OutOfMemoryError e) {
    return outOfMemory(e, HeapAdvice.doubled());
  }

  /**
   * As {@link #outOfMemory(OutOfMemoryError)} with {@code larger} suggested, twice the heap the run had: what it
   * would have needed is unknown, and "-Xmx..." left the user to guess a figure.
   */
  static String outOfMemory(OutOfMemoryError e, HeapAdvice larger) {
    return "ran out of memory (" + e.getMessage() + "; the heap is at most "
        + Units.bytes(Runtime.getRuntime().maxMemory()) + "): " + larger.advise("give a smaller job");
  }

  /** The {@link OutOfMemoryError} behind {@code t} (a worker thread's, wrapped by its pool), or null. */
  public static OutOfMemoryError outOfMemoryBehind(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof OutOfMemoryError oom) {
        return oom;
      }
    }
    return null;
  }
}
