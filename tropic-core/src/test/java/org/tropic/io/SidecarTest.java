package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.graph.Graph;
import org.tropic.graph.VertexLabels;

class SidecarTest {
  @TempDir Path dir;

  @Test
  void jsonRoundTripKeepsEveryFieldAndTheTimingOrder() throws IOException {
    Graph graph = NpyTestSupport.pathGraph(5, 1.5f, true);
    Map<String, Double> timings = new LinkedHashMap<>();
    timings.put("read", 0.5);
    timings.put("solve", 12.25);
    timings.put("write", 0.125);
    Sidecar sidecar = Sidecar.of(graph, new Sidecar.GraphInput("data/g.mtx", "MATRIX_MARKET", true, "VALUES"),
            new Sidecar.Options("fw", "auto", 128, 2), "nonnegative-float", timings)
        .withPredecessors("g.pred.npy");

    Sidecar back = Sidecar.fromJson(sidecar.toJson(), dir.resolve("g.npy.json"));

    assertThat(back).isEqualTo(sidecar);
    assertThat(back.timings().keySet()).containsExactly("read", "solve", "write");
    assertThat(back.n()).isEqualTo(5);
    assertThat(back.graphFingerprint()).isEqualTo(graph.fingerprint());
    assertThat(back.vertexLabels()).isEqualTo(graph.labels());
    assertThat(back.machine().cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(back.machine().jvm()).contains(System.getProperty("java.runtime.version"));
    assertThat(Instant.parse(back.created())).isBeforeOrEqualTo(Instant.now());
    assertThat(back.predecessors()).isEqualTo("g.pred.npy");
  }

  @Test
  void writesReadableJsonWithTheDocumentedKeys() {
    String json = new String(NpyTestSupport.sidecar(2, VertexLabels.of("a", "b")).toJson(), StandardCharsets.UTF_8);
    assertThat(json).contains("\"formatVersion\" : 1", "\"n\" : 2", "\"graphFingerprint\" : \"00000000000000aa\"",
        "\"path\" : \"graphs/test.mtx\"", "\"algorithm\" : \"fw\"", "\"blockSize\" : 64",
        "\"arithmeticPath\" : \"exact-float\"", "\"solve\" : 0.25", "\"labels\" : [ \"a\", \"b\" ]");
  }

  @Test
  void unlabelledGraphsStoreNullLabels() throws IOException {
    Sidecar sidecar = Sidecar.of(NpyTestSupport.pathGraph(3, 1f, false), null, null, "int32", null);
    Sidecar back = Sidecar.fromJson(sidecar.toJson(), dir.resolve("s.json"));
    assertThat(back.labels()).isNull();
    assertThat(back.vertexLabels()).isNull();
    assertThat(back.timings()).isEmpty();
    assertThat(back).isEqualTo(sidecar);
  }

  @Test
  void ignoresFieldsItDoesNotKnow() throws IOException {
    String json = """
        {"formatVersion": 1, "n": 2, "graphFingerprint": "abc", "futureField": {"x": [1, 2]},
         "graph": {"path": "g.tsv", "format": "TSV", "undirected": false, "newGraphField": true},
         "labels": ["u", "v"], "timings": {"solve": 1.0}}
        """;
    Sidecar sidecar = Sidecar.fromJson(json.getBytes(StandardCharsets.UTF_8), dir.resolve("s.json"));
    assertThat(sidecar.n()).isEqualTo(2);
    assertThat(sidecar.graph().path()).isEqualTo("g.tsv");
    assertThat(sidecar.labels()).containsExactly("u", "v");
    assertThat(sidecar.timings()).containsEntry("solve", 1.0);
  }

  @Test
  void rejectsMalformedOrIncompatibleSidecarsNamingTheFile() {
    Path file = dir.resolve("bad.npy.json");
    assertThatThrownBy(() -> Sidecar.fromJson("{\"n\": 2,".getBytes(StandardCharsets.UTF_8), file))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("bad.npy.json: not a Tropic sidecar: invalid JSON");
    assertThatThrownBy(() -> Sidecar.fromJson(
        "{\"formatVersion\": 2, \"n\": 2, \"graphFingerprint\": \"a\"}".getBytes(StandardCharsets.UTF_8), file))
        .hasMessageContaining("bad.npy.json").hasMessageContaining("format version 2");
    assertThatThrownBy(() -> Sidecar.fromJson(
        "{\"formatVersion\": 1, \"n\": 2}".getBytes(StandardCharsets.UTF_8), file))
        .hasMessageContaining("no graphFingerprint");
    assertThatThrownBy(() -> Sidecar.fromJson(("{\"formatVersion\": 1, \"n\": 3, \"graphFingerprint\": \"a\","
        + " \"labels\": [\"x\"]}").getBytes(StandardCharsets.UTF_8), file))
        .hasMessageContaining("bad.npy.json").hasMessageContaining("1 labels for 3 vertices");
    assertThatThrownBy(() -> Sidecar.fromJson(
        "{\"formatVersion\": 1.5, \"n\": 2, \"graphFingerprint\": \"a\"}".getBytes(StandardCharsets.UTF_8), file))
        .isInstanceOf(NpyFormatException.class).hasMessageContaining("bad.npy.json: not a Tropic sidecar");
    assertThatThrownBy(() -> Sidecar.fromJson("null".getBytes(StandardCharsets.UTF_8), file))
        .hasMessageContaining("JSON null");
    assertThatThrownBy(() -> Sidecar.read(dir.resolve("missing.npy.json")))
        .isInstanceOf(NoSuchFileException.class).hasMessageContaining("missing.npy.json");
  }

  /**
   * Found by damaging sidecars: an added-arcs entry without its path was read, and 'info', 'query path' and 'update'
   * then met a null, an internal error; a folder in the sidecar's place was the JDK's bare "Is a directory", exit 1.
   */
  @Test
  void rejectsAnInputWithoutItsPathAndAFolderNamingTheFile() throws IOException {
    Path file = dir.resolve("bad.npy.json");
    assertThatThrownBy(() -> Sidecar.fromJson(("{\"formatVersion\": 1, \"n\": 2, \"graphFingerprint\": \"a\","
        + " \"additions\": [{\"x\": 1}]}").getBytes(StandardCharsets.UTF_8), file))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith(file + ": not a Tropic sidecar: a graph input without its path");
    Files.createDirectory(file);
    assertThatThrownBy(() -> Sidecar.read(file)).isInstanceOf(NpyFormatException.class)
        .hasMessage(file + ": is a folder, not a Tropic sidecar");
    Path npy = Files.createDirectory(dir.resolve("bad.pred.npy"));
    assertThatThrownBy(() -> NpyIntMatrix.open(npy)).isInstanceOf(NpyFormatException.class)
        .hasMessage(npy + ": is a folder, not a .npy matrix");
  }

  @Test
  void checkGraphAcceptsTheSameGraphAndNamesBothFingerprintsOtherwise() throws IOException {
    Graph graph = NpyTestSupport.pathGraph(4, 2f, true);
    Graph rebuilt = NpyTestSupport.pathGraph(4, 2f, true);
    Graph reweighted = NpyTestSupport.pathGraph(4, 2.5f, true);
    Path file = dir.resolve("r.npy.json");
    Files.write(file, Sidecar.of(graph, new Sidecar.GraphInput("kg.tsv", "TSV", false, null), null, "exact-float",
        null).toJson());
    Sidecar sidecar = Sidecar.read(file);

    sidecar.checkGraph(rebuilt, file);
    assertThatThrownBy(() -> sidecar.checkGraph(reweighted, file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("r.npy.json").hasMessageContaining(graph.fingerprint())
        .hasMessageContaining(reweighted.fingerprint()).hasMessageContaining("kg.tsv");
    assertThat(graph.fingerprint()).isNotEqualTo(reweighted.fingerprint());
  }

  /** centrality and bfs write a vector's sidecar beside their --npy: it was "not a Tropic sidecar: 4 labels ...". */
  @Test
  void aVectorsSidecarIsNamedAsSuch() throws IOException {
    Path file = dir.resolve("pr.npy.json");
    Files.writeString(file, "{\"dtype\": \"float64\", \"shape\": [2], \"measure\": \"pagerank\", \"labels\":"
        + " [\"a\", \"b\"]}");
    assertThatThrownBy(() -> Sidecar.read(file)).isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("the sidecar of a vector of 'pagerank' values (the --npy of 'tropic centrality' or"
            + " 'bfs'), not of an all-pairs result");
  }

  @Test
  void checkGraphRefusesTheSameShapeUnderOtherVertexNames() throws IOException {
    Graph graph = NpyTestSupport.pathGraph(4, 2f, true);
    Graph unnamed = NpyTestSupport.pathGraph(4, 2f, false);
    Graph shifted = new Graph(new int[] {0, 1, 2, 3, 3}, new int[] {1, 2, 3}, new float[] {2f, 2f, 2f},
        VertexLabels.of(IntStream.range(0, 4).mapToObj(u -> graph.labels().name((u + 1) % 4)).toList()), false);
    assertThat(shifted.fingerprint()).isEqualTo(graph.fingerprint());
    Path file = dir.resolve("r.npy.json");
    Files.write(file, Sidecar.of(graph, new Sidecar.GraphInput("g.tsv", "TSV", false, null), null, "exact-float",
        null).toJson());
    Sidecar sidecar = Sidecar.read(file);

    assertThatThrownBy(() -> sidecar.checkGraph(shifted, file)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(file + ": these distances were computed from a graph with other vertex names: vertex 0 is '"
            + graph.labels().name(0) + "' in the result, '" + graph.labels().name(1) + "' in the graph given;"
            + " the result was computed from g.tsv");
    assertThatThrownBy(() -> sidecar.checkGraph(unnamed, file)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the graph given has ids only");
    Files.write(file, Sidecar.of(unnamed, new Sidecar.GraphInput("g.mtx", "MTX", false, null), null, "exact-float",
        null).toJson());
    assertThatThrownBy(() -> Sidecar.read(file).checkGraph(graph, file)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the result's vertices are named by their ids");
  }

  @Test
  void theWeightColumnIsKeptAndOldSidecarsWithoutItReadTheDefault() throws IOException {
    Graph graph = NpyTestSupport.pathGraph(3, 1f, true);
    Sidecar withColumn = Sidecar.of(graph, new Sidecar.GraphInput("wc.edges", "EDGE_LIST", false, "AS_WRITTEN", 4),
        null, "int32", null);
    Sidecar back = Sidecar.fromJson(withColumn.toJson(), dir.resolve("wc.npy.json"));
    assertThat(back.graph().weightColumn()).isEqualTo(4);
    assertThat(back.graph().toReadOptions().weightColumn()).isEqualTo(4);

    String old = new String(Sidecar.of(graph, new Sidecar.GraphInput("g.edges", "EDGE_LIST", false, "AS_WRITTEN"),
        null, "int32", null).toJson(), StandardCharsets.UTF_8).replaceAll(",\\s*\"weightColumn\" : null", "");
    assertThat(old).doesNotContain("weightColumn");
    Sidecar oldBack = Sidecar.fromJson(old.getBytes(StandardCharsets.UTF_8), dir.resolve("old.npy.json"));
    assertThat(oldBack.graph().weightColumn()).isNull();
    assertThat(oldBack.graph().toReadOptions()).isEqualTo(ReadOptions.defaults()
        .withFormat(GraphFormat.EDGE_LIST).withDirection(ReadOptions.Direction.DIRECTED)
        .withWeights(ReadOptions.Weights.AS_WRITTEN));
  }

  @Test
  void sidecarPathAppendsJson() {
    assertThat(Sidecar.pathFor(Path.of("out", "d.npy"))).isEqualTo(Path.of("out", "d.npy.json"));
    assertThat(DistanceStore.predecessorsPathFor(Path.of("out", "d.npy"))).isEqualTo(Path.of("out", "d.pred.npy"));
    assertThat(DistanceStore.predecessorsPathFor(Path.of("d.bin"))).isEqualTo(Path.of("d.bin.pred.npy"));
  }

  /** Distributed runs passed the path as given: info and query path, run from another folder, did not find it. */
  @Test
  void theGraphPathIsStoredAbsoluteWhateverFolderItWasGivenFrom() throws IOException {
    Path file = Files.writeString(dir.resolve("g.edges"), "0 1 2\n1 2 3\n");
    Path relative = Path.of("").toAbsolutePath().relativize(file);
    assertThat(relative.isAbsolute()).isFalse();
    LoadedGraph loaded = GraphReader.load(relative, ReadOptions.defaults());

    Sidecar.GraphInput input = Sidecar.GraphInput.of(relative.toString(), loaded.source(), null);

    assertThat(input.path()).isEqualTo(file.toAbsolutePath().normalize().toString());
  }
}
