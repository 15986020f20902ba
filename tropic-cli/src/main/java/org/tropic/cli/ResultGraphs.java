package org.tropic.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tropic.cli.kg.StoredGraphs;
import org.tropic.graph.Graph;
import org.tropic.io.ArcChanges;
import org.tropic.io.GraphReader;
import org.tropic.io.ReadOptions;
import org.tropic.io.Sidecar;

/**
 * The graph a stored result's distances belong to, read again as its sidecar records it: the input file (or a
 * stored knowledge graph's view), then the arcs each {@code tropic update} added, checked against the recorded
 * fingerprint. {@code query path} walks it; {@code update} adds to it.
 */
final class ResultGraphs {
  private ResultGraphs() {}

  /**
   * Reads the graph of {@code store}'s result.
   *
   * @param given the graph file the user named instead of the recorded one ({@code --graph}), or {@code null}
   * @param needing who needs it, for the message when it is gone, e.g. {@code 'query path'}
   * @throws IllegalArgumentException if no graph can be found, or the one found is not the result's
   */
  static Graph read(Path store, Sidecar sidecar, Path given, String needing) throws IOException {
    Sidecar.GraphInput input = sidecar.graph();
    Path path = given;
    if (path == null) {
      if (input == null || input.path() == null || !Files.exists(Path.of(input.path()))) {
        throw new IllegalArgumentException(needing + " needs the graph: the sidecar of " + store + " names "
            + (input == null ? "none" : "'" + input.path() + "', which does not exist") + "; pass --graph GRAPH");
      }
      path = Path.of(input.path());
    }
    Graph graph;
    if (input != null && StoredGraphs.FORMAT.equals(input.format()) || StoredGraphs.isStoredGraph(path)) {
      // a knowledge graph's APSP: its graph is the directory's view over the edge kinds the sidecar records
      graph = StoredGraphs.view(path, input == null ? null : input.weights());
    } else {
      graph = GraphReader.read(path, input == null ? ReadOptions.defaults() : input.toReadOptions());
    }
    graph = ArcChanges.replay(graph, sidecar.addedArcs());
    try {
      sidecar.checkGraph(graph, path);
    } catch (IllegalArgumentException e) {
      if (sidecar.addedArcs().isEmpty()) {
        throw e;
      }
      // the fingerprint is of the graph with the arcs changed: an edited arcs file was blamed on the graph file alone
      throw new IllegalArgumentException(e.getMessage() + "; the graph is that file with the arcs 'tropic update'"
          + " changed from " + String.join(", ", sidecar.addedArcs().stream().map(Sidecar.GraphInput::path).toList())
          + ": one of them has changed since", e);
    }
    return graph;
  }

  /** Whether the result is a knowledge graph's ({@code kg build --apsp}), whose graph is a stored directory. */
  static boolean ofKnowledgeGraph(Sidecar sidecar) {
    Sidecar.GraphInput input = sidecar.graph();
    return input != null && StoredGraphs.FORMAT.equals(input.format());
  }
}
