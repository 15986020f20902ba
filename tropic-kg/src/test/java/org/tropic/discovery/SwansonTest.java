package org.tropic.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.Progress;
import org.tropic.apsp.TiledDistanceMatrix;
import org.tropic.io.DistanceStore;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.Sidecar;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphBuilder;
import org.tropic.kg.SemMedDbReader;
import org.tropic.semiring.MinPlusKernels;

/**
 * Swanson's fish oil – Raynaud discovery planted in a SemMedDB PREDICATION dump: up to 1985 fish oils (C0016157)
 * lower blood viscosity (C0005847) and platelet aggregation (C0032176), both of which are raised in Raynaud disease
 * (C0034734), but no abstract names fish oils with Raynaud; in 1989 one does. Distractors hang off both ends.
 */
class SwansonTest {
  static final String FISH_OILS = "C0016157";
  static final String VISCOSITY = "C0005847";
  static final String PLATELETS = "C0032176";
  static final String RAYNAUD = "C0034734";

  @TempDir
  static Path dir;
  static KnowledgeGraph full;
  static KnowledgeGraph in1985;

  private static final Map<String, String[]> CONCEPTS = Map.of(
      FISH_OILS, new String[] {"Fish Oils", "lipd"},
      VISCOSITY, new String[] {"Blood Viscosity", "orga"},
      PLATELETS, new String[] {"Platelet aggregation", "celf"},
      RAYNAUD, new String[] {"Raynaud Disease", "dsyn"},
      "C0008377", new String[] {"Cholesterol", "lipd"},
      "C0020538", new String[] {"Hypertensive disease", "dsyn"},
      "C0011849", new String[] {"Diabetes Mellitus", "dsyn"},
      "C0009443", new String[] {"Common Cold", "dsyn"},
      "C0040034", new String[] {"Thrombocytopenia", "dsyn"});

  @BeforeAll
  static void writeAndReadTheDump() throws IOException {
    List<String> rows = new ArrayList<>();
    List<String> citations = new ArrayList<>();
    int[] next = {1};
    java.util.function.BiConsumer<String, String[]> predication = (pmidYear, pair) -> {
      String[] py = pmidYear.split(":");
      String[] s = CONCEPTS.get(pair[0]);
      String[] o = CONCEPTS.get(pair[1]);
      int id = next[0]++;
      rows.add(String.join(",", "\"" + id + "\"", "\"" + (5000 + id) + "\"", "\"" + py[0] + "\"", "\"INHIBITS\"",
          "\"" + pair[0] + "\"", "\"" + s[0] + "\"", "\"" + s[1] + "\"", "1", "\"" + pair[1] + "\"",
          "\"" + o[0] + "\"", "\"" + o[1] + "\"", "1", "\\N", "\\N", "\\N"));
      citations.add("\"" + py[0] + "\",\"0000-0000\",\"" + py[1] + "\",\"" + py[1] + "/01/01\",\"" + py[1] + "\"");
    };
    for (int i = 0; i < 5; i++) {
      predication.accept((100 + i) + ":198" + i, new String[] {FISH_OILS, VISCOSITY});
      predication.accept((200 + i) + ":198" + i, new String[] {VISCOSITY, RAYNAUD});
    }
    for (int i = 0; i < 2; i++) {
      predication.accept((300 + i) + ":1983", new String[] {FISH_OILS, PLATELETS});
      predication.accept((400 + i) + ":1984", new String[] {PLATELETS, RAYNAUD});
    }
    predication.accept("500:1982", new String[] {FISH_OILS, "C0008377"});
    predication.accept("501:1982", new String[] {"C0008377", "C0020538"});
    predication.accept("502:1983", new String[] {"C0020538", "C0011849"});
    predication.accept("503:1983", new String[] {RAYNAUD, "C0040034"});
    predication.accept("504:1984", new String[] {"C0040034", "C0009443"});
    predication.accept("505:1984", new String[] {"C0008377", "C0008377"});
    predication.accept("900:1989", new String[] {FISH_OILS, RAYNAUD});

    Path citationFile = write(dir.resolve("CITATIONS.csv"), citations);
    Path predicationFile = write(dir.resolve("PREDICATION.csv"), rows);
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    SemMedDbReader.readCitations(citationFile, builder, true);
    SemMedDbReader.readPredications(predicationFile, builder, SemMedDbReader.Options.defaults().withStrict(true));
    full = builder.build();
    in1985 = full.asOf(1985);
  }

  private static Path write(Path file, List<String> lines) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.ISO_8859_1));
    }
    return file;
  }

  @Test
  void theLinkIsHiddenIn1985AndPublishedIn1989() {
    int fish = in1985.requireNode(FISH_OILS);
    int raynaud = in1985.requireNode(RAYNAUD);
    assertThat(in1985.adjacent(fish, raynaud)).isFalse();
    assertThat(full.adjacent(full.requireNode(FISH_OILS), full.requireNode(RAYNAUD))).isTrue();
  }

  @Test
  void openDiscoveryRanksRaynaudFirstAmongDiseasesByEveryMeasure() {
    for (Set<EdgeKind> kinds : List.of(EnumSet.of(EdgeKind.CONCEPT_CONCEPT), EnumSet.allOf(EdgeKind.class))) {
      KgDistances distances = KgDistances.bySearch(in1985.view(kinds));
      for (Ranking ranking : Ranking.values()) {
        List<Candidate> top = OpenDiscovery.candidates(distances, FISH_OILS,
            OpenDiscovery.Options.defaults().withRanking(ranking).withSemanticTypes(Set.of("dsyn")).withLimit(3));
        assertThat(top).as("%s on %s", ranking, kinds).isNotEmpty();
        assertThat(top.get(0).id()).as("%s on %s", ranking, kinds).isEqualTo(RAYNAUD);
      }
    }
    Candidate raynaud = OpenDiscovery.candidates(KgDistances.bySearch(in1985.view(EnumSet.of(
        EdgeKind.CONCEPT_CONCEPT))), FISH_OILS, OpenDiscovery.Options.defaults()).get(0);
    assertThat(raynaud.linkingTerms()).isEqualTo(2);
    assertThat(raynaud.path().intermediates()).containsExactly(VISCOSITY);
  }

  @Test
  void openDiscoveryLeavesOutDirectNeighbours() {
    List<Candidate> all = OpenDiscovery.candidates(KgDistances.bySearch(in1985.view()), FISH_OILS,
        OpenDiscovery.Options.defaults().withLimit(100));
    assertThat(all).extracting(Candidate::id).doesNotContain(VISCOSITY, PLATELETS, "C0008377", FISH_OILS);
    for (int i = 1; i < all.size(); i++) {
      assertThat(all.get(i).distance()).isGreaterThanOrEqualTo(all.get(i - 1).distance());
    }
  }

  /**
   * Paths through abstracts alone do not make fish oils' predicated neighbours "hidden": a direct link is one of any
   * kind in the graph of the year, whatever kinds the paths may use. Raynaud, predicated with fish oils only in 1989,
   * is still a candidate in 1985.
   */
  @Test
  void directNeighboursByAnyEdgeKindAreLeftOutWhateverThePathsUse() {
    List<Candidate> all = OpenDiscovery.candidates(KgDistances.bySearch(in1985.view(EnumSet.of(
        EdgeKind.CONCEPT_ABSTRACT))), FISH_OILS, OpenDiscovery.Options.defaults().withLimit(100));
    assertThat(all).extracting(Candidate::id).doesNotContain(VISCOSITY, PLATELETS, "C0008377").contains(RAYNAUD);
    for (Candidate candidate : all) {
      assertThat(candidate.path().steps()).allSatisfy(step -> assertThat(step.kind())
          .isEqualTo(EdgeKind.CONCEPT_ABSTRACT));
    }
  }

  /** A semantic type no candidate node has is a typo: refused with the types there are, not answered with none. */
  @Test
  void aSemanticTypeTheGraphLacksIsRefused() {
    KgDistances distances = KgDistances.bySearch(in1985.view());
    assertThatThrownBy(() -> OpenDiscovery.candidates(distances, FISH_OILS,
        OpenDiscovery.Options.defaults().withSemanticTypes(Set.of("dysn"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no concept of semantic type 'dysn'").hasMessageContaining("dsyn");
    assertThatThrownBy(() -> OpenDiscovery.candidates(distances, FISH_OILS,
        OpenDiscovery.Options.defaults().withSemanticTypes(Set.of("DSYN"))))
        .hasMessageContaining("no concept of semantic type 'DSYN' in the graph; did you mean 'dsyn'?");
  }

  @Test
  void closedDiscoveryFindsThePathThroughBloodViscosityThenPlatelets() {
    KgView view = in1985.view(EnumSet.of(EdgeKind.CONCEPT_CONCEPT));
    List<DiscoveredPath> paths = ClosedDiscovery.paths(view, FISH_OILS, RAYNAUD, 3);

    assertThat(paths).hasSize(2);
    assertThat(paths.get(0).nodes()).containsExactly(FISH_OILS, VISCOSITY, RAYNAUD);
    assertThat(paths.get(0).intermediates()).containsExactly(VISCOSITY);
    assertThat(paths.get(1).intermediates()).containsExactly(PLATELETS);
    assertThat(paths.get(1).length()).isGreaterThanOrEqualTo(paths.get(0).length());
    PathStep first = paths.get(0).steps().get(0);
    assertThat(first.count()).isEqualTo(5);
    assertThat(first.firstYear()).isEqualTo(1980);
    // n(fish oils) = 5 + 2 + 1 = 8 and n(viscosity) = 10 by 1985: Jaccard 5 / (8 + 10 − 5).
    assertThat(first.weight()).isEqualTo(5f / 13);
    assertThat(paths.get(0).format()).contains("Fish Oils [C0016157]").contains("Raynaud Disease");
  }

  @Test
  void answersAreTheSameFromAStoredApspResult() throws IOException {
    KgView view = in1985.view();
    Path npy = storedApsp(view);
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(npy)) {
      KgDistances fromMatrix = KgDistances.fromMatrix(view, stored);
      KgDistances bySearch = KgDistances.bySearch(view);
      OpenDiscovery.Options options = OpenDiscovery.Options.defaults().withLimit(50);
      List<Candidate> a = OpenDiscovery.candidates(fromMatrix, FISH_OILS, options);
      List<Candidate> b = OpenDiscovery.candidates(bySearch, FISH_OILS, options);
      assertThat(a).extracting(Candidate::id).containsExactlyElementsOf(b.stream().map(Candidate::id).toList());
      for (int i = 0; i < a.size(); i++) {
        assertThat(a.get(i).distance()).isCloseTo(b.get(i).distance(), org.assertj.core.api.Assertions.within(1e-5f));
        assertThat(a.get(i).path().length()).isCloseTo(b.get(i).path().length(),
            org.assertj.core.api.Assertions.within(1e-4));
      }
    }
  }

  /** The view's distances solved and stored as {@code tropic kg build --apsp} stores them. */
  private Path storedApsp(KgView view) throws IOException {
    TiledDistanceMatrix apsp = new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults())
        .solve(view.graph(), Progress.NONE);
    Path npy = dir.resolve("apsp.npy");
    DistanceStore.write(apsp, npy, Sidecar.of(view.graph(), null, null, "test", Map.of()), Progress.NONE);
    return npy;
  }

  /** The fingerprint covers the arcs, not the names: a stored result whose labels were changed is refused. */
  @Test
  void aStoredResultWhoseLabelsWereChangedIsRefused() throws IOException {
    KgView view = in1985.view();
    Path npy = storedApsp(view);
    Path sidecar = Sidecar.pathFor(npy);
    String json = java.nio.file.Files.readString(sidecar);
    assertThat(json).contains("\"" + FISH_OILS + "\"");
    java.nio.file.Files.writeString(sidecar, json.replace("\"" + FISH_OILS + "\"", "\"C9999999\""));
    try (NpyDistanceMatrix stored = NpyDistanceMatrix.open(npy)) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> KgDistances.fromMatrix(view, stored))
          .hasMessageContaining("computed from a graph with other vertex names: vertex 0 is 'C9999999' in the"
              + " result, '" + FISH_OILS + "' in the graph given");
    }
  }

  @Test
  void aMatrixOfAnotherGraphIsRefused() {
    KgView concepts = in1985.view(EnumSet.of(EdgeKind.CONCEPT_CONCEPT));
    TiledDistanceMatrix other = new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults())
        .solve(in1985.view().graph(), Progress.NONE);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> KgDistances.fromMatrix(concepts, other))
        .hasMessageContaining("computed from another graph");
  }
}
