package org.tropic.bench;

import org.jgrapht.alg.interfaces.ShortestPathAlgorithm.SingleSourcePaths;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultDirectedWeightedGraph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.tropic.graph.Graph;

/**
 * JGraphT as a peer: its {@link FloydWarshallShortestPaths} timed on the same graph, and its Dijkstra as an
 * independent check of Tropic's rows. JGraphT's Floyd–Warshall is a plain triple loop over {@code double[][]} with a
 * successor matrix, O(n³) time and 2 × 8n² bytes, so the benchmark runs it only up to a size the caller picks.
 */
public final class JGraphTPeer {
  /** The JGraphT version on the class path, for reports. */
  public static final String VERSION = versionOf();

  private JGraphTPeer() {}

  /** The graph as a JGraphT directed weighted graph with vertices 0..n-1. */
  public static org.jgrapht.Graph<Integer, DefaultWeightedEdge> toJGraphT(Graph graph) {
    var g = new DefaultDirectedWeightedGraph<Integer, DefaultWeightedEdge>(DefaultWeightedEdge.class);
    int n = graph.vertexCount();
    for (int v = 0; v < n; v++) {
      g.addVertex(v);
    }
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int u = 0; u < n; u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        if (weights[a] != Float.POSITIVE_INFINITY) {
          DefaultWeightedEdge e = g.addEdge(u, targets[a]);
          g.setEdgeWeight(e, weights[a]);
        }
      }
    }
    return g;
  }

  /**
   * A peer run: seconds of JGraphT's Floyd–Warshall (construction and the first query, which computes the whole
   * matrix; building the JGraphT graph is not counted) and its distances at the sampled pairs.
   */
  public static PeerRun floydWarshall(Graph graph, SamplePairs pairs) {
    var g = toJGraphT(graph);
    long start = System.nanoTime();
    var fw = new FloydWarshallShortestPaths<>(g);
    double first = fw.getPathWeight(pairs.sources()[0], pairs.targets()[0]);
    double seconds = (System.nanoTime() - start) / 1e9;
    double[] distances = new double[pairs.size()];
    distances[0] = first;
    for (int i = 1; i < pairs.size(); i++) {
      distances[i] = fw.getPathWeight(pairs.sources()[i], pairs.targets()[i]);
    }
    return new PeerRun("jgrapht " + VERSION, seconds, distances);
  }

  /**
   * Distances from each source to every vertex by JGraphT's Dijkstra (non-negative weights only), in the order of
   * {@link #rowPairs}.
   */
  public static double[] dijkstraRows(Graph graph, int[] sources) {
    var g = toJGraphT(graph);
    var dijkstra = new DijkstraShortestPath<>(g);
    int n = graph.vertexCount();
    double[] distances = new double[sources.length * n];
    for (int s = 0; s < sources.length; s++) {
      SingleSourcePaths<Integer, DefaultWeightedEdge> paths = dijkstra.getPaths(sources[s]);
      for (int v = 0; v < n; v++) {
        distances[s * n + v] = paths.getWeight(v);
      }
    }
    return distances;
  }

  /** Pairs covering whole rows: (s, 0), (s, 1), ..., (s, n-1) for each source s. */
  public static SamplePairs rowPairs(int n, int[] sources) {
    int[] us = new int[sources.length * n];
    int[] vs = new int[sources.length * n];
    for (int s = 0; s < sources.length; s++) {
      for (int v = 0; v < n; v++) {
        us[s * n + v] = sources[s];
        vs[s * n + v] = v;
      }
    }
    return new SamplePairs(us, vs);
  }

  /**
   * JGraphT's version from the Maven properties its jar carries (kept in a shaded jar too), else its own jar
   * manifest. The properties come first: in a shaded jar the manifest is Tropic's, not JGraphT's.
   */
  private static String versionOf() {
    try (var in = FloydWarshallShortestPaths.class.getResourceAsStream(
        "/META-INF/maven/org.jgrapht/jgrapht-core/pom.properties")) {
      if (in != null) {
        java.util.Properties p = new java.util.Properties();
        p.load(in);
        return p.getProperty("version", "(version unknown)");
      }
    } catch (java.io.IOException e) {
      // fall back to the manifest below
    }
    String v = FloydWarshallShortestPaths.class.getPackage().getImplementationVersion();
    return v != null ? v : "(version unknown)";
  }
}
