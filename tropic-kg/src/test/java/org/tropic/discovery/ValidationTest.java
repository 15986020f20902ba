package org.tropic.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.kg.CuratedGraphReader;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphBuilder;
import org.tropic.kg.SharedData;
import org.tropic.kg.TimeSlices;

/** The time-sliced and held-out validations on planted structure and on the real Hetionet sample; the plots. */
class ValidationTest {
  @TempDir
  Path dir;

  /**
   * A literature of dated triples: up to 2000 a random sparse concept graph; in 2001–2010 new links close
   * triangles (pairs two hops apart), the pattern the time-sliced validation is meant to detect.
   */
  private Path triadicLiterature(long seed) throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    int n = 120;
    StringBuilder triples = new StringBuilder("subject\tpredicate\tobject\tpmid\tyear\n");
    boolean[][] linked = new boolean[n][n];
    int pmid = 1;
    for (int i = 0; i < 300; i++) {
      int a = random.nextInt(n);
      int b = random.nextInt(n);
      if (a != b) {
        linked[a][b] = linked[b][a] = true;
        triples.append("C").append(a).append("\tASSOCIATED_WITH\tC").append(b).append('\t').append(pmid++)
            .append('\t').append(1990 + random.nextInt(11)).append('\n');
      }
    }
    int added = 0;
    while (added < 80) {
      int a = random.nextInt(n);
      int b = random.nextInt(n);
      if (a == b || !hasLink(linked[a]) || linked[a][b]) {
        continue;
      }
      int c = -1;
      for (int x = 0; x < n && c < 0; x++) {
        if (linked[a][x] && linked[x][b]) {
          c = x;
        }
      }
      if (c < 0) {
        continue;
      }
      triples.append("C").append(a).append("\tASSOCIATED_WITH\tC").append(b).append('\t').append(pmid++)
          .append('\t').append(2001 + random.nextInt(10)).append('\n');
      added++;
    }
    return Files.writeString(dir.resolve("triples.tsv"), triples.toString());
  }

  private static boolean hasLink(boolean[] row) {
    for (boolean b : row) {
      if (b) {
        return true;
      }
    }
    return false;
  }

  @Test
  void timeSlicedValidationSeesThatNewLinksWereShortPaths() throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    org.tropic.kg.LiteratureTableReader.readTriples(triadicLiterature(7), builder, true);
    KnowledgeGraph graph = builder.build();
    TimeSlicedValidation.Options options = new TimeSlicedValidation.Options(2000, 2010,
        EnumSet.of(EdgeKind.CONCEPT_CONCEPT), 0, 3, new int[] {10, 50});

    TimeSlicedValidation.Result result = TimeSlicedValidation.run(graph, options);

    int expectedNew = TimeSlices.newConceptLinks(graph, 2000, 2010).size();
    LinkPredictionEvaluation evaluation = result.evaluation();
    assertThat(result.newLinks()).isEqualTo(expectedNew).isPositive();
    assertThat(evaluation.positives().size()).isEqualTo(expectedNew);
    assertThat(evaluation.negatives().size()).isEqualTo(expectedNew);
    for (int hops : evaluation.positives().hops()) {
      assertThat(hops).as("every planted link closed a triangle of 2000").isEqualTo(2);
    }
    assertThat(evaluation.hopsKs().statistic()).isGreaterThan(0.5);
    assertThat(evaluation.hopsKs().pValue()).isLessThan(1e-6);
    assertThat(evaluation.lengthAuc()).isGreaterThan(0.8);
    assertThat(evaluation.precisionAtK()).containsKeys(10, 50);
    assertThat(TimeSlicedValidation.run(graph, options).evaluation().lengthKs())
        .as("seeded: reproducible").isEqualTo(evaluation.lengthKs());
  }

  /**
   * The searches, where a validation spends its time, are one progress task that reaches its end: one unit per pair
   * measured, new links and random pairs together (the command shows it as a bar; it showed nothing for minutes).
   */
  @Test
  void timeSlicedValidationReportsItsSearchesToTheEnd() throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    org.tropic.kg.LiteratureTableReader.readTriples(triadicLiterature(7), builder, true);
    ProgressLog progress = new ProgressLog();

    TimeSlicedValidation.Result result = TimeSlicedValidation.run(builder.build(),
        new TimeSlicedValidation.Options(2000, 2010, EnumSet.of(EdgeKind.CONCEPT_CONCEPT), 0, 3, new int[] {10}),
        progress);

    int pairs = result.evaluation().positives().size() + result.evaluation().negatives().size();
    assertThat(pairs).isGreaterThan(100);
    assertThat(progress.events).containsExactly("begin shortest paths of " + pairs + " pairs (" + pairs + ")",
        pairs + " advances of " + pairs, "end");
  }

  /** Too few new links or random pairs for the KS test is refused before the searches, saying why. */
  @Test
  void timeSlicedValidationRefusesFewerThanTwoPairsBeforeTheSearches() throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    org.tropic.kg.LiteratureTableReader.readTriples(triadicLiterature(7), builder, true);
    KnowledgeGraph graph = builder.build();
    ProgressLog progress = new ProgressLog();

    assertThatThrownBy(() -> TimeSlicedValidation.run(graph, new TimeSlicedValidation.Options(2000, 2010,
        EnumSet.allOf(EdgeKind.class), 1, 3, new int[] {10}), progress))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("max pairs 1 keeps 1 of the ")
        .hasMessageEndingWith(" new links: the KS test needs at least 2; keep more");
    Path one = Files.writeString(dir.resolve("one.tsv"), "a\tR\tb\t1\t1990\nb\tR\tc\t2\t1990\n"
        + "a\tR\tc\t3\t1995\n");
    KnowledgeGraphBuilder single = KnowledgeGraphBuilder.allKinds();
    org.tropic.kg.LiteratureTableReader.readTriples(one, single, true);
    assertThatThrownBy(() -> TimeSlicedValidation.run(single.build(), TimeSlicedValidation.Options.of(1990, 2000),
        progress)).hasMessage("only 1 concept pair became linked between 1990 and 2000: the KS test needs at least"
        + " 2; choose years further apart");
    assertThat(progress.events).as("refused before any search").isEmpty();
  }

  /**
   * Edge kinds the graph has none of made every pair unreachable: the time-sliced validation printed D = 0, p = 1
   * and AUC 0.5 with exit 0, the holdout blamed the random draws. Both now say what the graph has.
   */
  @Test
  void validationsRefuseEdgeKindsTheGraphHasNoneOf() throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    org.tropic.kg.LiteratureTableReader.readTriples(triadicLiterature(7), builder, true);
    KnowledgeGraph literature = builder.build();
    assertThatThrownBy(() -> TimeSlicedValidation.run(literature, new TimeSlicedValidation.Options(2000, 2010,
        EnumSet.of(EdgeKind.CITATION), 0, 3, new int[] {10})))
        .hasMessageStartingWith("the graph has no edges of the kind citation, so no path can use them; it has"
            + " concept-concept (").hasMessageContaining("edges), concept-abstract (");
    assertThatThrownBy(() -> HoldoutValidation.run(plantedTreatments(), new HoldoutValidation.Options("CtD", 0.5, 1,
        EnumSet.of(EdgeKind.CONCEPT_ABSTRACT, EdgeKind.CITATION), new int[] {5})))
        .hasMessageStartingWith("the graph has no edges of the kinds concept-abstract,citation, so no path can use"
            + " them; it has concept-concept (").hasMessageNotContaining("concept-abstract (");
  }

  /**
   * Compounds c_i treat disease d_i; each pair also shares a gene, so a hidden "treats" edge leaves a 2-hop path.
   *
   * @param extraEdges SIF lines added to the planted ones
   */
  private KnowledgeGraph plantedTreatments(String... extraEdges) throws IOException {
    StringBuilder sif = new StringBuilder("source\tmetaedge\ttarget\n");
    StringBuilder nodes = new StringBuilder("id\tname\tkind\n");
    for (int i = 0; i < 30; i++) {
      nodes.append("Compound::c").append(i).append("\tc").append(i).append("\tCompound\n");
      nodes.append("Disease::d").append(i).append("\td").append(i).append("\tDisease\n");
      nodes.append("Gene::g").append(i).append("\tg").append(i).append("\tGene\n");
      sif.append("Compound::c").append(i).append("\tCtD\tDisease::d").append(i).append('\n');
      sif.append("Compound::c").append(i).append("\tCbG\tGene::g").append(i).append('\n');
      sif.append("Disease::d").append(i).append("\tDaG\tGene::g").append(i).append('\n');
      sif.append("Gene::g").append(i).append("\tGiG\tGene::g").append((i + 1) % 30).append('\n');
    }
    for (String edge : extraEdges) {
      sif.append(edge).append('\n');
    }
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    CuratedGraphReader.read(Files.writeString(dir.resolve("nodes.tsv"), nodes.toString()),
        Files.writeString(dir.resolve("edges.sif"), sif.toString()), builder, true);
    return builder.build();
  }

  /** A fraction that hides one edge, or a relation of one edge, is refused before the searches, saying why. */
  @Test
  void holdoutRefusesFewerThanTwoHiddenLinksBeforeTheSearches() throws IOException {
    KnowledgeGraph graph = plantedTreatments("Gene::g0\tGpPW\tGene::g7");
    ProgressLog progress = new ProgressLog();
    assertThatThrownBy(() -> HoldoutValidation.run(graph, new HoldoutValidation.Options("CtD", 0.0001, 1,
        EnumSet.allOf(EdgeKind.class), new int[] {5}), progress))
        .hasMessage("hiding 0.0001 of the 30 'CtD' edges hides 1: the KS test needs at least 2; hide a larger"
            + " fraction");
    assertThatThrownBy(() -> HoldoutValidation.run(graph, HoldoutValidation.Options.of("GpPW"), progress))
        .hasMessage("relation 'GpPW' has 1 edge: the KS test needs at least 2; choose a relation with more edges");
    assertThat(progress.events).as("refused before any search").isEmpty();
  }

  @Test
  void holdoutOnAPlantedGraphScoresHiddenLinksAboveRandomOnes() throws IOException {
    HoldoutValidation.Result result = HoldoutValidation.run(plantedTreatments(),
        new HoldoutValidation.Options("CtD", 0.5, 11, EnumSet.allOf(EdgeKind.class), new int[] {5}));

    assertThat(result.relationEdges()).isEqualTo(30);
    assertThat(result.hidden()).isEqualTo(15);
    assertThat(result.sourceType()).isEqualTo("Compound");
    assertThat(result.targetType()).isEqualTo("Disease");
    assertThat(result.evaluation().positives().hops()).containsOnly(2);
    assertThat(result.evaluation().lengthAuc()).isEqualTo(1.0);
    assertThat(result.evaluation().precisionAtK()).containsEntry(5, 1.0);
  }

  @Test
  void holdoutOnTheHetionetSample() throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    CuratedGraphReader.read(SharedData.file("hetionet/hetionet-v1.0-nodes.tsv"),
        SharedData.file("hetionet/hetionet-v1.0-edges-5k.sif.gz"), builder, false);
    KnowledgeGraph hetionet = builder.build();

    HoldoutValidation.Result result = HoldoutValidation.run(hetionet, HoldoutValidation.Options.of("CtD"));

    assertThat(result.relationEdges()).isEqualTo(755);
    assertThat(result.hidden()).isEqualTo(151);
    assertThat(result.evaluation().negatives().size()).isEqualTo(151);
    assertThat(result.evaluation().lengthKs().statistic()).isBetween(0.0, 1.0);
    assertThat(result.evaluation().lengthAuc()).as("true treatments sit closer than random pairs").isGreaterThan(0.5);
    assertThat(HoldoutValidation.run(hetionet, HoldoutValidation.Options.of("CtD")).evaluation().lengthAuc())
        .isEqualTo(result.evaluation().lengthAuc());
    ProgressLog progress = new ProgressLog();
    HoldoutValidation.run(hetionet, HoldoutValidation.Options.of("CtD"), progress);
    assertThat(progress.events).as("151 hidden links and 151 random pairs searched, to the end")
        .containsExactly("begin shortest paths of 302 pairs (302)", "302 advances of 302", "end");
    assertThatThrownBy(() -> HoldoutValidation.run(hetionet, HoldoutValidation.Options.of("nope")))
        .hasMessageContaining("no edge of relation 'nope'").hasMessageContaining("CtD, ")
        .hasMessageNotContaining("did you mean");
    assertThatThrownBy(() -> HoldoutValidation.run(hetionet, HoldoutValidation.Options.of("ctd")))
        .hasMessageEndingWith(" (relations are case-sensitive: did you mean CtD?)");
  }

  /** A curated graph whose every edge row was malformed has nodes and no edges, and the refusal says that. */
  @Test
  void holdoutOnAGraphWithoutEdgesSaysSo() throws IOException {
    Path nodes = Files.writeString(dir.resolve("nodes.tsv"), "id\tname\tkind\nGene::1\tTP53\tGene\n");
    Path edges = Files.writeString(dir.resolve("edges.sif"), "Gene::1\tGiG\tGene::2\n");
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    CuratedGraphReader.read(nodes, edges, builder, false);

    assertThatThrownBy(() -> HoldoutValidation.run(builder.build(), HoldoutValidation.Options.of("GiG")))
        .hasMessageContaining("no edge of relation 'GiG'").hasMessageContaining("no edges at all");
  }

  /**
   * Whole-number data (hops, or the lengths of a curated graph) is binned by value and labelled 0, 1, 2, ..., never
   * 1.13, 2.13, ...; other lengths get bins labelled by their centres.
   */
  @Test
  void histogramsOfWholeNumbersHaveOneBinPerValue() {
    double inf = Double.POSITIVE_INFINITY;
    org.knowm.xchart.CategoryChart whole = ValidationPlots.histogram(new double[] {1, 2, 2, 3},
        new double[] {3, 2, inf}, "links", "pairs", "t", "path length");
    assertThat(whole.getSeriesMap().get("links (4)").getXData()).extracting(Object::toString)
        .containsExactly("0", "1", "2", "3", "none");
    assertThat(whole.getSeriesMap().get("links (4)").getYData()).extracting(Number::doubleValue)
        .containsExactly(0.0, 0.25, 0.5, 0.25, 0.0);

    double[] longPaths = new double[150];
    java.util.Arrays.setAll(longPaths, i -> i);
    org.knowm.xchart.CategoryChart wide = ValidationPlots.histogram(longPaths, new double[] {1}, "links", "pairs",
        "t", "hops");
    assertThat(wide.getSeriesMap().get("links (150)").getXData()).extracting(Object::toString).hasSize(51)
        .startsWith("0-2", "3-5").endsWith("147-149", "none");

    org.knowm.xchart.CategoryChart fractional = ValidationPlots.histogram(new double[] {1.5, 2}, new double[] {3},
        "links", "pairs", "t", "path length");
    assertThat(fractional.getSeriesMap().get("links (2)").getXData()).hasSize(21).first().hasToString("0.08");
  }

  /** Where lengths are hop counts (curated graphs) the two ROC curves coincide: the dashed one shows both. */
  @Test
  void theHopsCurveIsDashedSoThatItShowsOnTheLengthsCurve() {
    PairLengths positives = new PairLengths(new double[] {1, 2}, new int[] {1, 2});
    PairLengths negatives = new PairLengths(new double[] {2, 3}, new int[] {2, 3});
    var chart = ValidationPlots.rocChart(LinkPredictionEvaluation.of(positives, negatives, 1), "t");
    var series = List.copyOf(chart.getSeriesMap().values());
    assertThat(series).hasSize(3);
    assertThat(series.get(0).getLineStyle()).isNotEqualTo(series.get(1).getLineStyle());
    assertThat(series.get(1).getLineStyle()).isEqualTo(org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
  }

  @Test
  void plotsAreWrittenAsPngAndSvg() throws IOException {
    PairLengths positives = new PairLengths(new double[] {1, 2, 2, 3}, new int[] {1, 2, 2, 3});
    PairLengths negatives = new PairLengths(new double[] {3, 4, Double.POSITIVE_INFINITY, 2},
        new int[] {3, 4, -1, 2});
    LinkPredictionEvaluation evaluation = LinkPredictionEvaluation.of(positives, negatives, 2);

    List<Path> files = new java.util.ArrayList<>();
    files.addAll(ValidationPlots.pathLengths(evaluation, "new links", "random pairs", "test", dir.resolve("t")));
    files.addAll(ValidationPlots.roc(evaluation, "test", dir.resolve("t")));
    files.addAll(ValidationPlots.scenarios(java.util.Map.of(Scenario.EXACT_MATCH, 3L), "scenarios",
        dir.resolve("t")));

    assertThat(files).extracting(p -> p.getFileName().toString()).containsExactlyInAnyOrder("t-lengths.png",
        "t-lengths.svg", "t-hops.png", "t-hops.svg", "t-roc.png", "t-roc.svg", "t-scenarios.png",
        "t-scenarios.svg");
    for (Path file : files) {
      byte[] bytes = Files.readAllBytes(file);
      if (file.toString().endsWith(".png")) {
        assertThat(bytes).startsWith(0x89, 'P', 'N', 'G');
      } else {
        assertThat(new String(bytes, java.nio.charset.StandardCharsets.UTF_8)).contains("<svg");
      }
    }
    try (var listing = Files.list(dir)) {
      assertThat(listing.filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
    }
  }
}
