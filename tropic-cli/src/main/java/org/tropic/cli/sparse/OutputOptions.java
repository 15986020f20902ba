package org.tropic.cli.sparse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.tropic.cli.OutputPaths;
import picocli.CommandLine.Option;

/** Where results go: a table on standard output by default, JSON instead, and the full vector as .npy. */
public final class OutputOptions {
  static final String NPY_SUFFIX = ".npy";

  @Option(names = "--json", description = "Print JSON instead of a table.")
  boolean json;

  @Option(names = "--npy", paramLabel = "FILE",
      description = "Also write the full per-vertex vector to FILE (ending in .npy, not the input graph, in a "
          + "writable folder, created if missing) as NumPy .npy, with a FILE.json sidecar.")
  Path npy;

  /**
   * Refuses, before any work, an {@code --npy} that would replace the input graph or could not be written: the vector
   * was written over the graph file without a word, and an unwritable path was found only after the computation.
   */
  void checkNpy(Path input) throws BadInputException {
    if (npy == null) {
      return;
    }
    if (!npy.getFileName().toString().endsWith(NPY_SUFFIX)) {
      throw new BadInputException("--npy " + npy + ": the file must end in " + NPY_SUFFIX, null);
    }
    Path sidecar = npy.resolveSibling(npy.getFileName() + ".json");
    if (OutputPaths.sameFile(npy, input) || OutputPaths.sameFile(sidecar, input)) {
      throw new BadInputException("--npy " + npy + ": would overwrite the input graph " + input, null);
    }
    if (Files.isDirectory(npy)) {
      throw new BadInputException("--npy " + npy + ": is a directory", null);
    }
    for (Path file : new Path[] {npy, sidecar}) {
      if (Files.exists(file) && !Files.isRegularFile(file) && !Files.isDirectory(file)) {
        throw new BadInputException("--npy " + npy + ": " + file + " is a device, FIFO or socket, not a regular"
            + " file; writing would replace it", null);
      }
    }
    // Missing folders are created when the vector is written, as apsp -o and sparse convert -o create theirs; what
    // must exist now is the nearest existing one, a writable folder.
    Path folder = npy.toAbsolutePath().getParent();
    while (!Files.exists(folder) && folder.getParent() != null) {
      folder = folder.getParent();
    }
    if (!Files.isDirectory(folder)) {
      throw new BadInputException("--npy " + npy + ": " + folder + " is a file, not a folder", null);
    }
    if (!Files.isWritable(folder)) {
      throw new BadInputException("--npy " + npy + ": the folder " + folder + " is not writable", null);
    }
  }
}
