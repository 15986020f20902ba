package org.tropic.io;

import org.tropic.testdata.SharedData;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tropic.graph.Graph;

/** Real graphs from the shared data folder read with the vertex and arc counts the independent oracles list. */
class ReferenceGraphsTest {

  static Stream<Arguments> oracleGraphs() throws IOException {
    Path oracle = SharedData.file("oracles/reference-apsp-stats.jgrapht.jsonl");
    ObjectMapper json = new ObjectMapper();
    List<Arguments> cases = new ArrayList<>();
    for (String line : Files.readAllLines(oracle)) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode record = json.readTree(line);
      String name = record.get("name").asText();
      String relative = name.endsWith(".mtx") ? "suitesparse/" + name : "graphs/" + name + ".edges.gz";
      cases.add(Arguments.of(name, relative, record.get("n").asInt(), record.get("arcs").asInt()));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}: n={2}, arcs={3}")
  @MethodSource("oracleGraphs")
  void readsWithTheOracleVertexAndArcCounts(String name, String relative, int n, int arcs) throws IOException {
    LoadedGraph loaded = GraphReader.load(SharedData.file(relative), ReadOptions.defaults());

    assertThat(loaded.graph().vertexCount()).isEqualTo(n);
    assertThat(loaded.graph().arcCount()).isEqualTo(arcs);
    assertThat(loaded.source().format())
        .isEqualTo(name.endsWith(".mtx") ? GraphFormat.MATRIX_MARKET : GraphFormat.EDGE_LIST);
  }

  @Test
  void edgeListHeadersDecideDirection() throws IOException {
    LoadedGraph karate = GraphReader.load(SharedData.file("graphs/karate.edges.gz"), ReadOptions.defaults());
    LoadedGraph celegans = GraphReader.load(SharedData.file("graphs/celegansneural.edges.gz"), ReadOptions.defaults());

    assertThat(karate.graph().undirected()).isTrue();
    assertThat(karate.source().directionReason()).contains("directed=False");
    assertThat(karate.source().compression()).isEqualTo(Compression.GZIP);
    assertThat(celegans.graph().undirected()).isFalse();
    assertThat(celegans.source().directionReason()).contains("directed=True");
  }

  @Test
  void lesmisAgreesWithAnIndependentJGraphTBuild() throws IOException {
    Path file = SharedData.file("graphs/lesmis.edges.gz");
    assertAgreesWithJGraphT(GraphReader.read(file), naiveEdgeList(file, true));
  }

  @Test
  void celegansAgreesWithAnIndependentJGraphTBuild() throws IOException {
    Path file = SharedData.file("graphs/celegansneural.edges.gz");
    assertAgreesWithJGraphT(GraphReader.read(file), naiveEdgeList(file, false));
  }

  @Test
  void west0067AgreesWithAnIndependentJGraphTBuild() throws IOException {
    Path file = SharedData.file("suitesparse/west0067.mtx");
    assertAgreesWithJGraphT(GraphReader.read(file), naiveMatrixMarket(file));
  }

  @Test
  void zeniosAgreesWithAnIndependentJGraphTBuild() throws IOException {
    Path file = SharedData.file("suitesparse/zenios.mtx");
    assertAgreesWithJGraphT(GraphReader.read(file), naiveMatrixMarket(file));
  }

  @Test
  void readsTheNewYorkRoadGraphFromXz() throws IOException {
    LoadedGraph ny = GraphReader.load(SharedData.file("road/USA-road-NY.pace16-unweighted.gr.xz"),
        ReadOptions.defaults());

    assertThat(ny.source().format()).isEqualTo(GraphFormat.DIMACS);
    assertThat(ny.source().compression()).isEqualTo(Compression.XZ);
    assertThat(ny.graph().vertexCount()).isEqualTo(264_346);
    assertThat(ny.graph().undirected()).isTrue();
    assertThat(ny.source().dataLines()).isEqualTo(365_050);
    assertThat(ny.graph().arcCount()).isEqualTo(2 * 365_050);
    assertThat(ny.graph().weightStats().min()).isEqualTo(1f);
    assertThat(ny.graph().weightStats().max()).isEqualTo(1f);
    assertThat(ny.graph().labels()).isNull();
  }

  @Test
  void readsSnapCollaborationGraph() throws IOException {
    LoadedGraph grqc = GraphReader.load(SharedData.file("snap/ca-GrQc.txt.gz"), ReadOptions.defaults());

    assertThat(grqc.source().format()).isEqualTo(GraphFormat.EDGE_LIST);
    assertThat(grqc.graph().vertexCount()).isEqualTo(5_242);
    // 14,496 undirected edges stored both ways, of which 12 are self-loops that are dropped.
    assertThat(grqc.graph().arcCount()).isEqualTo(2 * (14_496 - 12));
    assertThat(grqc.graph().name(0)).isEqualTo("13");
  }

  @Test
  void readsTheHetionetSifSample() throws IOException {
    LoadedGraph hetionet = GraphReader.load(SharedData.file("hetionet/hetionet-v1.0-edges-10.sif"),
        ReadOptions.defaults());

    long lines;
    try (Stream<String> all = Files.lines(SharedData.file("hetionet/hetionet-v1.0-edges-10.sif"))) {
      lines = all.count() - 1;
    }
    assertThat(hetionet.source().format()).isEqualTo(GraphFormat.SIF);
    assertThat(hetionet.source().dataLines()).isEqualTo(lines);
    assertThat(hetionet.graph().vertex("Gene::2625")).isGreaterThanOrEqualTo(0);
    assertThat(hetionet.graph().weight(hetionet.graph().vertex("Gene::2625"),
        hetionet.graph().vertex("Biological Process::GO:2000696"))).isEqualTo(1f);
  }

  /** Every vertex, arc and weight of the two graphs agree; vertices matched by name. */
  private static void assertAgreesWithJGraphT(Graph graph,
      SimpleDirectedWeightedGraph<String, DefaultWeightedEdge> reference) {
    assertThat(graph.vertexCount()).isEqualTo(reference.vertexSet().size());
    assertThat(graph.arcCount()).isEqualTo(reference.edgeSet().size());
    for (DefaultWeightedEdge e : reference.edgeSet()) {
      int u = graph.vertex(reference.getEdgeSource(e));
      int v = graph.vertex(reference.getEdgeTarget(e));
      assertThat(graph.weight(u, v)).as("arc %s→%s", u, v).isEqualTo((float) reference.getEdgeWeight(e));
    }
  }

  private static void putMin(SimpleDirectedWeightedGraph<String, DefaultWeightedEdge> g, String u, String v,
      double w) {
    if (u.equals(v)) {
      return;
    }
    g.addVertex(u);
    g.addVertex(v);
    DefaultWeightedEdge e = g.getEdge(u, v);
    if (e == null) {
      g.setEdgeWeight(g.addEdge(u, v), w);
    } else if (w < g.getEdgeWeight(e)) {
      g.setEdgeWeight(e, w);
    }
  }

  /** A plain String.split parse of a graph-tool edge list, straight into JGraphT. */
  private static SimpleDirectedWeightedGraph<String, DefaultWeightedEdge> naiveEdgeList(Path file,
      boolean undirected) throws IOException {
    var g = new SimpleDirectedWeightedGraph<String, DefaultWeightedEdge>(DefaultWeightedEdge.class);
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.startsWith("#") || line.isBlank()) {
          continue;
        }
        String[] f = line.trim().split("\\s+");
        double w = f.length > 2 ? Double.parseDouble(f[2]) : 1.0;
        putMin(g, f[0], f[1], w);
        if (undirected) {
          putMin(g, f[1], f[0], w);
        }
      }
    }
    return g;
  }

  /**
   * A plain String.split parse of a coordinate Matrix Market file into JGraphT: every row a vertex, |value| as
   * weight, the diagonal dropped.
   */
  private static SimpleDirectedWeightedGraph<String, DefaultWeightedEdge> naiveMatrixMarket(Path file)
      throws IOException {
    var g = new SimpleDirectedWeightedGraph<String, DefaultWeightedEdge>(DefaultWeightedEdge.class);
    List<String> lines = Files.readAllLines(file);
    boolean symmetric = lines.get(0).contains("symmetric");
    boolean sizeSeen = false;
    for (String line : lines) {
      if (line.startsWith("%")) {
        continue;
      }
      if (!sizeSeen) {
        sizeSeen = true;
        int rows = Integer.parseInt(line.trim().split("\\s+")[0]);
        for (int i = 0; i < rows; i++) {
          g.addVertex(Integer.toString(i));
        }
        continue;
      }
      String[] f = line.trim().split("\\s+");
      String u = Integer.toString(Integer.parseInt(f[0]) - 1);
      String v = Integer.toString(Integer.parseInt(f[1]) - 1);
      double w = f.length > 2 ? Math.abs(Double.parseDouble(f[2])) : 1.0;
      putMin(g, u, v, w);
      if (symmetric) {
        putMin(g, v, u, w);
      }
    }
    return g;
  }
}
