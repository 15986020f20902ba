package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;
import org.tropic.io.GraphInputException;
import org.tropic.io.GraphReader;

/** The curated node table and SIF edges, and what they refuse. */
class CuratedGraphReaderTest {
  @TempDir
  Path dir;

  /** A node id on two rows may carry two names or kinds; strict reading names both lines, lenient drops the second. */
  @Test
  void aSecondRowForANodeIdIsMalformed() throws IOException {
    Path nodes = Files.writeString(dir.resolve("nodes.tsv"),
        "id\tname\tkind\nGene::1\tTP53\tGene\nDisease::2\tasthma\tDisease\nGene::1\tBRCA1\tGene\n");
    Path edges = Files.writeString(dir.resolve("edges.sif"), "Gene::1\tGaD\tDisease::2\n");

    assertThatThrownBy(() -> CuratedGraphReader.read(nodes, edges, KnowledgeGraphBuilder.allKinds(), true))
        .isInstanceOf(GraphInputException.class)
        .hasMessageContaining("nodes.tsv").hasMessageContaining("line 4")
        .hasMessageContaining("node id 'Gene::1' again (line 2 has it already)");

    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    List<ReadReport> reports = CuratedGraphReader.read(nodes, edges, builder, false);
    assertThat(reports.get(0).accepted()).isEqualTo(2);
    assertThat(reports.get(0).malformed()).isEqualTo(1);
    assertThat(reports.get(0).problems().get(0).line()).isEqualTo(4);
    KnowledgeGraph graph = builder.build();
    assertThat(graph.name(graph.node("Gene::1"))).isEqualTo("TP53");
  }

  /** Space-separated SIF, as the core's SIF reader takes it, with its header noted rather than read as an edge. */
  @Test
  void aSpaceSeparatedSifIsReadAsTheCoreReadsIt() throws IOException {
    Path edges = Files.writeString(dir.resolve("edges.sif"), "source relation target\nGene::1 GiG Gene::2\n"
        + "Gene::2   GiG  Gene::3\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = CuratedGraphReader.read(null, edges, builder, true).get(0);
    assertThat(report.rows()).isEqualTo(2);
    assertThat(report.accepted()).isEqualTo(2);
    assertThat(report.headerRow()).isEqualTo("line 1 read as a header: source relation target");
    assertThat(report.summary()).contains("edges.sif: line 1 read as a header");
    KnowledgeGraph graph = builder.build();
    assertThat(graph.edgeCount()).isEqualTo(2);
    assertThat(graph.node("source")).isNegative();

    // a line with a tab is split on tabs only (ids may hold spaces), as in the core
    Path mixed = Files.writeString(dir.resolve("mixed.sif"), "Gene::1 GiG Gene::2\nGene::2  GiG\tGene::3\n");
    ReadReport lenient = CuratedGraphReader.read(null, mixed, KnowledgeGraphBuilder.allKinds(), false).get(0);
    assertThat(lenient.accepted()).isEqualTo(1);
    assertThat(lenient.malformed()).isEqualTo(1);
    assertThat(lenient.headerRow()).isNull();
  }

  /** A no-break space (U+00A0) pasted around an id is trimmed, in space- and tab-separated lines alike. */
  @Test
  void aNoBreakSpaceAroundAnIdIsNotPartOfIt() throws IOException {
    Path edges = Files.writeString(dir.resolve("edges.sif"), "Gene::1\u00A0 GiG \u00A0 Gene::2\u00A0\n"
        + "Gene::2\u00A0\tGiG\t\u00A0Gene::3\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = CuratedGraphReader.read(null, edges, builder, true).get(0);
    assertThat(report.accepted()).isEqualTo(2);
    KnowledgeGraph graph = builder.build();
    assertThat(graph.nodeCount()).isEqualTo(3);
    assertThat(graph.node("Gene::2")).isNotNegative();
  }

  /** Hetionet lists two edges once each way: the rows are counted as merged, so rows and edges add up. */
  @Test
  void aRowRepeatingAnEdgeIsCountedAsMergedAndASelfLoopAsDropped() throws IOException {
    Path edges = Files.writeString(dir.resolve("edges.sif"), "G::1\tGr>G\tG::2\nG::2\tGr>G\tG::1\n"
        + "G::1\tGiG\tG::2\nG::1\tGiG\tG::1\nG::2\tGr>G\tG::3\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = CuratedGraphReader.read(null, edges, builder, true).get(0);
    KnowledgeGraph graph = builder.build();
    assertThat(report.rows()).isEqualTo(5);
    assertThat(report.accepted()).isEqualTo(4);
    assertThat(report.merged()).isEqualTo(1);
    assertThat(report.dropped()).containsEntry("self-loop", 1L);
    assertThat(graph.edgeCount()).isEqualTo(report.accepted() - report.merged());
    assertThat(report.summary()).contains("5 rows, 4 used (1 repeats an earlier row's pair and relation, in either"
        + " direction, and merged into its edge), 1 dropped (self-loop), 0 malformed");
  }

  /**
   * SIF lets a line list several targets ({@code source relation t1 t2 ...}), and {@code tropic apsp} reads such a
   * line as one arc per target: so does the curated reader, each target a row of its own in the report.
   */
  @Test
  void aLineWithSeveralTargetsIsOneEdgePerTargetAsTheCoreReadsIt() throws IOException {
    Path edges = Files.writeString(dir.resolve("multi.sif"), "source relation target\n"
        + "G::1\tGiG\tG::2\tG::3\tG::4\n" // tab-separated, three targets
        + "G::5 GiG G::6 G::1\n" // space-separated, two targets
        + "G::2\tGiG\tG::1\tG::2\n" // a repeat of G::1-G::2 (merged) and a self-loop (dropped)
        + "G::6\tGiG\tG::7\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = CuratedGraphReader.read(null, edges, builder, true).get(0);
    KnowledgeGraph graph = builder.build();

    assertThat(report.rows()).isEqualTo(8);
    assertThat(report.severalTargetLines()).isEqualTo(3);
    assertThat(report.severalTargetRows()).isEqualTo(7);
    assertThat(report.accepted()).isEqualTo(7);
    assertThat(report.merged()).isEqualTo(1);
    assertThat(report.dropped()).containsEntry("self-loop", 1L);
    assertThat(report.malformed()).isZero();
    assertThat(graph.edgeCount()).isEqualTo(report.accepted() - report.merged());
    assertThat(report.summary()).contains("8 rows (7 of them from 3 lines listing several targets, a row per"
        + " target), 7 used (1 repeats");
    for (String[] pair : new String[][] {{"G::1", "G::2"}, {"G::1", "G::3"}, {"G::1", "G::4"}, {"G::5", "G::6"},
        {"G::5", "G::1"}, {"G::6", "G::7"}}) {
      assertThat(graph.edgeBetween(graph.node(pair[0]), graph.node(pair[1]), EnumSet.allOf(EdgeKind.class)))
          .as("%s-%s", pair[0], pair[1]).isNotNegative();
    }

    // The same pairs as the core's SIF reader, which tropic apsp uses (its arcs are directed; the edges are not).
    Graph core = GraphReader.read(edges);
    long corePairs = 0;
    for (int u = 0; u < core.vertexCount(); u++) {
      for (int a = core.offsets()[u]; a < core.offsets()[u + 1]; a++) {
        int v = core.targets()[a];
        if (u != v) {
          corePairs++;
          assertThat(graph.edgeBetween(graph.node(core.labels().name(u)), graph.node(core.labels().name(v)),
              EnumSet.allOf(EdgeKind.class))).isNotNegative();
        }
      }
    }
    assertThat(corePairs).isEqualTo(graph.edgeCount() + 1); // G::1→G::2 and G::2→G::1, one undirected edge
  }

  /** With a node table, each target of a line is checked on its own: one unknown target spoils only its row. */
  @Test
  void anUnknownTargetAmongSeveralIsOneMalformedRow() throws IOException {
    Path nodes = Files.writeString(dir.resolve("nodes.tsv"), "id\tname\tkind\nG::1\ta\tGene\nG::2\tb\tGene\n"
        + "G::3\tc\tGene\n");
    Path edges = Files.writeString(dir.resolve("edges.sif"), "G::1\tGiG\tG::2\tG::9\tG::3\nG::1\tGiG\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = CuratedGraphReader.read(nodes, edges, builder, false).get(1);
    assertThat(report.rows()).isEqualTo(4);
    assertThat(report.accepted()).isEqualTo(2);
    assertThat(report.malformed()).isEqualTo(2);
    assertThat(report.problems()).extracting(ReadReport.Problem::reason)
        .containsExactly("node 'G::9' is not in the node table", "a relation without a target");
    assertThat(builder.build().edgeCount()).isEqualTo(2);

    assertThatThrownBy(() -> CuratedGraphReader.read(nodes, edges, KnowledgeGraphBuilder.allKinds(), true))
        .isInstanceOf(GraphInputException.class).hasMessageContaining("edges.sif").hasMessageContaining("line 1")
        .hasMessageContaining("'G::9'");
  }

  /** A line listing several unknown targets is listed once among the problems; its other rows are counted. */
  @Test
  void aLineWithSeveralUnknownTargetsIsListedOnce() throws IOException {
    Path nodes = Files.writeString(dir.resolve("nodes.tsv"), "id\tname\tkind\nG::1\ta\tGene\nG::2\tb\tGene\n");
    Path edges = Files.writeString(dir.resolve("edges.sif"), "G::1\tGiG\tG::7\tG::8\tG::2\nG::2\tGiG\tG::9\n");
    ReadReport report = CuratedGraphReader.read(nodes, edges, KnowledgeGraphBuilder.allKinds(), false).get(1);

    assertThat(report.malformed()).isEqualTo(3);
    assertThat(report.problems()).extracting(ReadReport.Problem::line).containsExactly(1L, 2L);
    assertThat(report.summary()).contains("edges.sif:1: node 'G::7' is not in the node table: G::1\tGiG\tG::7")
        .endsWith("... and 1 more malformed row");
  }

  /**
   * A SIF line naming one node alone declares an isolated node, as the core's SIF reader reads it: it is a node of the
   * graph, with no edge, and counted in the report; with a node table, an unknown lone node is malformed.
   */
  @Test
  void aLoneNodeLineAddsTheNodeWithNoEdge() throws IOException {
    Path edges = Files.writeString(dir.resolve("edges.sif"), "G::1\tGiG\tG::2\nG::7\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = CuratedGraphReader.read(null, edges, builder, true).get(0);
    assertThat(report.rows()).isEqualTo(2);
    assertThat(report.accepted()).isEqualTo(2);
    assertThat(report.malformed()).isZero();
    assertThat(report.loneNodeLines()).isEqualTo(1);
    assertThat(report.summary()).contains("2 rows (1 names a node alone, with no edge), 2 used, 0 malformed");
    KnowledgeGraph graph = builder.build();
    assertThat(graph.nodeCount()).isEqualTo(3);
    assertThat(graph.edgeCount()).isEqualTo(1);
    assertThat(graph.node("G::7")).isNotNegative();

    Path nodes = Files.writeString(dir.resolve("nodes.tsv"), "id\tname\tkind\nG::1\ta\tGene\nG::2\tb\tGene\n");
    assertThatThrownBy(() -> CuratedGraphReader.read(nodes, edges, KnowledgeGraphBuilder.allKinds(), true))
        .isInstanceOf(GraphInputException.class).hasMessageContaining("edges.sif").hasMessageContaining("line 2")
        .hasMessageContaining("node 'G::7' is not in the node table");
  }
}
