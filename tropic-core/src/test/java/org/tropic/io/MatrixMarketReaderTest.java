package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tropic.io.Fixtures.assertInputError;
import static org.tropic.io.Fixtures.write;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.DroppedArcs;
import org.tropic.graph.Graph;
import org.tropic.io.ReadOptions.Direction;
import org.tropic.io.ReadOptions.Weights;

class MatrixMarketReaderTest {
  private static final float INF = Float.POSITIVE_INFINITY;

  @TempDir Path dir;

  @Test
  void generalRealEntriesAreArcsOfAbsoluteWeight() throws IOException {
    Path file = write(dir, "g.mtx", """
        %%MatrixMarket matrix coordinate real general
        % a comment
        4 4 3

        1 2 2.5
        2 3 -4
        4 1 1e-1
        """);

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
    Graph g = loaded.graph();

    assertThat(g.vertexCount()).isEqualTo(4);
    assertThat(g.arcCount()).isEqualTo(3);
    assertThat(g.weight(0, 1)).isEqualTo(2.5f);
    assertThat(g.weight(1, 0)).isEqualTo(INF);
    assertThat(g.weight(1, 2)).isEqualTo(4f);
    assertThat(g.weight(3, 0)).isEqualTo(0.1f);
    assertThat(g.labels()).isNull();
    assertThat(g.undirected()).isFalse();
    assertThat(loaded.source().weights()).isEqualTo(Weights.ABSOLUTE);
    assertThat(loaded.source().dataLines()).isEqualTo(3);
    assertThat(loaded.source().directionReason()).isEqualTo("Matrix Market general");
  }

  @Test
  void signedValuesAreKeptOnRequestAndUnitWeightsIgnoreThem() throws IOException {
    Path file = write(dir, "g.mtx", """
        %%MatrixMarket matrix coordinate real general
        3 3 2
        1 2 -2.5
        2 3 7
        """);

    Graph signed = GraphReader.read(file, ReadOptions.defaults().withWeights(Weights.AS_WRITTEN));
    Graph unit = GraphReader.read(file, ReadOptions.defaults().withWeights(Weights.UNIT));

    assertThat(signed.weight(0, 1)).isEqualTo(-2.5f);
    assertThat(signed.weightStats().hasNegative()).isTrue();
    assertThat(unit.weight(0, 1)).isEqualTo(1f);
    assertThat(unit.weight(1, 2)).isEqualTo(1f);
  }

  @Test
  void symmetricPatternGivesUnitArcsBothWays() throws IOException {
    Path file = write(dir, "s.mtx", """
        %%MatrixMarket matrix coordinate pattern symmetric
        3 3 2
        2 1
        3 2
        """);

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
    Graph g = loaded.graph();

    assertThat(g.arcCount()).isEqualTo(4);
    assertThat(g.weight(0, 1)).isEqualTo(1f);
    assertThat(g.weight(1, 0)).isEqualTo(1f);
    assertThat(g.weight(2, 1)).isEqualTo(1f);
    assertThat(g.weight(1, 2)).isEqualTo(1f);
    assertThat(g.undirected()).isTrue();
    assertThat(loaded.source().weights()).isEqualTo(Weights.UNIT);
  }

  @Test
  void symmetricIntegerMatrixReadAsDirectedKeepsOnlyStoredEntries() throws IOException {
    Path file = write(dir, "s.mtx", """
        %%MatrixMarket matrix coordinate integer symmetric
        3 3 2
        2 1 5
        3 1 -6
        """);

    Graph asFile = GraphReader.read(file);
    Graph directed = GraphReader.read(file, ReadOptions.defaults().withDirection(Direction.DIRECTED));

    assertThat(asFile.weight(0, 2)).isEqualTo(6f);
    assertThat(asFile.weight(2, 0)).isEqualTo(6f);
    assertThat(directed.arcCount()).isEqualTo(2);
    assertThat(directed.weight(1, 0)).isEqualTo(5f);
    assertThat(directed.weight(0, 1)).isEqualTo(INF);
    assertThat(directed.undirected()).isFalse();
  }

  @Test
  void generalMatrixReadAsUndirectedIsMirrored() throws IOException {
    Path file = write(dir, "g.mtx", """
        %%MatrixMarket matrix coordinate real general
        2 2 1
        1 2 3
        """);

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults().withDirection(Direction.UNDIRECTED));

    assertThat(loaded.graph().weight(1, 0)).isEqualTo(3f);
    assertThat(loaded.graph().undirected()).isTrue();
    assertThat(loaded.source().directionReason()).isEqualTo("option UNDIRECTED");
  }

  @Test
  void skewSymmetricMirrorsWithTheSignWhenValuesAreSigned() throws IOException {
    Path file = write(dir, "k.mtx", """
        %%MatrixMarket matrix coordinate real skew-symmetric
        2 2 1
        2 1 -1.5
        """);

    Graph absolute = GraphReader.read(file);
    Graph signed = GraphReader.read(file, ReadOptions.defaults().withWeights(Weights.AS_WRITTEN));

    assertThat(absolute.weight(1, 0)).isEqualTo(1.5f);
    assertThat(absolute.weight(0, 1)).isEqualTo(1.5f);
    assertThat(absolute.undirected()).isTrue();
    assertThat(signed.weight(1, 0)).isEqualTo(-1.5f);
    assertThat(signed.weight(0, 1)).isEqualTo(1.5f);
    assertThat(signed.undirected()).isFalse();
  }

  @Test
  void diagonalIsDroppedAndDuplicatesKeepTheSmallestWeight() throws IOException {
    Path file = write(dir, "d.mtx", """
        %%MatrixMarket matrix coordinate real general
        2 2 4
        1 1 -3
        1 2 5
        1 2 2
        2 2 0
        """);

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults().withWeights(Weights.AS_WRITTEN));
    Graph g = loaded.graph();

    assertThat(g.arcCount()).isEqualTo(1);
    assertThat(g.weight(0, 1)).isEqualTo(2f);
    assertThat(g.weight(0, 0)).isEqualTo(INF);
    // the negative diagonal entry too: the reader drops it before the builder could keep it
    assertThat(loaded.source().droppedArcs()).isEqualTo(new DroppedArcs(2, 1));
  }

  @Test
  void isolatedVerticesStayAndWindowsLineEndsAndByteOrderMarkAreAccepted() throws IOException {
    Path file = write(dir, "w.mtx", "\uFEFF%%MatrixMarket matrix coordinate real general\r\n5 5 1\r\n5 1 -0\r\n");

    Graph g = GraphReader.read(file, ReadOptions.defaults().withWeights(Weights.AS_WRITTEN));

    assertThat(g.vertexCount()).isEqualTo(5);
    assertThat(Float.floatToIntBits(g.weight(4, 0))).as("-0 is stored as +0").isZero();
  }

  @Test
  void missingHeaderNamesTheLine() throws IOException {
    Path file = write(dir, "h.mtx", "3 3 1\n1 2 1\n");

    assertInputError(file, 1, "missing Matrix Market header", "'3 3 1'", "%%MatrixMarket matrix coordinate");
  }

  @Test
  void emptyFileIsAMissingHeader() throws IOException {
    Path file = write(dir, "e.mtx", "");

    assertInputError(file, 0, "missing Matrix Market header", "the input is empty");
  }

  @Test
  void denseArrayMatricesAreRefused() throws IOException {
    Path file = write(dir, "a.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n");

    assertInputError(file, 1, "dense 'array' matrices", "'array'", "'coordinate'");
  }

  @Test
  void complexMatricesAreRefusedHermitianOnesToo() throws IOException {
    Path complex = write(dir, "c.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 0\n");
    Path hermitian = write(dir, "h.mtx", "%%MatrixMarket matrix coordinate complex hermitian\n2 2 1\n2 1 1 1\n");

    assertInputError(complex, 1, "unsupported Matrix Market field", "'complex'", "'real', 'integer' or 'pattern'");
    assertInputError(hermitian, 1, "unsupported Matrix Market field", "'complex'", "a complex value is no distance");
  }

  @Test
  void patternSkewSymmetricMatricesAreRefused() throws IOException {
    Path file = write(dir, "s.mtx", "%%MatrixMarket matrix coordinate pattern skew-symmetric\n2 2 1\n2 1\n");

    assertInputError(file, 1, "a pattern matrix cannot be skew-symmetric", "'skew-symmetric'",
        "'general' or 'symmetric'");
  }

  @Test
  void realIntegerAndPatternHermitianMatricesAreReadAsSymmetric() throws IOException {
    // written by scipy.io.mmwrite(..., symmetry='symmetric') (scipy 1.17), the header then edited to 'hermitian'
    String scipyWritten = """
        %%MatrixMarket matrix coordinate real symmetric
        %
        4 4 4
        2 1 2.5
        3 2 4
        4 1 1
        4 3 5E-1
        """;
    String integer = scipyWritten.replace("real", "integer").replace("2.5", "2").replace("5E-1", "7");
    String pattern = "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 4\n2 1\n3 2\n4 1\n4 3\n";

    for (String symmetricText : new String[] {scipyWritten, integer, pattern}) {
      Path symmetric = write(dir, "s.mtx", symmetricText);
      Path hermitian = write(dir, "h.mtx", symmetricText.replace(" symmetric\n", " hermitian\n"));

      LoadedGraph expected = GraphReader.load(symmetric, ReadOptions.defaults());
      LoadedGraph loaded = GraphReader.load(hermitian, ReadOptions.defaults());

      assertThat(Files.readString(hermitian)).contains(" hermitian\n").doesNotContain("symmetric");
      assertThat(expected.graph().arcCount()).isEqualTo(8);
      assertSameGraph(loaded.graph(), expected.graph());
      assertThat(loaded.graph().undirected()).isTrue();
      assertThat(loaded.source().directionReason()).isEqualTo("Matrix Market hermitian, real so symmetric");
      assertThat(loaded.source().weights()).isEqualTo(expected.source().weights());
    }
  }

  private static void assertSameGraph(Graph actual, Graph expected) {
    assertThat(actual.vertexCount()).isEqualTo(expected.vertexCount());
    assertThat(actual.arcCount()).isEqualTo(expected.arcCount());
    for (int i = 0; i < expected.vertexCount(); i++) {
      for (int j = 0; j < expected.vertexCount(); j++) {
        assertThat(actual.weight(i, j)).as("weight %d -> %d", i, j).isEqualTo(expected.weight(i, j));
      }
    }
  }

  @Test
  void nonSquareMatricesAreRefused() throws IOException {
    Path file = write(dir, "r.mtx", "%%MatrixMarket matrix coordinate pattern general\n% c\n3 4 1\n1 4\n");

    assertInputError(file, 3, "3 × 4, not square", "'3 4 1'", "a square matrix");
  }

  @Test
  void malformedSizeLineIsReported() throws IOException {
    Path twoNumbers = write(dir, "s.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3\n");
    Path word = write(dir, "w.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 x 1\n");
    Path none = write(dir, "n.mtx", "%%MatrixMarket matrix coordinate pattern general\n% only a comment\n");

    assertInputError(twoNumbers, 2, "the size line has 2 numbers", "'3 3'", "'rows columns entries'");
    assertInputError(word, 2, "column count is not a non-negative integer", "'x'", "(line: \"3 x 1\")");
    assertInputError(none, 2, "ends before the size line", "'rows columns entries'");
  }

  @Test
  void fewerEntriesThanDeclaredIsReportedAtTheEnd() throws IOException {
    Path file = write(dir, "f.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 3\n");

    assertInputError(file, 4, "ends after 2 entries", "the size line (line 2) declares 3", "truncated");
    assertInputError(write(dir, "one.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n"), 2,
        "ends after 0 entries", "expected 1 entry line;");
  }

  @Test
  void moreEntriesThanDeclaredIsReportedAtTheExtraLine() throws IOException {
    Path file = write(dir, "m.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n2 3\n");

    assertInputError(file, 4, "more entries than the 1 declared by the size line (line 2)", "'2 3'",
        "expected exactly 1 entry line (");
  }

  @Test
  void indicesOutsideTheDeclaredSizeAreReported() throws IOException {
    Path tooBig = write(dir, "b.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n2 4 1\n");
    Path zero = write(dir, "z.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 1\n0 2 1\n");
    Path word = write(dir, "w.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 1\none 2 1\n");

    assertInputError(tooBig, 4, "column index 4 is outside 1..3 declared by the size line (line 2)", "'4'",
        "(line: \"2 4 1\")");
    assertInputError(zero, 3, "row index 0 is outside 1..3", "'0'");
    assertInputError(word, 3, "row index is not a positive integer", "'one'", "a whole number in 1..3");
  }

  @Test
  void nonFiniteAndNonNumericWeightsAreReported() throws IOException {
    String header = "%%MatrixMarket matrix coordinate real general\n2 2 1\n";
    Path nan = write(dir, "nan.mtx", header + "1 2 NaN\n");
    Path inf = write(dir, "inf.mtx", header + "1 2 -inf\n");
    Path text = write(dir, "text.mtx", header + "1 2 heavy\n");
    Path javaSuffix = write(dir, "suffix.mtx", header + "1 2 1.5f\n");
    Path huge = write(dir, "huge.mtx", header + "1 2 1e39\n");

    assertInputError(nan, 3, "weight is not a finite number", "'NaN'", "a finite decimal number",
        "column 3", "(line: \"1 2 NaN\")");
    assertInputError(inf, 3, "weight is not a finite number", "'-inf'");
    assertInputError(text, 3, "weight is not a number", "'heavy'");
    assertInputError(javaSuffix, 3, "weight is not a number", "'1.5f'");
    assertInputError(huge, 3, "beyond the float32 range", "'1e39'");
  }

  /** scipy.io.mmread truncates 1.5 in an integer matrix to 1 and this reader took 1.5: refused, not read two ways. */
  @Test
  void fractionsInAnIntegerMatrixAreReported() throws IOException {
    String header = "%%MatrixMarket matrix coordinate integer general\n3 3 2\n";
    Path fraction = write(dir, "fraction.mtx", header + "1 2 -7\n2 3 1.5\n");
    Path whole = write(dir, "whole.mtx", header + "1 2 -7\n2 3 2.0\n");

    assertInputError(fraction, 4, "a value of an integer matrix is not a whole number", "'1.5'", "'real'");
    assertThat(GraphReader.read(whole).weight(1, 2)).isEqualTo(2f);
    assertThat(GraphReader.read(fraction, ReadOptions.defaults().withWeights(Weights.UNIT)).arcCount()).isEqualTo(2);
  }

  @Test
  void entryWithTheWrongNumberOfFieldsIsReported() throws IOException {
    Path file = write(dir, "x.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2\n");

    assertInputError(file, 3, "an entry of a real matrix has 2 fields", "'1 2'", "'row column value'");
  }
}
