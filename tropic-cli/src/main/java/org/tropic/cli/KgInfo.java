package org.tropic.cli;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.tropic.kg.DistanceRule;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphStore;
import org.tropic.kg.NodeKind;
import org.tropic.kg.ReadReport;
import org.tropic.io.NpyDistanceMatrix;

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
    if (apsp != null) {
      requireReadable(directory, directory.resolve(apsp));
    }
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
        .put("input_reports", Report.Worded.jsonOnly(manifest.inputReports() == null ? null // stored before them
            : manifest.inputReports().stream().map(KgInfo::inputReport).toList()))
        .put("created", manifest.created());
  }

  /**
   * Opens the stored APSP as {@code discover} opens it (its size, sidecar and sampled rows checked): a deleted or
   * truncated one was listed as there, and only {@code discover} then refused it.
   */
  private static void requireReadable(Path directory, Path apsp) {
    try (NpyDistanceMatrix opened = NpyDistanceMatrix.open(apsp)) {
      // opening is the check
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(directory + ": its manifest lists a stored APSP, but " + e.getFile()
          + " is missing; store it again with 'tropic kg build ... --apsp'", e);
    } catch (IOException e) {
      throw new IllegalArgumentException(directory + ": its stored APSP cannot be read: " + e.getMessage()
          + "; store it again with 'tropic kg build ... --apsp'", e);
    }
  }

  /**
   * One input's read report for scripts, what {@code inputs} says in words: rows seen, used, merged into an edge
   * already read, dropped by reason, malformed (the first few listed), and the line skipped as a header.
   */
  private static Map<String, Object> inputReport(ReadReport report) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("file", report.file());
    json.put("table", report.table());
    json.put("rows", report.rows());
    json.put("used", report.accepted());
    json.put("merged", report.merged());
    json.put("dropped", new TreeMap<>(report.dropped()));
    json.put("malformed", report.malformed());
    json.put("problems", report.problems().stream().map(KgInfo::problem).toList());
    json.put("header_row", report.headerRow());
    return json;
  }

  private static Map<String, Object> problem(ReadReport.Problem problem) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("line", problem.line());
    json.put("reason", problem.reason());
    json.put("text", problem.text());
    return json;
  }

  /** A year is a number in the JSON but not a count in the table: 1980, not the "1,980" a count is given. */
  private static Report.Worded year(int[] years, int which) {
    return years == null ? new Report.Worded(null, "-")
        : new Report.Worded(years[which], Integer.toString(years[which]));
  }
}
