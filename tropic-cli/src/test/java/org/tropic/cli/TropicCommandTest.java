package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command as users run it: arguments in, text and exit code out. */
class TropicCommandTest {
  @TempDir
  Path dir;

  private static TropicRun run(String... args) {
    return TropicRun.of(args);
  }

  /** A 5-cycle a→b→c→d→e→a with one chord a→c of weight 5, plus an unreachable vertex f. */
  private Path smallGraph() throws IOException {
    Path file = dir.resolve("small.tsv");
    Files.writeString(file, "source\ttarget\tweight\na\tb\t1\nb\tc\t1\nc\td\t2\nd\te\t1\ne\ta\t1\na\tc\t5\nf\tf\t1\n");
    return file;
  }

  @Test
  void apspWritesTheStoreAndQueriesAnswerFromIt() throws IOException {
    Path graph = smallGraph();
    Path out = dir.resolve("d.npy");
    TropicRun apsp = run("apsp", graph.toString(), "-o", out.toString(), "--json", "--examples", "2");
    assertThat(apsp.exitCode()).as(apsp.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(apsp.out());
    // the key names of 'info' (vertices, arcs) and 'info --stats' (longest_distance) for the same facts
    assertThat(report.get("vertices").asInt()).isEqualTo(6);
    JsonNode info = new ObjectMapper().readTree(run("info", graph.toString(), "--json").out());
    assertThat(report.get("arcs").asInt()).isEqualTo(info.get("arcs").asInt()).isPositive();
    assertThat(report.has("n")).isFalse();
    assertThat(report.get("reachable_pairs").asLong()).isEqualTo(20); // 5 × 4 on the cycle; f reaches nobody
    assertThat(report.get("longest_distance").asDouble()).isEqualTo(5); // a → e (the first of four pairs at 5)
    JsonNode longest = report.get("examples").get(0);
    assertThat(longest.get("distance").asDouble()).isEqualTo(5);
    assertThat(longest.get("arcs").asInt()).isEqualTo(4);
    assertThat(longest.get("path").toString()).isEqualTo("[{\"from\":\"a\",\"to\":\"b\",\"weight\":1.0},"
        + "{\"from\":\"b\",\"to\":\"c\",\"weight\":1.0},{\"from\":\"c\",\"to\":\"d\",\"weight\":2.0},"
        + "{\"from\":\"d\",\"to\":\"e\",\"weight\":1.0}]");
    assertThat(apsp.err()).contains("plan:");
    assertThat(out).exists();
    assertThat(dir.resolve("d.npy.json")).exists();

    TropicRun dist = run("query", out.toString(), "dist", "a", "c", "--json");
    assertThat(dist.exitCode()).as(dist.err()).isZero();
    assertThat(new ObjectMapper().readTree(dist.out()).get("distance").asDouble()).isEqualTo(2);

    TropicRun path = run("query", out.toString(), "path", "a", "d");
    assertThat(path.exitCode()).as(path.err()).isZero();
    assertThat(path.out()).contains("a →[1] b →[1] c →[2] d"); // each arc's weight, as the help promises
    // the same JSON shape as apsp's examples: distance, arcs and the steps with their weights
    JsonNode pathJson = new ObjectMapper().readTree(run("query", out.toString(), "path", "a", "e", "--json").out());
    assertThat(pathJson.toString()).isEqualTo("{\"from\":\"a\",\"to\":\"e\",\"distance\":5.0,\"arcs\":4,"
        + "\"path\":" + longest.get("path") + "}");

    TropicRun nearest = run("query", out.toString(), "nearest", "a", "-k", "2");
    assertThat(nearest.out()).contains("b").contains("c").doesNotContain(" e ");
    TropicRun alone = run("query", out.toString(), "nearest", "f"); // f reaches nobody: said, not an empty table
    assertThat(alone.exitCode()).as(alone.err()).isZero();
    assertThat(alone.out()).isEqualToIgnoringNewLines("no vertex is reachable from f");
    assertThat(new ObjectMapper().readTree(run("query", out.toString(), "nearest", "f", "--json").out())
        .get("nearest")).isEmpty();

    // JSON has no infinity: an unreachable pair's distance is null, and its path is empty.
    TropicRun unreachable = run("query", out.toString(), "dist", "a", "f", "--json");
    assertThat(new ObjectMapper().readTree(unreachable.out()).get("distance").isNull()).isTrue();
    assertThat(unreachable.out()).doesNotContain("Infinity");
    TropicRun noPath = run("query", out.toString(), "path", "a", "f", "--json");
    JsonNode noPathJson = new ObjectMapper().readTree(noPath.out());
    assertThat(noPathJson.get("distance").isNull()).isTrue();
    assertThat(noPathJson.get("path")).isEmpty();
  }

  /** --pairs answers every pair of a file in one run, in file order; its bad lines are named by number. */
  @Test
  void queryAnswersEveryPairOfAFile() throws IOException {
    Path out = dir.resolve("d.npy");
    TropicRun apsp = run("apsp", smallGraph().toString(), "-o", out.toString());
    assertThat(apsp.exitCode()).as(apsp.err()).isZero();

    Path pairs = dir.resolve("pairs.tsv");
    Files.writeString(pairs, "# candidate links\nfrom\tto\na\tc\n\na\tf\nb\te\n");
    TropicRun dist = run("query", out.toString(), "dist", "--pairs", pairs.toString(), "--json");
    assertThat(dist.exitCode()).as(dist.err()).isZero();
    assertThat(dist.err()).contains("line 2").contains("read as a header");
    JsonNode rows = new ObjectMapper().readTree(dist.out()).get("pairs");
    assertThat(rows).hasSize(3);
    assertThat(rows.get(0).get("to").asText()).isEqualTo("c");
    assertThat(rows.get(0).get("distance").asDouble()).isEqualTo(2);
    assertThat(rows.get(1).get("distance").isNull()).isTrue(); // unreachable
    assertThat(rows.get(2).get("distance").asDouble()).isEqualTo(4); // b → c → d → e

    Path spaced = dir.resolve("pairs.txt");
    Files.writeString(spaced, "a   d\n  e a\n");
    TropicRun path = run("query", out.toString(), "path", "--pairs", spaced.toString());
    assertThat(path.exitCode()).as(path.err()).isZero();
    assertThat(path.out()).contains("a →[1] b →[1] c →[2] d").contains("e →[1] a");

    Path csv = dir.resolve("pairs.csv");
    Files.writeString(csv, "\"a\",\"c\"\n");
    TropicRun quoted = run("query", out.toString(), "dist", "--pairs", csv.toString(), "--json");
    assertThat(new ObjectMapper().readTree(quoted.out()).get("pairs").get(0).get("distance").asDouble())
        .isEqualTo(2);

    Files.writeString(pairs, "a\tc\na\tnowhere\n");
    TropicRun unknown = run("query", out.toString(), "dist", "--pairs", pairs.toString());
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).contains("pairs.tsv, line 2").contains("nowhere");

    Files.writeString(pairs, "a\tc\tb\n");
    TropicRun three = run("query", out.toString(), "dist", "--pairs", pairs.toString());
    assertThat(three.exitCode()).isEqualTo(2);
    assertThat(three.err()).contains("pairs.tsv, line 1").contains("expected two vertex names");

    assertThat(run("query", out.toString(), "nearest", "--pairs", pairs.toString()).exitCode()).isEqualTo(2);

    Files.writeString(pairs, "a\tc\nb,e\n");
    TropicRun mixed = run("query", out.toString(), "dist", "--pairs", pairs.toString());
    assertThat(mixed.exitCode()).isEqualTo(2);
    assertThat(mixed.err()).contains("line 2").contains("the separator is a tab, as on the file's first pair");
  }

  /** Flags that only one query reads are refused with the others rather than ignored. */
  @Test
  void aFlagOfAnotherQueryIsRefused() throws IOException {
    Path out = dir.resolve("d.npy");
    assertThat(run("apsp", smallGraph().toString(), "-o", out.toString()).exitCode()).isZero();
    TropicRun graph = run("query", out.toString(), "dist", "a", "c", "--graph", dir.resolve("absent.tsv").toString());
    assertThat(graph.exitCode()).isEqualTo(2);
    assertThat(graph.err()).contains("--graph is for 'query path'");
    TropicRun top = run("query", out.toString(), "path", "a", "c", "-k", "3");
    assertThat(top.exitCode()).isEqualTo(2);
    assertThat(top.err()).contains("-k/--top is for 'query nearest'");
    assertThat(run("query", out.toString(), "nearest", "a", "-k", "3").exitCode()).isZero();
  }

  /** A graph with fewer reachable pairs than examples asked for: each pair is shown once, the longest first. */

  /** A file that is not a result of 'tropic apsp -o' is bad input, and the message says what is wrong with it. */
  @Test
  void queryingSomethingThatIsNotAResultIsBadInput() throws IOException {
    Path lone = dir.resolve("lone.npy");
    Files.writeString(lone, "not a matrix");
    TropicRun noSidecar = run("query", lone.toString(), "dist", "1", "2");
    assertThat(noSidecar.exitCode()).isEqualTo(2);
    assertThat(noSidecar.err()).contains("lone.npy: not a NumPy .npy file, so not a result of 'tropic apsp -o'");

    Path out = dir.resolve("d.npy");
    assertThat(run("apsp", smallGraph().toString(), "-o", out.toString()).exitCode()).isZero();
    Files.write(out, new byte[] {1, 2, 3});
    TropicRun corrupt = run("query", out.toString(), "dist", "a", "c");
    assertThat(corrupt.exitCode()).isEqualTo(2);
    assertThat(corrupt.err()).contains("d.npy").doesNotContain("internal error");
  }
  @Test
  void foldersAndCorruptSidecarsAreBadInputNamingTheFile() throws IOException {
    Path out = dir.resolve("d.npy");
    assertThat(run("apsp", smallGraph().toString(), "-o", out.toString()).exitCode()).isZero();
    TropicRun pairsFolder = run("query", out.toString(), "dist", "--pairs", dir.toString());
    assertThat(pairsFolder.exitCode()).isEqualTo(2);
    assertThat(pairsFolder.err()).contains("--pairs " + dir + " is a folder");
    TropicRun storeFolder = run("query", dir.toString(), "dist", "a", "c");
    assertThat(storeFolder.exitCode()).isEqualTo(2);
    assertThat(storeFolder.err()).contains(dir + " is a folder").doesNotContain("no such file");

    for (String json : List.of("{ not json", "[1, 2]")) {
      Files.writeString(dir.resolve("d.npy.json"), json);
      TropicRun corrupt = run("query", out.toString(), "dist", "a", "c");
      assertThat(corrupt.exitCode()).as(json).isEqualTo(2);
      assertThat(corrupt.err()).as(json).contains("d.npy.json: not a Tropic sidecar: ")
          .doesNotContain("Cannot construct").doesNotContain("org.tropic");
    }
  }

  /** A sidecar whose labels repeat one (edited by hand) is named, with the entries, not just the label. */
  @Test
  void aSidecarThatRepeatsALabelIsNamed() throws IOException {
    Path out = dir.resolve("d.npy");
    assertThat(run("apsp", smallGraph().toString(), "-o", out.toString()).exitCode()).isZero();
    Path sidecar = dir.resolve("d.npy.json");
    Files.writeString(sidecar, Files.readString(sidecar).replace("\"b\"", "\"a\""));
    TropicRun query = run("query", out.toString(), "dist", "a", "c");
    assertThat(query.exitCode()).isEqualTo(2);
    assertThat(query.err()).contains(sidecar + ": \"labels\" repeats 'a' (entries 0 and 1, counting from 0)")
        .contains("edited or belongs to another result");
  }

  @Test
  void aGraphOfUnknownFormatIsToldToUseTheFormatOption() throws IOException {
    Path graph = dir.resolve("g.unknown");
    Files.writeString(graph, "\u0001\u0002 binary\n");
    TropicRun r = run("info", graph.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("name the format with --format").doesNotContain("read options");
  }

  /**
   * info --json gives the format as --format names it and the direction alone, values a script can compare or pass
   * back (it gave "whitespace-separated edge list" and "directed (...)"); the table keeps the words.
   */
  @Test
  void infoJsonGivesFormatAndDirectionAsValues() throws IOException {
    Path graph = dir.resolve("g.edges");
    Files.writeString(graph, "a b 1\nb c 2\n");
    JsonNode info = new ObjectMapper().readTree(run("info", graph.toString(), "--json").out());
    assertThat(info.get("format").asText()).isEqualTo("edges");
    assertThat(info.get("direction").asText()).isEqualTo("directed");
    assertThat(info.get("direction_reason").asText()).isNotBlank();
    TropicRun table = run("info", graph.toString());
    assertThat(table.out()).contains("whitespace-separated edge list").contains("directed (")
        .doesNotContain("direction_reason");
  }

  @Test
  void aFirstLineReadAsAHeaderIsAnnounced() throws IOException {
    Path graph = dir.resolve("h.edges");
    Files.writeString(graph, "src dst cost\na b 1\n");
    TropicRun apsp = run("apsp", graph.toString());
    assertThat(apsp.exitCode()).as(apsp.err()).isZero();
    assertThat(apsp.err()).contains("line 1 read as a header: src dst cost");
    JsonNode info = new ObjectMapper().readTree(run("info", graph.toString(), "--json").out());
    assertThat(info.get("header_row").asText()).isEqualTo("line 1 read as a header: src dst cost");
    assertThat(new ObjectMapper().readTree(run("info", smallGraph().toString(), "--json").out())
        .get("header_row").asText()).isEqualTo("line 1 read as a header: source\ttarget\tweight");
  }

  /**
   * info says plainly whether a header row was read: the line where one was, none (JSON false) where the first line
   * is data, and not applicable (JSON null) for formats whose header lines are their own; it used to print '-' (JSON
   * null) for all but the first.
   */
  @Test
  void infoSaysWhetherAHeaderRowWasRead() throws IOException {
    Path headed = Files.writeString(dir.resolve("headed.csv"), "src,dst\na,b\n");
    Path bare = Files.writeString(dir.resolve("bare.csv"), "a,b\nb,c\n");
    Path sif = Files.writeString(dir.resolve("bare.sif"), "a\tpp\tb\n");
    Path mtx = Files.writeString(dir.resolve("m.mtx"), "%%MatrixMarket matrix coordinate real general\n2 2 1\n"
        + "1 2 3.5\n");
    Path gr = Files.writeString(dir.resolve("g.gr"), "p sp 2 1\na 1 2 4\n");
    assertThat(infoLine(headed)).isEqualTo("line 1 read as a header: src,dst");
    assertThat(infoLine(bare)).isEqualTo("none (no line read as column names)");
    assertThat(infoLine(sif)).isEqualTo("none (no line read as column names)");
    assertThat(infoLine(mtx)).isEqualTo("not applicable (Matrix Market has header lines of"
        + " its own, read as such)");
    assertThat(infoLine(gr)).isEqualTo("not applicable (DIMACS graph has header lines of its"
        + " own, read as such)");

    ObjectMapper json = new ObjectMapper();
    assertThat(json.readTree(run("info", headed.toString(), "--json").out()).get("header_row").asText())
        .isEqualTo("line 1 read as a header: src,dst");
    for (Path none : List.of(bare, sif)) {
      JsonNode row = json.readTree(run("info", none.toString(), "--json").out()).get("header_row");
      assertThat(row.isBoolean() && !row.asBoolean()).as(none + ": " + row).isTrue();
    }
    for (Path own : List.of(mtx, gr)) {
      JsonNode info = json.readTree(run("info", own.toString(), "--json").out());
      assertThat(info.has("header_row") && info.get("header_row").isNull()).as(own.toString()).isTrue();
    }
  }

  private static String infoLine(Path graph) {
    TropicRun info = run("info", graph.toString());
    assertThat(info.exitCode()).as(info.err()).isZero();
    return info.out().lines().filter(l -> l.startsWith("header_row ")).findFirst().orElseThrow()
        .substring("header_row".length()).strip();
  }

  /**
   * --header and --no-header override the detection, and the result records how the first line was read, so
   * 'query path' reads the graph again the same way (read by detection, gene1 → gene2 would be a header now).
   */
  @Test
  void theHeaderOptionsOverrideDetectionAndTheResultRemembersThem() throws IOException {
    Path genes = dir.resolve("genes.csv");
    Files.writeString(genes, "gene1,gene2\nTP53,MDM2\n");
    JsonNode detected = new ObjectMapper().readTree(run("info", genes.toString(), "--json").out());
    assertThat(detected.get("vertices").asInt()).isEqualTo(2);
    assertThat(detected.get("header_row").asText()).isEqualTo("line 1 read as a header: gene1,gene2");

    Path out = dir.resolve("g.npy");
    TropicRun data = run("apsp", genes.toString(), "--no-header", "-o", out.toString(), "--json", "--examples", "0");
    assertThat(data.exitCode()).as(data.err()).isZero();
    assertThat(new ObjectMapper().readTree(data.out()).get("vertices").asInt()).isEqualTo(4);
    assertThat(data.err()).doesNotContain("read as a header");
    TropicRun path = run("query", out.toString(), "path", "gene1", "gene2");
    assertThat(path.exitCode()).as(path.err()).isZero();
    assertThat(path.out()).contains("gene1 →[1] gene2");

    Path toy = dir.resolve("toy.txt");
    Files.writeString(toy, "cols x y\nz 2\n"); // not recognised: 'cols' is no usual name, nor 'z' an integer id
    TropicRun failing = run("info", toy.toString());
    assertThat(failing.exitCode()).isEqualTo(2);
    assertThat(failing.err()).contains("toy.txt, line 1: weight is not a number: 'y'")
        .contains("if line 1 holds column names, pass --header");
    JsonNode declared = new ObjectMapper().readTree(run("info", toy.toString(), "--header", "--json").out());
    assertThat(declared.get("arcs").asInt()).isEqualTo(1);
  }

  @Test
  void examplePathsAreDistinctPairs() throws IOException {
    Path graph = dir.resolve("three.tsv");
    Files.writeString(graph, "source\ttarget\tweight\na\tb\t1\nb\tc\t2\nc\ta\t5\n");
    TropicRun r = run("apsp", graph.toString(), "--directed", "--json", "--examples", "10");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode examples = new ObjectMapper().readTree(r.out()).get("examples");
    List<String> pairs = new ArrayList<>();
    examples.forEach(e -> pairs.add(e.get("from").asText() + "→" + e.get("to").asText()));
    assertThat(pairs).hasSize(6).doesNotHaveDuplicates().first().isEqualTo("b→a"); // b → c → a, length 7

    TropicRun text = run("apsp", graph.toString(), "--directed", "--examples", "2");
    assertThat(text.out()).contains("example shortest paths (the longest, then random pairs):")
        .contains("b → a  length 7, 2 arcs: b → c → a").containsPattern("length \\d+, 1 arc: ");
  }

  /** A graph with no reachable pair has no mean or largest distance: null in JSON, not the string "NaN". */
  @Test
  void noReachablePairHasNoMeanDistance() throws IOException {
    Path graph = dir.resolve("lonely.tsv");
    Files.writeString(graph, "source\ttarget\na\ta\n");
    TropicRun r = run("apsp", graph.toString(), "--json", "--examples", "0");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertThat(report.get("reachable_pairs").asLong()).isZero();
    assertThat(report.get("mean_distance").isNull()).isTrue();
    assertThat(report.get("longest_distance").isNull()).isTrue();
  }

  /** Counts of things to list start at 1: 0 would print an empty table and look like an answer. */
  @Test
  void listingNothingIsBadUsage() throws IOException {
    Path out = dir.resolve("d.npy");
    assertThat(run("apsp", smallGraph().toString(), "-o", out.toString()).exitCode()).isZero();
    TropicRun nearest = run("query", out.toString(), "nearest", "a", "-k", "0");
    assertThat(nearest.exitCode()).isEqualTo(2);
    assertThat(nearest.err()).contains("must be at least 1, got 0");
    TropicRun centrality = run("centrality", smallGraph().toString(), "pagerank", "--top", "0");
    assertThat(centrality.exitCode()).isEqualTo(2);
    assertThat(centrality.err()).contains("must be at least 1, got 0");
  }

  @Test
  void partsWithoutThePartitionedAlgorithmIsBadUsage() throws IOException {
    TropicRun r = run("apsp", smallGraph().toString(), "--algorithm", "fw", "--parts", "4");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--parts tunes partitioned APSP's number of parts, which --algorithm fw does not"
        + " use").contains("use --algorithm partitioned (or auto)");
  }

  /**
   * Every option that tunes some algorithms only is refused with an algorithm named that would ignore it, before
   * the graph is read; each pair below was once accepted and ignored.
   */
  @Test
  void optionsTheRunWouldIgnoreAreRefused() throws IOException {
    String graph = smallGraph().toString();
    String[][] refused = {
        {"dijkstra", "--block", "64"}, {"dijkstra", "--arithmetic", "exact-float"}, {"batched", "--no-lookahead"},
        {"batched", "--no-pivot-order"}, {"batched", "--no-symmetry"}, {"dijkstra", "--no-symmetry"},
        {"partitioned", "--block", "32"}, {"partitioned", "--no-lookahead"}, {"partitioned", "--no-pivot-order"},
        {"fw", "--parts", "4"}, {"batched", "--parts", "4"}};
    for (String[] c : refused) {
      List<String> args = new ArrayList<>(List.of("apsp", graph, "--algorithm", c[0]));
      args.addAll(List.of(c).subList(1, c.length));
      TropicRun r = run(args.toArray(String[]::new));
      assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(2);
      assertThat(r.err()).contains(c[1] + " tunes ").contains("which --algorithm " + c[0] + " does not use")
          .doesNotContain("read ").doesNotContain("plan:");
    }
    TropicRun both = run("apsp", graph, "--block", "32", "--parts", "4");
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err()).contains("no algorithm uses all of --block, --parts");
    TropicRun predecessors = run("apsp", graph, "--predecessors");
    assertThat(predecessors.exitCode()).isEqualTo(2);
    assertThat(predecessors.err()).contains("--predecessors is stored beside the result: add -o OUT.npy");
  }

  /** With auto, such an option narrows the choice to the algorithms that use it, and a note says so. */
  @Test
  void optionsNarrowAutoToTheAlgorithmsThatUseThem() throws IOException {
    Path graph = dir.resolve("ring.txt");
    StringBuilder edges = new StringBuilder();
    for (int v = 0; v < 400; v++) { // n > 128, where auto weighs every algorithm (batched wins on a ring)
      edges.append(v).append(' ').append((v + 1) % 400).append(" 1\n");
    }
    Files.writeString(graph, edges);
    TropicRun block = run("apsp", graph.toString(), "--block", "64", "--json", "--examples", "0");
    assertThat(block.exitCode()).as(block.err()).isZero();
    assertThat(block.err()).contains("note: --block tunes fw only: auto runs fw")
        .contains("narrowed by the options given");
    JsonNode report = new ObjectMapper().readTree(block.out());
    assertThat(report.get("algorithm").asText()).isEqualTo("fw");
    assertThat(report.get("block_size").asInt()).isEqualTo(64);

    TropicRun symmetry = run("apsp", graph.toString(), "--no-symmetry", "--json", "--examples", "0");
    assertThat(symmetry.exitCode()).as(symmetry.err()).isZero();
    assertThat(symmetry.err()).contains("auto chooses between fw and partitioned")
        .contains("batched not a candidate");
    assertThat(new ObjectMapper().readTree(symmetry.out()).get("algorithm").asText()).isIn("fw", "partitioned");

    if (org.tropic.apsp.PartitionedApsp.available()) {
      TropicRun parts = run("apsp", graph.toString(), "--parts", "1000", "--json", "--examples", "0");
      assertThat(parts.exitCode()).as(parts.err()).isZero();
      assertThat(parts.err()).contains("auto runs partitioned").contains("--parts 1000: METIS made");
      assertThat(new ObjectMapper().readTree(parts.out()).get("algorithm").asText()).isEqualTo("partitioned");
    }
  }

  /** A tile larger than the graph only pads it with +∞; b = 64000 once overflowed an array (b² floats). */
  @Test
  void aTileLargerThanTheGraphIsLoweredToOneTile() throws IOException {
    for (String algorithm : List.of("auto", "fw")) {
      TropicRun r = run("apsp", smallGraph().toString(), "--algorithm", algorithm, "--block", "64000", "--json",
          "--examples", "0");
      assertThat(r.exitCode()).as(r.err()).isZero();
      assertThat(r.err()).contains("--block 64000 is more than 6 vertices need: b = 32, one tile");
      JsonNode report = new ObjectMapper().readTree(r.out());
      assertThat(report.get("block_size").asInt()).isEqualTo(32);
      assertThat(report.get("reachable_pairs").asLong()).isEqualTo(20);
    }
  }

  @Test
  void everyAlgorithmGivesTheSameAnswer() throws IOException {
    Path graph = smallGraph();
    for (String algorithm : new String[] {"fw", "dijkstra", "batched", "partitioned"}) {
      TropicRun r = run("apsp", graph.toString(), "--algorithm", algorithm, "--json", "--examples", "0");
      if (algorithm.equals("partitioned") && !org.tropic.apsp.PartitionedApsp.available()) {
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("METIS");
        continue;
      }
      assertThat(r.exitCode()).as(r.err()).isZero();
      JsonNode report = new ObjectMapper().readTree(r.out());
      assertThat(report.get("algorithm").asText()).isEqualTo(algorithm);
      assertThat(report.get("reachable_pairs").asLong()).isEqualTo(20);
      assertThat(report.get("mean_distance").asDouble()).isEqualTo(60.0 / 20);
      JsonNode phases = report.get("solve_phases");
      if (algorithm.equals("partitioned")) {
        double sum = 0;
        for (String phase : new String[] {"components_seconds", "boundary_seconds", "products_seconds"}) {
          assertThat(phases.get(phase).asDouble()).as(phase).isNotNegative();
          sum += phases.get(phase).asDouble();
        }
        assertThat(sum).as("the phases are part of the solve").isLessThanOrEqualTo(
            report.get("solve_seconds").asDouble() + 1e-6);
        JsonNode estimated = report.get("estimated_phases");
        double estimatedSum = 0;
        for (String phase : new String[] {"components_seconds", "boundary_seconds", "products_seconds"}) {
          assertThat(estimated.get(phase).asDouble()).as("estimated " + phase).isNotNegative();
          estimatedSum += estimated.get(phase).asDouble();
        }
        assertThat(estimatedSum).as("the estimate, phase by phase")
            .isCloseTo(report.get("estimated_seconds").asDouble(), within(1e-9));
        assertThat(report.get("boundary_solve").asText()).as("how step 2 ran")
            .isIn("none", "floyd-warshall");
      } else {
        assertThat(phases).as("only partitioned runs report phases").isNull();
      }
    }
  }

  @Test
  void anUndirectedGraphIsSolvedOnTheUpperTriangleToTheSameBytes() throws IOException {
    StringBuilder edges = new StringBuilder();
    for (int v = 0; v < 300; v++) {
      edges.append(v).append(' ').append((v + 1) % 300).append(' ').append(1 + v % 7).append('\n');
      edges.append(v).append(' ').append((v * 37 + 11) % 300).append(' ').append(2 + v % 5).append('\n');
    }
    Path graph = Files.writeString(dir.resolve("ring.txt"), edges);
    Path upper = dir.resolve("upper.npy");
    Path full = dir.resolve("full.npy");
    TropicRun symmetric = run("apsp", graph.toString(), "--undirected", "--algorithm", "fw", "--block", "64", "-o",
        upper.toString(), "--json", "--examples", "0");
    TropicRun everyTile = run("apsp", graph.toString(), "--undirected", "--algorithm", "fw", "--block", "64", "-o",
        full.toString(), "--json", "--examples", "0", "--no-symmetry");
    assertThat(symmetric.exitCode()).as(symmetric.err()).isZero();
    assertThat(everyTile.exitCode()).as(everyTile.err()).isZero();
    assertThat(symmetric.err()).contains("upper triangle: the graph is symmetric");
    assertThat(everyTile.err()).doesNotContain("upper triangle");
    assertThat(new ObjectMapper().readTree(symmetric.out()).get("symmetric").asBoolean()).isTrue();
    assertThat(new ObjectMapper().readTree(everyTile.out()).get("symmetric").asBoolean()).isFalse();
    assertThat(Files.mismatch(upper, full)).isEqualTo(-1);
  }

  /**
   * The tile size the cost model chose is recorded, so that giving it back as --block reproduces the bytes: runs of
   * one command may choose different tiles (from rates measured each time), and real weights then differ in the
   * last bits. A partitioned result records its parts.
   */
  @Test
  void theSidecarRecordsTheChoicesThatReproduceAResult() throws IOException {
    StringBuilder edges = new StringBuilder();
    java.util.Random random = new java.util.Random(3);
    for (int v = 0; v < 300; v++) { // real weights, so the order of the sums shows in the bits
      edges.append(v).append(' ').append(random.nextInt(300)).append(' ').append(random.nextFloat()).append('\n');
      edges.append(v).append(' ').append((v + 1) % 300).append(' ').append(random.nextFloat()).append('\n');
    }
    Path graph = Files.writeString(dir.resolve("real.txt"), edges);
    Path first = dir.resolve("first.npy");
    TropicRun chosen = run("apsp", graph.toString(), "--algorithm", "fw", "-o", first.toString(), "--examples", "0");
    assertThat(chosen.exitCode()).as(chosen.err()).isZero();
    JsonNode options = new ObjectMapper().readTree(dir.resolve("first.npy.json").toFile()).get("options");
    int b = options.get("blockSize").asInt();
    assertThat(b).isPositive();
    assertThat(options.get("parts").isNull()).isTrue();
    Path again = dir.resolve("again.npy");
    TropicRun pinned = run("apsp", graph.toString(), "--algorithm", "fw", "--block", Integer.toString(b), "-o",
        again.toString(), "--examples", "0");
    assertThat(pinned.exitCode()).as(pinned.err()).isZero();
    assertThat(Files.mismatch(first, again)).isEqualTo(-1);

    if (org.tropic.apsp.PartitionedApsp.available()) {
      Path parted = dir.resolve("parted.npy");
      TropicRun partitioned = run("apsp", graph.toString(), "--parts", "4", "-o", parted.toString(), "--examples", "0");
      assertThat(partitioned.exitCode()).as(partitioned.err()).isZero();
      JsonNode recorded = new ObjectMapper().readTree(dir.resolve("parted.npy.json").toFile()).get("options");
      assertThat(recorded.get("algorithm").asText()).isEqualTo("partitioned");
      assertThat(recorded.get("parts").asInt()).isEqualTo(4);
    }
  }

  /**
   * METIS asked for 10 parts of karate leaves 3 empty, and asked for 7 cuts it otherwise (30 boundary vertices, not
   * 33): the sidecar must record the k asked for, not the non-empty count, for --parts to partition it again.
   */
  @Test
  void theSidecarRecordsThePartsAskedForWhereMetisLeavesSomeEmpty() throws IOException {
    Path karate = Path.of("../../shared/data/graphs/karate.edges.gz");
    Assumptions.assumeTrue(Files.exists(karate) && org.tropic.apsp.PartitionedApsp.available(),
        "needs ../shared/data and libmetis5");
    Path first = dir.resolve("karate10.npy");
    TropicRun asked = run("apsp", karate.toString(), "--algorithm", "partitioned", "--parts", "10", "-o",
        first.toString(), "--examples", "0", "--json");
    assertThat(asked.exitCode()).as(asked.err()).isZero();
    assertThat(asked.err()).contains("--parts 10: METIS made 7 non-empty parts");
    JsonNode options = new ObjectMapper().readTree(dir.resolve("karate10.npy.json").toFile()).get("options");
    assertThat(options.get("parts").asInt()).isEqualTo(10);
    TropicRun again = run("apsp", karate.toString(), "--algorithm", "partitioned", "--parts",
        options.get("parts").asText(), "--examples", "0", "--json");
    assertThat(again.exitCode()).as(again.err()).isZero();
    JsonNode before = new ObjectMapper().readTree(asked.out());
    JsonNode after = new ObjectMapper().readTree(again.out());
    assertThat(after.get("parts")).isEqualTo(before.get("parts"));
    assertThat(after.get("boundary_vertices")).isEqualTo(before.get("boundary_vertices"));
  }

  /** Whole weights are added exactly, so the pivot order may change the work skipped but not one byte. */
  @Test
  void thePivotOrderLeavesEveryDistanceOfAWholeWeightGraphAsItIs() throws IOException {
    StringBuilder arcs = new StringBuilder();
    for (int v = 0; v < 300; v++) { // a path of hubs and spokes in two components: vertices of very unequal degree
      int component = v < 200 ? 0 : 200;
      int size = v < 200 ? 200 : 100;
      arcs.append(v).append(' ').append(component + (v - component + 1) % size).append(' ').append(1 + v % 7)
          .append('\n');
      arcs.append(v).append(' ').append(component + (v - component) % 9).append(' ').append(2 + v % 5).append('\n');
    }
    Path graph = Files.writeString(dir.resolve("hubs.txt"), arcs);
    Path ordered = dir.resolve("ordered.npy");
    Path byId = dir.resolve("by-id.npy");
    TropicRun inOrder = run("apsp", graph.toString(), "--directed", "--algorithm", "fw", "--block", "64", "-o",
        ordered.toString(), "--examples", "0");
    TropicRun inIdOrder = run("apsp", graph.toString(), "--directed", "--algorithm", "fw", "--block", "64", "-o",
        byId.toString(), "--examples", "0", "--no-pivot-order");
    assertThat(inOrder.exitCode()).as(inOrder.err()).isZero();
    assertThat(inIdOrder.exitCode()).as(inIdOrder.err()).isZero();
    assertThat(Files.mismatch(ordered, byId)).isEqualTo(-1);
  }

  @Test
  void negativeWeightsArePlannedAndSolvedByEitherAlgorithm() throws IOException {
    Path graph = dir.resolve("negative.edges");
    StringBuilder arcs = new StringBuilder();
    for (int v = 0; v < 300; v++) {
      arcs.append(v).append(' ').append((v + 1) % 300).append(' ').append(v % 7 == 0 ? -1 : 2).append('\n');
    }
    Files.writeString(graph, arcs);
    for (String algorithm : new String[] {"auto", "fw", "dijkstra", "batched", "partitioned"}) {
      if (algorithm.equals("partitioned") && !org.tropic.apsp.PartitionedApsp.available()) {
        continue;
      }
      TropicRun r = run("apsp", graph.toString(), "--algorithm", algorithm, "--json", "--examples", "0");
      assertThat(r.exitCode()).as(algorithm + ": " + r.err()).isZero();
      JsonNode report = new ObjectMapper().readTree(r.out());
      assertThat(report.get("reachable_pairs").asLong()).isEqualTo(300L * 299);
      // the longest is all the way round but one arc: the cycle (257 × 2 − 43 = 471) minus a −1 arc
      assertThat(report.get("longest_distance").asDouble()).as(algorithm).isEqualTo(472);
    }
  }

  @Test
  void malformedInputNamesFileLineAndTextWithExitCode2() throws IOException {
    Path bad = dir.resolve("bad.edges");
    Files.writeString(bad, "0 1 2.5\n1 2 heavy\n");
    TropicRun r = run("apsp", bad.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("bad.edges").contains("line 2").contains("heavy").doesNotContain("Exception");
  }

  @Test
  void aTileSizeTheKernelsCannotUseIsRefusedBeforeTheRun() throws IOException {
    Path graph = smallGraph();
    TropicRun ragged = run("apsp", graph.toString(), "--algorithm", "fw", "--block", "7");
    assertThat(ragged.exitCode()).isEqualTo(2);
    assertThat(ragged.err()).contains("'7' is not a usable tile size").contains("multiple of 32");
    assertThat(run("apsp", graph.toString(), "--block", "-32").exitCode()).isEqualTo(2);
    TropicRun fine = run("apsp", graph.toString(), "--algorithm", "fw", "--block", "64", "--json", "--examples", "0");
    assertThat(fine.exitCode()).as(fine.err()).isZero();
  }

  @Test
  void anOutputThatCannotBeWrittenIsReportedBeforeTheSolve() throws IOException {
    Path graph = smallGraph();
    Path folder = Files.createDirectories(dir.resolve("a-folder"));
    TropicRun intoFolder = run("apsp", graph.toString(), "-o", folder.toString());
    assertThat(intoFolder.exitCode()).isEqualTo(2);
    assertThat(intoFolder.err()).contains("it is a folder").contains("distances.npy").doesNotContain("plan:");
    Files.writeString(dir.resolve("a-file"), "x");
    TropicRun underAFile = run("apsp", graph.toString(), "-o", dir.resolve("a-file/out.npy").toString());
    assertThat(underAFile.exitCode()).isEqualTo(2);
    assertThat(underAFile.err()).contains("is a file, not a folder").doesNotContain("plan:");

    TropicRun newFolder = run("apsp", graph.toString(), "-o", dir.resolve("new/folder/out.npy").toString());
    assertThat(newFolder.exitCode()).as(newFolder.err()).isZero();
    assertThat(dir.resolve("new/folder/out.npy")).exists(); // created, as every other output's folder is
  }

  /** As root, renaming over -o /dev/null would turn the device into a file: an existing non-regular file is refused. */
  @Test
  void anOutputThatIsADeviceOrFifoIsRefusedAndKept() throws Exception {
    Path fifo = dir.resolve("pipe.npy");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is not available");
    Path linkToDevice = Files.createSymbolicLink(dir.resolve("null.npy"), Path.of("/dev/null")); // never written
    for (Path out : List.of(fifo, linkToDevice)) {
      TropicRun r = run("apsp", smallGraph().toString(), "-o", out.toString());
      assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
      assertThat(r.err()).contains(out.toString()).contains("not a regular file").doesNotContain("plan:");
    }
    assertThat(Files.exists(fifo) && !Files.isRegularFile(fifo)).isTrue();
    assertThat(Files.isSymbolicLink(linkToDevice)).isTrue();
  }

  /** What a kill -9 while the result was written left beside it is deleted by the next run, which says so. */
  @Test
  void apspDeletesTheLeftoverOfAWriteKilledEarlierWithANote() throws IOException {
    Path out = dir.resolve("d.npy");
    Path leftover = dir.resolve(".d.npy.tmp-66839f3a2e0e505d");
    Files.write(leftover, new byte[3 << 20]);
    TropicRun apsp = run("apsp", smallGraph().toString(), "-o", out.toString());
    assertThat(apsp.exitCode()).as(apsp.err()).isZero();
    assertThat(apsp.err()).contains("note: deleted 3.0 MiB of partial files beside " + out
        + ", left by a run killed while writing it");
    assertThat(leftover).doesNotExist();
    assertThat(out).isRegularFile();
  }

  /** Too big for the disk is too big, as too big for memory is: both are refused before the solve with exit 2. */
  @Test
  void aGraphTooBigForTheDiskIsBadUsageAsOneTooBigForMemory() throws IOException {
    Path graph = dir.resolve("wide.gr");
    Files.writeString(graph, "p sp 3000000 1\na 1 2 1\n"); // n = 3,000,000: 36 TB of distances
    TropicRun withOutput = run("apsp", graph.toString(), "-o", dir.resolve("d.npy").toString());
    assertThat(withOutput.exitCode()).as(withOutput.err()).isEqualTo(2);
    assertThat(withOutput.err()).contains("not enough disk space").doesNotContain("plan:");
    TropicRun inMemory = run("apsp", graph.toString());
    assertThat(inMemory.exitCode()).as(inMemory.err()).isEqualTo(2);
    assertThat(inMemory.err()).contains("n = 3,000,000");
    assertThat(dir.resolve("d.npy")).doesNotExist();
  }

  @Test
  void anOutputThatIsTheInputGraphIsRefusedAndTheGraphKept() throws IOException {
    Path graph = smallGraph();
    byte[] before = Files.readAllBytes(graph);
    String sameFileOtherSpelling = dir.resolve(".").resolve(graph.getFileName()).toString();
    for (String out : List.of(graph.toString(), sameFileOtherSpelling)) {
      TropicRun r = run("apsp", graph.toString(), "-o", out);
      assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
      assertThat(r.err()).contains("-o names the input graph " + graph).doesNotContain("plan:");
    }
    assertThat(Files.readAllBytes(graph)).isEqualTo(before);
  }

  /** Another result's sidecar or predecessor file was replaced, and that result could no longer be read. */
  @Test
  void anOutputThatIsAnotherResultsSidecarOrPredecessorFileIsRefused() throws IOException {
    Path graph = smallGraph();
    Path first = dir.resolve("first.npy");
    assertThat(run("apsp", graph.toString(), "-o", first.toString(), "--predecessors").exitCode()).isZero();
    Path sidecar = dir.resolve("first.npy.json");
    Path predecessors = dir.resolve("first.pred.npy");
    byte[] sidecarBefore = Files.readAllBytes(sidecar);
    byte[] predecessorsBefore = Files.readAllBytes(predecessors);
    TropicRun r = run("apsp", graph.toString(), "-o", sidecar.toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).contains("-o " + sidecar + " names a result's sidecar (that of first.npy)");
    r = run("apsp", graph.toString(), "-o", predecessors.toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).contains("names the predecessor file of the result " + first);
    assertThat(Files.readAllBytes(sidecar)).isEqualTo(sidecarBefore);
    assertThat(Files.readAllBytes(predecessors)).isEqualTo(predecessorsBefore);
    assertThat(run("query", first.toString(), "path", "a", "d").exitCode()).isZero();
    assertThat(dir.resolve("first.npy.json.json")).doesNotExist();
  }

  @Test
  void aDistanceBeyondFloat32IsRefusedNotStoredAsUnreachable() throws IOException {
    Path graph = dir.resolve("huge.edges");
    Files.writeString(graph, "0 1 3e38\n1 2 3e38\n"); // D[0,2] = 6e38 would read as +inf
    TropicRun r = run("apsp", graph.toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).contains("could overflow float32", "the 2 largest |weight| sum to 6.000e+38", "3.403e+38");
  }

  @Test
  void weightsRoundedToFloat32AreReportedAndRefusedForInt32() throws IOException {
    Path graph = dir.resolve("big.edges");
    Files.writeString(graph, "0 1 16777217\n1 2 1\n");
    String note = "1 weight rounded to float32, e.g. line 1: 16777217 → 1.6777216E7";
    TropicRun apsp = run("apsp", graph.toString());
    assertThat(apsp.exitCode()).as(apsp.err()).isZero();
    assertThat(apsp.err()).contains(note);
    TropicRun int32 = run("apsp", graph.toString(), "--arithmetic", "int32");
    assertThat(int32.exitCode()).isEqualTo(2);
    assertThat(int32.err()).contains("--arithmetic int32 promises exact integer distances", note, "exact-float")
        .doesNotContain("plan:");
    JsonNode info = new ObjectMapper().readTree(run("info", graph.toString(), "--json").out());
    assertThat(info.get("rounded_weights").asLong()).isEqualTo(1);
    assertThat(info.get("rounded_weights_note").asText()).isEqualTo(note);
  }

  /**
   * Whole weights are exact in float32 up to 2^24 only. Here 2 → 6 is 16,777,218, which float32 holds, but batched
   * Bellman–Ford's partial sums from the target end (16,777,215 + 1 = 16,777,216 ...) rounded it to 16,777,216. The
   * run says so before solving, and names the int32 path, which adds exactly.
   */
  @Test
  void wholeWeightPathsBeyondTwoToThe24AreWarnedAboutBeforeTheSolve() throws IOException {
    Path graph = dir.resolve("big2.edges");
    Files.writeString(graph, "1 2 1\n2 3 1\n3 4 1\n4 5 1\n5 6 16777215\n");
    TropicRun batched = run("apsp", graph.toString(), "--algorithm", "batched", "--examples", "0");
    assertThat(batched.exitCode()).as(batched.err()).isZero();
    assertThat(batched.err()).contains("note: whole-number weights, and a shortest path may be longer than 2^24")
        .contains("bound: 16,777,219").contains("algorithms may differ")
        .contains("--algorithm fw --arithmetic int32 adds them exactly");
    assertThat(batched.err().indexOf("note: whole-number")).isGreaterThan(batched.err().indexOf("plan:"));

    Path out = dir.resolve("exact.npy");
    TropicRun int32 = run("apsp", graph.toString(), "--algorithm", "fw", "--arithmetic", "int32", "-o", out.toString(),
        "--examples", "0");
    assertThat(int32.exitCode()).as(int32.err()).isZero();
    assertThat(int32.err()).contains("int32 adds them exactly, and a distance above 2^24 is rounded once");
    TropicRun exact = run("query", out.toString(), "dist", "2", "6", "--json");
    assertThat(new ObjectMapper().readTree(exact.out()).get("distance").asDouble()).isEqualTo(16_777_218);

    JsonNode info = new ObjectMapper().readTree(run("info", graph.toString(), "--json").out());
    assertThat(info.get("path_length_note").asText()).contains("may be longer than 2^24");
    TropicRun small = run("apsp", smallGraph().toString(), "--algorithm", "batched", "--examples", "0");
    assertThat(small.err()).doesNotContain("2^24");
    assertThat(new ObjectMapper().readTree(run("info", smallGraph().toString(), "--json").out())
        .get("path_length_note").isNull()).isTrue();
  }

  @Test
  void selfLoopsDroppedAndDuplicateArcsMergedAreCountedByInfoAndApsp() throws IOException {
    Path graph = dir.resolve("loops.edges");
    Files.writeString(graph, "0 0 1\n0 1 1\n1 2 1\n");
    JsonNode info = new ObjectMapper().readTree(run("info", graph.toString(), "--json").out());
    assertThat(info.get("arcs").asInt()).isEqualTo(2);
    assertThat(info.get("self_loops_dropped").asLong()).isEqualTo(1);
    assertThat(info.get("duplicate_arcs_merged").asLong()).isZero();
    TropicRun apsp = run("apsp", graph.toString());
    assertThat(apsp.exitCode()).as(apsp.err()).isZero();
    assertThat(apsp.err()).contains("loops.edges: 3 vertices, 2 arcs, ")
        .containsPattern("directed \\([0-9.]+ s\\); 1 self-loop dropped\n");

    Files.writeString(graph, "0 1 1\n1 2 1\n");
    assertThat(run("apsp", graph.toString()).err()).doesNotContain("dropped", "merged");
  }

  @Test
  void oneArcAndOneThreadAreSingular() throws IOException {
    Path graph = dir.resolve("one.edges");
    Files.writeString(graph, "0 1 1\n");
    TropicRun r = run("apsp", graph.toString(), "--threads", "1");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains(": 2 vertices, 1 arc, ", ", 1 thread — ").doesNotContain("1 arcs", "1 threads");
  }

  @Test
  void aForcedArithmeticThatIsNotExactNamesTheOnesThatAre() throws IOException {
    Path graph = dir.resolve("negative.edges");
    Files.writeString(graph, "0 1 -1\n1 2 2\n");
    TropicRun r = run("apsp", graph.toString(), "--arithmetic", "nonnegative-float");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("; use exact-float").doesNotContain("exact-float or exact-float");
  }

  @Test
  void queryPathReadsTheGraphWithTheWeightColumnOfTheSolve() throws IOException {
    Path graph = dir.resolve("wc.edges");
    Files.writeString(graph, "a b 100 1\nb c 100 1\na c 100 5\n");
    Path out = dir.resolve("wc.npy");
    TropicRun apsp = run("apsp", graph.toString(), "--weight-column", "4", "-o", out.toString());
    assertThat(apsp.exitCode()).as(apsp.err()).isZero();
    TropicRun path = run("query", out.toString(), "path", "a", "c");
    assertThat(path.exitCode()).as(path.err()).isZero();
    assertThat(path.out()).contains("a →[1] b →[1] c");
  }

  @Test
  void missingFileAndBadOptionsAreUsageErrors() {
    assertThat(run("apsp", dir.resolve("nope.mtx").toString()).exitCode()).isEqualTo(2);
    assertThat(run("apsp", "x", "--algorithm", "magic").exitCode()).isEqualTo(2);
    assertThat(run("query").exitCode()).isEqualTo(2);
  }

  @Test
  void distributedFlagsWithoutDistributedAreRefusedNotIgnored() throws IOException {
    for (String[] flag : new String[][] {{"--grid", "2x2"}, {"--bcast", "ring2"}, {"--chunk-size", "65536"}}) {
      TropicRun r = run("apsp", smallGraph().toString(), flag[0], flag[1]);
      assertThat(r.exitCode()).as(flag[0]).isEqualTo(2);
      assertThat(r.err()).contains(flag[0] + " is for distributed runs").doesNotContain("plan:");
    }
  }

  /** A distributed run always solves by Floyd–Warshall, writes no predecessors and prints its own summary. */
  @Test
  void optionsADistributedRunWouldIgnoreAreRefusedBeforeMpiStarts() throws IOException {
    Path out = dir.resolve("dist.npy");
    for (String[] flags : new String[][] {{"--predecessors"}, {"--json"}, {"--examples", "5"}, {"--seed", "7"},
        {"--parts", "4"}, {"--algorithm", "dijkstra"}, {"--algorithm", "partitioned"}, {"--algorithm", "batched"}}) {
      List<String> args = new ArrayList<>(List.of("apsp", smallGraph().toString(), "--distributed", "-o",
          out.toString()));
      args.addAll(List.of(flags));
      TropicRun r = run(args.toArray(String[]::new));
      assertThat(r.exitCode()).as(flags[0]).isEqualTo(2);
      assertThat(r.err()).as(flags[0]).contains(flags[0]).contains("--distributed").doesNotContain("rank");
      assertThat(out).doesNotExist();
    }
  }

  @Test
  void negativeCycleFailsWithItsVertexAndNoOutput() throws IOException {
    Path graph = dir.resolve("neg.edges");
    Files.writeString(graph, "0 1 1\n1 2 -3\n2 0 1\n");
    Path out = dir.resolve("neg.npy");
    TropicRun r = run("apsp", graph.toString(), "-o", out.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).contains("negative cycle").containsPattern("one such cycle: (0 → 1 → 2 → 0|1 → 2 → 0 → 1|"
        + "2 → 0 → 1 → 2) \\(3 arcs, length -1\\.0\\)");
    assertThat(out).doesNotExist();
  }

  /** The solver names a vertex that reaches the cycle and returns (5); the cycle itself is 1 → 2 → 3 → 1. */
  @Test
  void theNegativeCycleItselfIsNamedBesideTheVertexThatReachesIt() throws IOException {
    Path graph = dir.resolve("tail.edges");
    Files.writeString(graph, "5 1 1\n1 5 1\n1 2 1\n2 3 1\n3 1 -5\n");
    TropicRun r = run("apsp", graph.toString(), "--algorithm", "fw");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).containsPattern("one such cycle: (1 → 2 → 3 → 1|2 → 3 → 1 → 2|3 → 1 → 2 → 3) \\(3 arcs");
  }

  /** Floyd–Warshall goes round a self-loop of -3 twice (-6), Bellman–Ford once: neither is called the cycle. */
  @Test
  void aNegativeSelfLoopIsReportedAsAClosedWalkByEveryAlgorithm() throws IOException {
    Path graph = dir.resolve("loop.edges");
    Files.writeString(graph, "0 1 1\n1 1 -3\n1 2 1\n");
    for (String algorithm : List.of("fw", "dijkstra", "batched")) {
      TropicRun r = run("apsp", graph.toString(), "--algorithm", algorithm);
      assertThat(r.exitCode()).as(algorithm).isEqualTo(1);
      assertThat(r.err()).as(algorithm).contains("negative cycle: a closed walk from vertex 1 back to itself has")
          .doesNotContain("reaches itself");
    }
  }

  @Test
  void memoryBudgetIsCheckedBeforeStarting() {
    var plan = new org.tropic.apsp.Planner(org.tropic.semiring.MinPlusKernels.best());
    var graph = org.tropic.graph.GraphBuilder.withVertexCount(200_000).addArc(0, 1, 1f).build();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> plan.plan(graph,
            org.tropic.apsp.ApspRequest.defaults()))
        .isInstanceOf(org.tropic.apsp.MemoryBudgetException.class)
        .hasMessageContaining("n = 200,000").hasMessageContaining("GiB");
  }

  @Test
  void infoDescribesTheGraph() throws IOException {
    TropicRun r = run("info", smallGraph().toString(), "--json");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode info = new ObjectMapper().readTree(r.out());
    assertThat(info.get("vertices").asInt()).isEqualTo(6);
    assertThat(info.get("arcs").asInt()).isEqualTo(6); // f's self-loop of weight 1 is dropped
    assertThat(info.get("arithmetic").asText()).isEqualTo("int32");
    assertThat(info.get("symmetric").asBoolean()).isFalse(); // a directed cycle
    TropicRun undirected = run("info", smallGraph().toString(), "--undirected", "--json");
    assertThat(new ObjectMapper().readTree(undirected.out()).get("symmetric").asBoolean()).isTrue();
  }

  /** The sparse commands read graph files with the same --format/--undirected/--weights flags as apsp and info. */
  @Test
  void sparseCommandsReadAGraphAsTheReadingFlagsSay() throws IOException {
    Path edges = dir.resolve("square.dat");
    Files.writeString(edges, "1 2\n2 3\n3 4\n4 1\n");

    TropicRun asWritten = run("spectrum", edges.toString(), "--format", "edges");
    assertThat(asWritten.exitCode()).isEqualTo(2);
    assertThat(asWritten.err()).contains("undirected");

    TropicRun undirected = run("spectrum", edges.toString(), "--format", "edges", "--undirected", "--json");
    assertThat(undirected.exitCode()).as(undirected.err()).isZero();
    JsonNode range = new ObjectMapper().readTree(undirected.out());
    assertThat(range.get("lambda_max").asDouble()).isCloseTo(2, within(1e-6)); // a 4-cycle: eigenvalues ±2, 0, 0
    assertThat(range.get("lambda_min").asDouble()).isCloseTo(-2, within(1e-6));

    TropicRun bfs = run("bfs", edges.toString(), "--format", "edges", "--source", "1", "--json");
    assertThat(bfs.exitCode()).as(bfs.err()).isZero();
    assertThat(new ObjectMapper().readTree(bfs.out()).get("depth").asInt()).isEqualTo(3); // one way round

    TropicRun both = run("bfs", edges.toString(), "--format", "edges", "--undirected", "--source", "1", "--json");
    assertThat(new ObjectMapper().readTree(both.out()).get("depth").asInt()).isEqualTo(2); // both ways round
  }

  /** A .bcoo matrix is used as 'sparse convert' wrote it: flags that would read or lay it out again are refused. */
  @Test
  void readingAndLayoutFlagsAreRefusedWithAConvertedMatrix() throws IOException {
    Path matrix = dir.resolve("small.bcoo");
    TropicRun convert = run("sparse", "convert", smallGraph().toString(), "-o", matrix.toString(), "--undirected");
    assertThat(convert.exitCode()).as(convert.err()).isZero();
    assertThat(run("spectrum", matrix.toString()).exitCode()).isZero();
    for (String[] flags : new String[][] {{"--undirected"}, {"--order", "rcm"}, {"--block-size", "64"},
        {"--format", "tsv"}}) {
      String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("spectrum", matrix.toString()),
          java.util.Arrays.stream(flags)).toArray(String[]::new);
      TropicRun r = run(args);
      assertThat(r.exitCode()).as(String.join(" ", flags)).isEqualTo(2);
      assertThat(r.err()).contains(flags[0] + " does not apply to").contains("sparse convert");
    }
  }
}
