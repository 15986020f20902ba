package org.tropic.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tropic.apsp.Nearest;
import org.tropic.apsp.ShortestPaths;
import org.tropic.bench.OptionConverters.PositiveInt;
import org.tropic.graph.Graph;
import org.tropic.io.GraphFormat;
import org.tropic.io.GraphReader;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.ReadOptions;
import org.tropic.io.Sidecar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tropic query OUT.npy dist|path|nearest ...}: answers from a saved result without loading it — the matrix
 * is memory-mapped, so a query touches only the rows it needs. Paths are reconstructed from the distances and the
 * graph recorded in the sidecar (or given with {@code --graph}); vertices are named by label or id.
 */
@Command(name = "query", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
    header = "Query a saved APSP result: a distance, a shortest path, or the nearest vertices.",
    description = {"Query a saved APSP result:",
        "  dist U V       the distance from U to V",
        "  path U V       a shortest path from U to V with each arc's weight",
        "  nearest U      the K closest vertices reachable from U"})
final class QueryCommand implements Callable<Integer> {
  enum Verb { dist, path, nearest }

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "OUT.npy", description = "A result written by 'tropic apsp -o'.")
  Path store;

  @Parameters(index = "1", paramLabel = "QUERY", description = "dist, path or nearest.")
  Verb verb;

  @Parameters(index = "2..*", paramLabel = "VERTEX", description = "Vertex labels or ids.")
  List<String> vertices = new ArrayList<>();

  @Option(names = {"-k", "--top"}, paramLabel = "K", defaultValue = "10", converter = PositiveInt.class,
      description = "How many vertices 'nearest' lists. Default: ${DEFAULT-VALUE}.")
  int k;

  @Option(names = "--graph", paramLabel = "GRAPH",
      description = "The graph the result was computed from (default: the one recorded in the sidecar).")
  Path graphPath;

  @Mixin
  OutputOptions output;

  @Override
  public Integer call() throws Exception {
    int wanted = verb == Verb.nearest ? 1 : 2;
    if (vertices.size() != wanted) {
      throw new IllegalArgumentException("'query " + verb + "' takes " + wanted + " vertex name"
          + (wanted == 1 ? "" : "s") + ", got " + vertices.size() + ": " + vertices);
    }
    if (!Files.isRegularFile(store)) {
      throw new java.nio.file.NoSuchFileException(store.toString());
    }
    try (NpyDistanceMatrix d = NpyDistanceMatrix.open(store)) {
      Graph graph = verb == Verb.path ? graphFor(d.sidecar()) : null;
      int u = vertex(d, graph, vertices.get(0));
      Report report = new Report().put("from", vertices.get(0));
      switch (verb) {
        case dist -> {
          int v = vertex(d, graph, vertices.get(1));
          report.put("to", vertices.get(1)).put("distance", (double) d.get(u, v));
        }
        case path -> {
          int v = vertex(d, graph, vertices.get(1));
          var path = new ShortestPaths(graph, d).path(u, v);
          report.put("to", vertices.get(1)).put("distance", (double) d.get(u, v))
              .put("arcs", path.exists() ? path.arcCount() : null);
          List<Map<String, Object>> steps = new ArrayList<>();
          int[] p = path.vertices();
          for (int i = 0; i + 1 < p.length; i++) {
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("from", graph.name(p[i]));
            step.put("to", graph.name(p[i + 1]));
            step.put("weight", (double) graph.weight(p[i], p[i + 1]));
            steps.add(step);
          }
          if (output.json) {
            report.put("path", steps);
          } else {
            List<String> names = new ArrayList<>();
            for (int x : p) {
              names.add(graph.name(x));
            }
            report.put("path", path.exists() ? String.join(" → ", names) : "none (unreachable)");
          }
        }
        case nearest -> {
          Nearest nearest = Nearest.of(d, u, k);
          if (output.json) {
            List<Map<String, Object>> list = new ArrayList<>();
            for (int i = 0; i < nearest.size(); i++) {
              list.add(Map.of("vertex", name(d, nearest.vertices()[i]), "distance",
                  (double) nearest.distances()[i]));
            }
            report.put("nearest", list);
            report.printJson(spec.commandLine().getOut());
          } else {
            Table table = new Table("rank", "vertex", "distance");
            for (int i = 0; i < nearest.size(); i++) {
              table.row(i + 1, name(d, nearest.vertices()[i]), Summary.formatLength(nearest.distances()[i]));
            }
            table.print(spec.commandLine().getOut());
          }
          return 0;
        }
      }
      output.print(spec, report);
    }
    return 0;
  }

  /** The graph recorded in the sidecar (or --graph), refused if its fingerprint differs from the result's. */
  private Graph graphFor(Sidecar sidecar) throws IOException {
    Path path = graphPath;
    Sidecar.GraphInput input = sidecar.graph();
    if (path == null) {
      if (input == null || input.path() == null || !Files.exists(Path.of(input.path()))) {
        throw new IllegalArgumentException("'query path' needs the graph: the sidecar of " + store + " names "
            + (input == null ? "none" : "'" + input.path() + "', which does not exist") + "; pass --graph GRAPH");
      }
      path = Path.of(input.path());
    }
    ReadOptions options = ReadOptions.defaults();
    if (input != null) {
      options = options.withFormat(GraphFormat.fromName(input.format()))
          .withDirection(input.undirected() ? ReadOptions.Direction.UNDIRECTED : ReadOptions.Direction.DIRECTED)
          .withWeights(ReadOptions.Weights.valueOf(input.weights()));
    }
    Graph graph = GraphReader.read(path, options);
    sidecar.checkGraph(graph, path);
    return graph;
  }

  private static int vertex(NpyDistanceMatrix d, Graph graph, String name) {
    if (graph != null) {
      return graph.vertex(name);
    }
    if (d.labels() != null) {
      int id = d.labels().id(name);
      if (id < 0) {
        throw new IllegalArgumentException("no vertex named '" + name + "' in " + d.file());
      }
      return id;
    }
    try {
      int id = Integer.parseInt(name.strip());
      if (id >= 0 && id < d.size()) {
        return id;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("no vertex '" + name + "': " + d.file() + " has ids 0.." + (d.size() - 1)
        + " and no labels");
  }

  private static String name(NpyDistanceMatrix d, int id) {
    return d.labels() == null ? Integer.toString(id) : d.labels().name(id);
  }
}
