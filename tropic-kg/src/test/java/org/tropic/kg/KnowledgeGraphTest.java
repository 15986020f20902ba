package org.tropic.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;

/** Time slices recompute the weights of their year; the store round-trips; views pick edge kinds. */
class KnowledgeGraphTest {
  @TempDir
  Path dir;

  private static float weight(KnowledgeGraph g, String a, String b) {
    int e = g.edgeBetween(g.requireNode(a), g.requireNode(b), EnumSet.allOf(EdgeKind.class));
    return e < 0 ? Float.NaN : g.weight(e);
  }

  @Test
  void asOfRebuildsTheGraphOfThatYearWithItsOwnWeights() throws IOException {
    KnowledgeGraph full = SemMedCorpus.build(dir, false).graph();

    KnowledgeGraph y1989 = full.asOf(1989);
    // By 1989 only PMID 1 (1986): n_X = 2, n_Y = 3, n_Z = 1; co(X,Y) = 2, co(Y,Z) = 1.
    assertThat(y1989.nodeCount(NodeKind.CONCEPT)).isEqualTo(3);
    assertThat(y1989.nodeCount(NodeKind.ABSTRACT)).isEqualTo(1);
    assertThat(weight(y1989, SemMedCorpus.X, SemMedCorpus.Y)).isCloseTo(2f / (2 + 3 - 2), within(1e-7f));
    assertThat(weight(y1989, SemMedCorpus.Y, SemMedCorpus.Z)).isCloseTo(1f / (3 + 1 - 1), within(1e-7f));
    assertThat(weight(y1989, SemMedCorpus.X, SemMedCorpus.Z)).as("first evidenced 1990").isNaN();
    assertThat(weight(y1989, SemMedCorpus.Z, "PMID:1")).isCloseTo(1f / 6, within(1e-7f));
    assertThat(y1989.edgeCount(EdgeKind.CITATION)).isZero();

    KnowledgeGraph y1990 = full.asOf(1990);
    // Adds PMID 2: n_X = 3, n_Z = 2; citation 1–2 with N1 = N2 = 1 (1–3 waits for 1995).
    assertThat(weight(y1990, SemMedCorpus.X, SemMedCorpus.Z)).isCloseTo(1f / (3 + 2 - 1), within(1e-7f));
    assertThat(weight(y1990, SemMedCorpus.X, SemMedCorpus.Y)).isCloseTo(2f / (3 + 3 - 2), within(1e-7f));
    assertThat(weight(y1990, "PMID:1", "PMID:2")).isCloseTo(0.5f, within(1e-7f));
    assertThat(y1990.node("PMID:4")).as("no year: in no slice").isEqualTo(-1);
  }

  /** A name (or an id in other case) given where an id is wanted is answered with the ids to give instead. */
  @Test
  void aNameGivenForAnIdIsAnsweredWithTheIds() {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    int ms = builder.concept("DOID:2377", "multiple sclerosis", "Disease");
    int a = builder.concept("C1", "Cold", null);
    int b = builder.concept("C2", "cold", null);
    builder.predication(ms, a, 1, 2000);
    builder.predication(a, b, 2, 2000);
    KnowledgeGraph g = builder.build();

    assertThatThrownBy(() -> g.requireNode("Multiple Sclerosis")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no node 'Multiple Sclerosis'")
        .hasMessageEndingWith("; 'Multiple Sclerosis' is the name of DOID:2377: give its id");
    assertThatThrownBy(() -> g.requireNode("cold"))
        .hasMessageEndingWith("; 'cold' is the name of 2 nodes: C1, C2; give one of their ids");
    assertThatThrownBy(() -> g.requireNode("doid:2377"))
        .hasMessageEndingWith("; ids are case-sensitive: did you mean DOID:2377?");
    assertThatThrownBy(() -> g.requireNode("nothing")).hasMessageEndingWith("or the curated graph's ids)");
    assertThatThrownBy(() -> g.requireNode("Disease::DOID:2377"))
        .hasMessageEndingWith("; did you mean DOID:2377 (the id without its 'Kind::' prefix)?");
  }

  /** A mistyped id or name is answered with the ids a few edits from it, or the nodes whose names are. */
  @Test
  void aMistypedIdOrNameIsAnsweredWithTheCloseOnes() {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    int ms = builder.concept("DOID:2377", "multiple sclerosis", "Disease");
    int a = builder.concept("C0026769", "Multiple Sclerosis, Relapsing-Remitting", null);
    builder.predication(ms, a, 1, 2000);
    KnowledgeGraph g = builder.build();

    assertThatThrownBy(() -> g.requireNode("DOID:2337")).hasMessageEndingWith("; did you mean 'DOID:2377'?");
    assertThatThrownBy(() -> g.requireNode("multiple sclerosys"))
        .hasMessageEndingWith("; did you mean DOID:2377 (multiple sclerosis)? give the id");
  }

  /**
   * A curated graph's ids carry their kind (Hetionet's {@code Disease::DOID:2377}); an analyst coming from the
   * literature graph types the DOID alone, and was told only that no such node exists.
   */
  @Test
  void anIdWithoutItsCuratedKindIsAnsweredWithTheKindedIds() {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    int ms = builder.concept("Disease::DOID:2377", "multiple sclerosis", "Disease");
    int drug = builder.concept("Compound::DB00443", "Betamethasone", "Compound");
    int gene = builder.concept("Gene::DB00443", "not a real gene", "Gene");
    builder.predication(ms, drug, 1, 2000);
    builder.predication(drug, gene, 2, 2000);
    KnowledgeGraph g = builder.build();
    assertThatThrownBy(() -> g.requireNode("DOID:2377"))
        .hasMessageEndingWith("; did you mean Disease::DOID:2377 (the id with its 'Kind::' prefix, as curated ids"
            + " have)?");
    assertThatThrownBy(() -> g.requireNode("db00443"))
        .hasMessageContaining("did you mean Compound::DB00443, Gene::DB00443 (");
    assertThatThrownBy(() -> g.requireNode("Anatomy::DOID:2377"))
        .hasMessageEndingWith("did you mean Disease::DOID:2377 (the id with another 'Kind::' prefix)?");
  }

  /** A year before all evidence would give an empty graph: refused with the years the graph has. */
  @Test
  void asOfBeforeTheFirstYearIsRefusedWithTheYearRange() throws IOException {
    KnowledgeGraph full = SemMedCorpus.build(dir, false).graph();
    int[] years = full.yearRange();
    assertThat(full.asOf(years[0]).nodeCount()).isPositive();
    assertThatThrownBy(() -> full.asOf(years[0] - 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("as of " + (years[0] - 1) + " would be empty")
        .hasMessageContaining("from " + years[0] + " to " + years[1]);
  }

  @Test
  void newConceptLinksAreThoseFirstEvidencedBetweenTheYears() throws IOException {
    KnowledgeGraph full = SemMedCorpus.build(dir, false).graph();

    TimeSlices.NewLinks links = TimeSlices.newConceptLinks(full, 1986, 1990);
    assertThat(links.size()).isEqualTo(1);
    assertThat(List.of(full.id(links.first()[0]), full.id(links.second()[0])))
        .containsExactlyInAnyOrder(SemMedCorpus.X, SemMedCorpus.Z);
    assertThat(TimeSlices.newConceptLinks(full, 1990, 2000).size()).isZero();
    assertThat(TimeSlices.linkedBy(full, full.requireNode(SemMedCorpus.X), full.requireNode(SemMedCorpus.Z), 1989))
        .isFalse();
    assertThat(TimeSlices.linkedBy(full, full.requireNode(SemMedCorpus.X), full.requireNode(SemMedCorpus.Z), 1990))
        .isTrue();
  }

  @Test
  void storeRoundTripsEveryNodeEdgeAndEvidence() throws IOException {
    SemMedCorpus.Built built = SemMedCorpus.build(dir, false);
    KnowledgeGraph g = built.graph();
    Path stored = dir.resolve("kg");

    KnowledgeGraphStore.Manifest manifest = KnowledgeGraphStore.write(g, built.reports(), stored);
    KnowledgeGraph back = KnowledgeGraphStore.read(stored);

    assertThat(manifest.edgesByKind()).containsEntry("citation", 3);
    assertThat(back.nodeCount()).isEqualTo(g.nodeCount());
    assertThat(back.edgeCount()).isEqualTo(g.edgeCount());
    for (int u = 0; u < g.nodeCount(); u++) {
      assertThat(back.id(u)).isEqualTo(g.id(u));
      assertThat(back.name(u)).isEqualTo(g.name(u));
      assertThat(back.type(u)).isEqualTo(g.type(u));
      assertThat(back.kind(u)).isEqualTo(g.kind(u));
      assertThat(back.nodeEvidenceText(u)).isEqualTo(g.nodeEvidenceText(u));
    }
    for (int e = 0; e < g.edgeCount(); e++) {
      assertThat(back.id(back.edgeSource(e))).isEqualTo(g.id(g.edgeSource(e)));
      assertThat(back.weight(e)).isEqualTo(g.weight(e));
      assertThat(back.evidenceText(e)).isEqualTo(g.evidenceText(e));
      assertThat(back.edgeKind(e)).isEqualTo(g.edgeKind(e));
    }
    assertThat(back.asOf(1990).toString()).isEqualTo(g.asOf(1990).toString());
    assertThat(back.view().graph().fingerprint()).isEqualTo(g.view().graph().fingerprint());
  }

  @Test
  void storeReplacesAnOldGraphButNeverAForeignDirectory() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();
    Path stored = dir.resolve("kg");
    KnowledgeGraphStore.write(g, List.of(), stored);
    KnowledgeGraphStore.write(g.asOf(1986), List.of(), stored);
    assertThat(KnowledgeGraphStore.read(stored).nodeCount()).isEqualTo(g.asOf(1986).nodeCount());
    try (var leftovers = Files.list(dir)) {
      assertThat(leftovers.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith(".kg"));
    }

    Path foreign = Files.createDirectories(dir.resolve("photos"));
    Files.writeString(foreign.resolve("cat.jpg"), "meow");
    assertThatThrownBy(() -> KnowledgeGraphStore.write(g, List.of(), foreign))
        .hasMessageContaining("not a stored knowledge graph");
    assertThat(foreign.resolve("cat.jpg")).exists();
  }

  /**
   * {@code -o ../kg} from inside kg renamed kg away, then could neither move the new graph in nor the old one back
   * ("no such file"): only hidden .kg.old-/.kg.tmp- directories were left. {@code kg/.} failed "Device or resource
   * busy".
   */
  @Test
  void aGraphNamedThroughItselfIsReplacedWhole() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();
    Path stored = dir.resolve("kg");
    KnowledgeGraphStore.write(g, List.of(), stored);
    for (Path viaItself : List.of(dir.resolve("kg/../kg"), dir.resolve("kg/."))) {
      KnowledgeGraphStore.write(g.asOf(1986), List.of(), viaItself);
      assertThat(KnowledgeGraphStore.read(stored).nodeCount()).as(viaItself.toString())
          .isEqualTo(g.asOf(1986).nodeCount());
      KnowledgeGraphStore.write(g, List.of(), viaItself);
      assertThat(KnowledgeGraphStore.read(stored).nodeCount()).isEqualTo(g.nodeCount());
    }
    try (var entries = Files.list(dir); var inside = Files.list(stored)) {
      assertThat(entries.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith("."));
      assertThat(inside.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith("."));
    }
  }

  /** Replacing a graph deleted whatever else its directory held (notes, a folder of plots), exit 0. */
  @Test
  void aGraphDirectoryHoldingOtherEntriesIsNotReplaced() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();
    Path stored = dir.resolve("kg");
    KnowledgeGraphStore.Extra apsp = directory -> {
      Files.writeString(directory.resolve("apsp.npy"), "distances");
      Files.writeString(directory.resolve("apsp.npy.json"), "{}");
      return Map.of("apsp", "apsp.npy", "apsp-edges", "concept-concept");
    };
    KnowledgeGraphStore.write(g, List.of(), stored, apsp);
    KnowledgeGraphStore.write(g, List.of(), stored, apsp); // what a stored graph holds is replaced
    KnowledgeGraphStore.write(g, List.of(), stored);
    Files.writeString(stored.resolve("notes.txt"), "important");
    Files.createDirectories(stored.resolve("plots"));

    assertThatThrownBy(() -> KnowledgeGraphStore.write(g.asOf(1986), List.of(), stored))
        .isInstanceOf(org.tropic.io.OutputLocationException.class)
        .hasMessage(stored + " holds 2 entries that a stored knowledge graph does not (notes.txt, plots/), which"
            + " replacing it would delete: move them out, or choose a new directory");
    assertThat(stored.resolve("notes.txt")).hasContent("important");
    assertThat(stored.resolve("plots")).isDirectory();
    assertThat(KnowledgeGraphStore.read(stored).nodeCount()).isEqualTo(g.nodeCount());
    for (int i = 0; i < 6; i++) {
      Files.writeString(stored.resolve("n" + i + ".txt"), "");
    }
    assertThatThrownBy(() -> KnowledgeGraphStore.requireReplaceable(stored))
        .hasMessageContaining(" holds 8 entries that a stored knowledge graph does not (n0.txt, n1.txt, n2.txt,"
            + " n3.txt, n4.txt, …), which replacing it would delete: move them out");
  }

  @Test
  void theWorkingDirectoryOrOneAboveItIsNeverReplaced() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();
    Path stored = dir.resolve("kg");
    KnowledgeGraphStore.write(g, List.of(), stored);
    Path below = Files.createDirectories(stored.resolve("sub"));
    assertThatThrownBy(() -> KnowledgeGraphStore.requireReplaceable(stored, stored))
        .isInstanceOf(org.tropic.io.OutputLocationException.class)
        .hasMessage(stored + " is the current directory, which a build cannot replace: run it from another"
            + " directory (e.g. cd " + dir.toRealPath() + ")");
    assertThatThrownBy(() -> KnowledgeGraphStore.requireReplaceable(stored, below))
        .hasMessageContaining("is a folder above the current directory " + below.toRealPath());
    Files.delete(below);
    KnowledgeGraphStore.requireReplaceable(stored, dir); // beside it is fine
  }

  /** The old graph is the only copy when a build stopped between its two renames: the next build puts it back. */
  @Test
  void anOldGraphLeftInsteadOfTheTargetIsPutBackNotDeleted() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();
    Path stored = dir.resolve("kg");
    KnowledgeGraphStore.write(g, List.of(), dir.resolve(".kg.old-1f"));
    Path staging = Files.createDirectories(dir.resolve(".kg.tmp-2e"));

    KnowledgeGraphStore.Leftovers leftovers = KnowledgeGraphStore.deleteLeftovers(stored);

    assertThat(leftovers.restored()).isEqualTo(dir.resolve(".kg.old-1f"));
    assertThat(leftovers.deleted()).isEqualTo(1);
    assertThat(staging).doesNotExist();
    assertThat(KnowledgeGraphStore.read(stored).nodeCount()).isEqualTo(g.nodeCount());
  }

  @Test
  void viewHoldsOnlyTheChosenKindsAsNegativeLogLengths() throws IOException {
    KnowledgeGraph g = SemMedCorpus.build(dir, false).graph();

    KgView concepts = g.view(EnumSet.of(EdgeKind.CONCEPT_CONCEPT));
    Graph graph = concepts.graph();
    assertThat(concepts.size()).isEqualTo(3);
    assertThat(graph.arcCount()).isEqualTo(6);
    assertThat(graph.undirected()).isTrue();
    int x = concepts.requireVertex(SemMedCorpus.X);
    int z = concepts.requireVertex(SemMedCorpus.Z);
    assertThat(graph.weight(x, z)).isCloseTo((float) -Math.log(0.2), within(1e-6f));
    assertThat(concepts.vertex("PMID:1")).isEqualTo(-1);
    assertThatThrownBy(() -> concepts.requireVertex("PMID:1")).hasMessageContaining("has edges of the kinds")
        .hasMessageContaining("concept-abstract")
        .hasMessageContaining(" only, which these paths do not use (concept-concept), so no path can reach it");
    assertThat(g.view().size()).isEqualTo(g.nodeCount());
  }

  /**
   * A node with no edge at all (a curated node-table row no edge names) was said to have "no edge of the kinds
   * concept-concept,concept-abstract,citation", naming kinds the graph has none of, as if --edges could help.
   */
  @Test
  void aNodeWithNoEdgeAtAllIsSaidToHaveNone() {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    builder.predication(builder.concept("A", null, null), builder.concept("B", null, null), 1, 2000);
    builder.concept("lonely", "a lonely concept", null);
    KnowledgeGraph g = builder.build();
    assertThat(g.node("lonely")).isNotNegative();
    assertThatThrownBy(() -> g.view().requireVertex("lonely")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("node 'lonely' (a lonely concept) has no edge in the graph, so no path can reach it");
  }

  @Test
  void aGraphWithoutYearsCannotBeSliced() {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    int a = builder.concept("A", null, null);
    int b = builder.concept("B", null, null);
    builder.cooccurrences(a, b, 3, true);
    assertThatThrownBy(() -> builder.build().asOf(2000)).hasMessageContaining("records no publication years");
  }

  @Test
  void aPredicationOfAConceptWithItselfMentionsItOnceInItsAbstract() {
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    int x = builder.concept("X", null, null);
    int y = builder.concept("Y", null, null);
    builder.predication(x, x, 7);
    builder.predication(x, y, 7);
    KnowledgeGraph g = builder.build();
    // Abstract 7 mentions X twice and Y once: shares 2/3 and 1/3 (X counted three times made them 3/4 and 1/4).
    assertThat(weight(g, "X", "PMID:7")).isCloseTo(2f / 3, within(1e-6f));
    assertThat(weight(g, "Y", "PMID:7")).isCloseTo(1f / 3, within(1e-6f));
  }
}
