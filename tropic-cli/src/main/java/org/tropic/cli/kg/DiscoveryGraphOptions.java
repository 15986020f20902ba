package org.tropic.cli.kg;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where the discovery commands find their graph: {@code --kg}, {@code --as-of} and {@code --edges}. */
final class DiscoveryGraphOptions {
  @Option(names = "--kg", paramLabel = "KG", required = true, description = "A graph built by 'tropic kg build'.")
  Path kg;

  @Option(names = "--as-of", paramLabel = "YEAR", description = "Use the graph as it stood at the end of YEAR"
      + " (weights recomputed from the evidence up to then; a year before the graph's first is refused with the"
      + " years it has).")
  Integer asOf;

  @Mixin
  PathEdgesOption edges;

  /**
   * The stored graph, or its slice at the end of {@code --as-of} (said on {@code out}), which must hold a node of each
   * of {@code ids}: one the stored graph has but the slice lacks is refused as what it is, a node with no evidence
   * yet by that year, not as an unknown id.
   */
  KnowledgeGraph load(PrintWriter out, String... ids) throws IOException {
    KnowledgeGraph graph = KgCli.load(kg, asOf, out);
    for (String id : ids) {
      if (graph.node(id) < 0 && asOf != null) {
        // Only on this error path is the whole graph needed again.
        requireInTheSlice(KgCli.load(kg), id);
      }
      graph.requireNode(id);
    }
    return graph;
  }

  /** The loaded graph seen through {@code --edges}, refused where it has no edges of those kinds. */
  KgView view(KnowledgeGraph graph) {
    return edges.view(graph, asOf == null ? "the graph" : "the graph as of " + asOf);
  }

  private void requireInTheSlice(KnowledgeGraph whole, String id) {
    int node = whole.node(id);
    if (node < 0) {
      whole.requireNode(id); // no such node at all: the message with the ids a name may mean
    }
    String what = "node '" + id + "'" + (whole.name(node).equals(id) ? "" : " (" + whole.name(node) + ")");
    int first = whole.nodeFirstYear(node);
    if (first == 0) {
      throw new IllegalArgumentException(what + " has evidence of unknown year only, which --as-of leaves out: the"
          + " graph as of " + asOf + " does not contain it, nor does any slice by year");
    }
    throw new IllegalArgumentException(what + " first appears in " + first + ": the graph as of " + asOf
        + " does not contain it (--as-of " + first + " or later does)");
  }
}
