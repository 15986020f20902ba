package org.tropic.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.io.GraphReader;

class CloseNamesTest {
  @TempDir Path dir;

  private static final VertexLabels DISEASES = VertexLabels.of("multiple sclerosis", "systemic sclerosis",
      "amyotrophic lateral sclerosis", "asthma", "autism", "C0026769", "C0036421");

  @Test
  void aMistypedNameIsAnsweredWithTheNamesWithinAFewEdits() {
    assertThat(DISEASES.hint("multiple sclerosys")).isEqualTo("; did you mean 'multiple sclerosis'?");
    assertThat(DISEASES.hint("Multiple Sclerosis")).isEqualTo("; did you mean 'multiple sclerosis'?");
    assertThat(DISEASES.hint("asthme")).isEqualTo("; did you mean 'asthma'?");
    assertThat(DISEASES.hint("C0026796")).isEqualTo("; did you mean 'C0026769'?");
  }

  @Test
  void closestComeFirstAndNothingFarIsOffered() {
    VertexLabels two = VertexLabels.of("sclerosing", "sclerosis");
    assertThat(CloseNames.of("sclerosiss", two.size(), two::name)).containsExactly("sclerosis", "sclerosing");
    assertThat(DISEASES.hint("diabetes")).isEmpty();
    assertThat(DISEASES.hint("   ")).isEmpty();
    assertThat(CloseNames.hint(List.of("a", "b", "c"))).isEqualTo("; did you mean 'a', 'b' or 'c'?");
  }

  /** The lookups users make by name say what they may have meant. */
  @Test
  void aGraphLookupNamesTheCloseLabels() throws IOException {
    Path file = Files.writeString(dir.resolve("g.tsv"), "aspirin\theadache\t1\nibuprofen\theadache\t2\n");
    Graph graph = GraphReader.read(file);

    assertThatThrownBy(() -> graph.vertex("asprin")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no vertex named 'asprin' in the graph; did you mean 'aspirin'?");
  }

  @Property(tries = 200)
  void oneEditAwayIsAlwaysOffered(@ForAll("names") String name, @ForAll("positions") int at) {
    String typo = name.substring(0, at % name.length()) + "#" + name.substring(at % name.length() + 1);
    VertexLabels labels = VertexLabels.of(name, name + "-other-longer", "unrelated-name");

    assertThat(CloseNames.of(typo, labels.size(), labels::name)).first().isEqualTo(name);
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.strings().alpha().ofMinLength(2).ofMaxLength(30); // one character gets no edits
  }

  @Provide
  Arbitrary<Integer> positions() {
    return Arbitraries.integers().between(0, 1000);
  }
}
