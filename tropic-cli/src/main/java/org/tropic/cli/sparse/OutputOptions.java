package org.tropic.cli.sparse;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.tropic.analytics.SparseGraph;
import org.tropic.cli.OutputPaths;
import org.tropic.io.NpyHeader.Dtype;
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

  /**
   * Refuses, once the graph is read and before the work, an {@code --npy} vector of {@code dtype} and its sidecar
   * that the disk cannot hold: a full disk was found only when writing, after the computation, with exit 1 and no
   * count of the bytes.
   */
  void checkNpyRoom(SparseGraph graph, Dtype dtype) throws IOException {
    if (npy != null) {
      checkNpyRoom(graph, dtype, OutputLocations.usableSpace(npy));
    }
  }

  /** As {@link #checkNpyRoom(SparseGraph, Dtype)}, with the disk's {@code usable} bytes given. */
  void checkNpyRoom(SparseGraph graph, Dtype dtype, long usable) throws IOException {
    int n = graph.vertexCount();
    long vector = NpyWriter.vectorBytes(dtype, n);
    long sidecar = NpyWriter.leastSidecarBytes(graph);
    OutputLocations.checkRoom(npy, String.format(Locale.ROOT, "--npy of %,d vertices", n), vector + sidecar,
        String.format(Locale.ROOT, "%s vector %,d%s", dtype.name().toLowerCase(Locale.ROOT), vector,
            sidecar == 0 ? "" : String.format(Locale.ROOT, ", the labels in its sidecar at least %,d", sidecar)),
        usable);
  }
}
