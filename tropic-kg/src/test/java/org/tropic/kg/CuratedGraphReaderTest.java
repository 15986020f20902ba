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
}
