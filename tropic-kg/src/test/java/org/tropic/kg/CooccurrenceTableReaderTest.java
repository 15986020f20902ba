package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.io.GraphInputException;

/** Rows of a co-occurrence table that are not co-occurrences of two concepts, and headers that lack a column. */
class CooccurrenceTableReaderTest {
  private static final String HEADER = "doid_code_0\tdoid_name_0\tdoid_code_1\tdoid_name_1\tcooccurrence\tp_fisher\n";

  @TempDir
  Path dir;

  @Test
  void aConceptPairedWithItselfIsDroppedAndLeavesItsTotalAlone() throws IOException {
    Path file = Files.writeString(dir.resolve("co.tsv"), HEADER + "A\ta\tB\tb\t10\t0.01\nA\ta\tA\ta\t50\t0.01\n"
        + "B\tb\tC\tc\t10\t0.01\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = CooccurrenceTableReader.read(file, builder, CooccurrenceTableReader.Options.defaults());
    KnowledgeGraph g = builder.build();

    assertThat(report.dropped()).containsEntry("a concept paired with itself", 1L);
    assertThat(g.edgeCount()).isEqualTo(2);
    int a = g.requireNode("A");
    for (int e = 0; e < g.edgeCount(); e++) {
      assertThat(g.edgeSource(e)).isNotEqualTo(g.edgeTarget(e));
      if (g.edgeSource(e) == a || g.edgeTarget(e) == a) {
        // Jaccard 10 / (10 + 20 − 10): A's total is its one real co-occurrence, not 60.
        assertThat(g.weight(e)).isEqualTo(0.5f);
      }
    }
  }

  @Test
  void aHeaderLackingTheCountColumnIsNamedAsSuch() throws IOException {
    Path file = Files.writeString(dir.resolve("co.tsv"), "doid_code_0\tdoid_name_0\tdoid_code_1\tdoid_name_1\n"
        + "A\ta\tB\tb\n");
    assertThatThrownBy(() -> CooccurrenceTableReader.read(file, KnowledgeGraphBuilder.allKinds(),
        CooccurrenceTableReader.Options.defaults()))
        .isInstanceOf(GraphInputException.class)
        .hasMessageContaining("co.tsv").hasMessageContaining("line 1")
        .hasMessageContaining("the header lacks the column cooccurrence");
  }
}
