package org.tropic.kg;

import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.tropic.io.ReadOptions;

/**
 * Reads a curated knowledge graph given as a node table ({@code id name kind}, tab-separated, with a header) and a
 * SIF edge file ({@code source relation target [target ...]}; an optional header such as {@code source metaedge
 * target}, noted in the report): the form Hetionet v1.0 ships in ({@code hetionet-v1.0-nodes.tsv},
 * {@code hetionet-v1.0-edges*.sif.gz}). Ids such as {@code Disease::DOID:9352} may contain spaces, hence tabs; a
 * SIF line without a tab is split on spaces, and its header recognised, as the core's SIF reader does. Nodes become
 * concepts whose semantic type is the kind; each edge becomes a concept–concept edge of length 1 remembering its
 * relation (the metaedge, e.g. {@code CtD}). A line listing several targets is one interaction per target, as in the
 * core's SIF reader: each counts as a row of its own, and the report says how many lines listed several. A row
 * repeating an edge (the same pair and relation, in either direction) is counted as merged, a self-loop as dropped.
 * A line naming one node alone declares that node with no edges (SIF's isolated node, which the core's SIF reader
 * reads as a vertex alone); the report counts such lines. An edge or a lone node the table lacks is malformed, and
 * so is a second row for a node id.
 */
public final class CuratedGraphReader {
  private CuratedGraphReader() {}

  /**
   * Reads both files into {@code builder} (a fresh one: curated and literature evidence do not mix).
   *
   * @param nodes the node table, or {@code null} to create nodes from the edges alone (no names, no kinds)
   * @return the reports of the node table (if any) and the edge file
   */
  public static List<ReadReport> read(Path nodes, Path edges, KnowledgeGraphBuilder builder, boolean strict)
      throws IOException {
    ReadReport nodeReport = nodes == null ? null : readNodes(nodes, builder, strict);
    ReadReport edgeReport = readEdges(edges, builder, nodes != null, strict);
    return nodeReport == null ? List.of(edgeReport) : List.of(nodeReport, edgeReport);
  }

  private static ReadReport readNodes(Path file, KnowledgeGraphBuilder builder, boolean strict) throws IOException {
    ReadReport.Tally tally = new ReadReport.Tally(file.toString(), "curated nodes");
    String expected = "'id name kind', tab-separated";
    Object2LongOpenHashMap<String> lineOfId = new Object2LongOpenHashMap<>();
    try (TextTable table = new TextTable(file)) {
      boolean first = true;
      while (table.next()) {
        String[] f = table.fields();
        boolean header = first && f[0].equalsIgnoreCase("id");
        first = false;
        if (header) {
          continue;
        }
        tally.row();
        if (f.length != 3 || f[0].isEmpty()) {
          LiteratureTableReader.malformed(file, table, tally, f.length + " fields or an empty id", strict, expected);
          continue;
        }
        long firstLine = lineOfId.putIfAbsent(f[0], table.line());
        if (firstLine > 0) {
          // Two rows for one node may disagree on its name or kind, and neither can be known to be right.
          LiteratureTableReader.malformed(file, table, tally, "node id '" + f[0] + "' again (line " + firstLine
              + " has it already)", strict, "each id on one line");
          continue;
        }
        builder.concept(f[0], f[1].isEmpty() ? null : f[1], f[2].isEmpty() ? null : f[2]);
        tally.accepted();
      }
    }
    return tally.report();
  }

  private static ReadReport readEdges(Path file, KnowledgeGraphBuilder builder, boolean nodesKnown, boolean strict)
      throws IOException {
    ReadReport.Tally tally = new ReadReport.Tally(file.toString(), "curated edges (SIF)");
    String expected = "'source relation target [target ...]' or a node alone, tab-separated (or space-separated when"
        + " no name has a space)";
    try (TextTable table = new TextTable(file, TextTable.Fallback.WHITESPACE)) {
      boolean first = true;
      while (table.next()) {
        String[] f = table.fields();
        boolean header = first && ReadOptions.HeaderRow.isSourceColumnName(f[0]);
        first = false;
        if (header) {
          tally.headerRow(table.line(), table.text());
          continue;
        }
        if (f.length == 1 && !f[0].isEmpty()) {
          tally.row();
          loneNode(file, table, builder, tally, nodesKnown, strict, expected, f[0]);
          continue;
        }
        String fault = lineFault(f);
        if (fault != null) {
          tally.row();
          LiteratureTableReader.malformed(file, table, tally, fault, strict, expected);
          continue;
        }
        if (f.length > 3) {
          tally.severalTargets(f.length - 2);
        }
        // SIF's 'source relation target1 target2 ...' is one interaction per target, as the core's SIF reader
        // reads it: each is a row of its own, used, merged, dropped or malformed on its own.
        for (int t = 2; t < f.length; t++) {
          tally.row();
          edge(file, table, builder, tally, nodesKnown, strict, expected, f[0], f[1], f[t]);
        }
      }
    }
    return tally.report();
  }

  /** Why a SIF line cannot be read at all, or {@code null}. */
  private static String lineFault(String[] f) {
    if (f.length == 2) {
      return "a relation without a target";
    }
    for (int i = 0; i < f.length; i++) {
      if (f[i].isEmpty()) {
        return "field " + (i + 1) + " of " + f.length + " is empty";
      }
    }
    return null;
  }

  /** A line naming one node and nothing else: the node is in the graph, with or without edges. */
  private static void loneNode(Path file, TextTable table, KnowledgeGraphBuilder builder, ReadReport.Tally tally,
      boolean nodesKnown, boolean strict, String expected, String id) throws IOException {
    if (nodesKnown && builder.conceptIfKnown(id) < 0) {
      LiteratureTableReader.malformed(file, table, tally, "node '" + id + "' is not in the node table", strict,
          expected);
      return;
    }
    if (!nodesKnown) {
      builder.concept(id, null, null);
    }
    tally.loneNode();
    tally.accepted();
  }

  private static void edge(Path file, TextTable table, KnowledgeGraphBuilder builder, ReadReport.Tally tally,
      boolean nodesKnown, boolean strict, String expected, String from, String relation, String to)
      throws IOException {
    int source = nodesKnown ? builder.conceptIfKnown(from) : builder.concept(from, null, null);
    int target = nodesKnown ? builder.conceptIfKnown(to) : builder.concept(to, null, null);
    if (source < 0 || target < 0) {
      LiteratureTableReader.malformed(file, table, tally, "node '" + (source < 0 ? from : to)
          + "' is not in the node table", strict, expected);
      return;
    }
    if (source == target) {
      tally.dropped("self-loop");
      return;
    }
    if (!builder.curatedEdge(source, target, relation)) {
      tally.merged();
    }
    tally.accepted();
  }
}
