package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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

  /**
   * A row gets the first reason that applies, in the README's order: another count than the pair's earlier row
   * (malformed), a count of 0, then the pair again. A pair never co-mentioned, listed in both orders, is two rows of
   * count 0, not one of count 0 and one repeat: the repeats are those of the edges made.
   */
  @Test
  void aCountOfZeroIsDroppedAsSuchEvenWhenThePairCameBefore() throws IOException {
    Path file = Files.writeString(dir.resolve("co.tsv"), HEADER + "A\ta\tB\tb\t0\t1\nB\tb\tA\ta\t0\t1\n"
        + "A\ta\tC\tc\t5\t0.01\nC\tc\tA\ta\t5\t0.01\nB\tb\tC\tc\t4\t0.01\nC\tc\tB\tb\t0\t1\n"
        + "D\td\tA\ta\t0\t1\nA\ta\tD\td\t3\t0.01\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = CooccurrenceTableReader.read(file, builder, CooccurrenceTableReader.Options.defaults());

    assertThat(report.accepted()).isEqualTo(2);
    assertThat(report.dropped()).isEqualTo(Map.of("count 0", 3L, "pair listed in both orders", 1L));
    assertThat(report.malformed()).isEqualTo(2);
    assertThat(report.summary()).contains("co.tsv:7: the pair was listed before with count 4")
        .contains("co.tsv:9: the pair was listed before with count 0");
    assertThat(builder.build().edgeCount()).isEqualTo(2);
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
