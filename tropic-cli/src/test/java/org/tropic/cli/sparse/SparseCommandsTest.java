package org.tropic.cli.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.analytics.Bfs;
import org.tropic.analytics.PageRank;
import org.tropic.analytics.SparseGraph;
import org.tropic.cli.DisplayWidth;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.io.Compression;
import org.tropic.io.GraphFormat;
import org.tropic.io.GraphSource;
import org.tropic.io.LoadedGraph;
import org.tropic.io.ReadOptions;
import org.tropic.io.WeightRounding;
import picocli.CommandLine;

class SparseCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * "source target [weight]" lines, '#' comments, names as labels; a header "# undirected", or --undirected, adds
   * both arcs.
   */
  static final GraphLoader LOADER = (file, options) -> {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    boolean undirected = options.direction() == ReadOptions.Direction.AS_FILE
        ? !lines.isEmpty() && lines.get(0).equals("# undirected")
        : options.direction() == ReadOptions.Direction.UNDIRECTED;
    GraphBuilder b = GraphBuilder.labelled().undirected(undirected);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\\s+");
      if (f.length < 2) {
        throw new IOException(file + ":" + (i + 1) + ": expected 'source target [weight]', got '" + line + "'");
      }
      float w = f.length > 2 ? Float.parseFloat(f[2]) : 1f;
      int u = b.vertex(f[0]);
      int v = b.vertex(f[1]);
      if (undirected) {
        b.addEdge(u, v, w);
      } else {
        b.addArc(u, v, w);
      }
    }
    Graph graph = b.build();
    return new LoadedGraph(graph, new GraphSource(file.toString(), GraphFormat.EDGE_LIST, Compression.NONE, undirected,
        "the test loader", ReadOptions.Weights.AS_WRITTEN, lines.size(), WeightRounding.NONE, b.droppedArcs(), null));
  };

  @TempDir
  Path dir;
  Path directed;
  Path undirected;
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  @BeforeEach
  void writeGraphs() throws IOException {
    directed = dir.resolve("directed.txt");
    Files.writeString(directed, """
        a b
        a c
        b d
        c d
        d e
        f a
        """);
    undirected = dir.resolve("undirected.txt");
    StringBuilder text = new StringBuilder("# undirected\n");
    Random r = new Random(5);
    for (int i = 0; i < 160; i++) {
      int u = r.nextInt(60);
      int v = r.nextInt(60);
      if (u != v) {
        text.append("v").append(u).append(" v").append(v).append('\n');
      }
    }
    for (int i = 0; i < 59; i++) {
      text.append("v").append(i).append(" v").append(i + 1).append('\n');
    }
    Files.writeString(undirected, text);
  }

  private int run(Object command, String... args) {
    CommandLine cl = command instanceof CommandLine c ? c : new CommandLine(command);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  /** {@code sparse bench} runs SparseBench itself, here on as-22july06 from the shared data, briefly. */
  @Test
  void benchRunsSparseBenchOnASharedGraph() {
    Path data = null;
    for (Path p = Path.of("").toAbsolutePath(); p != null && data == null; p = p.getParent()) {
      Path candidate = p.resolve("shared/data");
      data = Files.isRegularFile(candidate.resolve("graphs/as-22july06.edges.gz")) ? candidate : null;
    }
    Assumptions.assumeTrue(data != null, "no shared/data with as-22july06 above the working directory");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      assertThat(run(SparseCommand.commandLine(LOADER), "bench", "--data", data.toString(), "--graphs", "as",
          "--no-graphblas", "--seconds", "0.05", "--copy-mib", "8", "--threads", "2")).isZero();
    } finally {
      System.setOut(stdout);
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("STREAM copy bandwidth", "== as-22july06",
        "CSR (plain Java)", "BlockCoo SpMV, none", "BFS from vertex");
  }

  @Test
  void autoLayoutSaysWhichOrderItChoseAndWhyOnStderr() throws IOException {
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a", "--json")).isZero();
    assertThat(err.toString()).startsWith("layout: ").contains(", since ").contains("--order");
    assertThat(JSON.readTree(out.toString()).get("depth").asInt()).isEqualTo(3); // stdout stays JSON

    err.getBuffer().setLength(0);
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a", "--order", "cache")).isZero();
    assertThat(err.toString()).doesNotContain("layout:");

    out.getBuffer().setLength(0);
    Path matrix = dir.resolve("auto.bcoo");
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", directed.toString(), "-o", matrix.toString(),
        "--json")).isZero();
    assertThat(JSON.readTree(out.toString()).get("layout_reason").asText()).isNotBlank();
  }

  /**
   * A graph without vertices (the test loader reads a file of comments as one; a 0 × 0 Matrix Market file is one) is
   * bad input for every analytic, named with its file: PageRank said "converged" (exit 0) and eigenvector centrality
   * "did not converge after 1000 iterations" (exit 1).
   */
  @Test
  void aGraphWithoutVerticesIsRefusedByEveryAnalytic() throws IOException {
    Path empty = dir.resolve("empty.txt");
    Files.writeString(empty, "# no arcs, no vertices\n");
    List<List<Object>> runs = List.of(
        List.of(new BfsCommand(LOADER), new String[] {"--source", "0"}),
        List.of(new TraverseCommand(LOADER), new String[] {"--seeds", "0"}),
        List.of(new SpectrumCommand(LOADER), new String[0]),
        List.of(new CentralityCommand(LOADER), new String[] {"pagerank"}),
        List.of(new CentralityCommand(LOADER), new String[] {"eigenvector"}),
        List.of(new CentralityCommand(LOADER), new String[] {"katz"}),
        List.of(new CentralityCommand(LOADER), new String[] {"subgraph"}));
    for (List<Object> r : runs) {
      err.getBuffer().setLength(0);
      List<String> args = new ArrayList<>(List.of(empty.toString()));
      args.addAll(List.of((String[]) r.get(1)));
      assertThat(run(r.get(0), args.toArray(String[]::new))).as(args + ": " + err).isEqualTo(2);
      assertThat(err.toString()).as(args.toString())
          .contains(empty + ": the graph has no vertices").doesNotContain("converge");
    }
  }

  @Test
  void selfLoopsDroppedAndArcsMergedAreToldOnStderr() throws IOException {
    Path loops = dir.resolve("loops.txt");
    Files.writeString(loops, "a a\na b\nb c\nb c 2\n");

    assertThat(run(new CentralityCommand(LOADER), loops.toString(), "pagerank", "--json")).as(err.toString())
        .isZero();

    assertThat(err.toString()).startsWith("read " + loops + ": 1 self-loop dropped, 1 duplicate arc merged (the matrix"
        + " has no self-loops and one arc per pair, the lightest)");
    assertThat(JSON.readTree(out.toString()).get("measure").asText()).isEqualTo("pagerank"); // stdout stays JSON
  }

  /**
   * A BFS cut at --max-depth says so in the table, the JSON and the sidecar: its -1 in --npy means "not reached within
   * the depth", and read as "unreachable" when nothing said the search had been cut.
   */
  @Test
  void bfsStoppedAtMaxDepthSaysSoEverywhere() throws IOException {
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a", "--max-depth", "1")).isZero();
    assertThat(out.toString()).contains("BFS from a: 3 of 6 vertices reached, depth 1 (stopped at --max-depth 1");
    out.getBuffer().setLength(0);
    Path npy = dir.resolve("near.npy");
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a", "--max-depth", "1", "--json",
        "--npy", npy.toString())).isZero();
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("max_depth").asInt()).isEqualTo(1);
    assertThat(json.get("stopped_at_max_depth").asBoolean()).isTrue();
    JsonNode sidecar = JSON.readTree(dir.resolve("near.npy.json").toFile());
    assertThat(sidecar.get("max_depth").asInt()).isEqualTo(1);
    assertThat(sidecar.get("stopped_at_max_depth").asBoolean()).isTrue();

    out.getBuffer().setLength(0); // deep enough: the search ended by itself, and -1 is unreachable
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a", "--max-depth", "9", "--json"))
        .isZero();
    assertThat(JSON.readTree(out.toString()).get("stopped_at_max_depth").asBoolean()).isFalse();
  }

  /** A seed whose arcs lead nowhere gave an empty table and nothing else; stderr now says why it is empty. */
  @Test
  void traverseSaysWhenNoWalkReachesAnything() {
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "e")).isZero();
    assertThat(out.toString()).contains("rank  vertex  score");
    assertThat(err.toString()).contains("no walk of 1..2 steps from e reaches another vertex", "--undirected");
    err.getBuffer().setLength(0);
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "d")).isZero();
    assertThat(err.toString()).doesNotContain("no walk");
  }

  @Test
  void bfsPrintsLevelsAsTableJsonAndNpy() throws IOException {
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a")).isZero();
    assertThat(out.toString()).contains("BFS from a: 5 of 6 vertices reached, depth 3").contains("b c");

    out.getBuffer().setLength(0);
    Path npy = dir.resolve("levels.npy");
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a", "--json", "--npy",
        npy.toString(), "--order", "rcm")).isZero();
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("depth").asInt()).isEqualTo(3);
    assertThat(json.get("level_sizes").toString()).isEqualTo("[1,2,1,1]");
    assertThat(json.get("levels").toString()).isEqualTo("[[\"a\"],[\"b\",\"c\"],[\"d\"],[\"e\"]]");
    int[] levels = readNpyInts(npy);
    Graph g = LOADER.load(directed, ReadOptions.defaults()).graph();
    assertThat(levels).containsExactly(Bfs.levels(SparseGraph.of(g), g.vertex("a")).levels());
    JsonNode sidecar = JSON.readTree(dir.resolve("levels.npy.json").toFile());
    assertThat(sidecar.get("labels").get(5).asText()).isEqualTo("f");
    assertThat(sidecar.get("dtype").asText()).isEqualTo("int32");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  @Test
  void badInputExitsTwoWithAMessage() {
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "zz")).isEqualTo(2);
    assertThat(err.toString()).contains("--source: no vertex named 'zz'");
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "B")).isEqualTo(2);
    assertThat(err.toString()).contains("--source: no vertex named 'B' in the graph; did you mean 'b'?");
    assertThat(run(new BfsCommand(LOADER), dir.resolve("missing.txt").toString(), "--source", "a")).isEqualTo(2);
    assertThat(err.toString()).contains("missing.txt: no such file");
    assertThat(run(new BfsCommand(LOADER), directed.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--source");
    assertThat(run(new SpectrumCommand(LOADER), directed.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("symmetric", "pass --undirected");
    err.getBuffer().setLength(0);
    // a tolerance of 5 stopped at once and reported lambda_min -3.49 on karate, whose is -4.49, as converged
    assertThat(run(new SpectrumCommand(LOADER), undirected.toString(), "--tolerance", "5")).isEqualTo(2);
    assertThat(err.toString()).contains("must be a relative tolerance in (0, 1)");
    err.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), directed.toString(), "subgraph")).isEqualTo(2);
    assertThat(err.toString()).contains("subgraph centrality needs a symmetric matrix", "pass --undirected");
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "a,9")).isEqualTo(2);
    assertThat(err.toString()).contains("--seeds: no vertex named '9'");
  }

  /**
   * A bad value of a measure's option is refused before the graph is read: it was found only after reading and laying
   * out the graph, seconds on the web graph for a typo.
   */
  @Test
  void centralityOptionValuesAreCheckedBeforeTheGraphIsRead() {
    AtomicInteger reads = new AtomicInteger();
    GraphLoader counting = (file, options) -> {
      reads.incrementAndGet();
      return LOADER.load(file, options);
    };
    String[][] cases = {{"pagerank", "--damping", "1.5"}, {"pagerank", "--tolerance", "-1"},
        {"eigenvector", "--tolerance", "0"}, {"katz", "--alpha", "-0.1"}, {"katz", "--beta", "NaN"},
        {"subgraph", "--probe-kind", "gauss"}, {"subgraph", "--groups", "1"}, {"subgraph", "--probes", "1"},
        {"subgraph", "--deflate", "100000"}};
    for (String[] c : cases) {
      err.getBuffer().setLength(0);
      assertThat(run(new CentralityCommand(counting), undirected.toString(), c[0], c[1], c[2]))
          .as(String.join(" ", c)).isEqualTo(2);
      assertThat(reads).as(String.join(" ", c) + ": " + err).hasValue(0);
    }
    assertThat(err.toString()).doesNotContain("layout:");
  }

  /** --groups with Rademacher probes, each a group of its own, was silently ignored: now it is refused. */
  @Test
  void groupsWithRademacherProbesAreRefused() throws IOException {
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "subgraph", "--probe-kind", "rademacher",
        "--groups", "4", "--probes", "8")).isEqualTo(2);
    assertThat(err.toString()).contains("--groups 4 does not apply to Rademacher probes");
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "subgraph", "--probe-kind", "rademacher",
        "--probes", "8", "--json")).isZero();
    assertThat(JSON.readTree(out.toString()).get("groups").asInt()).isEqualTo(8);
  }

  /**
   * The vector and its sidecar are written both or neither: the sidecar failing (here a folder in its place) deleted
   * the new vector after it had replaced the old one, which was then lost too.
   */
  @Test
  void aVectorWhoseSidecarCannotBeWrittenLeavesTheEarlierPair() throws IOException {
    Path npy = dir.resolve("r.npy");
    Files.writeString(npy, "earlier vector");
    Files.createDirectories(dir.resolve("r.npy.json"));
    SparseGraph g = SparseGraph.of(LOADER.load(directed, ReadOptions.defaults()).graph());
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> NpyWriter.write(npy, new double[g.vertexCount()], g,
        java.util.Map.of("measure", "test"))).hasMessageContaining("r.npy.json");
    assertThat(npy).hasContent("earlier vector");
  }

  /**
   * An --npy the disk cannot hold is refused once the graph is read, before the work, naming the bytes: it failed
   * after the computation with "No space left on device", exit 1. The bytes checked are those the vector takes, and
   * no more than its sidecar with the labels takes, as written.
   */
  @Test
  void anNpyTheDiskCannotHoldIsRefusedWithTheBytes() throws IOException {
    SparseGraph g = SparseGraph.of(LOADER.load(directed, ReadOptions.defaults()).graph());
    Path npy = dir.resolve("sub").resolve("v.npy");
    NpyWriter.write(npy, new double[g.vertexCount()], g, java.util.Map.of("measure", "test"));
    long written = Files.size(npy) + Files.size(dir.resolve("sub").resolve("v.npy.json"));
    OutputOptions output = new OutputOptions();
    output.npy = dir.resolve("new").resolve("v.npy"); // a folder not there yet: its disk is that of the one above
    long least = NpyWriter.vectorBytes(org.tropic.io.NpyHeader.Dtype.FLOAT64, g.vertexCount())
        + NpyWriter.leastSidecarBytes(g);
    assertThat(NpyWriter.vectorBytes(org.tropic.io.NpyHeader.Dtype.FLOAT64, g.vertexCount()))
        .isEqualTo(Files.size(npy));
    assertThat(NpyWriter.leastSidecarBytes(g)).isPositive().isLessThan(written - Files.size(npy));

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> output.checkNpyRoom(g,
        org.tropic.io.NpyHeader.Dtype.FLOAT64, least - 1))
        .isInstanceOf(org.tropic.io.OutputLocationException.class)
        .hasMessageContaining("not enough disk space to write " + output.npy.toAbsolutePath() + ": --npy of "
            + g.vertexCount() + " vertices needs " + least + " bytes")
        .hasMessageContaining("has only " + (least - 1) + " bytes");
    output.checkNpyRoom(g, org.tropic.io.NpyHeader.Dtype.FLOAT64, written);
    output.checkNpyRoom(g, org.tropic.io.NpyHeader.Dtype.INT32, least - 1); // int32 takes half of float64's
  }

  /**
   * A matrix and its labels are saved both or neither: the labels failing (here a folder in their place) deleted the
   * new matrix after it had replaced the old one, which was then lost too.
   */
  @Test
  void aMatrixWhoseLabelsCannotBeWrittenLeavesTheEarlierOne() throws IOException {
    Path matrix = dir.resolve("m.bcoo");
    Files.writeString(matrix, "earlier matrix");
    Files.createDirectories(GraphSources.labelsFile(matrix));
    Graph g = LOADER.load(directed, ReadOptions.defaults()).graph();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> GraphSources.save(
        org.tropic.sparse.BlockCoo.fromGraph(g, org.tropic.sparse.BlockCooOptions.defaults(), 1), g.labels(),
        matrix)).hasMessageContaining("m.bcoo.labels.txt");
    assertThat(matrix).hasContent("earlier matrix");
  }

  /** convert --json names its facts in snake_case throughout; one was camelCase (coo32Bytes). */
  @Test
  void convertJsonKeysAreSnakeCase() throws IOException {
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", directed.toString(), "-o",
        dir.resolve("m.bcoo").toString(), "--json")).isZero();
    JsonNode json = JSON.readTree(out.toString());
    json.fieldNames().forEachRemaining(key -> assertThat(key).matches("[a-z0-9_]+"));
    assertThat(json.get("coo32_bytes").asLong()).isPositive();
    // the file written is 'output', as apsp and update name theirs (it was 'file')
    assertThat(json.get("output").asText()).isEqualTo(dir.resolve("m.bcoo").toString());
  }

  /**
   * convert's summary says how long the build and the write took: on the web graph they ran 5 s after the read's bar
   * had ended, and the summary said what was written but not how long it took.
   */
  @Test
  void convertSaysHowLongTheBuildAndTheWriteTook() throws IOException {
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", directed.toString(), "-o",
        dir.resolve("timed.bcoo").toString())).isZero();
    assertThat(out.toString()).containsPattern("(?m)^built in [0-9.]+ s, written in [0-9.]+ s$");
    out.getBuffer().setLength(0);
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", directed.toString(), "-o",
        dir.resolve("timed-json.bcoo").toString(), "--json")).isZero();
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("build_seconds").asDouble(-1)).isNotNegative();
    assertThat(json.get("write_seconds").asDouble(-1)).isNotNegative();
  }

  /** A block side beyond 65,536 is refused as the options are parsed, not after the graph has been read. */
  @Test
  void blockSidesOutOfRangeAreRefusedBeforeTheGraphIsRead() {
    AtomicInteger reads = new AtomicInteger();
    GraphLoader counting = (file, options) -> {
      reads.incrementAndGet();
      return LOADER.load(file, options);
    };
    for (String option : new String[] {"--block-size", "--block-width"}) {
      err.getBuffer().setLength(0);
      assertThat(run(new BfsCommand(counting), undirected.toString(), "--source", "v0", option, "70000"))
          .isEqualTo(2);
      assertThat(err.toString()).contains("must be 1..65536 (0 = automatic), got 70000");
    }
    assertThat(reads).hasValue(0);
    assertThat(run(new BfsCommand(counting), undirected.toString(), "--source", "v0", "--block-size", "65536"))
        .isZero();
  }

  /** convert's --values and --orientation are checked before the graph is read, like the measures' options. */
  @Test
  void convertOptionValuesAreCheckedBeforeTheGraphIsRead() {
    AtomicInteger reads = new AtomicInteger();
    GraphLoader counting = (file, options) -> {
      reads.incrementAndGet();
      return LOADER.load(file, options);
    };
    Path matrix = dir.resolve("m.bcoo");
    for (String[] c : new String[][] {{"--values", "floats"}, {"--orientation", "sideways"}}) {
      assertThat(run(SparseCommand.commandLine(counting), "convert", undirected.toString(), "-o", matrix.toString(),
          c[0], c[1])).as(String.join(" ", c)).isEqualTo(2);
      assertThat(err.toString()).contains(c[0] + " " + c[1] + ": use one of");
      assertThat(reads).as(String.join(" ", c)).hasValue(0);
    }
    assertThat(matrix).doesNotExist();
  }

  /** A matrix where a graph file is read says what to do instead of "cannot tell the graph format: '.bcoo'". */
  @Test
  void aMatrixGivenAsAGraphFileSaysWhatToDo() throws IOException {
    Path matrix = dir.resolve("m.bcoo");
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", directed.toString(), "-o", matrix.toString()))
        .isZero();
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", matrix.toString(), "-o",
        dir.resolve("again.bcoo").toString(), "--order", "rcm")).isEqualTo(2);
    assertThat(err.toString()).contains(matrix + " is already a .bcoo matrix",
        "convert the graph the matrix came from");
    Path compressed = dir.resolve("m.bcoo.gz");
    try (var gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(compressed))) {
      gz.write(Files.readAllBytes(matrix));
    }
    assertThat(run(new BfsCommand(LOADER), compressed.toString(), "--source", "a")).isEqualTo(2);
    assertThat(err.toString()).contains(compressed + " is a compressed .bcoo matrix", "decompress it first");
  }

  /**
   * --source reads a number as an id only in a graph without labels, as the help now says; JSON rankings call the
   * internal position "index" (it was "id", which --source does not accept).
   */
  @Test
  void sourceHelpAndRankingJsonSayWhatANumberMeans() throws IOException {
    assertThat(run(new BfsCommand(LOADER), "--help")).isZero();
    assertThat(out.toString().replaceAll("\\s+", " ")).contains("its label, or, only when the graph has no labels")
        .doesNotContain("label or id");
    out.getBuffer().setLength(0);
    assertThat(run(new TraverseCommand(LOADER), "--help")).isZero();
    assertThat(out.toString().replaceAll("\\s+", " ")).contains("only when the graph has no labels");
    out.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), directed.toString(), "pagerank", "--json", "--top", "1"))
        .isZero();
    JsonNode top = JSON.readTree(out.toString()).get("top").get(0);
    assertThat(top.has("id")).isFalse();
    assertThat(top.get("vertex").asText()).isEqualTo("e");
    assertThat(top.get("index").asInt()).isEqualTo(4); // e is the fifth vertex the file names
  }

  @Test
  void traverseRanksRelatedVerticesWithoutTheSeeds() throws IOException {
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "a,f", "--steps", "2", "--top",
        "3", "--json")).isZero();
    JsonNode top = JSON.readTree(out.toString()).get("top");
    List<String> names = new ArrayList<>();
    top.forEach(n -> names.add(n.get("vertex").asText()));
    assertThat(names).containsExactly("b", "c", "d");
    // b and c: one step from a, and again via f→a; d: two steps from a, by b and by c
    top.forEach(n -> assertThat(n.get("score").asDouble()).isEqualTo(2.0));

    out.getBuffer().setLength(0);
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "d", "--steps", "3", "--top", "10",
        "--json")).isZero();
    assertThat(JSON.readTree(out.toString()).get("top")).hasSize(1); // only e is reachable from d; none padded
  }

  /** A --top cut inside a tie listed some of it, by index, and read as if the rest scored less. */
  @Test
  void aTopListCutInsideATieSaysHowManyMoreScoreTheSame() throws IOException {
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "a,f", "--steps", "2", "--top",
        "2", "--json")).isZero();
    assertThat(JSON.readTree(out.toString()).get("tied_beyond_top").asLong()).isEqualTo(1); // d scores 2 as b, c
    assertThat(err.toString()).contains("note: 1 more vertex score 2.00000 as rank 2 (c) does; ties are listed by"
        + " index: raise --top to see them");

    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "a,f", "--steps", "2", "--top",
        "3", "--json")).isZero();
    assertThat(JSON.readTree(out.toString()).has("tied_beyond_top")).isFalse();
    assertThat(err.toString()).doesNotContain("ties are listed");

    Path star = dir.resolve("star.txt");
    Files.writeString(star, "# undirected\nhub x1\nhub x2\nhub x3\nhub x4\n");
    out.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), star.toString(), "pagerank", "--top", "2")).isZero();
    assertThat(err.toString()).contains("note: 3 more vertices score").contains("as rank 2 (x1) does");
    assertThat(out.toString()).doesNotContain("tied_beyond_top");
  }

  @Test
  void aSeedNamedTwiceIsRefused() {
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "a,f,a")).isEqualTo(2);
    assertThat(err.toString()).contains("--seeds names 'a' more than once");
  }

  @Test
  void aSourceNamedTwiceIsRefusedAsASeedIs() {
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a,a")).isEqualTo(2);
    assertThat(err.toString()).contains("--source names 'a' more than once (the sources are a set)");
  }

  @Test
  void centralitiesRunAndReportTheirFacts() throws IOException {
    for (String measure : new String[] {"eigenvector", "pagerank", "katz", "subgraph"}) {
      out.getBuffer().setLength(0);
      err.getBuffer().setLength(0);
      assertThat(run(new CentralityCommand(LOADER), undirected.toString(), measure, "--top", "5", "--json"))
          .as(measure + ": " + err).isZero();
      JsonNode json = JSON.readTree(out.toString());
      assertThat(json.get("top")).hasSize(5);
      assertThat(json.get("measure").asText()).isEqualTo(measure);
      // subgraph centrality multiplies blocks of probe vectors: its automatic layout is the one for SpMM
      assertThat(err.toString()).contains(measure.equals("subgraph") ? "\nlayout: cache, since the matrix multiplies"
          : "\nlayout: none, since rows run"); // after the line on the random graph's repeated edges
      if (measure.equals("subgraph")) {
        assertThat(json.get("deflated").asInt()).isEqualTo(8); // the default; 60 vertices have enough
        assertThat(json.get("rest_lambda_max").asDouble()).isLessThan(json.get("lambda_max").asDouble());
        JsonNode first = json.get("top").get(0);
        assertThat(first.get("error").asDouble()).isGreaterThanOrEqualTo(first.get("standard_error").asDouble());
        assertThat(json.has("converged")).as("the estimate's quality is max_error, not a convergence").isFalse();
        assertThat(json.get("series_converged").asBoolean()).isTrue();
      }
    }
    out.getBuffer().setLength(0);
    Path npy = dir.resolve("pr.npy");
    assertThat(run(new CentralityCommand(LOADER), directed.toString(), "pagerank", "--npy", npy.toString(),
        "--iterations", "2", "--tolerance", "0")).isZero();
    Graph g = LOADER.load(directed, ReadOptions.defaults()).graph();
    double[] expected = PageRank.compute(SparseGraph.of(g), new PageRank.Options(0.85, 2, 0, false)).scores()
        .toArray();
    assertThat(readNpyDoubles(npy)).containsExactly(expected);
    assertThat(out.toString()).contains("pagerank centrality of 6 vertices").contains("rank  vertex");
  }

  /** A wide name (東京 takes four terminal columns) keeps the score column aligned: each row ends at one column. */
  @Test
  void wideNamesKeepTheRankingAligned() throws IOException {
    Path graph = Files.writeString(dir.resolve("wide.txt"), "# undirected\nab 東京\n東京 abcd\nabcd ab\nab x\n");
    assertThat(run(new CentralityCommand(LOADER), graph.toString(), "pagerank", "--top", "4")).isZero();
    List<Integer> ends = out.toString().lines().dropWhile(line -> !line.startsWith("rank"))
        .map(DisplayWidth::of).distinct().toList();
    assertThat(ends).as(out.toString()).hasSize(1);
  }

  /** Work on a tiny graph completes without a progress bar or an estimate: both are for work that takes a while. */
  @Test
  void analyticsOnATinyGraphPrintNoProgress() {
    for (String measure : new String[] {"eigenvector", "pagerank", "katz", "subgraph"}) {
      err.getBuffer().setLength(0);
      assertThat(run(new CentralityCommand(LOADER), undirected.toString(), measure)).as(measure).isZero();
      assertThat(err.toString()).as(measure).contains("layout: ").doesNotContain("[#", "[.", "ETA", "done in",
          "SpMV-equivalents");
    }
    err.getBuffer().setLength(0);
    assertThat(run(new SpectrumCommand(LOADER), undirected.toString())).isZero();
    assertThat(err.toString()).doesNotContain("[#", "[.", "ETA", "done in", "SpMV-equivalents");
  }

  /** Work is announced by its most: ten million iterations over 412 arcs, even though a few dozen converge. */
  @Test
  void iterativeAnalyticsAnnounceTheirMostWorkBeforeTheyStart() {
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "eigenvector", "--iterations", "10000000"))
        .isZero();
    assertThat(err.toString()).contains(
        "eigenvector centrality, up to 10,000,000 iterations: 10,000,000 SpMV-equivalents on 412 arcs");
    err.getBuffer().setLength(0);
    assertThat(run(new SpectrumCommand(LOADER), undirected.toString(), "--steps", "10000000")).isZero();
    assertThat(err.toString()).doesNotContain("SpMV-equivalents"); // Lanczos stops at n = 60 steps
  }

  /** A sidecar that could not be written is found before the work, so no vector is written without it. */
  @Test
  void aVectorWhoseSidecarCannotBeWrittenIsNotLeftBehind() throws IOException {
    Path npy = dir.resolve("c.npy");
    Files.createDirectories(dir.resolve("c.npy.json").resolve("occupied"));

    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "pagerank", "--npy", npy.toString()))
        .isEqualTo(2);
    assertThat(err.toString()).contains("c.npy.json exists and is a folder").doesNotContain("iteration");
    assertThat(npy).doesNotExist();
  }

  /** --npy once replaced the input graph without a word, and found an unwritable path only after the work. */
  @Test
  void anNpyThatWouldReplaceTheInputOrCannotBeWrittenIsRefusedBeforeAnyWork() throws IOException {
    Path graphAsNpy = dir.resolve("g.npy");
    Files.copy(directed, graphAsNpy);
    String before = Files.readString(graphAsNpy);
    assertThat(run(new BfsCommand(LOADER), graphAsNpy.toString(), "--source", "a", "--npy",
        dir.resolve(".").resolve("g.npy").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("would overwrite the input graph");
    assertThat(Files.readString(graphAsNpy)).isEqualTo(before);

    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a", "--npy", directed.toString()))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--npy " + directed + ": the file must end in .npy");

    Files.createDirectories(dir.resolve("folder.npy"));
    assertThat(run(new CentralityCommand(LOADER), directed.toString(), "pagerank", "--npy",
        dir.resolve("folder.npy").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("folder.npy: it is a folder");

    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "a", "--npy",
        directed.resolve("t.npy").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("t.npy: " + directed + " is a file, not a folder")
        .doesNotContainPattern("(?m)^layout: ");

    Path linkToDevice = Files.createSymbolicLink(dir.resolve("null.npy"), Path.of("/dev/null")); // never written
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "a", "--npy",
        linkToDevice.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("null.npy exists and is a device, FIFO or socket, not a regular file");
    assertThat(Files.isSymbolicLink(linkToDevice)).isTrue();

    // A missing folder is created, as apsp -o and sparse convert -o create theirs.
    Path inNewFolder = dir.resolve("absent").resolve("deeper").resolve("t.npy");
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "a", "--npy", inNewFolder.toString()))
        .isZero();
    assertThat(inNewFolder).isRegularFile();
  }

  @Test
  void scoresThatDidNotConvergeAreShownButNotSaved() throws IOException {
    Path npy = dir.resolve("e.npy");

    Path cyclic = Files.writeString(dir.resolve("cyclic.txt"), "a b\nb c\nc a\na c\nc d\nd e\n");
    assertThat(run(new CentralityCommand(LOADER), cyclic.toString(), "eigenvector", "--iterations", "2",
        "--npy", npy.toString(), "--json")).isEqualTo(1);
    assertThat(JSON.readTree(out.toString()).get("converged").asBoolean()).isFalse();
    assertThat(err.toString()).contains("eigenvector did not converge: change ", " after 2 iterations, --tolerance"
        + " 1.0E-6; raise --iterations; " + npy + " not written (scores that did not converge are not saved)");
    assertThat(npy).doesNotExist();

    err.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "katz", "--iterations", "3")).isEqualTo(1);
    assertThat(err.toString()).containsPattern("katz did not converge: change \\S+ after 3 iterations, --tolerance "
        + "1.0E-6; raise --iterations \\(alpha x lambda_max = 0.5000: about --iterations \\d+\\)");
  }

  /**
   * A DAG (a → b → d → e, a → c → d, f → a) has a nilpotent adjacency matrix and no eigenvector centrality: it ran
   * 1000 iterations, did not converge and advised raising --iterations, which cannot help. Refused before
   * iterating, exit 2, pointing to katz and pagerank; a graph with no arcs at all still answers at once.
   */
  @Test
  void eigenvectorCentralityOfAGraphWithoutCyclesIsRefusedNotIterated() throws IOException {
    assertThat(run(new CentralityCommand(LOADER), directed.toString(), "eigenvector")).isEqualTo(2);
    assertThat(err.toString()).contains("tropic centrality: eigenvector centrality is undefined on this graph",
        "no directed cycle", "more iterations cannot help", "Katz centrality or PageRank")
        .doesNotContain("raise --iterations", "did not converge");
    assertThat(out.toString()).isEmpty();

    err.getBuffer().setLength(0);
    Path noArcs = Files.writeString(dir.resolve("loops.txt"), "a a\nb b\n"); // self-loops are dropped
    assertThat(run(new CentralityCommand(LOADER), noArcs.toString(), "eigenvector", "--json")).as(err.toString())
        .isZero();
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("eigenvalue").asDouble()).isZero();
    assertThat(json.get("converged").asBoolean()).isTrue();
  }

  /**
   * PageRank's change shrinks by the damping each iteration at least, so the 300th iteration's, at 0.85, is below
   * 2 × 0.85^299 in exact arithmetic: a change still above a --tolerance of 1e-12 is float32 rounding, which more
   * iterations do not lower. It said "raise --iterations", which a user could follow forever.
   */
  @Test
  void pageRankStuckAtFloat32RoundingSaysRaiseTheToleranceNotTheIterations() {
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "pagerank", "--tolerance", "1e-12",
        "--iterations", "300")).isEqualTo(1);
    assertThat(err.toString()).contains("pagerank did not converge: change ", " after 300 iterations, --tolerance"
        + " 1.0E-12; more iterations will not help: in exact arithmetic the change would be below 2 x 0.85^299 ="
        + " 1.6e-21, so what is left is float32 rounding; raise --tolerance")
        .doesNotContain("raise --iterations");

    err.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "pagerank", "--iterations", "3"))
        .isEqualTo(1);
    assertThat(err.toString()).contains(" after 3 iterations, --tolerance 1.0E-6; raise --iterations");
  }

  /**
   * Out-arc weights of a that sum past float32 (2 × 3e38): a's share of rank was rank/∞ = 0, so its rank vanished,
   * the scores summed to 0.235 and the run said "converged true", exit 0. Refused instead, naming the vertex.
   */
  @Test
  void weightedPageRankRefusesOutWeightsSummingBeyondFloat32() throws IOException {
    Path heavy = dir.resolve("heavy.txt");
    Files.writeString(heavy, "a b 3e38\na c 3e38\nb c 1\nc a 1\n");
    Path npy = dir.resolve("pr.npy");
    assertThat(run(new CentralityCommand(LOADER), heavy.toString(), "pagerank", "--weighted", "--npy",
        npy.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("weighted PageRank: the out-arc weights of vertex a sum beyond the float32"
        + " range (3.4e38)");
    assertThat(npy).doesNotExist();

    err.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), heavy.toString(), "pagerank", "--json")).isZero();
    double sum = 0;
    for (JsonNode r : JSON.readTree(out.toString()).get("top")) {
      sum += r.get("score").asDouble();
    }
    assertThat(sum).as("unweighted ranks, which never sum the weights").isCloseTo(1, within(1e-5));
  }

  /** --tolerance 0 runs exactly --iterations (LDBC): nothing was tested, so it said "converged true" wrongly. */
  @Test
  void pageRankWithToleranceZeroSaysFixedIterationsNotConverged() throws IOException {
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "pagerank", "--tolerance", "0",
        "--iterations", "2", "--json")).isZero();
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("fixed_iterations").asBoolean()).isTrue();
    assertThat(json.has("converged")).isFalse();
  }

  @Test
  void optionValuesOutOfRangeAreRefusedBeforeAnyWork() {
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a", "--threads", "100000"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("'--threads'", "0 (one per processor) to 1024, got 100000")
        .doesNotContain("Exception");
    assertThat(run(new BfsCommand(LOADER), directed.toString(), "--source", "a", "--show", "-1")).isEqualTo(2);
    assertThat(err.toString()).contains("'--show': must not be negative, got -1");
    err.getBuffer().setLength(0);
    assertThat(run(new SpectrumCommand(LOADER), dir.resolve("absent.txt").toString(), "--steps", "0"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("'--steps': must be at least 1, got 0").doesNotContain("absent.txt");
    err.getBuffer().setLength(0);
    assertThat(run(new TraverseCommand(LOADER), directed.toString(), "--seeds", "a", "--decay", "-2")).isEqualTo(2);
    assertThat(err.toString()).contains("'--decay': must be a positive number, got -2")
        .doesNotContainPattern("(?m)^layout: ");
  }

  @Test
  void aFlagOfAnotherMeasureIsRefusedNotIgnored() {
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "eigenvector", "--weighted")).isEqualTo(2);
    assertThat(err.toString()).contains("--weighted does not apply to eigenvector; it tunes pagerank");
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "pagerank", "--deflate", "2"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--deflate does not apply to pagerank");
    err.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "subgraph", "--iterations", "5"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--iterations does not apply to subgraph");
    assertThat(out.toString()).isEmpty();
  }

  /** A hub with 300 in-arcs and cycles: the default α is 0.5/λmax, and the output says which rule chose it. */
  @Test
  void katzDefaultAlphaOnAHubHeavyGraphWithCyclesIsHalfOverLambdaMax() throws IOException {
    Path hubby = dir.resolve("hub.txt");
    StringBuilder text = new StringBuilder("hub l0\nl1 l2\nl2 l3\nl3 l1\n");
    for (int leaf = 0; leaf < 300; leaf++) {
      text.append('l').append(leaf).append(" hub\n");
    }
    Files.writeString(hubby, text);
    assertThat(run(new CentralityCommand(LOADER), hubby.toString(), "katz", "--json")).isZero();
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("alpha_rule").asText()).isEqualTo("0.5/lambda_max");
    assertThat(json.get("alpha").asDouble()).isEqualTo(0.5 / json.get("lambda_max").asDouble());

    out.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), directed.toString(), "katz", "--json")).isZero();
    JsonNode dag = JSON.readTree(out.toString());
    assertThat(dag.get("alpha_rule").asText()).isEqualTo("0.5/max in-weight (no directed cycle)");
    // the rule's own proof: lambda_max read 0.001, power iteration's upper bound after 2,000 steps
    assertThat(dag.get("lambda_max").asDouble()).isZero();
    assertThat(dag.get("lambda_max_method").asText()).startsWith("exact: no directed cycle");
  }

  /** 10⁹ Hadamard probes on 5 vertices ran for minutes; 8 give the exact diagonal. */
  @Test
  void subgraphHadamardProbesAreCappedWhereTheyBecomeExact() throws IOException {
    Path ring = dir.resolve("ring.txt");
    Files.writeString(ring, "# undirected\na b\nb c\nc d\nd e\ne a\n");
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () ->
        assertThat(run(new CentralityCommand(LOADER), ring.toString(), "subgraph", "--probes", "1000000000",
            "--json")).isZero());
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("probes").asInt()).isEqualTo(8);
    assertThat(json.get("probes_requested").asInt()).isEqualTo(1_000_000_000);
    assertThat(err.toString()).contains("--probes 1000000000 capped at 8");
  }

  /**
   * On a ring every vertex has the same score; exact Hadamard probes leave no standard error, so a vertex listed
   * alone is unresolved by the bounds, and the note must not send the user to raise --probes, which changes nothing.
   */
  @Test
  void unresolvedVerticesWhoseBarsAreTheBoundsAreNotToldToRaiseProbes() throws IOException {
    Path ring = dir.resolve("ring.txt");
    Files.writeString(ring, "# undirected\na b\nb c\nc d\nd e\ne a\n");
    assertThat(run(new CentralityCommand(LOADER), ring.toString(), "subgraph", "--top", "1")).isZero();
    assertThat(out.toString()).contains("(these Hadamard probes give the exact diagonal)");
    assertThat(err.toString()).contains("1 of the 1 listed are not resolved", "which more --probes do not shrink")
        .doesNotContain("raise --probes");
  }

  /**
   * --top picks the largest estimates, so noise puts leaders there: each listed vertex says whether its bar clears
   * every unlisted vertex's, and one note says to raise --probes. Exact probes (64 on 60 vertices) resolve all.
   */
  @Test
  void subgraphTopSaysWhichListedVerticesAreNotResolved() throws IOException {
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "subgraph", "--probes", "4", "--groups",
        "2", "--top", "5", "--json")).isZero();
    JsonNode json = JSON.readTree(out.toString());
    assertThat(json.get("groups").asInt()).isEqualTo(2);
    assertThat(json.get("confidence").asDouble()).isEqualTo(0.997);
    int unresolved = 0;
    for (JsonNode row : json.get("top")) {
      unresolved += row.get("resolved").asBoolean() ? 0 : 1;
    }
    assertThat(unresolved).isPositive();
    assertThat(err.toString()).contains(unresolved + " of the 5 listed are not resolved", "raise --probes");
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "subgraph", "--top", "5")).isZero();
    assertThat(out.toString()).contains("in top", "(these Hadamard probes give the exact diagonal)")
        .doesNotContain(" no\n");
    assertThat(err.toString()).doesNotContain("not resolved");
  }

  @Test
  void subgraphProbeBlocksBeyondTheHeapAreRefusedBeforeAnyProduct() {
    CentralityCommand command = new CentralityCommand(LOADER);
    command.heapBytes = 10_000;
    assertThat(run(command, undirected.toString(), "subgraph", "--probe-kind", "rademacher")).isEqualTo(2);
    assertThat(err.toString()).contains("--probes 64: subgraph centrality of 60 vertices needs", "the heap is");
    assertThat(out.toString()).isEmpty();
  }

  /**
   * Weights near 3e38 put α = 0.5/λmax below float32's normal range and the products w·x past 3.4e38: the change
   * was NaN after 1000 iterations, "did not converge", and the advice was to raise --iterations, which cannot help.
   * The refusal now says the weights are too large for float32, naming the largest, and advises no iterations. A
   * star of 1000 arcs of 1e36 keeps α normal (λmax ≈ 3.2e37) but its hub's in-weight, 1e39, overflows the products.
   */
  @Test
  void katzWithWeightsTooLargeForFloat32SaysSoNotRaiseIterations() throws IOException {
    StringBuilder star = new StringBuilder("# undirected\n");
    for (int leaf = 0; leaf < 1000; leaf++) {
      star.append("hub l").append(leaf).append(" 1e36\n");
    }
    String[][] cases = {
        {"a b 3e38\nb c 3e38\nc a 3e38\n", "is below float32's normal range", "3.000e+38"},
        {"# undirected\na b 3e38\nb c 3e38\n", "is below float32's normal range", "3.000e+38"},
        {star.toString(), "overflowed float32 at iteration 1", "1.000e+36"}};
    for (String[] c : cases) {
      Path heavy = Files.writeString(dir.resolve("heavy.txt"), c[0]);
      err.getBuffer().setLength(0);
      assertThat(run(new CentralityCommand(LOADER), heavy.toString(), "katz")).as(err.toString()).isEqualTo(2);
      assertThat(err.toString()).contains(c[1], "too large for float32", "the largest weight is " + c[2]
          + ", on the arc ", "scale the weights").doesNotContain("iterations", "NaN", "did not converge");
    }
  }

  @Test
  void katzRefusesTooLargeAnAlpha() {
    assertThat(run(new CentralityCommand(LOADER), undirected.toString(), "katz", "--alpha", "1")).isEqualTo(2);
    assertThat(err.toString()).contains("1/λmax").contains("Lanczos");
  }

  /** The undirected graph converted to {@code name} in this test's folder, with its labels file beside it. */
  private Path converted(String name) {
    Path matrix = dir.resolve(name);
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", undirected.toString(), "-o",
        matrix.toString())).isZero();
    return matrix;
  }

  /** A label file beside a converted matrix that repeats a label is named with the line that repeats it. */
  @Test
  void aRepeatedLabelBesideAMatrixIsNamedWithItsLine() throws IOException {
    Path matrix = converted("u.bcoo");
    Path labels = GraphSources.labelsFile(matrix);
    List<String> names = new ArrayList<>(Files.readAllLines(labels));
    String first = names.get(0);
    names.set(2, first);
    Files.write(labels, names);
    err.getBuffer().setLength(0);
    assertThat(run(new BfsCommand(LOADER), matrix.toString(), "--source", first)).isEqualTo(2);
    assertThat(err.toString()).contains(labels + ", line 3: duplicate vertex label: '" + first + "'")
        .contains("line 1 has it already");
  }

  /** A labelled matrix copied without its labels file used to switch silently to internal indices. */
  @Test
  void aLabelledMatrixWhoseLabelsFileIsMissingIsRefusedNamingIt() throws IOException {
    Path matrix = dir.resolve("u.bcoo");
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", undirected.toString(), "-o",
        matrix.toString())).isZero();
    Path labels = GraphSources.labelsFile(matrix);
    Files.delete(labels);
    out.getBuffer().setLength(0);
    assertThat(run(new BfsCommand(LOADER), matrix.toString(), "--source", "5")).isEqualTo(2);
    assertThat(err.toString()).contains(matrix + ": the graph had vertex labels, but their file " + labels
        + " is missing");
    err.getBuffer().setLength(0);
    assertThat(run(new CentralityCommand(LOADER), matrix.toString(), "pagerank")).isEqualTo(2);
    assertThat(err.toString()).contains(labels + " is missing");
    assertThat(out.toString()).isEmpty();
  }

  /** A folder in the labels file's place was the JDK's bare "Is a directory", naming no file. */
  @Test
  void aFolderInPlaceOfTheLabelsFileIsRefusedNamingIt() throws IOException {
    Path matrix = converted("u.bcoo");
    Path labels = GraphSources.labelsFile(matrix);
    Files.delete(labels);
    Files.createDirectory(labels);
    err.getBuffer().setLength(0);
    assertThat(run(new BfsCommand(LOADER), matrix.toString(), "--source", "5")).isEqualTo(2);
    assertThat(err.toString()).contains(labels + ": is a folder, not the labels file written with " + matrix);
  }

  /**
   * A labels file with as many lines as the matrix has vertices was taken whatever it held: another graph's, or the
   * same lines shuffled, named every vertex wrongly with exit 0. The header records the labels file's CRC32C.
   */
  @Test
  void aLabelsFileNotWrittenWithTheMatrixIsRefused() throws IOException {
    Path matrix = converted("u.bcoo");
    Path labels = GraphSources.labelsFile(matrix);
    List<String> names = new ArrayList<>(Files.readAllLines(labels));
    java.util.Collections.reverse(names);
    Files.write(labels, names);
    out.getBuffer().setLength(0);
    assertThat(run(new BfsCommand(LOADER), matrix.toString(), "--source", names.get(0))).isEqualTo(2);
    assertThat(err.toString()).contains(labels + ": not the labels file written with " + matrix)
        .contains("write both again with 'tropic sparse convert'");
    assertThat(out.toString()).isEmpty();

    java.util.Collections.reverse(names); // the file as written: opens again
    Files.write(labels, names);
    assertThat(run(new BfsCommand(LOADER), matrix.toString(), "--source", names.get(0))).isZero();
  }

  /** A damaged .bcoo is bad input (exit 2) named with its file, not a raw index error. */
  @Test
  void aDamagedMatrixIsRefusedAsBadInput() throws IOException {
    Path matrix = dir.resolve("u.bcoo");
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", undirected.toString(), "-o",
        matrix.toString())).isZero();
    byte[] bytes = Files.readAllBytes(matrix);
    bytes[bytes.length - 4] ^= 1; // the low byte of the last element's in-block column: still inside the block
    Files.write(matrix, bytes);
    assertThat(run(new CentralityCommand(LOADER), matrix.toString(), "pagerank")).isEqualTo(2);
    assertThat(err.toString()).contains(matrix + ": checksum mismatch");
  }

  /** A directed graph's A (not Aᵀ) is refused by the analytics with its file and how to convert it again. */
  @Test
  void aMatrixOfADirectedGraphInAdjacencyOrientationIsRefusedNamingTheOption() {
    Path matrix = dir.resolve("a.bcoo");
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", directed.toString(), "-o", matrix.toString(),
        "--orientation", "adjacency")).isZero();
    assertThat(run(new CentralityCommand(LOADER), matrix.toString(), "pagerank")).isEqualTo(2);
    assertThat(err.toString()).contains(matrix + " holds A of a directed graph", "--orientation adjacency",
        "convert the graph again without --orientation");
  }

  @Test
  void convertWritesAMatrixTheOtherCommandsOpen() throws IOException {
    Path matrix = dir.resolve("u.bcoo");
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", undirected.toString(), "-o", matrix.toString(),
        "--order", "rcm")).isZero();
    assertThat(out.toString()).contains("footprint").contains("x 32-bit COO").contains("RCM")
        .contains("SpMV by column intervals: ");
    assertThat(matrix).exists();
    assertThat(GraphSources.labelsFile(matrix)).exists();

    out.getBuffer().setLength(0);
    assertThat(run(new SpectrumCommand(LOADER), matrix.toString(), "--json")).isZero();
    JsonNode fromMatrix = JSON.readTree(out.toString());
    out.getBuffer().setLength(0);
    assertThat(run(new SpectrumCommand(LOADER), undirected.toString(), "--json")).isZero();
    JsonNode fromGraph = JSON.readTree(out.toString());
    assertThat(run(new SpectrumCommand(LOADER), matrix.toString(), "--steps", "1")).isEqualTo(1);
    assertThat(out.toString()).contains("1 Lanczos step, NOT converged");
    assertThat(fromMatrix.get("lambda_max").asDouble()).isCloseTo(fromGraph.get("lambda_max").asDouble(),
        org.assertj.core.api.Assertions.within(1e-4));

    out.getBuffer().setLength(0);
    assertThat(run(new BfsCommand(LOADER), matrix.toString(), "--source", "v7", "--json")).isZero();
    String viaMatrix = out.toString();
    out.getBuffer().setLength(0);
    assertThat(run(new BfsCommand(LOADER), undirected.toString(), "--source", "v7", "--json")).isZero();
    assertThat(viaMatrix).isEqualTo(out.toString());

    assertThat(run(SparseCommand.commandLine(LOADER), "convert", undirected.toString(), "-o",
        dir.resolve("x.bin").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("must end in .bcoo");
  }

  /**
   * Where the matrix cannot go is found before the graph is read and laid out, with exit 2: /proc, which answers a
   * create in a folder that exists with "no such file", was reported after the work as "no such folder", exit 1.
   */
  @Test
  void convertRefusesAnOutputThatCannotBeWrittenBeforeAnyWork() throws IOException {
    if (Files.isDirectory(Path.of("/proc/self"))) {
      assertThat(run(SparseCommand.commandLine(LOADER), "convert", undirected.toString(), "-o", "/proc/u.bcoo"))
          .isEqualTo(2);
      assertThat(err.toString()).contains("no file can be created in /proc").contains("'proc' file system")
          .doesNotContain("no such folder").doesNotContainPattern("(?m)^layout: ");
    }
    err.getBuffer().setLength(0);
    Path folder = Files.createDirectories(dir.resolve("m.bcoo"));
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", undirected.toString(), "-o", folder.toString()))
        .isEqualTo(2);
    assertThat(err.toString()).contains("it is a folder").doesNotContainPattern("(?m)^layout: ");

    err.getBuffer().setLength(0);
    Path matrix = dir.resolve("u.bcoo");
    Files.createSymbolicLink(GraphSources.labelsFile(matrix), Path.of("/dev/null"));
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", undirected.toString(), "-o", matrix.toString()))
        .isEqualTo(2);
    assertThat(err.toString()).contains("u.bcoo.labels.txt exists and is a device").doesNotContainPattern(
        "(?m)^layout: ");
    assertThat(matrix).doesNotExist();

    err.getBuffer().setLength(0);
    Path graphNamedAsMatrix = dir.resolve("g.bcoo.labels.txt");
    Files.copy(undirected, graphNamedAsMatrix);
    assertThat(run(SparseCommand.commandLine(LOADER), "convert", graphNamedAsMatrix.toString(), "-o",
        dir.resolve("g.bcoo").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("would overwrite it");
    assertThat(graphNamedAsMatrix).hasSameTextualContentAs(undirected);
  }

  private static ByteBuffer npyData(Path file, String dtype) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    assertThat(bytes[0] & 0xff).isEqualTo(0x93);
    int headerLength = (bytes[8] & 0xff) | (bytes[9] & 0xff) << 8;
    String header = new String(bytes, 10, headerLength, StandardCharsets.US_ASCII);
    assertThat(header).contains("'descr': '" + dtype + "'").endsWith("\n");
    assertThat((10 + headerLength) % 64).isZero();
    return ByteBuffer.wrap(bytes, 10 + headerLength, bytes.length - 10 - headerLength).slice()
        .order(ByteOrder.LITTLE_ENDIAN);
  }

  private static int[] readNpyInts(Path file) throws IOException {
    ByteBuffer b = npyData(file, "<i4");
    int[] out = new int[b.remaining() / 4];
    b.asIntBuffer().get(out);
    return out;
  }

  private static double[] readNpyDoubles(Path file) throws IOException {
    ByteBuffer b = npyData(file, "<f8");
    double[] out = new double[b.remaining() / 8];
    b.asDoubleBuffer().get(out);
    return out;
  }
}
