package org.tropic.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.kg.EdgeKind;
import org.tropic.kg.KnowledgeGraph;
import org.tropic.kg.KnowledgeGraphBuilder;
import org.tropic.kg.LiteratureTableReader;
import org.tropic.kg.TimeSlices;

/**
 * Time-sliced validation and evidence of unknown year: a pair linked only by an undated triple may have been linked
 * before the cut, so it is no "unlinked" negative; one linked by an undated triple and a dated one after the cut is
 * no sure new link either. Both were counted as such.
 */
class UndatedEvidenceTest {
  @TempDir
  Path dir;

  /**
   * As of 2000 a path c1–c2–c3–c5–c6 and edges c3–c4, c4–c5; c1–c3 and c2–c4 appear in 2005. c1–c6 (4 hops as of
   * 2000, no other pair is that far) is linked by an undated triple only; c4–c6 by an undated one and one of 2005.
   */
  private KnowledgeGraph graph() throws IOException {
    String triples = """
        subject,predicate,object,pmid,year
        c1,REL,c2,1,2000
        c2,REL,c3,2,2000
        c3,REL,c4,3,2000
        c4,REL,c5,4,2000
        c3,REL,c5,5,2000
        c5,REL,c6,6,2000
        c1,REL,c3,7,2005
        c2,REL,c4,8,2005
        c4,REL,c6,9,2005
        c4,REL,c6,10
        c1,REL,c6,11
        """;
    KnowledgeGraphBuilder builder = KnowledgeGraphBuilder.allKinds();
    LiteratureTableReader.readTriples(Files.writeString(dir.resolve("dated.csv"), triples), builder, true);
    return builder.build();
  }

  @Test
  void pairsWithUndatedEvidenceAreNeitherNewLinksNorNegatives() throws IOException {
    KnowledgeGraph graph = graph();
    TimeSlices.NewLinks links = TimeSlices.newConceptLinks(graph, 2000, 2010);
    assertThat(links.size()).as("c1-c3 and c2-c4; not c4-c6").isEqualTo(2);
    assertThat(links.undated()).as("c1-c6 and c4-c6").isEqualTo(2);
    for (long seed = 1; seed <= 30; seed++) {
      TimeSlicedValidation.Result result = TimeSlicedValidation.run(graph, new TimeSlicedValidation.Options(2000,
          2010, EnumSet.of(EdgeKind.CONCEPT_CONCEPT), 0, seed, new int[] {10}));
      assertThat(result.newLinks()).isEqualTo(2);
      assertThat(result.undatedPairs()).isEqualTo(2);
      assertThat(result.evaluation().negatives().hops()).as("seed %d: c1-c6 (4 hops) drawn as unlinked", seed)
          .isNotEmpty().doesNotContain(4);
    }
  }

  @Test
  void anUndatedPairIsLinkedOrUndatedWhateverTheYear() throws IOException {
    KnowledgeGraph graph = graph();
    int c1 = graph.requireNode("c1");
    int c6 = graph.requireNode("c6");
    assertThat(TimeSlices.linkedBy(graph, c1, c6, 2010)).isFalse();
    assertThat(TimeSlices.linkedOrUndated(graph, c1, c6, 2010)).isTrue();
    assertThat(TimeSlices.linkedOrUndated(graph, c1, graph.requireNode("c4"), 2010)).isFalse();
  }
}
