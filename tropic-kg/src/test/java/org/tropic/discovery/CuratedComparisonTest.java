package org.tropic.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.kg.CooccurrenceTableReader;
import org.tropic.kg.CuratedGraphReader;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KgView;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphBuilder;
import org.tropic.kg.LiteratureTableReader;

/**
 * Each of COAST's scenarios planted once: literature chains (co-occurrence) against a curated graph whose ids are
 * {@code K::<literature id>}; u1, u2, u3 have no curated node.
 */
class CuratedComparisonTest {
  @TempDir
  Path dir;

  private KgDistances literature() throws IOException {
    String table = String.join("\n", "a\tb\t5", "b\tc\t5", // 1: a-b-c, curated a-b-c
        "d\te\t5", "e\tf\t5", // 2a: curated d-e-x-f
        "h\ti\t5", // 2b: curated h-z-i
        "j\tu1\t5", "u1\tk\t5", // 3a: curated j-k
        "l\tu2\t5", "u2\tm\t5", "m\tn\t5", // 3b: curated l-m-w-n
        "p\tu3\t5", "u3\tq\t5", // 3c: curated p-r-q
        "s\tg\t5", "t\to\t5") + "\n"; // 4: s, t apart; curated s-t
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    CooccurrenceTableReader.read(Files.writeString(dir.resolve("lit.tsv"), table), builder,
        CooccurrenceTableReader.Options.defaults().withStrict(true));
    return KgDistances.bySearch(builder.build().view());
  }

  private KgView curated() throws IOException {
    String[][] edges = {{"a", "b"}, {"b", "c"}, {"d", "e"}, {"e", "x"}, {"x", "f"}, {"h", "z"}, {"z", "i"},
        {"j", "k"}, {"l", "m"}, {"m", "w"}, {"w", "n"}, {"p", "r"}, {"r", "q"}, {"s", "t"}};
    StringBuilder sif = new StringBuilder();
    for (String[] e : edges) {
      sif.append("K::").append(e[0]).append("\trel\tK::").append(e[1]).append('\n');
    }
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    CuratedGraphReader.read(null, Files.writeString(dir.resolve("cur.sif"), sif.toString()), builder, true);
    KnowledgeGraph kg = builder.build();
    return kg.view();
  }

  private CuratedComparison.Result compare(String a, String c) throws IOException {
    KgView curated = curated();
    // One pair is too few for run (it refuses fewer than 2), but it is how each scenario is planted and checked.
    KgDistances literature = literature();
    ConceptMapping mapping = ConceptMapping.direct(curated.kg());
    CuratedComparison.Options options = CuratedComparison.Options.defaults();
    return CuratedComparison.compare(literature, curated, mapping,
        CuratedComparison.choose(literature.view(), curated, mapping, List.of(a, c), options), options);
  }

  private String refusal(List<String> concepts, ConceptMapping mapping, CuratedComparison.Options options)
      throws IOException {
    KgView curated = curated();
    KgDistances literature = literature();
    ConceptMapping used = mapping == null ? ConceptMapping.direct(curated.kg()) : mapping;
    assertThatThrownBy(() -> CuratedComparison.requireComparable(literature.view(), curated, used, concepts,
        options)).isInstanceOf(IllegalArgumentException.class);
    return assertThatThrownBy(() -> CuratedComparison.run(literature, curated, used, concepts, options))
        .isInstanceOf(IllegalArgumentException.class).actual().getMessage();
  }

  @Test
  void fewerThanTwoPairsAreRefusedSayingWhatWasGotAndWhatIsNeeded() throws IOException {
    CuratedComparison.Options defaults = CuratedComparison.Options.defaults();
    String needs = "a comparison needs at least 2 pairs (3 concepts that map)";
    assertThat(refusal(List.of("a"), null, defaults)).isEqualTo("1 of the 1 named literature concept maps to a node"
        + " of the curated graph (mapping: direct (curated id = Kind::literature id)): no pair to compare; " + needs
        + "; name more concepts that map (or none, for all that map)");
    assertThat(refusal(List.of("a", "c"), null, defaults)).startsWith("2 of the 2 named literature concepts map")
        .contains(": 1 pair to compare; " + needs);
    // A concept named twice is counted once (it used to make a pair with itself).
    assertThat(refusal(List.of("a", "c", "a"), null, defaults)).startsWith("2 of the 2 named literature concepts")
        .contains("1 pair to compare");
    // u1 is in the literature but not in the curated graph.
    assertThat(refusal(List.of("a", "u1"), null, defaults)).startsWith("1 of the 2 named literature concepts map");
    assertThat(refusal(null, null, new CuratedComparison.Options(2, 3))).startsWith("17 of the 22 literature"
        + " concepts map to a node of the curated graph").contains(" and max concepts 2 keeps 2: 1 pair to compare; "
        + needs + "; keep more concepts");
    Path oneRow = Files.writeString(dir.resolve("one-row.tsv"), "a\tK::a\n");
    ConceptMapping single = ConceptMapping.read(oneRow, literature().view().kg(), curated().kg());
    assertThat(refusal(null, single, defaults)).startsWith("1 of the 22 literature concepts map")
        .contains("(mapping: file " + oneRow).endsWith("; check the curated graph and the mapping");
  }

  @Test
  void aLiteratureViewWithoutConceptsIsRefusedSayingWhichEdges() throws IOException {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    LiteratureTableReader.readCitationPairs(Files.writeString(dir.resolve("cites.tsv"), "1\t2\n2\t3\n"), builder,
        true);
    KgView citations = builder.build().view(EnumSet.of(EdgeKind.CITATION));
    KgView curated = curated();
    assertThatThrownBy(() -> CuratedComparison.requireComparable(citations, curated,
        ConceptMapping.direct(curated.kg()), null, CuratedComparison.Options.defaults()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("no literature concept has a citation edge: no pair"
            + " to compare; choose edge kinds that join concepts (e.g. concept-concept)");
  }

  @Test
  void threeConceptsThatMapAreEnough() throws IOException {
    KgView curated = curated();
    CuratedComparison.Result result = CuratedComparison.run(literature(), curated,
        ConceptMapping.direct(curated.kg()), List.of("c", "a", "b", "a"), CuratedComparison.Options.defaults());
    assertThat(result.candidates()).isEqualTo(3);
    assertThat(result.pairs()).isEqualTo(3);
    assertThat(result.counts().get(Scenario.EXACT_MATCH)).isEqualTo(3);
  }

  private static Scenario only(CuratedComparison.Result result) {
    assertThat(result.pairs()).isEqualTo(1);
    return result.counts().entrySet().stream().filter(e -> e.getValue() == 1).map(Map.Entry::getKey).findFirst()
        .orElseThrow();
  }

  @Test
  void classifiesEachPlantedScenario() throws IOException {
    assertThat(only(compare("a", "c"))).isEqualTo(Scenario.EXACT_MATCH);
    assertThat(only(compare("d", "f"))).isEqualTo(Scenario.MAPPED_PARTIAL_MATCH);
    assertThat(only(compare("h", "i"))).isEqualTo(Scenario.MAPPED_NO_MATCH);
    assertThat(only(compare("j", "k"))).isEqualTo(Scenario.COLLAPSED_FULL_MATCH);
    assertThat(only(compare("l", "n"))).isEqualTo(Scenario.COLLAPSED_PARTIAL_MATCH);
    assertThat(only(compare("p", "q"))).isEqualTo(Scenario.COLLAPSED_NO_MATCH);
    assertThat(only(compare("s", "t"))).isEqualTo(Scenario.CURATED_ONLY);
  }

  @Test
  void examplesCarryTheMappedAndCuratedPaths() throws IOException {
    CuratedComparison.Result result = compare("l", "n");
    CuratedComparison.Example example = result.examples().get(0);

    assertThat(example.literaturePath().nodes()).containsExactly("l", "u2", "m", "n");
    assertThat(example.mappedPath()).containsExactly("K::l", null, "K::m", "K::n");
    assertThat(example.matchedEdges()).isEqualTo(1);
    assertThat(example.comparedEdges()).isEqualTo(2);
    assertThat(example.curatedPath()).containsExactly("K::l", "K::m", "K::w", "K::n");
  }

  @Test
  void allPairsOfMappedConceptsAreCountedOnce() throws IOException {
    KgView curated = curated();
    CuratedComparison.Result result = CuratedComparison.run(literature(), curated,
        ConceptMapping.direct(curated.kg()), null, CuratedComparison.Options.defaults());

    // 22 literature concepts; u1–u3, g and o unmapped: 17 map, so C(17, 2) pairs.
    assertThat(result.candidates()).isEqualTo(22);
    assertThat(result.mapped()).isEqualTo(17);
    assertThat(result.pairs()).isEqualTo(17 * 16 / 2);
    long classified = result.counts().values().stream().mapToLong(Long::longValue).sum();
    assertThat(classified + result.neither()).isEqualTo(result.pairs());
  }

  @Test
  void aMappingFileMapsWhatItLists() throws IOException {
    KnowledgeGraph lit = literature().view().kg();
    KnowledgeGraph cur = curated().kg();
    Path file = Files.writeString(dir.resolve("map.tsv"), "literature_id\tcurated_id\na\tK::a\nc\tK::c\n");
    ConceptMapping mapping = ConceptMapping.read(file, lit, cur);
    assertThat(mapping.curatedId("a")).isEqualTo("K::a");
    assertThat(mapping.curatedId("b")).isNull();
    assertThat(mapping.description()).endsWith("(2 rows after a header)");
  }

  @Test
  void aMappingFileWithoutHeaderKeepsItsFirstRowAndCountsIdsTheGraphsLack() throws IOException {
    KnowledgeGraph lit = literature().view().kg();
    KnowledgeGraph cur = curated().kg();
    // A first row of known ids is data, whatever it reads like (the old rule took "DOID:2377" for a header).
    Path file = Files.writeString(dir.resolve("map.tsv"), "d\tK::d\na\tK::a\nnope\tK::b\nc\tK::none\n");
    ConceptMapping mapping = ConceptMapping.read(file, lit, cur);
    assertThat(mapping.curatedId("d")).isEqualTo("K::d");
    assertThat(mapping.curatedId("a")).isEqualTo("K::a");
    assertThat(mapping.curatedId("c")).isNull();
    assertThat(mapping.description()).endsWith("(4 rows; 2 naming ids the graphs lack, the first at line 3: 'nope'"
        + " is not in the literature graph)");
  }
}
