package org.tropic.cli.sparse;

import java.io.IOException;
import java.nio.file.Path;
import org.tropic.cli.OutputPaths;
import org.tropic.io.OutputLocationException;
import org.tropic.io.OutputLocations;
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
  void checkNpy(Path input) throws BadInputException, IOException {
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
    try {
      OutputLocations.check(npy, sidecar);
    } catch (OutputLocationException e) {
      throw new BadInputException("--npy " + npy + ": " + e.getMessage(), null);
    }
  }
}
