package org.tropic.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tropic.kg.DistanceRule;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphStore;
import org.tropic.kg.NodeKind;

/**
 * {@code tropic info KG}: a stored knowledge graph's directory, described after reading it whole as the kg commands
 * do (so a damaged one is refused here too): its nodes and edges by kind, the years its evidence spans (what
 * {@code --as-of} and {@code validate time} can cut), its inputs and its stored APSP.
 */
final class KgInfo {
  private KgInfo() {
  }

  static Report describe(Path directory) throws IOException {
    KnowledgeGraphStore.Manifest manifest = KnowledgeGraphStore.manifest(directory);
    KnowledgeGraph graph = KnowledgeGraphStore.read(directory);
    Report nodes = new Report().put("total", graph.nodeCount());
    for (NodeKind kind : NodeKind.values()) {
      nodes.put(kind.label(), graph.nodeCount(kind));
    }
    Report edges = new Report().put("total", graph.edgeCount());
    for (EdgeKind kind : EdgeKind.values()) {
      edges.put(kind.label().replace('-', '_'), graph.edgeCount(kind));
    }
    int[] years = graph.yearRange();
    Map<String, String> extra = manifest.extraFiles() == null ? Map.of() : manifest.extraFiles();
    String apsp = extra.get("apsp");
    List<String> inputs = manifest.inputs() == null ? List.of() : manifest.inputs();
    return new Report()
        .put("knowledge_graph", directory.toString())
        .put("format_version", manifest.formatVersion())
        .put("distance_rule", new Report.Worded(manifest.distanceRule().toLowerCase(Locale.ROOT),
            graph.distanceRule() == DistanceRule.HOPS
                ? "hops (curated: every edge has length 1)" : "−ln(weight) (literature: stronger evidence is shorter)"))
        .put("nodes", nodes)
        .put("edges", edges)
        .put("first_year", year(years, 0))
        .put("last_year", year(years, 1))
        .put("years_note", years == null ? "no evidence has a year: --as-of and 'validate time' need dated input"
            : null)
        .put("apsp", new Report.Worded(apsp == null ? null : directory.resolve(apsp).toString(),
            apsp == null ? "none ('kg build --apsp' stores one)" : directory.resolve(apsp) + " over "
                + extra.get("apsp-edges") + " edges ('tropic info " + directory.resolve(apsp) + "' describes it)"))
        .put("apsp_edges", apsp == null ? null : extra.get("apsp-edges"))
        .put("inputs", new Report.Worded(inputs, inputs.isEmpty() ? "-" : String.join("\n  ", inputs)))
        .put("created", manifest.created());
  }

  /** A year is a number in the JSON but not a count in the table: 1980, not the "1,980" a count is given. */
  private static Report.Worded year(int[] years, int which) {
    return years == null ? new Report.Worded(null, "-")
        : new Report.Worded(years[which], Integer.toString(years[which]));
  }
}
