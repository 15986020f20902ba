package org.tropic.bench.partition;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.io.GraphReader;

/** The inputs of {@link PartitionedBench}: real power grids, a generated 2D mesh and a real road network. */
final class BenchGraphs {
  static final String[] POWER_GRIDS = {"bcspwr06", "bcspwr07", "bcspwr08", "bcspwr09", "bcspwr10"};
  static final String ROAD = "road/USA-road-NY.pace16-unweighted.gr.xz";

  private BenchGraphs() {}

  /** The shared data folder: {@code given} if set, else the first {@code shared/data} above the working directory. */
  static Path dataFolder(Path given) {
    if (given != null) {
      if (!Files.isDirectory(given)) {
        throw new IllegalArgumentException("--data " + given + " is not a folder");
      }
      return given;
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("data");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalArgumentException("no shared/data folder above " + Path.of("").toAbsolutePath()
        + "; give it with --data");
  }

  static Graph powerGrid(Path data, String name) throws IOException {
    return GraphReader.read(data.resolve("suitesparse").resolve(name + ".mtx"));
  }

  /**
   * A side × side triangulated grid — the structure of a 2D finite-element mesh — undirected, each edge a whole
   * weight in 1..9 from a fixed hash of its ends, so every run sees the same graph.
   */
  static Graph mesh(int side) {
    GraphBuilder builder = GraphBuilder.withVertexCount(side * side).undirected(true);
    for (int r = 0; r < side; r++) {
      for (int c = 0; c < side; c++) {
        int v = r * side + c;
        if (c + 1 < side) {
          builder.addEdge(v, v + 1, weight(v, v + 1));
        }
        if (r + 1 < side) {
          builder.addEdge(v, v + side, weight(v, v + side));
        }
        if (r + 1 < side && c + 1 < side) {
          builder.addEdge(v, v + side + 1, weight(v, v + side + 1));
        }
      }
    }
    return builder.build();
  }

  private static float weight(int u, int v) {
    long h = ((long) u * 1_000_003L + v) * 0x9E3779B97F4A7C15L;
    return 1 + (int) ((h >>> 40) % 9);
  }

  /** The NY road graph (DIMACS, unit weights) cut down to the first {@code size} vertices a BFS from node 1 reaches. */
  static Graph road(Path data, int size) throws IOException {
    Graph ny = GraphReader.read(data.resolve(ROAD));
    return bfsSubgraph(ny, 0, size);
  }

  static Graph bfsSubgraph(Graph graph, int root, int size) {
    int[] newId = new int[graph.vertexCount()];
    Arrays.fill(newId, -1);
    int[] order = new int[Math.min(size, graph.vertexCount())];
    int count = 0;
    int head = 0;
    newId[root] = count;
    order[count++] = root;
    while (head < count && count < order.length) {
      int u = order[head++];
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1] && count < order.length; a++) {
        int v = graph.targets()[a];
        if (newId[v] < 0) {
          newId[v] = count;
          order[count++] = v;
        }
      }
    }
    GraphBuilder builder = GraphBuilder.withVertexCount(count).undirected(graph.undirected());
    for (int i = 0; i < count; i++) {
      int u = order[i];
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        int v = newId[graph.targets()[a]];
        if (v >= 0) {
          builder.addArc(i, v, graph.weights()[a]);
        }
      }
    }
    return builder.build();
  }
}
