package org.tropic.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A {@code .npy} file Tropic cannot use: a malformed or unsupported header, or a size that does not match it. The
 * message names the file and, where there is one, quotes the header.
 */
public final class NpyFormatException extends IOException {
  private final transient Path file;

  public NpyFormatException(Path file, String problem) {
    super(file + ": " + problem);
    this.file = file;
  }

  /** The offending file. */
  public Path file() {
    return file;
  }
}
