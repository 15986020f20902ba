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
import org.tropic.io.ReadOptions.Weights;

class DimacsReaderTest {
  private static final float INF = Float.POSITIVE_INFINITY;

  @TempDir Path dir;

  @Test
  void shortestPathFormatGivesDirectedWeightedArcs() throws IOException {
    Path file = write(dir, "sp.gr", """
        c 9th DIMACS challenge style
        c
        p sp 4 3
        a 1 2 7
        c comment between arcs
        a 2 3 1.5
        a 1 2 4
        """);

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
    Graph g = loaded.graph();

    assertThat(loaded.source().format()).isEqualTo(GraphFormat.DIMACS);
    assertThat(g.vertexCount()).isEqualTo(4);
    assertThat(g.arcCount()).isEqualTo(2);
    assertThat(g.weight(0, 1)).as("the smaller of duplicate arcs").isEqualTo(4f);
    assertThat(g.weight(1, 0)).isEqualTo(INF);
    assertThat(g.weight(1, 2)).isEqualTo(1.5f);
    assertThat(g.labels()).isNull();
    assertThat(g.undirected()).isFalse();
    assertThat(loaded.source().weights()).isEqualTo(Weights.AS_WRITTEN);
  }

  @Test
  void treewidthFormatGivesUndirectedUnitEdges() throws IOException {
    Path file = write(dir, "tw.gr", "c PACE 2016\np tw 3 2\n1 2\n3 2\n");

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
    Graph g = loaded.graph();

    assertThat(g.arcCount()).isEqualTo(4);
    assertThat(g.weight(0, 1)).isEqualTo(1f);
    assertThat(g.weight(1, 0)).isEqualTo(1f);
    assertThat(g.weight(2, 1)).isEqualTo(1f);
    assertThat(g.weight(1, 2)).isEqualTo(1f);
    assertThat(g.undirected()).isTrue();
    assertThat(loaded.source().weights()).isEqualTo(Weights.UNIT);
    assertThat(loaded.source().dataLines()).isEqualTo(2);
  }

  @Test
  void directionAndWeightOptionsOverrideTheFile() throws IOException {
    Path sp = write(dir, "sp.gr", "p sp 2 1\na 1 2 -3\n");
    Path tw = write(dir, "tw.gr", "p tw 2 1\n1 2\n");

    Graph undirected = GraphReader.read(sp, ReadOptions.defaults().withDirection(Direction.UNDIRECTED));
    Graph absolute = GraphReader.read(sp, ReadOptions.defaults().withWeights(Weights.ABSOLUTE));
    Graph unit = GraphReader.read(sp, ReadOptions.defaults().withWeights(Weights.UNIT));
    Graph directed = GraphReader.read(tw, ReadOptions.defaults().withDirection(Direction.DIRECTED));

    assertThat(undirected.weight(1, 0)).isEqualTo(-3f);
    assertThat(undirected.undirected()).isTrue();
    assertThat(absolute.weight(0, 1)).isEqualTo(3f);
    assertThat(unit.weight(0, 1)).isEqualTo(1f);
    assertThat(directed.arcCount()).isEqualTo(1);
    assertThat(directed.weight(1, 0)).isEqualTo(INF);
  }

  @Test
  void arcBeforeTheProblemLineIsAMissingHeader() throws IOException {
    Path file = write(dir, "h.gr", "c no header\na 1 2 3\n");

    assertInputError(file, 2, "missing DIMACS problem line", "'a 1 2 3'", "'p sp <nodes> <arcs>'");
  }

  @Test
  void inputWithoutAProblemLineIsAMissingHeader() throws IOException {
    Path file = write(dir, "c.gr", "c only\nc comments\n");

    assertInputError(file, 2, "missing DIMACS problem line: the input has no 'p' line");
  }

  @Test
  void unsupportedProblemIsReported() throws IOException {
    Path file = write(dir, "e.gr", "p edge 3 2\n");

    assertInputError(file, 1, "unsupported DIMACS problem line", "'p edge 3 2'", "'p tw <nodes> <edges>'");
  }

  @Test
  void nodeOutsideTheDeclaredRangeIsReported() throws IOException {
    Path file = write(dir, "r.gr", "p sp 3 2\na 1 2 1\na 3 4 1\n");
    Path zero = write(dir, "z.gr", "p tw 3 1\n0 1\n");

    assertInputError(file, 3, "node 4 is outside 1..3 declared by the problem line (line 1)", "'4'",
        "(line: \"a 3 4 1\")");
    assertInputError(zero, 2, "node 0 is outside 1..3", "'0'");
  }

  @Test
  void arcCountThatDisagreesWithTheProblemLineIsReported() throws IOException {
    Path fewer = write(dir, "f.gr", "p sp 3 3\na 1 2 1\na 2 3 1\n");
    Path more = write(dir, "m.gr", "p tw 3 1\n1 2\n2 3\n");

    assertInputError(fewer, 3, "ends after 2 arcs but the problem line (line 1) declares 3", "truncated");
    assertThat(assertInputError(more, 3, "more edges than the 1 declared by the problem line (line 1)", "'2 3'")
        .getMessage()).endsWith("expected exactly 1 edge");
    assertInputError(write(dir, "one.gr", "p sp 3 2\na 1 2 1\n"), 2, "ends after 1 arc but", "expected 2 arcs;");
  }

  @Test
  void malformedArcLinesAreReported() throws IOException {
    Path shortArc = write(dir, "s.gr", "p sp 3 1\na 1 2\n");
    Path wrongTag = write(dir, "t.gr", "p sp 3 1\ne 1 2 3\n");
    Path secondHeader = write(dir, "p.gr", "p tw 3 1\np tw 3 1\n");

    assertInputError(shortArc, 2, "malformed line", "'a 1 2'", "'a <from> <to> <weight>'");
    assertInputError(wrongTag, 2, "malformed line", "'e 1 2 3'");
    assertInputError(secondHeader, 2, "a second DIMACS problem line", "'p tw 3 1'");
  }

  @Test
  void badWeightsAreReported() throws IOException {
    Path nan = write(dir, "n.gr", "p sp 2 1\na 1 2 nan\n");
    Path word = write(dir, "w.gr", "p sp 2 1\na 1 2 far\n");

    assertInputError(nan, 2, "weight is not a finite number", "'nan'", "column 4");
    assertInputError(word, 2, "weight is not a number", "'far'");
  }
}
