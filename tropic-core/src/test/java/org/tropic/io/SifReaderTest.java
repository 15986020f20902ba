package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tropic.io.Fixtures.assertInputError;
import static org.tropic.io.Fixtures.write;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;
import org.tropic.io.ReadOptions.Direction;

class SifReaderTest {
  private static final float INF = Float.POSITIVE_INFINITY;

  @TempDir Path dir;

  @Test
  void tabSeparatedLinesWithHeaderGiveDirectedUnitArcs() throws IOException {
    Path file = write(dir, "kg.sif", """
        source\tmetaedge\ttarget
        Gene::1\tGpBP\tBiological Process::GO:1
        Compound::DB1\tCtD\tDisease::DOID:9352
        """);

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
    Graph g = loaded.graph();

    assertThat(loaded.source().format()).isEqualTo(GraphFormat.SIF);
    assertThat(g.labels().names()).containsExactly("Gene::1", "Biological Process::GO:1", "Compound::DB1",
        "Disease::DOID:9352");
    assertThat(g.weight(0, 1)).isEqualTo(1f);
    assertThat(g.weight(1, 0)).isEqualTo(INF);
    assertThat(g.undirected()).isFalse();
  }

  @Test
  void whitespaceLinesMayListSeveralTargetsOrAVertexAlone() throws IOException {
    Path file = write(dir, "net.sif", "a pp b c\nd\n# comment\nc pd a\n");

    Graph g = GraphReader.read(file);

    assertThat(g.labels().names()).containsExactly("a", "b", "c", "d");
    assertThat(g.arcCount()).isEqualTo(3);
    assertThat(g.weight(0, 2)).isEqualTo(1f);
    assertThat(g.weight(2, 0)).isEqualTo(1f);
    assertThat(g.outDegree(3)).isZero();
  }

  @Test
  void undirectedOptionMirrorsInteractions() throws IOException {
    Path file = write(dir, "net.sif", "a pp b\n");

    Graph g = GraphReader.read(file, ReadOptions.defaults().withDirection(Direction.UNDIRECTED));

    assertThat(g.weight(1, 0)).isEqualTo(1f);
    assertThat(g.undirected()).isTrue();
  }

  @Test
  void relationWithoutTargetIsReported() throws IOException {
    Path file = write(dir, "bad.sif", "a pp b\nc pp\n");

    assertInputError(file, 2, "a relation without a target", "'c pp'", "'source relation target'");
  }

  @Test
  void emptyFieldIsReported() throws IOException {
    Path file = write(dir, "bad.sif", "a\t\tb\n");

    assertInputError(file, 1, "empty field 2", "'source relation target'");
  }

  @Test
  void inputWithoutInteractionsIsReported() throws IOException {
    Path file = write(dir, "empty.sif", "source\trelation\ttarget\n");

    assertInputError(file, 1, "the input has no interaction lines");
  }
}
