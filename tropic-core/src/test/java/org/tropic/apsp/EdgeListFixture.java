package org.tropic.apsp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.zip.GZIPInputStream;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/**
 * Test-only reader of the shared {@code graphs/*.edges.gz} files (the io package's readers are built elsewhere):
 * {@code # directed=...} header, then {@code source target [weight]}; vertices are those named by some edge.
 * Also reads the matching line of the JGraphT all-pairs oracle statistics.
 */
final class EdgeListFixture {
  private EdgeListFixture() {}

  static Graph read(String name) {
    java.nio.file.Path file = SharedData.file("graphs/" + name + ".edges.gz");
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
      GraphBuilder builder = GraphBuilder.labelled();
      boolean directed = false;
      String line;
      while ((line = in.readLine()) != null) {
        if (line.startsWith("#")) {
          directed |= line.contains("directed=True");
          continue;
        }
        String[] f = line.trim().split("\\s+");
        if (f.length < 2) {
          continue;
        }
        int u = builder.vertex(f[0]);
        int v = builder.vertex(f[1]);
        float w = f.length > 2 ? Float.parseFloat(f[2]) : 1f;
        if (directed) {
          builder.addArc(u, v, w);
        } else {
          builder.addEdge(u, v, w);
        }
      }
      return builder.undirected(!directed).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The oracle line for {@code name} in {@code oracles/reference-apsp-stats.jgrapht.jsonl}. */
  static JsonNode oracle(String name) {
    java.nio.file.Path file = SharedData.file("oracles/reference-apsp-stats.jgrapht.jsonl");
    ObjectMapper json = new ObjectMapper();
    try {
      for (String line : Files.readAllLines(file)) {
        JsonNode node = json.readTree(line);
        if (node.path("name").asText().equals(name)) {
          return node;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new AssertionError("no oracle line for " + name + " in " + file);
  }
}
