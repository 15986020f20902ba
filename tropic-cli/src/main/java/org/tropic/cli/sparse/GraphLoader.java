package org.tropic.cli.sparse;

import java.io.IOException;
import java.nio.file.Path;
import org.tropic.graph.Graph;

/** Reads a graph file (whatever formats the caller supports); errors name the file, line and value. */
@FunctionalInterface
public interface GraphLoader {
  Graph load(Path file) throws IOException;
}
