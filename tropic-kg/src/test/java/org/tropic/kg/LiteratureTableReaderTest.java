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
import org.tropic.io.GraphInputException;

/** How triples are dated: by their year column, else by their abstract's year wherever in the input it is given. */
class LiteratureTableReaderTest {
  private static final String UNDATED = "A\tX\tB\t7\n";
  private static final String DATED = "C\tX\tD\t7\t2006\n";

  @TempDir
  Path dir;

  private static String evidence(KnowledgeGraph g, String a, String b) {
    int e = g.edgeBetween(g.requireNode(a), g.requireNode(b), EnumSet.of(EdgeKind.CONCEPT_CONCEPT));
    assertThat(e).as("%s-%s", a, b).isNotNegative();
    return g.evidenceText(e);
  }

  /** An undated row of PMID:7 before or after the row that dates PMID:7: dated 2006 either way. */
  @Test
  void anUndatedRowIsDatedByItsAbstractWhateverTheOrderOfTheRows() throws IOException {
    for (String rows : List.of(UNDATED + DATED, DATED + UNDATED)) {
      Path file = Files.writeString(dir.resolve("triples.tsv"), rows);
      KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
      ReadReport report = LiteratureTableReader.readTriples(file, builder, true);
      KnowledgeGraph g = builder.build();

      assertThat(report.accepted()).isEqualTo(2);
      assertThat(evidence(g, "A", "B")).as(rows).isEqualTo("2006:1");
      assertThat(evidence(g, "C", "D")).as(rows).isEqualTo("2006:1");
      // The slice keeps the edge with its abstract, as it keeps A–PMID:7.
      KnowledgeGraph in2006 = g.asOf(2006);
      assertThat(in2006.node("A")).as(rows).isNotNegative();
      assertThat(in2006.edgeCount(EdgeKind.CONCEPT_CONCEPT)).as(rows).isEqualTo(2);
    }
  }

  /** The year may come from another triples file, read before or after: all years are read before any row. */
  @Test
  void anUndatedRowIsDatedByAYearInAnotherFile() throws IOException {
    Path undated = Files.writeString(dir.resolve("undated.tsv"), "subject\tpredicate\tobject\tpmid\n" + UNDATED);
    Path dated = Files.writeString(dir.resolve("dated.tsv"), DATED);
    for (List<Path> files : List.of(List.of(undated, dated), List.of(dated, undated))) {
      KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
      List<ReadReport> reports = LiteratureTableReader.readTriples(files, builder, false);
      KnowledgeGraph g = builder.build();

      assertThat(reports).hasSize(2);
      assertThat(reports.get(0).file()).isEqualTo(files.get(0).toString());
      assertThat(evidence(g, "A", "B")).as("%s", files).isEqualTo("2006:1");
    }
  }

  /** A malformed row gives no year: its PMID stays undated, and the row is reported once. */
  @Test
  void aMalformedRowDatesNothing() throws IOException {
    Path file = Files.writeString(dir.resolve("triples.tsv"), UNDATED + "\tX\tD\t7\t2006\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = LiteratureTableReader.readTriples(file, builder, false);
    KnowledgeGraph g = builder.build();

    assertThat(report.malformed()).isEqualTo(1);
    assertThat(evidence(g, "A", "B")).isEqualTo("0:1");
  }

  /**
   * A citation pair given again, as written or reversed, is one edge (N_p counts it once): the report says those rows
   * were merged, so rows used and edges stored add up as they do for curated edges.
   */
  @Test
  void aRepeatedCitationPairIsReportedAsMerged() throws IOException {
    Path file = Files.writeString(dir.resolve("pairs.tsv"), "1\t2\n2\t1\n1\t3\nPMID:1\t2\n3\t3\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = LiteratureTableReader.readCitationPairs(file, builder, true);
    KnowledgeGraph g = builder.build();

    assertThat(g.edgeCount(EdgeKind.CITATION)).isEqualTo(2);
    assertThat(report.accepted()).isEqualTo(4);
    assertThat(report.merged()).isEqualTo(2);
    assertThat(report.accepted() - report.merged()).isEqualTo(g.edgeCount(EdgeKind.CITATION));
    assertThat(report.dropped()).containsEntry("self-citation", 1L);
    assertThat(report.summary()).contains("5 rows, 4 used (2 repeat an earlier row's pair, in either direction, "
        + "and merged into its edge), 1 dropped (self-citation), 0 malformed");
  }

  /**
   * A row with a third field is malformed, not read as its first two: a weighted edge list or a {@code citing cited
   * year} table given as citation pairs would otherwise lose that column quietly. With --strict the error names the
   * file, the line and the row.
   */
  @Test
  void aRowOfMoreThanTwoFieldsIsMalformed() throws IOException {
    Path file = Files.writeString(dir.resolve("pairs.tsv"), "1\t2\n3\tTREATS\t4\n5,6,2005\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = LiteratureTableReader.readCitationPairs(file, builder, false);

    assertThat(builder.build().edgeCount(EdgeKind.CITATION)).isEqualTo(1);
    assertThat(report.accepted()).isEqualTo(1);
    assertThat(report.malformed()).isEqualTo(2);
    assertThat(report.summary()).contains("pairs.tsv:2: 3 fields where a citation pair has 2, the citing and the"
        + " cited PMID: 3\tTREATS\t4").contains("pairs.tsv:3: 3 fields");
    assertThatThrownBy(() -> LiteratureTableReader.readCitationPairs(file, KnowledgeGraphBuilder.allKinds(), true))
        .isInstanceOf(GraphInputException.class).hasMessageContaining("pairs.tsv").hasMessageContaining("line 2")
        .hasMessageContaining("3 fields where a citation pair has 2").hasMessageContaining("3\tTREATS\t4");
  }

  /** Without citation edges built, a repeated pair is used like any other row: there is no edge to merge into. */
  @Test
  void aRepeatedCitationPairMergesNothingWhenCitationsAreNotBuilt() throws IOException {
    Path file = Files.writeString(dir.resolve("pairs.tsv"), "1\t2\n2\t1\n");
    ReadReport report = LiteratureTableReader.readCitationPairs(file,
        new KnowledgeGraphBuilder(EnumSet.of(EdgeKind.CONCEPT_CONCEPT)), true);

    assertThat(report.accepted()).isEqualTo(2);
    assertThat(report.merged()).isZero();
  }
}
