package org.tropic.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tropic.io.Sidecar;

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
   * Refuses a result written over another result's sidecar ({@code R.npy.json}) or, where {@code R.npy} is there,
   * its predecessor file ({@code R.pred.npy}): the write replaced it, and {@code R.npy} could no longer be read.
   *
   * @param option the option that named the output, for the message
   * @throws IllegalArgumentException naming the result whose file it is
   */
  public static void refuseCompanionOfAResult(String option, Path output) {
    String name = output.getFileName() == null ? "" : output.getFileName().toString();
    if (name.endsWith(".npy" + Sidecar.SUFFIX)) {
      throw new IllegalArgumentException(option + " " + output + " names a result's sidecar (that of " + name
          .substring(0, name.length() - Sidecar.SUFFIX.length()) + "), which a result is written beside: give the"
          + " result's own name, OUT.npy");
    }
    String predecessors = ".pred.npy";
    if (name.endsWith(predecessors)) {
      Path result = output.resolveSibling(name.substring(0, name.length() - predecessors.length()) + ".npy");
      if (Files.exists(result) && Files.exists(Sidecar.pathFor(result))) {
        throw new IllegalArgumentException(option + " " + output + " names the predecessor file of the result "
            + result + ": writing there would replace it; choose another file name");
      }
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
