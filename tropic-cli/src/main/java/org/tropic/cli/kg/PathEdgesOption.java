package org.tropic.cli.kg;

import java.util.Set;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import picocli.CommandLine.Option;

/** The {@code --edges} option of the commands that search paths: the edge kinds a path may use. */
final class PathEdgesOption {
  @Option(names = "--edges", paramLabel = "KINDS", defaultValue = "all", description = "Edge kinds paths may use"
      + " (default: ${DEFAULT-VALUE}); kinds the graph has no edges of are refused, with the kinds it has.")
  String edges;

  Set<EdgeKind> kinds() {
    return KgCli.kinds(edges);
  }

  /**
   * The graph seen through these kinds. Kinds with no edges in it would leave every path unfound and every candidate
   * unranked, which reads as a result; they are refused instead, as the node kinds and types a graph lacks are.
   *
   * @param which how to name the graph in the refusal, e.g. {@code the graph as of 1990}
   */
  KgView view(KnowledgeGraph graph, String which) {
    Set<EdgeKind> kinds = kinds();
    try {
      graph.requireEdgesOf(kinds, which);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--edges " + edges + ": " + e.getMessage(), e);
    }
    return graph.view(kinds);
  }
}
