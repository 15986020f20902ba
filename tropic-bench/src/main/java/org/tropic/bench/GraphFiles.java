package org.tropic.bench;

import java.io.IOException;
import java.nio.file.Path;
import org.tropic.graph.Graph;
import org.tropic.io.GraphReader;

/** The real graphs the benchmarks run on, read by the project's readers with the shared-data conventions. */
public final class GraphFiles {
  private GraphFiles() {}

  /** Reads a graph file (any format {@link GraphReader} knows); errors name the file, the line and the text. */
  public static Graph read(Path file) throws IOException {
    return GraphReader.read(file);
  }

  /** A short name for reports: the file name without compression and format extensions. */
  public static String describe(Path file) {
    return file.getFileName().toString().replaceFirst("\\.(gz|xz)$", "")
        .replaceFirst("\\.(mtx|edges|txt|gr|sif|csv|tsv)$", "");
  }
}
