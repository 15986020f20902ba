package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.io.GraphInputException;

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
    assertThat(report.headerRow()).isEqualTo("line 1 read as a header: 'source relation target'");
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
}
