package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tropic.apsp.Progress;
import org.tropic.io.GraphInputException;

/** SemMedDB dumps in their exact schema, with every weight checked against a value worked out by hand. */
class SemMedDbReaderTest {
  @TempDir
  Path dir;

  private static int edge(KnowledgeGraph g, String a, String b) {
    int e = g.edgeBetween(g.requireNode(a), g.requireNode(b), EnumSet.allOf(EdgeKind.class));
    assertThat(e).as("edge %s – %s", a, b).isGreaterThanOrEqualTo(0);
    return e;
  }

  @Test
  void readsConceptsWithEscapesPipesAndEntrezIds() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();

    int x = g.requireNode(SemMedCorpus.X);
    int y = g.requireNode(SemMedCorpus.Y);
    int z = g.requireNode(SemMedCorpus.Z);
    assertThat(g.name(x)).isEqualTo(SemMedCorpus.X_NAME);
    assertThat(g.name(y)).isEqualTo("FOXP3");
    assertThat(g.type(y)).isEqualTo("gngm");
    assertThat(g.name(z)).isEqualTo("TP53");
    assertThat(g.node("2597")).as("the second id of a piped CUI is not a concept of its own").isEqualTo(-1);
    assertThat(g.node("C0000004")).as("novelty-0 row dropped").isEqualTo(-1);
    assertThat(g.node(SemMedCorpus.GENERIC)).as("generic concept dropped").isEqualTo(-1);
    assertThat(g.nodeCount(NodeKind.CONCEPT)).isEqualTo(3);
    assertThat(g.nodeCount(NodeKind.ABSTRACT)).isEqualTo(4);
  }

  @Test
  void conceptConceptWeightIsJaccardOfPredicationCounts() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();
    // n_X = 3 (rows 1, 2, 4), n_Y = 4 (rows 1, 2, 3, 8), n_Z = 3 (rows 3, 4, 8)
    assertThat(g.nodeEvidence(g.requireNode(SemMedCorpus.X))).isEqualTo(3);
    assertThat(g.nodeEvidence(g.requireNode(SemMedCorpus.Y))).isEqualTo(4);
    assertThat(g.nodeEvidence(g.requireNode(SemMedCorpus.Z))).isEqualTo(3);
    int xy = edge(g, SemMedCorpus.X, SemMedCorpus.Y);
    int yz = edge(g, SemMedCorpus.Y, SemMedCorpus.Z);
    int xz = edge(g, SemMedCorpus.X, SemMedCorpus.Z);
    assertThat(g.weight(xy)).isCloseTo(2f / (3 + 4 - 2), within(1e-7f));
    assertThat(g.weight(yz)).isCloseTo(2f / (4 + 3 - 2), within(1e-7f));
    assertThat(g.weight(xz)).isCloseTo(1f / (3 + 3 - 1), within(1e-7f));
    assertThat(g.distance(xz)).isCloseTo((float) -Math.log(0.2), within(1e-6f));
    assertThat(g.count(yz)).isEqualTo(2);
    assertThat(g.evidenceText(yz)).isEqualTo("1986:1;1995:1");
    assertThat(g.firstYear(xz)).isEqualTo(1990);
  }

  @Test
  void conceptAbstractWeightIsOccurrenceShare() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();
    // PMID 1: rows 1, 2, 3 → X twice, Y three times, Z once: 6 occurrences.
    assertThat(g.weight(edge(g, SemMedCorpus.X, "PMID:1"))).isCloseTo(2f / 6, within(1e-7f));
    assertThat(g.weight(edge(g, SemMedCorpus.Y, "PMID:1"))).isCloseTo(3f / 6, within(1e-7f));
    assertThat(g.weight(edge(g, SemMedCorpus.Z, "PMID:1"))).isCloseTo(1f / 6, within(1e-7f));
    assertThat(g.weight(edge(g, SemMedCorpus.X, "PMID:2"))).isCloseTo(0.5f, within(1e-7f));
    assertThat(g.nodeFirstYear(g.requireNode("PMID:1"))).isEqualTo(1986);
    assertThat(g.nodeFirstYear(g.requireNode("PMID:2"))).as("year from DP").isEqualTo(1990);
    assertThat(g.nodeFirstYear(g.requireNode("PMID:3"))).as("year from EDAT").isEqualTo(1995);
  }

  @Test
  void citationWeightIsOneOverTheSumOfCitationCounts() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();
    // Pairs 1–2, 1–3, 3–4 (2–1 repeats 1–2): N1 = 2, N2 = 1, N3 = 2, N4 = 1.
    assertThat(g.edgeCount(EdgeKind.CITATION)).isEqualTo(3);
    assertThat(g.weight(edge(g, "PMID:1", "PMID:2"))).isCloseTo(1f / 3, within(1e-7f));
    assertThat(g.weight(edge(g, "PMID:1", "PMID:3"))).isCloseTo(1f / 4, within(1e-7f));
    assertThat(g.weight(edge(g, "PMID:3", "PMID:4"))).isCloseTo(1f / 3, within(1e-7f));
    assertThat(g.firstYear(edge(g, "PMID:3", "PMID:4"))).as("the later known year").isEqualTo(1995);
  }

  @Test
  void reportsDropsAndMalformedRowsWithTheirLines() throws IOException {
    SemMedCorpus.Built built = SemMedCorpus.build(dir, false);
    ReadReport citations = built.reports().get(0);
    ReadReport predications = built.reports().get(2);
    ReadReport pairs = built.reports().get(3);

    assertThat(citations.rows()).isEqualTo(5);
    assertThat(citations.accepted()).isEqualTo(3);
    assertThat(citations.problems()).extracting(ReadReport.Problem::line).containsExactly(4L, 5L);
    assertThat(predications.rows()).isEqualTo(9);
    assertThat(predications.accepted()).isEqualTo(5);
    assertThat(predications.dropped()).containsEntry("novelty 0", 1L).containsEntry("generic concept", 1L);
    assertThat(predications.malformed()).isEqualTo(2);
    assertThat(predications.problems()).extracting(ReadReport.Problem::line).containsExactly(7L, 9L);
    assertThat(predications.problems().get(0).reason()).contains("14 fields");
    assertThat(predications.problems().get(1).reason()).contains("OBJECT_CUI");
    assertThat(predications.summary()).contains("PREDICATION.csv.gz:7: 14 fields");
    assertThat(pairs.malformed()).isEqualTo(1);
    assertThat(pairs.dropped()).containsEntry("self-citation", 1L);
  }

  @Test
  void headerAndPlainVariantsGiveTheSameGraphAsHeaderlessGzip(@TempDir Path other) throws IOException {
    KnowledgeGraph plain = SemMedCorpus.build(dir, false).graph();
    SemMedCorpus.Built withHeaders = SemMedCorpus.build(other, true);

    assertThat(withHeaders.graph().toString()).isEqualTo(plain.toString());
    assertThat(withHeaders.reports().get(2).problems()).extracting(ReadReport.Problem::line)
        .as("one header line shifts the lines").containsExactly(8L, 10L);
    for (int e = 0; e < plain.edgeCount(); e++) {
      assertThat(withHeaders.graph().weight(e)).isEqualTo(plain.weight(e));
      assertThat(withHeaders.graph().evidenceText(e)).isEqualTo(plain.evidenceText(e));
    }
  }

  @Test
  void keepsNoveltyZeroWhenAsked() throws IOException {
    Path file = SemMedCorpus.predications().write(dir.resolve("P.csv"), null);
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = SemMedDbReader.readPredications(file, builder,
        SemMedDbReader.Options.defaults().withKeepNoveltyZero(true));

    assertThat(report.accepted()).isEqualTo(7);
    assertThat(builder.build().node("C0000004")).isGreaterThanOrEqualTo(0);
  }

  @Test
  void aRowWithAGenericConceptCreatesNoConceptAtAll() throws IOException {
    Path file = new SemMedFixture()
        .predication(7, "ISA", "C0000099", "New", "dsyn", 1, SemMedCorpus.GENERIC, "Generic", "phsu", 1)
        .predication(7, "ISA", SemMedCorpus.GENERIC, "Generic", "phsu", 1, "C0000098", "Other", "dsyn", 1)
        .write(dir.resolve("P.csv"), null);
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = SemMedDbReader.readPredications(file, builder,
        SemMedDbReader.Options.defaults().withGenericConcepts(java.util.Set.of(SemMedCorpus.GENERIC)));

    assertThat(report.dropped()).containsEntry("generic concept", 2L);
    assertThat(builder.conceptCount()).isZero();
  }

  @Test
  void strictModeStopsAtTheFirstMalformedRowNamingFileAndLine() throws IOException {
    Path file = SemMedCorpus.predications().write(dir.resolve("P.csv"), null);

    assertThatThrownBy(() -> SemMedDbReader.readPredications(file, KnowledgeGraphBuilder.allKinds(),
        SemMedDbReader.Options.defaults().withStrict(true)))
        .isInstanceOf(GraphInputException.class)
        .hasMessageContaining("P.csv, line 7")
        .hasMessageContaining("14 fields");
  }

  @Test
  void parsesEscapedDelimitersNewlinesAndNulls() throws IOException {
    Path file = dir.resolve("P.csv");
    // A name with an escaped comma and an escaped newline, an unquoted NULL semantic type, CRLF line ends.
    new SemMedFixture()
        .raw("1,2,\"7\",\"ISA\",C0000001,Fish\\, oil\\\nconcentrate,\\N,1,C0000002,\"B\",\"dsyn\",1,\\N,\\N,\\N\r")
        .raw("2,3,\"7\",\"ISA\",\"C0000002\",\"B\",\"dsyn\",1,\"C0000003\",\"C \"\"quoted\"\"\",\"dsyn\",1,\\N,\\N,\\N")
        .write(file, null);
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    ReadReport report = SemMedDbReader.readPredications(file, builder, SemMedDbReader.Options.defaults());
    KnowledgeGraph g = builder.build();

    assertThat(report.malformed()).isZero();
    assertThat(g.name(g.requireNode("C0000001"))).isEqualTo("Fish, oil\nconcentrate");
    assertThat(g.type(g.requireNode("C0000001"))).isNull();
    assertThat(g.name(g.requireNode("C0000003"))).isEqualTo("C \"quoted\"");
  }

  /** A CUI first seen with a NULL name and type takes them from a later row; a name already given stays. */
  @Test
  void aNullNameOrTypeIsFilledInByALaterRow() throws IOException {
    Path file = dir.resolve("P.csv");
    new SemMedFixture()
        .raw("1,2,\"7\",\"ISA\",\"C0000001\",\\N,\\N,1,\"C0000002\",\"B\",\\N,1,\\N,\\N,\\N")
        .predication(8, "ISA", "C0000001", "Fish oils", "orch", 1, "C0000002", "Other B", "dsyn", 1)
        .raw("3,4,\"9\",\"ISA\",\"C0000003\",\"C\",\\N,1,\"C0000003\",\"C\",\"phsu\",1,\\N,\\N,\\N")
        .write(file, null);
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    SemMedDbReader.readPredications(file, builder, SemMedDbReader.Options.defaults());
    KnowledgeGraph g = builder.build();

    assertThat(g.name(g.requireNode("C0000001"))).isEqualTo("Fish oils");
    assertThat(g.type(g.requireNode("C0000001"))).isEqualTo("orch");
    assertThat(g.name(g.requireNode("C0000002"))).as("the first name given wins").isEqualTo("B");
    assertThat(g.type(g.requireNode("C0000002"))).isEqualTo("dsyn");
    assertThat(g.type(g.requireNode("C0000003"))).as("from the object fields of its own row").isEqualTo("phsu");
  }

  /** What a progress bar would be told: the task, its total, each advance, and whether it ended. */
  private static final class RecordedProgress implements Progress {
    String task;
    long total = -1;
    final List<Long> advances = new ArrayList<>();
    int ends;

    @Override
    public void begin(String task, long totalWork) {
      this.task = task;
      this.total = totalWork;
    }

    @Override
    public void advance(long work) {
      advances.add(work);
    }

    @Override
    public void end() {
      ends++;
    }
  }

  /**
   * A PREDICATION dump of tens of millions of rows reads for minutes: the read reports the bytes of the file taken,
   * as stored (compressed for gzip, whose uncompressed size is not known up front), out of the file's size, while it
   * goes — not once at the end.
   */
  @ParameterizedTest
  @ValueSource(strings = {"PREDICATION.csv", "PREDICATION.csv.gz"})
  void aPredicationReadReportsItsProgressInBytesOfTheFile(String name) throws IOException {
    SemMedFixture dump = new SemMedFixture();
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 20_000; i++) {
      dump.predication(1 + random.nextInt(5_000), String.format("C%07d", random.nextInt(3_000)),
          String.format("C%07d", random.nextInt(3_000)), "dsyn");
    }
    Path file = dump.write(dir.resolve(name), SemMedCorpus.PREDICATION_HEADER);
    assertThat(Files.size(file)).as("several buffers' worth").isGreaterThan(3L << 16);

    RecordedProgress progress = new RecordedProgress();
    ReadReport report = SemMedDbReader.readPredications(file, KnowledgeGraphBuilder.allKinds(),
        SemMedDbReader.Options.defaults(), progress);

    assertThat(report.rows()).isEqualTo(20_000);
    assertThat(progress.task).isEqualTo("reading " + name);
    assertThat(progress.total).isEqualTo(Files.size(file));
    assertThat(progress.advances.stream().mapToLong(Long::longValue).sum()).isEqualTo(Files.size(file));
    assertThat(progress.advances).hasSizeGreaterThan(2).allSatisfy(n -> assertThat(n).isPositive());
    assertThat(progress.ends).isEqualTo(1);
  }

  /** CITATIONS dumps are as long (one row per abstract) and report the same way; a failed read still ends the bar. */
  @Test
  void aCitationsReadReportsItsProgressAndEndsItOnFailure() throws IOException {
    Path citations = SemMedCorpus.citations().write(dir.resolve("CITATIONS.csv"), null);
    RecordedProgress progress = new RecordedProgress();
    SemMedDbReader.readCitations(citations, KnowledgeGraphBuilder.allKinds(), false, progress);
    assertThat(progress.total).isEqualTo(Files.size(citations));
    assertThat(progress.advances.stream().mapToLong(Long::longValue).sum()).isEqualTo(Files.size(citations));
    assertThat(progress.ends).isEqualTo(1);

    RecordedProgress strict = new RecordedProgress();
    assertThatThrownBy(() -> SemMedDbReader.readCitations(citations, KnowledgeGraphBuilder.allKinds(), true,
        strict)).isInstanceOf(GraphInputException.class);
    assertThat(strict.ends).isEqualTo(1);
  }
}
