package org.tropic.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;
import org.tropic.graph.Graph;

/**
 * Writes a {@link Graph} in a form {@link GraphReader} reads back to the same graph: a whitespace edge list with a
 * graph-tool style header, or a Matrix Market {@code coordinate real} matrix. A name ending in {@code .gz} is
 * gzip-compressed. The file appears complete or not at all (written to a temporary file beside it, then moved into
 * place). Weights are written as the shortest decimal that reads back to the same float ({@link Float#toString}).
 * Arcs of weight +∞ mean "no arc" and are not written. O(n + m) time, constant extra memory.
 */
public final class GraphWriter {
  private GraphWriter() {}

  /**
   * Writes {@code # directed=True|False nodes=N arcs=M}, a {@code # columns} line, then one line
   * {@code source target weight} per arc, or per edge (the arc u→v with u ≤ v) if the graph is undirected and each
   * arc's reverse has the same weight. Vertices are written by {@link Graph#name}; read back, integer names are
   * ordered numerically, so a graph without labels (or with labels {@code 0..n-1} in order) returns with the same ids
   * provided every vertex has an arc (an edge list cannot express an isolated vertex).
   *
   * @throws IllegalArgumentException if a label is empty, contains whitespace, or starts with {@code #} or {@code %};
   *     or if the graph has no arcs (its edge list would describe no vertex, and reading it back is refused)
   */
  public static void writeEdgeList(Graph graph, Path path) throws IOException {
    Objects.requireNonNull(graph, "graph");
    if (graph.arcCount() == 0) {
      throw new IllegalArgumentException("a graph without arcs has no edge list (it would list no vertex);"
          + " write it as Matrix Market, which keeps the vertex count");
    }
    for (int u = 0; u < graph.vertexCount(); u++) {
      String name = graph.name(u);
      if (name.isEmpty() || name.charAt(0) == '#' || name.charAt(0) == '%' || name.codePoints().anyMatch(
          Character::isWhitespace)) {
        throw new IllegalArgumentException("vertex " + u + " is named '" + name
            + "', which a whitespace edge list cannot hold (empty, whitespace, or a leading # or %)");
      }
    }
    boolean asEdges = graph.undirected() && isSymmetric(graph);
    write(path, out -> {
      out.write("# written by Tropic\n");
      out.write("# directed=" + (asEdges ? "False" : "True") + " nodes=" + graph.vertexCount() + " arcs="
          + graph.arcCount() + "\n");
      out.write("# columns: source target weight\n");
      forEachArc(graph, asEdges, (u, v, w) -> out.write(graph.name(u) + ' ' + graph.name(v) + ' ' + w + '\n'));
    });
  }

  /**
   * Writes {@code %%MatrixMarket matrix coordinate real general}, or {@code ... symmetric} with the lower triangle
   * when the graph is undirected and symmetric in its weights; entry (u+1, v+1, w) per arc. Labels are not stored
   * (Matrix Market has no place for them); vertex ids are. Negative weights are written as they are: read them back
   * with {@link ReadOptions.Weights#AS_WRITTEN}, since the reader's default takes |value|. A negative self-loop is
   * lost (Matrix Market diagonals are dropped on reading).
   */
  public static void writeMatrixMarket(Graph graph, Path path) throws IOException {
    Objects.requireNonNull(graph, "graph");
    boolean symmetric = graph.undirected() && isSymmetric(graph);
    long[] entries = new long[1];
    forEachArc(graph, symmetric, (u, v, w) -> entries[0]++);
    write(path, out -> {
      out.write("%%MatrixMarket matrix coordinate real " + (symmetric ? "symmetric" : "general") + "\n");
      out.write("% written by Tropic\n");
      out.write(graph.vertexCount() + " " + graph.vertexCount() + " " + entries[0] + "\n");
      forEachArc(graph, symmetric, (u, v, w) -> {
        // A symmetric matrix stores the lower triangle: row >= column.
        int row = symmetric ? Math.max(u, v) : u;
        int column = symmetric ? Math.min(u, v) : v;
        out.write((row + 1) + " " + (column + 1) + " " + w + "\n");
      });
    });
  }

  /** Whether every arc u→v has a reverse v→u of the same weight. */
  static boolean isSymmetric(Graph graph) {
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        if (Float.compare(graph.weight(targets[a], u), weights[a]) != 0) {
          return false;
        }
      }
    }
    return true;
  }

  private interface ArcVisitor {
    void accept(int u, int v, float w) throws IOException;
  }

  private interface Body {
    void write(Writer out) throws IOException;
  }

  /** Visits the finite arcs; with {@code onlyOnePerEdge}, only those with u ≤ v. */
  private static void forEachArc(Graph graph, boolean onlyOnePerEdge, ArcVisitor visitor) throws IOException {
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int v = targets[a];
        if ((onlyOnePerEdge && v < u) || weights[a] == Float.POSITIVE_INFINITY) {
          continue;
        }
        visitor.accept(u, v, weights[a]);
      }
    }
  }

  private static void write(Path path, Body body) throws IOException {
    Objects.requireNonNull(path, "path");
    boolean gzip = path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    AtomicFiles.write(path, channel -> {
      OutputStream file = Channels.newOutputStream(channel);
      try (OutputStream raw = gzip ? new GZIPOutputStream(file, 1 << 16) : file;
          Writer out = new BufferedWriter(new OutputStreamWriter(raw, StandardCharsets.UTF_8), 1 << 16)) {
        body.write(out);
      }
    });
  }

}
