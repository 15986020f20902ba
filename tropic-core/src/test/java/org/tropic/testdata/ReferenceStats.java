package org.tropic.testdata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of {@code oracles/reference-apsp-stats.jgrapht.jsonl}: all-pairs statistics of a real graph computed
 * independently by JGraphT 1.5.2 (and agreed by networkx).
 *
 * @param name the oracle's name for the graph
 * @param relativePath the graph file under the shared data folder
 * @param n vertices
 * @param arcs directed arcs after dropping self-loops and merging duplicates
 * @param reachablePairs ordered pairs u ≠ v with a path
 * @param sumDistances the sum of those pairs' distances
 * @param maxDistance the largest of them
 */
public record ReferenceStats(String name, String relativePath, int n, long arcs, long reachablePairs,
    double sumDistances, double maxDistance) {

  /** All graphs in the oracle file. */
  public static List<ReferenceStats> all() {
    ObjectMapper json = new ObjectMapper();
    List<ReferenceStats> stats = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(SharedData.file("oracles/reference-apsp-stats.jgrapht.jsonl"))) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode r = json.readTree(line);
        String name = r.get("name").asText();
        stats.add(new ReferenceStats(name, name.endsWith(".mtx") ? "suitesparse/" + name : "graphs/" + name
            + ".edges.gz", r.get("n").asInt(), r.get("arcs").asLong(), r.get("reachable_pairs").asLong(),
            r.get("sum_dist").asDouble(), r.get("max_dist").asDouble()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return stats;
  }

  /** The oracle line for {@code name}. */
  public static ReferenceStats of(String name) {
    return all().stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no oracle line for " + name));
  }

  @Override
  public String toString() {
    return name;
  }
}
