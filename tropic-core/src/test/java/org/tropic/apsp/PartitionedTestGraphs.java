package org.tropic.apsp;

import it.unimi.dsi.fastutil.ints.IntArrayFIFOQueue;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.io.GraphReader;
import org.tropic.testdata.SharedData;

/** Inputs and plain double-precision oracles for the partitioned APSP tests. */
final class PartitionedTestGraphs {
  private PartitionedTestGraphs() {}

  static Graph read(String relative) throws IOException {
    return GraphReader.read(SharedData.file(relative));
  }

  /** A rows × cols grid, undirected, with weights from {@code weight} (called once per edge). */
  static Graph grid(int rows, int cols, java.util.function.DoubleSupplier weight) {
    GraphBuilder builder = GraphBuilder.withVertexCount(rows * cols).undirected(true);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        int v = r * cols + c;
        if (c + 1 < cols) {
          builder.addEdge(v, v + 1, (float) weight.getAsDouble());
        }
        if (r + 1 < rows) {
          builder.addEdge(v, v + cols, (float) weight.getAsDouble());
        }
      }
    }
    return builder.build();
  }

  /**
   * A random planar graph: a grid with one random diagonal per cell (a triangulation, still planar) and a fraction
   * of its edges deleted, real weights in [1, 10).
   */
  static Graph randomPlanar(int rows, int cols, double keep, Random random) {
    GraphBuilder builder = GraphBuilder.withVertexCount(rows * cols).undirected(true);
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        int v = r * cols + c;
        if (c + 1 < cols && random.nextDouble() < keep) {
          builder.addEdge(v, v + 1, 1 + 9 * random.nextFloat());
        }
        if (r + 1 < rows && random.nextDouble() < keep) {
          builder.addEdge(v, v + cols, 1 + 9 * random.nextFloat());
        }
        if (r + 1 < rows && c + 1 < cols && random.nextDouble() < keep) {
          if (random.nextBoolean()) {
            builder.addEdge(v, v + cols + 1, 1 + 9 * random.nextFloat());
          } else {
            builder.addEdge(v + 1, v + cols, 1 + 9 * random.nextFloat());
          }
        }
      }
    }
    return builder.build();
  }

  /** The subgraph induced by the first {@code size} vertices a breadth-first search from {@code root} reaches. */
  static Graph bfsSubgraph(Graph graph, int root, int size) {
    int[] newId = new int[graph.vertexCount()];
    Arrays.fill(newId, -1);
    int[] order = new int[size];
    int count = 0;
    IntArrayFIFOQueue queue = new IntArrayFIFOQueue();
    queue.enqueue(root);
    newId[root] = count;
    order[count++] = root;
    while (!queue.isEmpty() && count < size) {
      int u = queue.dequeueInt();
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1] && count < size; a++) {
        int v = graph.targets()[a];
        if (newId[v] < 0) {
          newId[v] = count;
          order[count++] = v;
          queue.enqueue(v);
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

  /** Every arc u→v reweighted {@code w(u,v) + h(u) − h(v)}: negative arcs, but no negative cycle. */
  static Graph withPotentials(Graph graph, Random random, int spread) {
    int n = graph.vertexCount();
    int[] h = new int[n];
    for (int v = 0; v < n; v++) {
      h[v] = random.nextInt(spread);
    }
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int u = 0; u < n; u++) {
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        int v = graph.targets()[a];
        builder.addArc(u, v, graph.weights()[a] + h[u] - h[v]);
      }
    }
    return builder.build();
  }

  /** Dijkstra from every source in double precision (non-negative weights), binary heap with lazy deletion. */
  static double[][] dijkstraAll(Graph graph) {
    int n = graph.vertexCount();
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    double[][] d = new double[n][];
    double[] keys = new double[Math.max(16, graph.arcCount() + 1)];
    int[] items = new int[keys.length];
    for (int s = 0; s < n; s++) {
      double[] dist = new double[n];
      Arrays.fill(dist, Double.POSITIVE_INFINITY);
      dist[s] = 0;
      keys[0] = 0;
      items[0] = s;
      int size = 1;
      while (size > 0) {
        double key = keys[0];
        int u = items[0];
        size--;
        siftDown(keys, items, size, keys[size], items[size]);
        if (key > dist[u]) {
          continue;
        }
        for (int a = offsets[u]; a < offsets[u + 1]; a++) {
          int v = targets[a];
          double alt = key + weights[a];
          if (alt < dist[v]) {
            dist[v] = alt;
            int at = size++;
            while (at > 0 && keys[(at - 1) / 2] > alt) {
              keys[at] = keys[(at - 1) / 2];
              items[at] = items[(at - 1) / 2];
              at = (at - 1) / 2;
            }
            keys[at] = alt;
            items[at] = v;
          }
        }
      }
      d[s] = dist;
    }
    return d;
  }

  private static void siftDown(double[] keys, int[] items, int size, double key, int item) {
    int at = 0;
    while (2 * at + 1 < size) {
      int child = 2 * at + 1;
      if (child + 1 < size && keys[child + 1] < keys[child]) {
        child++;
      }
      if (keys[child] >= key) {
        break;
      }
      keys[at] = keys[child];
      items[at] = items[child];
      at = child;
    }
    keys[at] = key;
    items[at] = item;
  }

  /** The textbook triple loop in double precision; any weights, for small graphs. */
  static double[][] floydWarshallDouble(Graph graph) {
    int n = graph.vertexCount();
    double[][] d = new double[n][n];
    for (double[] row : d) {
      Arrays.fill(row, Double.POSITIVE_INFINITY);
    }
    for (int u = 0; u < n; u++) {
      d[u][u] = 0;
      for (int a = graph.offsets()[u]; a < graph.offsets()[u + 1]; a++) {
        d[u][graph.targets()[a]] = Math.min(d[u][graph.targets()[a]], graph.weights()[a]);
      }
    }
    for (int k = 0; k < n; k++) {
      for (int i = 0; i < n; i++) {
        double dik = d[i][k];
        if (dik == Double.POSITIVE_INFINITY) {
          continue;
        }
        for (int j = 0; j < n; j++) {
          d[i][j] = Math.min(d[i][j], dik + d[k][j]);
        }
      }
    }
    return d;
  }
}
