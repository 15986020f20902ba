package org.tropic.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks on where a command writes. Public because the sparse commands ({@code --npy}, {@code sparse convert -o})
 * write files too and must refuse the same mistakes.
 */
public final class OutputPaths {
  private OutputPaths() {}

  /**
   * Refuses an output that is the input file itself, before any work: the atomic rename at the end would otherwise
   * replace the input with the result, silently and for good.
   *
   * @param option the option that named the output, for the message, e.g. {@code "-o"}
   * @param output where the command will write
   * @param input the file the command reads
   * @param inputRole what the input is, for the message, e.g. {@code "the input graph"}
   * @throws IllegalArgumentException naming the option and the file when both name the same file
   */
  public static void refuseInputAsOutput(String option, Path output, Path input, String inputRole) {
    if (sameFile(output, input)) {
      throw new IllegalArgumentException(option + " names " + inputRole + " " + input + ": writing there would"
          + " overwrite it; choose another file name");
    }
  }

  /**
   * Whether two paths name one file: {@link Files#isSameFile} when both exist (it sees through links and different
   * spellings), else the normalized absolute paths (a file that does not exist yet cannot be the input).
   */
  public static boolean sameFile(Path a, Path b) {
    if (Files.exists(a) && Files.exists(b)) {
      try {
        return Files.isSameFile(a, b);
      } catch (IOException e) {
        // unreadable attributes: fall back to comparing the names
      }
    }
    return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
  }
}
