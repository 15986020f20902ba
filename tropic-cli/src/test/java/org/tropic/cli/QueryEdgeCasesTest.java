package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tropic query} on the pairs files, stores and labels users actually hand it. */
class QueryEdgeCasesTest {
  @TempDir
  Path dir;

  private static TropicRun run(String... args) {
    return TropicRun.of(args);
  }

  /** The result of a chain a →1 b →2 c →3 d of tab-separated labels, one with a space and one in CJK. */
  private Path chainResult() throws IOException {
    Path graph = dir.resolve("chain.tsv");
    Files.writeString(graph, "New York\tb\t1\nb\t東京\t2\n東京\td\t3\n");
    Path out = dir.resolve("chain.npy");
    TropicRun apsp = run("apsp", graph.toString(), "-o", out.toString());
    assertThat(apsp.exitCode()).as(apsp.err()).isZero();
    return out;
  }

  private static JsonNode pairs(TropicRun run) throws IOException {
    assertThat(run.exitCode()).as(run.err()).isZero();
    return new ObjectMapper().readTree(run.out()).get("pairs");
  }

  /**
   * Distances and weights are float32: JSON gives their shortest decimal form, as {@code discover} and numpy do, not
   * the widened double (0.10000000149011612 for a weight of 0.1), which a script would not find equal to 0.1.
   */
  @Test
  void jsonGivesFloat32ValuesInTheirShortestForm() throws IOException {
    Path graph = Files.writeString(dir.resolve("tenth.tsv"), "a\tb\t0.1\nb\tc\t0.7\n");
    Path out = dir.resolve("tenth.npy");
    assertThat(run("apsp", graph.toString(), "-o", out.toString()).exitCode()).isZero();
    Path pairs = Files.writeString(dir.resolve("pairs.txt"), "a b\n");
    for (TropicRun query : List.of(run("query", out.toString(), "dist", "a", "b", "--json"),
        run("query", out.toString(), "path", "a", "c", "--json"), run("query", out.toString(), "nearest", "a",
        "--json"), run("query", out.toString(), "dist", "--pairs", pairs.toString(), "--json"))) {
      assertThat(query.exitCode()).as(query.err()).isZero();
      assertThat(query.out()).as(query.out()).contains("0.1").doesNotContain("0.1000000");
    }
    assertThat(run("query", out.toString(), "path", "a", "c", "--json").out()).contains("\"weight\" : 0.7");
  }

  @Test
  void aByteOrderMarkCrlfAndLinesOfSpacesOrTabsAreNotPartOfThePairs() throws IOException {
    Path out = chainResult();
    Path csv = dir.resolve("excel.csv"); // what "Save as CSV UTF-8" writes
    Files.write(csv, ("\uFEFF\"New York\",d\r\n   \r\nb,東京\r\n").getBytes(StandardCharsets.UTF_8));
    JsonNode rows = pairs(run("query", out.toString(), "dist", "--pairs", csv.toString(), "--json"));
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).get("from").asText()).isEqualTo("New York");
    assertThat(rows.get(0).get("distance").asDouble()).isEqualTo(6);
    assertThat(rows.get(1).get("distance").asDouble()).isEqualTo(2);

    Path tsv = dir.resolve("pairs.tsv");
    Files.write(tsv, "\uFEFFNew York\tb\r\n\t\r\nb\td\r\n".getBytes(StandardCharsets.UTF_8));
    rows = pairs(run("query", out.toString(), "path", "--pairs", tsv.toString(), "--json"));
    assertThat(rows).hasSize(2);
    assertThat(rows.get(1).get("arcs").asInt()).isEqualTo(2);
  }

  /** A name pasted with a no-break space (U+00A0) after it was an unknown vertex "b\u00A0"; inside a name it stays. */
  @Test
  void aNoBreakSpaceAroundAPairsNameIsTrimmedAndOneGluingTwoNamesIsNamed() throws IOException {
    Path out = chainResult();
    Path spaces = Files.writeString(dir.resolve("pairs.txt"), "b\u00A0 d\n\u00A0b\u00A0   d\u00A0\n");
    JsonNode rows = pairs(run("query", out.toString(), "dist", "--pairs", spaces.toString(), "--json"));
    assertThat(rows).hasSize(2);
    assertThat(rows.get(1).get("from").asText()).isEqualTo("b");
    assertThat(rows.get(1).get("distance").asDouble()).isEqualTo(5);

    Path glued = Files.writeString(dir.resolve("glued.txt"), "b\u00A0d\n");
    TropicRun run = run("query", out.toString(), "dist", "--pairs", glued.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains(glued + ", line 1: expected two vertex names (from, to), got 1")
        .contains("a no-break space (U+00A0) joins 'b' and 'd' into one field");
  }

  /** Fewer vertices reachable than -k asks for: said, so a short list is not taken for a cut-off one. */
  @Test
  void nearestSaysWhenFewerVerticesAreReachableThanAsked() throws IOException {
    Path out = chainResult(); // b reaches 東京 and d only
    TropicRun shortList = run("query", out.toString(), "nearest", "b", "-k", "3");
    assertThat(shortList.exitCode()).as(shortList.err()).isZero();
    assertThat(shortList.out()).contains("東京").contains(" d ");
    assertThat(shortList.err()).contains("note: only 2 vertices are reachable from b (-k 3)");

    TropicRun json = run("query", out.toString(), "nearest", "b", "-k", "3", "--json");
    assertThat(new ObjectMapper().readTree(json.out()).get("nearest")).hasSize(2);
    assertThat(json.err()).contains("note: only 2 vertices are reachable from b (-k 3)");

    TropicRun enough = run("query", out.toString(), "nearest", "b", "-k", "2");
    assertThat(enough.err()).doesNotContain("note:");
  }

  /** A bad value is answered under the alias typed: "option '--top'" named an option not on the line. */
  @Test
  void aBadCountIsNamedByTheAliasTyped() throws IOException {
    Path out = chainResult();
    for (String[] k : new String[][] {{"-k", "0"}, {"-k0"}}) {
      List<String> args = new ArrayList<>(List.of("query", out.toString(), "nearest", "b"));
      args.addAll(List.of(k));
      TropicRun run = run(args.toArray(String[]::new));
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err()).contains("Invalid value for option '-k': must be at least 1, got 0");
    }
    TropicRun top = run("query", out.toString(), "nearest", "b", "--top=0");
    assertThat(top.err()).contains("Invalid value for option '--top': must be at least 1, got 0");
  }

  @Test
  void aPairsFileWithNoPairsIsBadInputNotAnEmptyTable() throws IOException {
    Path out = chainResult();
    Path pairs = dir.resolve("pairs.txt");
    for (String text : new String[] {"", "# nothing yet\n\n", "from\tto\n"}) {
      Files.writeString(pairs, text);
      TropicRun run = run("query", out.toString(), "dist", "--pairs", pairs.toString());
      assertThat(run.exitCode()).as(text).isEqualTo(2);
      assertThat(run.err()).as(text).contains(pairs + ": no vertex pairs").doesNotContain("at org.");
      assertThat(run.out()).as(text).isEmpty();
    }
  }

  /** Standard input is named as such in every message about its pairs, not as a file called "-". */
  @Test
  void pairsFromStandardInputAreNamedAsSuchInEveryMessage() throws IOException {
    Path out = chainResult();
    InputStream stdin = System.in;
    try {
      for (String[] text : new String[][] {{"from\tto\n", "standard input (--pairs -), line 1: 'from' and 'to' name"
          + " no vertex; read as a header", "standard input (--pairs -): no vertex pairs after the header line"},
          {"b\tnowhere\n", "standard input (--pairs -), line 1: "},
          {"b\td\nb\td\tc\n", "standard input (--pairs -), line 2: expected two vertex names"}}) {
        System.setIn(new ByteArrayInputStream(text[0].getBytes(StandardCharsets.UTF_8)));
        TropicRun run = run("query", out.toString(), "dist", "--pairs", "-");
        assertThat(run.exitCode()).as(text[0]).isEqualTo(2);
        for (int i = 1; i < text.length; i++) {
          assertThat(run.err()).as(text[0]).contains(text[i]);
        }
        assertThat(run.err()).as(text[0]).doesNotContain("-, line").doesNotContain("-: no");
      }
    } finally {
      System.setIn(stdin);
    }
  }

  /**
   * The sidecar's graph matches its fingerprint, but the .npy beside it is another graph's of the same size: every
   * query refuses it, where dist and nearest once answered from the wrong matrix.
   */
  @Test
  void aResultBesideAnotherGraphsSidecarIsBadInputNotACrash() throws IOException {
    Path out = chainResult();
    Path other = dir.resolve("other.tsv");
    Files.writeString(other, "New York\tb\t1\nb\t東京\t1\n東京\td\t1\n"); // same labels, lighter arcs
    Path otherOut = dir.resolve("other.npy");
    assertThat(run("apsp", other.toString(), "-o", otherOut.toString()).exitCode()).isZero();
    Files.copy(otherOut, out, StandardCopyOption.REPLACE_EXISTING);

    for (String[] query : new String[][] {{"path", "New York", "d"}, {"dist", "New York", "d"},
        {"nearest", "New York"}}) {
      List<String> args = new ArrayList<>(List.of("query", out.toString()));
      args.addAll(List.of(query));
      TropicRun refused = run(args.toArray(String[]::new));
      assertThat(refused.exitCode()).as(refused.err()).isEqualTo(2);
      assertThat(refused.out()).isEmpty();
      assertThat(refused.err()).contains(out + ": its contents are not those its sidecar chain.npy.json describes")
          .doesNotContain("internal error").doesNotContain("at org.");
    }
  }

  /**
   * A pairs file that is not UTF-8 is bad input at its line (it was "Input length = 1", exit 1); a gzipped one is
   * read as the graph readers read one; binary content is named.
   */
  @Test
  void aPairsFileIsReadAsTextOrRefusedAtTheLineThatIsNot() throws IOException {
    Path out = chainResult();
    Path latin1 = dir.resolve("latin1.txt");
    Files.write(latin1, "b d\nb T\u00f6kyo\n".getBytes(StandardCharsets.ISO_8859_1));
    TropicRun refused = run("query", out.toString(), "dist", "--pairs", latin1.toString());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains(latin1 + ", line 2: not valid UTF-8 (byte 0xf6 at column 4")
        .contains("iconv -f latin1 -t utf-8");
    Path gzipped = dir.resolve("pairs.txt.gz");
    try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(gzipped))) {
      gz.write("b d\n".getBytes(StandardCharsets.UTF_8));
    }
    assertThat(pairs(run("query", out.toString(), "dist", "--pairs", gzipped.toString(), "--json")).get(0)
        .get("distance").asDouble()).isEqualTo(5);
    refused = run("query", out.toString(), "dist", "--pairs", out.toString());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains("not a text file: this is a NumPy .npy array");
  }

  /** The same arcs under other names passed the fingerprint, and 'path' answered for the wrong pair (exit 0). */
  @Test
  void aGraphOfTheSameShapeUnderOtherNamesIsRefused() throws IOException {
    Path out = chainResult();
    Path renamed = Files.writeString(dir.resolve("renamed.tsv"), "Boston\tb\t1\nb\t東京\t2\n東京\td\t3\n");
    TropicRun refused = run("query", out.toString(), "path", "b", "d", "--graph", renamed.toString());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains("computed from a graph with other vertex names: vertex 0 is 'New York' in the"
        + " result, 'Boston' in the graph given");
  }

  @Test
  void anUnknownIdOfAnUnlabelledGraphRemindsThatIdsAreZeroBased() throws IOException {
    Path graph = dir.resolve("g.gr");
    Files.writeString(graph, "p sp 3 2\na 1 2 1\na 2 3 1\n");
    Path out = dir.resolve("g.npy");
    assertThat(run("apsp", graph.toString(), "-o", out.toString()).exitCode()).isZero();
    TropicRun dist = run("query", out.toString(), "dist", "1", "3"); // DIMACS nodes 1 and 3 are ids 0 and 2
    assertThat(dist.exitCode()).isEqualTo(2);
    assertThat(dist.err()).contains("ids 0..2").contains("DIMACS node k are id k − 1");
    TropicRun path = run("query", out.toString(), "path", "0", "3"); // names read against the graph itself
    assertThat(path.exitCode()).isEqualTo(2);
    assertThat(path.err()).contains("ids 0..2").contains("DIMACS node k are id k − 1");
  }

  @Test
  void wideLabelsKeepTheNearestTableAligned() throws IOException {
    Path out = chainResult();
    TropicRun nearest = run("query", out.toString(), "nearest", "New York");
    assertThat(nearest.exitCode()).as(nearest.err()).isZero();
    // 東京 takes four columns, like "New York"'s first four: the distance column ends at the same column on each row
    String[] lines = nearest.out().split("\n");
    int end = DisplayWidth.of(lines[0]);
    for (String line : lines) {
      assertThat(DisplayWidth.of(line)).as(line).isEqualTo(end);
    }
  }

  @Test
  void displayWidthCountsColumnsNotUtf16Units() {
    assertThat(DisplayWidth.of("abc")).isEqualTo(3);
    assertThat(DisplayWidth.of("東京")).isEqualTo(4);
    assertThat(DisplayWidth.of("Zu\u0308rich")).isEqualTo(6); // u + combining diaeresis
    assertThat(DisplayWidth.of("\uD83D\uDE00")).isEqualTo(2); // 😀, a surrogate pair
  }
}
