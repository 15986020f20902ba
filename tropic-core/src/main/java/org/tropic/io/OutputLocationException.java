package org.tropic.io;

import java.io.IOException;

/**
 * An output that cannot go where it was asked, found before anything is written: the name is a folder, a device,
 * FIFO or other special file, lies under a file, is in a place that takes no new files, or the disk lacks room for
 * it. Like a bad option, it is the user's to fix (another name, another disk), so commands treat it as bad usage
 * rather than as a failure of the work. The message names the file and says what is wrong.
 */
public final class OutputLocationException extends IOException {
  public OutputLocationException(String message) {
    super(message);
  }
}
