package org.tropic.cli.sparse;

import java.io.IOException;
import java.nio.file.Path;
import org.tropic.graph.Graph;
import org.tropic.io.ReadOptions;

/**
 * Reads a graph file as {@code options} say (whatever formats the caller supports); errors name the file, line and
 * value.
 */
@FunctionalInterface
public interface GraphLoader {
  Graph load(Path file, ReadOptions options) throws IOException;
}
