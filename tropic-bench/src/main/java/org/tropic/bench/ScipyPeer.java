package org.tropic.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.tropic.graph.Graph;

/**
 * SciPy as a peer: {@code scipy.sparse.csgraph.floyd_warshall(G, directed=True)}, or its {@code dijkstra} from every
 * source, run by a Python subprocess on the same graph, timed inside Python around that call alone (loading the edge
 * list and building the sparse matrix are not counted). The graph goes over as a text edge list whose weights are the
 * exact float32 values written in float64, so SciPy sees the very same weights. SciPy's Floyd–Warshall is a compiled
 * single-threaded triple loop on a dense float64 matrix (8n² bytes).
 *
 * <p>The interpreter is the one given, or the first of {@code python3} on the PATH, {@code /usr/bin/python3} (where
 * Debian's {@code python3-scipy} lives) and {@code python} that can import scipy and numpy.
 */
public final class ScipyPeer {
  /** Reads the edge list and pairs named on its command line, prints what {@link ScipyOutput} parses. */
  static final String SCRIPT = """
      import sys, time
      import numpy as np
      import scipy
      from scipy.sparse import csr_matrix
      from scipy.sparse.csgraph import dijkstra, floyd_warshall
      edges_path, pairs_path, method = sys.argv[1], sys.argv[2], sys.argv[3]
      with open(edges_path) as f:
          n, m = (int(x) for x in f.readline().split())
          e = np.loadtxt(f, dtype=np.float64, ndmin=2) if m > 0 else np.zeros((0, 3))
      # explicit zeros in a sparse matrix are edges of weight 0 for csgraph, as they must be
      g = csr_matrix((e[:, 2], (e[:, 0].astype(np.int64), e[:, 1].astype(np.int64))), shape=(n, n))
      print("scipy", scipy.__version__, flush=True)
      t0 = time.perf_counter()
      d = floyd_warshall(g, directed=True) if method == "floyd_warshall" else dijkstra(g, directed=True)
      t = time.perf_counter() - t0
      print("seconds", repr(t))
      p = np.loadtxt(pairs_path, dtype=np.int64, ndmin=2)
      print("\\n".join("sample %d %d %r" % (u, v, float(d[u, v])) for u, v in p))
      """;

  /** {@code scipy.sparse.csgraph.floyd_warshall}. */
  static final String FLOYD_WARSHALL = "floyd_warshall";
  /** {@code scipy.sparse.csgraph.dijkstra} from every source (binary heap, compiled; non-negative weights only). */
  static final String DIJKSTRA = "dijkstra";

  private static final List<String> CANDIDATES = List.of("python3", "/usr/bin/python3", "python");

  private final String python;
  private final String version;

  private ScipyPeer(String python, String version) {
    this.python = python;
    this.version = version;
  }

  /**
   * The first interpreter that has SciPy: {@code preferred} alone if given (null for the default search).
   *
   * @return empty if none has it; {@code why} then receives one line per interpreter tried and why it failed
   */
  public static Optional<ScipyPeer> find(String preferred, List<String> why) {
    for (String candidate : preferred != null ? List.of(preferred) : CANDIDATES) {
      try {
        Result r = exec(List.of(candidate, "-c", "import numpy, scipy; print(scipy.__version__)"), 120);
        if (r.exitCode == 0 && !r.stdout.isBlank()) {
          return Optional.of(new ScipyPeer(candidate, r.stdout.strip()));
        }
        why.add(candidate + ": " + lastLine(r.stderr));
      } catch (IOException e) {
        // the JDK reports a missing program as "Exec failed, error: 13 (Permission denied)"
        boolean missingPath = candidate.contains("/") && !Files.exists(Path.of(candidate));
        why.add(candidate + ": " + (missingPath ? "no such file" : e.getMessage()));
      }
    }
    return Optional.empty();
  }

  /** The interpreter used. */
  public String python() {
    return python;
  }

  /** SciPy's version. */
  public String version() {
    return version;
  }

  /**
   * Runs SciPy's Floyd–Warshall on the graph and reads back its distances at the pairs.
   *
   * @throws IOException if Python fails (its last error line is in the message) or runs past the timeout
   */
  public PeerRun floydWarshall(Graph graph, SamplePairs pairs, long timeoutSeconds) throws IOException {
    return shortestPaths(FLOYD_WARSHALL, graph, pairs, timeoutSeconds);
  }

  /** The peer's name in reports: {@code scipy} for Floyd–Warshall, {@code scipy-dijkstra} for Dijkstra. */
  static String peerName(String method) {
    return method.equals(FLOYD_WARSHALL) ? "scipy" : "scipy-" + method;
  }

  /**
   * Runs SciPy's {@code method} ({@link #FLOYD_WARSHALL} or {@link #DIJKSTRA}) on the graph and reads back its
   * distances at the pairs.
   *
   * @throws IOException if Python fails (its last error line is in the message) or runs past the timeout
   */
  public PeerRun shortestPaths(String method, Graph graph, SamplePairs pairs, long timeoutSeconds)
      throws IOException {
    Path dir = Files.createTempDirectory("tropic-bench-scipy");
    Path edges = dir.resolve("edges.txt");
    Path pairFile = dir.resolve("pairs.txt");
    try {
      writeEdges(graph, edges);
      writePairs(pairs, pairFile);
      Result r = exec(List.of(python, "-c", SCRIPT, edges.toString(), pairFile.toString(), method),
          timeoutSeconds);
      if (r.exitCode != 0) {
        throw new IOException("scipy " + method + " failed (" + python + ", exit " + r.exitCode + "): "
            + lastLine(r.stderr));
      }
      ScipyOutput out = ScipyOutput.parse(r.stdout, pairs);
      return new PeerRun(peerName(method) + " " + out.version(), out.seconds(), out.distances());
    } finally {
      Files.deleteIfExists(edges);
      Files.deleteIfExists(pairFile);
      Files.deleteIfExists(dir);
    }
  }

  /** {@code n m}, then {@code u v w} per finite arc, w the float32 weight written exactly as a double. */
  static void writeEdges(Graph graph, Path file) throws IOException {
    int n = graph.vertexCount();
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    int finite = 0;
    for (float w : weights) {
      finite += w == Float.POSITIVE_INFINITY ? 0 : 1;
    }
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      out.write(n + " " + finite + "\n");
      for (int u = 0; u < n; u++) {
        for (int a = offsets[u]; a < offsets[u + 1]; a++) {
          if (weights[a] != Float.POSITIVE_INFINITY) {
            out.write(u + " " + targets[a] + " " + (double) weights[a] + "\n");
          }
        }
      }
    }
  }

  private static void writePairs(SamplePairs pairs, Path file) throws IOException {
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      for (int i = 0; i < pairs.size(); i++) {
        out.write(pairs.sources()[i] + " " + pairs.targets()[i] + "\n");
      }
    }
  }

  private record Result(int exitCode, String stdout, String stderr) {}

  private static Result exec(List<String> command, long timeoutSeconds) throws IOException {
    Process process = new ProcessBuilder(new ArrayList<>(command)).start();
    process.getOutputStream().close();
    CompletableFuture<String> stdout = drain(process.getInputStream());
    CompletableFuture<String> stderr = drain(process.getErrorStream());
    try {
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException(command.get(0) + " ran past " + timeoutSeconds + " s and was stopped");
      }
      return new Result(process.exitValue(), stdout.join(), stderr.join());
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for " + command.get(0), e);
    }
  }

  /** Reads a stream to its end on a thread of its own, so neither pipe can fill up and stall the child. */
  private static CompletableFuture<String> drain(InputStream in) {
    return CompletableFuture.supplyAsync(() -> {
      try (in) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "(output unreadable: " + e.getMessage() + ")";
      }
    }, task -> Thread.ofPlatform().daemon().name("tropic-bench-drain").start(task));
  }

  private static String lastLine(String text) {
    String[] lines = text.strip().split("\\R");
    return lines.length == 0 || lines[lines.length - 1].isBlank() ? "(no error output)" : lines[lines.length - 1];
  }
}
