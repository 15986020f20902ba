package org.tropic.cli.sparse;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where results go: a table on standard output by default, JSON instead, and the full vector as .npy. */
public final class OutputOptions {
  @Option(names = "--json", description = "Print JSON instead of a table.")
  boolean json;

  @Option(names = "--npy", paramLabel = "FILE",
      description = "Also write the full per-vertex vector to FILE as NumPy .npy (with a FILE.json sidecar).")
  Path npy;
}
