package org.tropic.cli.sparse;

import java.io.IOException;
import java.nio.file.Path;
import org.tropic.io.LoadedGraph;
import org.tropic.io.ReadOptions;

/**
 * Reads a graph file as {@code options} say (whatever formats the caller supports), with what was read (the arcs
 * dropped among it); errors name the file, line and value.
 */
@FunctionalInterface
public interface GraphLoader {
  LoadedGraph load(Path file, ReadOptions options) throws IOException;
}
