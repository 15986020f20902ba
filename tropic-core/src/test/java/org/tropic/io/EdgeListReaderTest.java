package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tropic.io.Fixtures.assertInputError;
import static org.tropic.io.Fixtures.write;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.DroppedArcs;
import org.tropic.graph.Graph;
import org.tropic.io.ReadOptions.Direction;
import org.tropic.io.ReadOptions.HeaderRow;
import org.tropic.io.ReadOptions.Weights;

class EdgeListReaderTest {
  private static final float INF = Float.POSITIVE_INFINITY;

  @TempDir Path dir;

  @Test
  void integerIdsBecomeLabelsOrderedNumerically() throws IOException {
    Path file = write(dir, "g.edges", """
        # no direction stated
        10 2
        2 -1

        % another comment style
        100 10
        """);

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
    Graph g = loaded.graph();

    assertThat(g.labels().names()).containsExactly("-1", "2", "10", "100");
    assertThat(g.weight(g.vertex("10"), g.vertex("2"))).isEqualTo(1f);
    assertThat(g.weight(g.vertex("2"), g.vertex("10"))).isEqualTo(INF);
    assertThat(g.arcCount()).isEqualTo(3);
    assertThat(g.undirected()).isFalse();
    assertThat(loaded.source().directionReason()).contains("default", "--undirected");
    assertThat(loaded.source().weights()).isEqualTo(Weights.UNIT);
  }

  @Test
  void theSelfLoopsDroppedAndDuplicateArcsMergedAreCounted() throws IOException {
    Path file = write(dir, "loops.txt", "0 0 1\n0 1 1\n1 2 1\n1 2 3\n");

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());

    assertThat(loaded.graph().arcCount()).isEqualTo(2);
    assertThat(loaded.source().droppedArcs()).isEqualTo(new DroppedArcs(1, 1));
  }

  @Test
  void stringIdsKeepTheOrderOfFirstAppearance() throws IOException {
    Path file = write(dir, "g.txt", "zeta alpha 2\nalpha mid 3\n");

    Graph g = GraphReader.read(file);

    assertThat(g.labels().names()).containsExactly("zeta", "alpha", "mid");
    assertThat(g.weight(0, 1)).isEqualTo(2f);
    assertThat(g.weight(1, 2)).isEqualTo(3f);
  }

  @Test
  void idsThatAreNotAllPlainIntegersAreTextInOrderOfAppearance() throws IOException {
    Path file = write(dir, "g.el", "5 3\n3 007\n7 5\n");

    Graph g = GraphReader.read(file);

    assertThat(g.labels().names()).containsExactly("5", "3", "007", "7");
  }

  @Test
  void graphToolHeaderMakesEdgesUndirectedWithWeights() throws IOException {
    Path file = write(dir, "g.edges", """
        # description: an undirected, weighted network
        # directed=False nodes=3 edges=2 (0-based vertex ids)
        # columns: source target value
        1 0 2.5
        2 1 0.5
        1 0 1.5
        """);

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
    Graph g = loaded.graph();

    assertThat(g.undirected()).isTrue();
    assertThat(g.arcCount()).isEqualTo(4);
    assertThat(g.weight(0, 1)).isEqualTo(1.5f);
    assertThat(g.weight(1, 0)).isEqualTo(1.5f);
    assertThat(g.weight(1, 2)).isEqualTo(0.5f);
    assertThat(loaded.source().directionReason()).contains("directed=False");
    assertThat(loaded.source().weights()).isEqualTo(Weights.AS_WRITTEN);
  }

  @Test
  void snapHeadersDeclareDirection() throws IOException {
    Path undirected = write(dir, "u.txt", "# Undirected graph: ca-Test.txt\n# Nodes: 2 Edges: 1\n1\t2\n");
    Path directed = write(dir, "d.txt", "# Directed graph (each unordered pair saved once): x\n1\t2\n");

    assertThat(GraphReader.read(undirected).undirected()).isTrue();
    assertThat(GraphReader.read(directed).undirected()).isFalse();
  }

  @Test
  void freeTextDescriptionsDoNotDecideDirection() throws IOException {
    Path file = write(dir, "g.edges", "# description: an undirected social network\n1 2\n");

    assertThat(GraphReader.read(file).undirected()).isFalse();
  }

  @Test
  void directionOptionOverridesTheHeader() throws IOException {
    Path file = write(dir, "g.edges", "# directed=False\n1 2\n");

    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults().withDirection(Direction.DIRECTED));

    assertThat(loaded.graph().arcCount()).isEqualTo(1);
    assertThat(loaded.source().directionReason()).isEqualTo("option DIRECTED");
  }

  @Test
  void commentsAfterTheFirstEdgeDoNotChangeDirection() throws IOException {
    Path file = write(dir, "g.edges", "1 2\n# directed=False\n2 3\n");

    assertThat(GraphReader.read(file).arcCount()).isEqualTo(2);
  }

  @Test
  void csvWithHeaderRowAndQuotedNames() throws IOException {
    Path file = write(dir, "g.csv", """
        Source,Target,Weight
        "Smith, J.",Doe,2
        Doe , "say ""hi""\" ,3.5
        """);

    Graph g = GraphReader.read(file);

    assertThat(g.labels().names()).containsExactly("Smith, J.", "Doe", "say \"hi\"");
    assertThat(g.weight(0, 1)).isEqualTo(2f);
    assertThat(g.weight(1, 2)).isEqualTo(3.5f);
  }

  @Test
  void tsvNamesMayContainSpaces() throws IOException {
    Path file = write(dir, "g.tsv", "source\ttarget\nBreast cancer\tBRCA1 gene\t\n");

    Graph g = GraphReader.read(file);

    assertThat(g.labels().names()).containsExactly("Breast cancer", "BRCA1 gene");
    assertThat(g.arcCount()).isEqualTo(1);
  }

  @Test
  void weightColumnCanBeChosenAndWeightsIgnored() throws IOException {
    Path file = write(dir, "g.edges", "1 2 1999 -4\n2 3 2001 5\n");

    Graph thirdColumn = GraphReader.read(file);
    Graph fourthColumn = GraphReader.read(file, ReadOptions.defaults().withWeightColumn(4));
    Graph absolute = GraphReader.read(file,
        ReadOptions.defaults().withWeightColumn(4).withWeights(Weights.ABSOLUTE));
    Graph unit = GraphReader.read(file, ReadOptions.defaults().withWeights(Weights.UNIT));

    assertThat(thirdColumn.weight(0, 1)).isEqualTo(1999f);
    assertThat(fourthColumn.weight(0, 1)).isEqualTo(-4f);
    assertThat(absolute.weight(0, 1)).isEqualTo(4f);
    assertThat(unit.weight(0, 1)).isEqualTo(1f);
  }

  @Test
  void headerRowCanBeDeclaredOrDenied() throws IOException {
    Path custom = write(dir, "c.edges", "a b w\n1 2 3\n");
    Path nodeCalledSource = write(dir, "s.edges", "source 1\n");

    Graph present = GraphReader.read(custom, ReadOptions.defaults().withHeaderRow(HeaderRow.PRESENT));
    Graph absent = GraphReader.read(nodeCalledSource, ReadOptions.defaults().withHeaderRow(HeaderRow.ABSENT));

    assertThat(present.labels().names()).containsExactly("1", "2");
    assertThat(present.weight(0, 1)).isEqualTo(3f);
    assertThat(absent.labels().names()).containsExactly("source", "1");
  }

  /** STRING's layout, and a CSV of gene pairs: column names of biomedical tables, once refused or read as an edge. */
  @Test
  void headersOfCommonBiomedicalTablesAreRecognisedAndAnnounced() throws IOException {
    Path string = write(dir, "string.txt", "protein1 protein2 combined_score\n9606.ENSP1 9606.ENSP2 173\n");
    Path genes = write(dir, "genes.csv", "gene1,gene2\nTP53,MDM2\n");
    Path interactors = write(dir, "i.tsv", "interactor_A\tinteractor_B\nP1\tP2\n");

    LoadedGraph stringGraph = GraphReader.load(string, ReadOptions.defaults());
    assertThat(stringGraph.graph().labels().names()).containsExactly("9606.ENSP1", "9606.ENSP2");
    assertThat(stringGraph.graph().weight(0, 1)).isEqualTo(173f);
    assertThat(stringGraph.source().headerRow())
        .isEqualTo("line 1 read as a header: protein1 protein2 combined_score");
    LoadedGraph geneGraph = GraphReader.load(genes, ReadOptions.defaults());
    assertThat(geneGraph.graph().labels().names()).containsExactly("TP53", "MDM2");
    assertThat(geneGraph.source().headerRow()).isEqualTo("line 1 read as a header: gene1,gene2");
    assertThat(GraphReader.read(interactors, ReadOptions.defaults()).labels().names()).containsExactly("P1", "P2");

    // the override, either way
    assertThat(GraphReader.read(genes, ReadOptions.defaults().withHeaderRow(HeaderRow.ABSENT)).labels().names())
        .containsExactly("gene1", "gene2", "TP53", "MDM2");
  }

  /** Such names are vertex names too: with a number in the weight column the line is an edge. */
  @Test
  void aTableNameWithAWeightBesideItIsAnEdge() throws IOException {
    Path toy = write(dir, "toy.txt", "gene1 gene2 0.5\ngene2 gene3 0.7\n");
    LoadedGraph loaded = GraphReader.load(toy, ReadOptions.defaults());
    assertThat(loaded.graph().labels().names()).containsExactly("gene1", "gene2", "gene3");
    assertThat(loaded.source().headerRow()).isNull();
  }

  /** A first line whose weight column is not a number, followed by one whose is: column names of any spelling. */
  @Test
  void aFirstLineWithoutANumberWhereTheWeightsGoIsAHeaderWhenTheNextHasOne() throws IOException {
    Path named = write(dir, "w.txt", "# made by hand\na b weight_kg\n\nc d 2\ne c 3\n");
    LoadedGraph loaded = GraphReader.load(named, ReadOptions.defaults());
    assertThat(loaded.graph().labels().names()).containsExactly("c", "d", "e");
    assertThat(loaded.source().headerRow()).isEqualTo("line 2 read as a header: a b weight_kg");
    Path fourth = write(dir, "w4.txt", "x y z cost\n1 2 7 3\n");
    Graph byColumn = GraphReader.read(fourth, ReadOptions.defaults().withWeightColumn(4));
    assertThat(byColumn.weight(0, 1)).isEqualTo(3f);
  }

  /** Ids that are numbers, as the data rows' are, name no columns: a typo in line 1's weight is line 1's error. */
  @Test
  void aFirstLineOfNumberedIdsWithAWeightNotANumberIsAnErrorNotAHeader() throws IOException {
    Path typo = write(dir, "typo.txt", "0 1 1,5\n1 2 2\n");
    assertInputError(typo, 1, "1,5");
    LoadedGraph unit = GraphReader.load(typo, ReadOptions.defaults().withWeights(Weights.UNIT));
    assertThat(unit.graph().arcCount()).isEqualTo(2);
    assertThat(unit.source().headerRow()).isNull();
  }

  /** A file of one such line read by the unit rule: its edge, and the rule said (no later line decided it). */
  @Test
  void aSingleLineWithAWordForItsWeightIsAnEdgeUnderTheUnitRule() throws IOException {
    LoadedGraph one = GraphReader.load(write(dir, "one.txt", "a b heavy\n"),
        ReadOptions.defaults().withWeights(Weights.UNIT));
    assertThat(one.graph().labels().names()).containsExactly("a", "b");
    assertThat(one.source().weights()).isEqualTo(Weights.UNIT);
  }

  /**
   * The unit rule ignores the weights but not the row that names them: 'u v w' over '1 2 3' was read as an arc
   * between two vertices u and v. Where no number follows, the first line is an edge as before.
   */
  @Test
  void columnNamesOverWeightsAreFoundWhereTheWeightsAreNotRead() throws IOException {
    ReadOptions unit = ReadOptions.defaults().withWeights(Weights.UNIT);
    LoadedGraph named = GraphReader.load(write(dir, "uvw.txt", "u v w\n1 2 3\n2 3 4\n"), unit);
    assertThat(named.graph().labels().names()).containsExactly("1", "2", "3");
    assertThat(named.graph().weight(0, 1)).isEqualTo(1f);
    assertThat(named.source().headerRow()).isEqualTo("line 1 read as a header: u v w");
    LoadedGraph string = GraphReader.load(write(dir, "s.txt", "protein1 protein2 combined_score\nP1 P2 173\n"), unit);
    assertThat(string.graph().labels().names()).containsExactly("P1", "P2");

    LoadedGraph labelled = GraphReader.load(write(dir, "rel.txt", "a b heavy\nc d light\n"), unit);
    assertThat(labelled.graph().labels().names()).containsExactly("a", "b", "c", "d");
    assertThat(labelled.graph().arcCount()).isEqualTo(2);
    assertThat(labelled.source().headerRow()).isNull();
    assertThat(GraphReader.read(write(dir, "one.txt", "a b heavy\n"), unit).labels().names())
        .containsExactly("a", "b");
    Graph toy = GraphReader.read(write(dir, "toy.txt", "gene1 gene2 0.5\ngene2 gene3 0.7\n"), unit);
    assertThat(toy.labels().names()).containsExactly("gene1", "gene2", "gene3");
  }

  /**
   * Column names of any spelling over integer ids: 'u,v' over '1,2' made vertices u and v and an arc between them
   * without a word. Words over words, or over a line with a word, stay an edge; --no-header keeps it one.
   */
  @Test
  void wordsOverIntegerIdsAreColumnNames() throws IOException {
    LoadedGraph csv = GraphReader.load(write(dir, "uv.csv", "u,v\n1,2\n2,3\n"), ReadOptions.defaults());
    assertThat(csv.graph().labels().names()).containsExactly("1", "2", "3");
    assertThat(csv.source().headerRow()).isEqualTo("line 1 read as a header: u,v");
    LoadedGraph snap = GraphReader.load(write(dir, "snap.tsv", "# a graph\nFromNodeId\tToNodeId\n0\t1\n1\t2\n"),
        ReadOptions.defaults());
    assertThat(snap.graph().labels().names()).containsExactly("0", "1", "2");
    assertThat(snap.source().headerRow()).isEqualTo("line 2 read as a header: FromNodeId\tToNodeId");
    Graph weighted = GraphReader.read(write(dir, "w.txt", "from_node to_node\n1 2 0.5\n"), ReadOptions.defaults());
    assertThat(weighted.labels().names()).containsExactly("1", "2");
    assertThat(weighted.weight(0, 1)).isEqualTo(0.5f);

    assertThat(GraphReader.read(write(dir, "words.txt", "a b\nc d\n"), ReadOptions.defaults()).labels().names())
        .containsExactly("a", "b", "c", "d");
    assertThat(GraphReader.read(write(dir, "mixed.txt", "a b\n1 x\n"), ReadOptions.defaults()).labels().names())
        .containsExactly("a", "b", "1", "x");
    assertThat(GraphReader.read(write(dir, "half.txt", "a 7\n1 2\n"), ReadOptions.defaults()).labels().names())
        .containsExactly("a", "7", "1", "2");
    assertThat(GraphReader.read(write(dir, "uv2.csv", "u,v\n1,2\n"),
        ReadOptions.defaults().withHeaderRow(HeaderRow.ABSENT)).labels().names()).containsExactly("u", "v", "1", "2");
  }

  /**
   * A file whose last line has no line end ('u v' over '1 2' and no newline) was read as two edges, the head being
   * the whole file; a first line with a number in its weight column ('a b 5' over '1 2 3') was skipped as names.
   */
  @Test
  void wordsOverIdsAtTheEndOfTheFileOrOverAWeight() throws IOException {
    LoadedGraph unended = GraphReader.load(write(dir, "unended.txt", "u v\n1 2"), ReadOptions.defaults());
    assertThat(unended.graph().labels().names()).containsExactly("1", "2");
    assertThat(unended.source().headerRow()).isEqualTo("line 1 read as a header: u v");
    assertThat(GraphReader.read(write(dir, "weighted-edge.txt", "a b 5\n1 2 3\n"), ReadOptions.defaults())
        .labels().names()).containsExactly("a", "b", "1", "2");
    assertThat(GraphReader.read(write(dir, "fourth.txt", "a b x 5\n1 2 y 3\n"),
        ReadOptions.defaults().withWeightColumn(4)).labels().names()).containsExactly("a", "b", "1", "2");
    assertThat(GraphReader.read(write(dir, "named-weight.txt", "a b w\n1 2 3"), ReadOptions.defaults())
        .labels().names()).containsExactly("1", "2");
  }

  /**
   * Decided on the first 64 KiB, 'u v' over '1 2' under a longer comment preamble was an edge between two extra
   * vertices u and v, and a header under a short one. The lines after are read as before, numbered as in the file.
   */
  @Test
  void wordsOverIdsAreColumnNamesWhereverTheyLie() throws IOException {
    String preamble = "# written by a pipeline that logs its provenance as comments, one line per step\n".repeat(1000);
    assertThat(preamble.length()).isGreaterThan(GraphFormat.SNIFF_BYTES);

    LoadedGraph late = GraphReader.load(write(dir, "late.txt", preamble + "u v\n1 2\n2 3\n"), ReadOptions.defaults());
    assertThat(late.graph().labels().names()).containsExactly("1", "2", "3");
    assertThat(late.source().headerRow()).isEqualTo("line 1001 read as a header: u v");
    LoadedGraph edge = GraphReader.load(write(dir, "edge.txt", preamble + "a b\n1 x\n"), ReadOptions.defaults());
    assertThat(edge.graph().labels().names()).containsExactly("a", "b", "1", "x");
    assertThat(edge.source().headerRow()).isNull();

    assertInputError(write(dir, "short.txt", "u v\n# between\n\n1 2\n3\n"), 5, "needs a source and a target");
    assertInputError(write(dir, "named.txt", "a b\n\n1 x\nc\n"), 4, "needs a source and a target");
    assertInputError(write(dir, "bad.txt", "a b\n1 x 7\n"), 2, "a third column, but the first edge line (line 1)");
  }

  /**
   * 'x y' over integer ids was skipped as column names even where a later line names a vertex 'alice': the file is
   * not all ids, and line 1 may well be an edge. It was dropped without a word; now the reading stops and says so.
   */
  @Test
  void aLaterNameContradictsColumnNamesOverIds() throws IOException {
    StringBuilder ids = new StringBuilder("x y\n");
    for (int i = 1; i < 9000; i++) {
      ids.append(i).append(' ').append(i + 1).append('\n');
    }
    Path later = write(dir, "later.txt", ids + "9000 alice\n");
    Path early = write(dir, "early.csv", "x,y\n1,2\nbob,1\n");

    assertInputError(later, 9001, "vertex 'alice' is not an integer id, yet line 1 (\"x y\") was read as column names",
        "'9000 alice'", "pass --no-header if line 1 is an edge, or --header if it holds column names");
    assertInputError(early, 3, "vertex 'bob'", "'bob,1'", "--no-header");
    assertThat(GraphReader.read(early, ReadOptions.defaults().withHeaderRow(HeaderRow.ABSENT)).labels().names())
        .containsExactly("x", "y", "1", "2", "bob");
    assertThat(GraphReader.read(early, ReadOptions.defaults().withHeaderRow(HeaderRow.PRESENT)).labels().names())
        .containsExactly("1", "2", "bob");
  }

  /** A line of one field says what else may separate its fields: commas, spaces in a tab file, semicolons. */
  @Test
  void aLineOfOneFieldNamesTheSeparatorItMayHave() throws IOException {
    assertInputError(write(dir, "semi.csv", "a;b;1\nb;c;2\n"), 1, "an edge line needs a source and a target",
        "semicolons do not separate fields", "tr ';' ','");
    assertInputError(write(dir, "spaces.tsv", "a b 1\n"), 1, "the line has no tab", "--format edges");
    assertInputError(write(dir, "commas.txt", "a,b,1\n"), 1, "use --format csv or a .csv name");
    assertInputError(write(dir, "commas.tsv", "a,b,1\n"), 1, "use --format csv or a .csv name");
    assertThat(EdgeListReader.separatorHint(GraphFormat.EDGE_LIST, "lonely")).isEmpty();
  }

  /**
   * A no-break space (U+00A0) copied with a name from a web page or a spreadsheet made a vertex "a\u00A0" beside
   * "a": at a field's start or end it is trimmed like a space, in every separator; inside a name it stays.
   */
  @Test
  void aNoBreakSpaceAroundANameIsTrimmedAndOneInsideItKept() throws IOException {
    Path spaces = write(dir, "nbsp.txt", "a\u00A0 b 1.5\n\u00A0b \u00A0 c\u00A0 2\nNew\u00A0York a 3\n");
    Graph g = GraphReader.read(spaces);
    assertThat(g.labels().names()).containsExactly("a", "b", "c", "New\u00A0York");
    assertThat(g.weight(0, 1)).isEqualTo(1.5f);
    assertThat(g.weight(1, 2)).isEqualTo(2f);

    Path tabs = write(dir, "nbsp.tsv", "a\u00A0\t\u00A0New\u00A0York \u00A0\t1\n");
    assertThat(GraphReader.read(tabs).labels().names()).containsExactly("a", "New\u00A0York");

    Path csv = write(dir, "nbsp.csv", "a\u00A0,\u00A0b,1\n\u00A0\"c\"\u00A0, \"d\u00A0\" ,2\n");
    // a quoted name keeps what is inside its quotes, as it keeps spaces there
    assertThat(GraphReader.read(csv).labels().names()).containsExactly("a", "b", "c", "d\u00A0");
  }

  /** A no-break space looks like a space but does not separate fields: the error for too few fields says so. */
  @Test
  void twoNamesGluedByANoBreakSpaceAreNamedInTheError() throws IOException {
    assertInputError(write(dir, "glued.txt", "a\u00A0b\n"), 1, "an edge line needs a source and a target",
        "a no-break space (U+00A0) joins 'a' and 'b' into one field", "write a space there instead");
    assertInputError(write(dir, "glued.tsv", "x\ty\t1\nNew York\u00A0Boston\t2\n"), 2,
        "joins 'New York' and 'Boston'", "write a tab there instead");
    assertInputError(write(dir, "weighed.txt", "a b 1\nc\u00A0d 2\n"), 2, "missing weight in column 3",
        "joins 'c' and 'd' into one field");
    assertInputError(write(dir, "g.sif", "a pp b\nc\u00A0pp d\n"), 2, "a relation without a target",
        "joins 'c' and 'pp'");
    assertThat(EdgeListReader.separatorHint(GraphFormat.EDGE_LIST, "lonely\u00A0")).isEmpty();
  }

  /**
   * On the first edge line a no-break space that glues two names leaves it two fields, so the file was taken as
   * unweighted and the next line failed for its weight without a word about the no-break space, which the error's
   * own line does not show. A name with one inside and no weight behind it ('New York' 'Boston') gets no such hint.
   */
  @Test
  void aNoBreakSpaceOnTheFirstEdgeLineIsNamedWhenALaterLineHasAWeight() throws IOException {
    assertInputError(write(dir, "first.txt", "# weighted\na\u00A0b 3\nc d 4\n"), 3,
        "a third column, but the first edge line (line 2) has none", "'c d 4'",
        "(on line 2, a no-break space (U+00A0) joins 'a' and 'b' into one field",
        "write a space there instead, e.g. sed 's/\\xc2\\xa0/ /g' IN > OUT)");
    GraphInputException csv = assertInputError(write(dir, "first.csv", "a\u00A0b,3\nc,d,4\n"), 2,
        "on line 1, a no-break space", "write a comma there instead");
    assertThat(csv.getMessage()).as("the cause is known").doesNotContain("--header");
    assertInputError(write(dir, "first.tsv", "New York\u00A0Boston\t3\nc\td\t4\n"), 2,
        "on line 1, a no-break space (U+00A0) joins 'New York' and 'Boston'", "write a tab there instead");

    GraphInputException named = Fixtures.catchInputError(write(dir, "named.txt", "New\u00A0York Boston\nc d 4\n"),
        ReadOptions.defaults());
    assertThat(named.getMessage()).contains("a third column").doesNotContain("no-break")
        .contains("if line 1 holds column names, pass --header");
  }

  /** Not followed by a number there, the first line keeps its error, which now names --header. */
  @Test
  void aFirstLineThatFailsSuggestsTheHeaderOption() throws IOException {
    assertInputError(write(dir, "twice.txt", "a b heavy\nc d light\n"), 1, "weight is not a number: 'heavy'",
        "(line: \"a b heavy\")", "if line 1 holds column names, pass --header");
    assertInputError(write(dir, "alone.txt", "a b heavy\n"), 1, "weight is not a number: 'heavy'",
        "pass --header");
    assertInputError(write(dir, "third.txt", "x y\nz 2 3\n"), 2, "a third column, but the first edge line (line 1)",
        "if line 1 holds column names, pass --header");
    // over integer ids the same first line is read as column names
    assertThat(GraphReader.read(write(dir, "third-ids.txt", "x y\n1 2 3\n"), ReadOptions.defaults()).weight(0, 1))
        .isEqualTo(3f);
    GraphInputException later = Fixtures.assertInputError(write(dir, "later.txt", "a b 1\nc d heavy\n"), 2,
        "weight is not a number");
    assertThat(later.getMessage()).doesNotContain("--header");
    GraphInputException declared = Fixtures.assertInputError(write(dir, "declared.txt", "a b heavy\nc d 1\n"),
        ReadOptions.defaults().withHeaderRow(HeaderRow.ABSENT), 1, "weight is not a number");
    assertThat(declared.getMessage()).doesNotContain("--header");
  }

  @Test
  void theHeaderOptionIsRefusedForFormatsWithTheirOwnHeaders() throws IOException {
    Path mtx = write(dir, "g.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 3\n");
    for (HeaderRow row : new HeaderRow[] {HeaderRow.PRESENT, HeaderRow.ABSENT}) {
      assertThat(Fixtures.catchInputError(mtx, ReadOptions.defaults().withHeaderRow(row)).getMessage())
          .contains("--header and --no-header are for edge lists and SIF files, not Matrix Market");
    }
  }

  @Test
  void gzipAndXzAreReadByTheirBytesWhateverTheName() throws IOException {
    String text = "# directed=True\n0 1 2\n1 2 3\n";
    Path gz = Fixtures.writeGzip(dir, "g.edges.gz", text);
    Path xz = Fixtures.writeXz(dir, "g.edges.xz", text);
    Path misnamed = Fixtures.writeGzip(dir, "plain.edges", text);

    for (Path file : List.of(gz, xz, misnamed)) {
      LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
      assertThat(loaded.graph().weight(1, 2)).as(file.toString()).isEqualTo(3f);
    }
    assertThat(GraphReader.load(xz, ReadOptions.defaults()).source().compression()).isEqualTo(Compression.XZ);
    assertThat(GraphReader.load(misnamed, ReadOptions.defaults()).source().compression())
        .isEqualTo(Compression.GZIP);
  }

  @Test
  void lineWithOneFieldIsMalformed() throws IOException {
    Path file = write(dir, "g.edges", "# header\n1 2\n3\n");

    assertInputError(file, 3, "an edge line needs a source and a target", "'3'", "'source target'");
  }

  @Test
  void commaSeparatedLineInAWhitespaceListGetsAHint() throws IOException {
    Path file = write(dir, "g.edges", "1,2\n");

    assertInputError(file, 1, "'1,2'", "use --format csv or a .csv name");
  }

  @Test
  void badWeightsAreReported() throws IOException {
    Path nan = write(dir, "n.edges", "1 2 3\n2 3 NaN\n");
    Path infinity = write(dir, "i.csv", "1,2,Infinity\n");
    Path word = write(dir, "w.tsv", "a\tb\theavy\n");

    assertInputError(nan, 2, "weight is not a finite number", "'NaN'", "column 3", "(line: \"2 3 NaN\")");
    assertInputError(infinity, 1, "weight is not a finite number", "'Infinity'");
    assertInputError(word, 1, "weight is not a number", "'heavy'");
  }

  @Test
  void missingWeightOnALaterLineIsReported() throws IOException {
    Path file = write(dir, "g.edges", "1 2 3\n2 3\n");
    Path chosen = write(dir, "c.edges", "1 2 3 4\n2 3 4\n");

    assertInputError(file, 2, "missing weight in column 3", "'2 3'", "'source target weight' on every line");
    assertInputError(chosen, ReadOptions.defaults().withWeightColumn(4), 2, "missing weight in column 4");
  }

  @Test
  void weightAfterAnUnweightedFirstLineIsReportedNotDropped() throws IOException {
    Path file = write(dir, "g.edges", "# directed\n0 1\n1 2 5\n2 3 7\n");

    assertInputError(file, 3, "a third column, but the first edge line (line 2) has none", "'1 2 5'",
        "'source target'", "--weights unit");
    assertThat(GraphReader.read(file, ReadOptions.defaults().withWeights(Weights.UNIT)).arcCount()).isEqualTo(3);
  }

  @Test
  void unclosedQuoteIsReported() throws IOException {
    Path file = write(dir, "g.csv", "\"a,b\n");

    assertInputError(file, 1, "a quoted field is not closed", "'\"a,b'", "a closing '\"'");
  }

  /** The text after a closing quote was skipped: '"a"x' became the vertex 'a', merged with another 'a'. */
  @Test
  void textAfterAClosingQuoteIsReportedNotDropped() throws IOException {
    Path file = write(dir, "g.csv", "a,b,1\nb,\"a\"x,2\n");
    Path spaced = write(dir, "spaced.csv", "\"a\"  ,b,1\n");

    assertInputError(file, 2, "text after the closing quote of field 2", "'b,\"a\"x,2'", "quoted whole");
    assertThat(GraphReader.read(spaced).labels().names()).containsExactly("a", "b");
  }

  @Test
  void emptyNamesAreReported() throws IOException {
    Path file = write(dir, "g.tsv", "a\tb\n\tc\n");

    assertInputError(file, 2, "empty vertex name", "'source<TAB>target'");
  }

  @Test
  void namesThatAreNotUtf8AreReportedNotMerged() throws IOException {
    // Latin-1 café and cafè: decoded leniently both became "caf\uFFFD", one vertex instead of two.
    Path file = dir.resolve("latin1.edges");
    Files.write(file, "caf\u00e9 x 1\ncaf\u00e8 y 1\n".getBytes(StandardCharsets.ISO_8859_1));

    assertInputError(file, 1, "vertex name is not valid UTF-8", "iconv");
  }

  @Test
  void utf8NamesAreReadAsWritten() throws IOException {
    Path file = write(dir, "utf8.edges", "caf\u00e9 x 1\ncaf\u00e8 y 1\n");

    assertThat(GraphReader.read(file).labels().names()).containsExactly("caf\u00e9", "x", "caf\u00e8", "y");
  }

  @Test
  void weightsFloat32CannotHoldAreCountedWithTheFirstOne() throws IOException {
    // 16777217 (above 2^24) and 1e-50 and 3e-40 (below float32's normal range) change; 0.1 and 0.123456789 keep
    // float32's 7 digits, its documented precision, and 0.0e5 is zero as written.
    Path file = write(dir, "g.edges", "0 1 16777217\n1 2 1e-50\n2 3 0.1\n3 4 5\n4 5 0.123456789\n5 6 3e-40\n"
        + "6 7 0.0e5\n");

    WeightRounding rounding = GraphReader.load(file, ReadOptions.defaults()).source().weightRounding();

    assertThat(rounding.count()).isEqualTo(3);
    assertThat(rounding.integers()).isEqualTo(1);
    assertThat(rounding.describe()).isEqualTo("3 weights rounded to float32, e.g. line 1: 16777217 → 1.6777216E7");
    Path exact = write(dir, "exact.edges", "0 1 16777216\n1 2 2.5e-3\n2 3 -7\n4 5 0.693147180559945\n");
    assertThat(GraphReader.load(exact, ReadOptions.defaults()).source().weightRounding().any()).isFalse();
  }

  @Test
  void inputWithoutEdgesIsReported() throws IOException {
    Path file = write(dir, "g.edges", "# only a header\n\n");

    assertInputError(file, 2, "the input has no edge lines");
  }
}
