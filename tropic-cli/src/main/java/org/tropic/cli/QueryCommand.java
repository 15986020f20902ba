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
import org.tropic.cli.kg.StoredGraphs;
import org.tropic.graph.Graph;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.NpyFormatException;
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
    description = {"Queries:",
        "  dist U V       the distance from U to V",
        "  path U V       a shortest path from U to V with each arc's weight",
        "  nearest U      the N closest vertices reachable from U",
        "  dist|path --pairs FILE   the same for every pair of FILE, in one run"},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:answered (an unreachable pair is an answer: inf, or null in JSON)", "1:reading failed",
        "2:bad input or usage (not a result of 'tropic apsp -o', unknown vertex, bad pairs file)"})
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

  @Option(names = {"-k", "--top"}, paramLabel = "N", defaultValue = "10", converter = PositiveInt.class,
      description = "How many vertices 'nearest' lists. Default: ${DEFAULT-VALUE}.")
  int k;

  @Option(names = "--pairs", paramLabel = "FILE",
      description = "Answer 'dist' or 'path' for every pair in FILE: a 'from to' pair a line, separated by tabs, "
          + "commas or spaces; '#' comments; '-' reads standard input.")
  Path pairsFile;

  @Option(names = "--graph", paramLabel = "GRAPH",
      description = "The graph the result was computed from (default: the one recorded in the sidecar); for "
          + "the apsp.npy of 'kg build --apsp', the knowledge graph's directory.")
  Path graphPath;

  @Mixin
  OutputOptions output;

  @Override
  public Integer call() throws Exception {
    refuseFlagsOfOtherQueries();
    if (pairsFile != null) {
      return answerPairs();
    }
    int wanted = verb == Verb.nearest ? 1 : 2;
    if (vertices.size() != wanted) {
      throw new IllegalArgumentException("'query " + verb + "' takes " + wanted + " vertex name"
          + (wanted == 1 ? "" : "s") + ", got " + vertices.size() + ": " + vertices);
    }
    try (NpyDistanceMatrix d = open()) {
      Graph graph = verb == Verb.path ? graphFor(d.sidecar()) : null;
      int u = vertex(d, graph, vertices.get(0));
      Report report = new Report().put("from", vertices.get(0));
      switch (verb) {
        case dist -> {
          int v = vertex(d, graph, vertices.get(1));
          report.put("to", vertices.get(1)).put("distance", d.get(u, v));
        }
        case path -> {
          int v = vertex(d, graph, vertices.get(1));
          var path = pathOf(new ShortestPaths(graph, d), u, v);
          report.put("to", vertices.get(1)).put("distance", d.get(u, v))
              .put("arcs", path.exists() ? path.arcCount() : null)
              .put("path", output.json ? PathSteps.steps(graph, path) : PathSteps.text(graph, path));
        }
        case nearest -> {
          Nearest nearest = Nearest.of(d, u, k);
          if (nearest.size() > 0 && nearest.size() < k) { // a short list is the whole of it, not a cut-off one
            spec.commandLine().getErr().printf("note: only %d vert%s reachable from %s (-k %d)%n", nearest.size(),
                nearest.size() == 1 ? "ex is" : "ices are", vertices.get(0), k);
            spec.commandLine().getErr().flush();
          }
          if (output.json) {
            List<Map<String, Object>> list = new ArrayList<>();
            for (int i = 0; i < nearest.size(); i++) {
              list.add(Map.of("vertex", name(d, nearest.vertices()[i]), "distance", nearest.distances()[i]));
            }
            report.put("nearest", list);
            report.printJson(spec.commandLine().getOut());
          } else if (nearest.size() == 0) { // an empty table would look like a failure
            spec.commandLine().getOut().printf("no vertex is reachable from %s%n", vertices.get(0));
            spec.commandLine().getOut().flush();
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

  /**
   * {@code dist} or {@code path} for every pair of the --pairs file, as one table (or JSON list) in file order. A
   * first line whose two names are both unknown is taken as a header, and said so; any other unknown name stops
   * with the file and line.
   */
  private int answerPairs() throws IOException {
    if (verb == Verb.nearest || !vertices.isEmpty()) {
      throw new IllegalArgumentException("--pairs answers 'dist' or 'path' for the pairs of its file; got '"
          + verb + "'" + (vertices.isEmpty() ? "" : " with vertices " + vertices));
    }
    List<VertexPairs.Pair> pairs = VertexPairs.read(pairsFile);
    try (NpyDistanceMatrix d = open()) {
      Graph graph = verb == Verb.path ? graphFor(d.sidecar()) : null;
      ShortestPaths paths = graph == null ? null : new ShortestPaths(graph, d);
      List<Map<String, Object>> rows = new ArrayList<>();
      Table table = verb == Verb.dist ? new Table("from", "to", "distance")
          : new Table("from", "to", "distance", "arcs", "path");
      for (VertexPairs.Pair pair : pairs) {
        int u;
        int v;
        try {
          u = vertex(d, graph, pair.from());
          v = vertex(d, graph, pair.to());
        } catch (IllegalArgumentException e) {
          if (pair == pairs.get(0) && !known(d, graph, pair.from()) && !known(d, graph, pair.to())) {
            spec.commandLine().getErr().printf("%s, line %d: '%s' and '%s' name no vertex; read as a header%n",
                VertexPairs.nameOf(pairsFile), pair.line(), pair.from(), pair.to());
            continue;
          }
          throw new IllegalArgumentException(VertexPairs.nameOf(pairsFile) + ", line " + pair.line() + ": "
              + e.getMessage());
        }
        float distance = d.get(u, v);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("from", pair.from());
        row.put("to", pair.to());
        row.put("distance", distance);
        if (paths == null) {
          table.row(pair.from(), pair.to(), Summary.formatLength(distance));
        } else {
          var path = pathOf(paths, u, v);
          row.put("arcs", path.exists() ? path.arcCount() : null);
          row.put("path", PathSteps.steps(graph, path));
          table.row(pair.from(), pair.to(), Summary.formatLength(distance), path.exists() ? path.arcCount() : "-",
              PathSteps.text(graph, path));
        }
        rows.add(row);
      }
      if (rows.isEmpty()) { // a header alone: an empty table would read as a query that found nothing
        throw new IllegalArgumentException(VertexPairs.nameOf(pairsFile) + ": no vertex pairs after the header line;"
            + " expected a line 'from to' per pair");
      }
      if (output.json) {
        new Report().put("pairs", rows).printJson(spec.commandLine().getOut());
      } else {
        table.print(spec.commandLine().getOut());
      }
    }
    return 0;
  }

  private NpyDistanceMatrix open() throws IOException {
    if (Files.isDirectory(store)) {
      throw new IllegalArgumentException(store + " is a folder, not a result of 'tropic apsp -o'");
    }
    if (!Files.isRegularFile(store)) {
      throw new java.nio.file.NoSuchFileException(store.toString());
    }
    return NpyDistanceMatrix.open(store);
  }

  /**
   * The path from u to v; where the distances contradict the graph (the sidecar's fingerprint matched it, so the
   * .npy beside the sidecar is another graph's result of the same size), bad input naming the file, not a crash.
   */
  private org.tropic.apsp.Path pathOf(ShortestPaths paths, int u, int v) throws NpyFormatException {
    try {
      return paths.path(u, v);
    } catch (IllegalStateException e) {
      throw new NpyFormatException(store, "these distances do not belong to the graph its sidecar " + store
          + ".json names (" + e.getMessage() + "); the .npy was replaced by another graph's result of the same"
          + " size, or the sidecar copied from one");
    }
  }

  private static boolean known(NpyDistanceMatrix d, Graph graph, String name) {
    try {
      vertex(d, graph, name);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** --graph is read only to reconstruct paths and -k only lists nearest vertices: elsewhere they would be ignored. */
  private void refuseFlagsOfOtherQueries() {
    var parsed = spec.commandLine().getParseResult();
    if (verb != Verb.path && parsed.hasMatchedOption("--graph")) {
      throw new IllegalArgumentException("--graph is for 'query path' ('" + verb + "' reads the result alone)");
    }
    if (verb != Verb.nearest && parsed.hasMatchedOption("--top")) {
      throw new IllegalArgumentException("-k/--top is for 'query nearest'");
    }
  }

  /** The graph recorded in the sidecar (or --graph), refused if its fingerprint differs from the result's. */
  private Graph graphFor(Sidecar sidecar) throws IOException {
    return ResultGraphs.read(store, sidecar, graphPath, "'query path'");
  }

  private static int vertex(NpyDistanceMatrix d, Graph graph, String name) {
    if (graph != null) {
      try {
        return graph.vertex(name);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(e.getMessage() + StoredGraphs.idHint(d.sidecar(), name), e);
      }
    }
    if (d.labels() != null) {
      int id = d.labels().id(name);
      if (id < 0) {
        String asStored = StoredGraphs.idHint(d.sidecar(), name); // a knowledge graph's node named, not its id
        throw new IllegalArgumentException("no vertex named '" + name + "' in " + d.file()
            + (asStored.isEmpty() ? d.labels().hint(name) : asStored));
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
        + " and no labels (ids are 0-based: Matrix Market row k and DIMACS node k are id k − 1)");
  }

  private static String name(NpyDistanceMatrix d, int id) {
    return d.labels() == null ? Integer.toString(id) : d.labels().name(id);
  }
}
