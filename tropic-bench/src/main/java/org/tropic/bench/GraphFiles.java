package org.tropic.bench;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/**
 * Reads the real graphs the benchmarks run on, with the conventions of {@code shared/data/README.md}:
 * <ul>
 *   <li>Matrix Market ({@code .mtx}, {@code .mtx.gz}): {@code general} → arc i→j, {@code symmetric} and
 *       {@code skew-symmetric} → arcs both ways, {@code pattern} → weight 1 else |value|, diagonal dropped,
 *       vertex id = row − 1, n = the number of rows;
 *   <li>edge lists (anything else, optionally gzipped): {@code #} or {@code %} comment lines, then
 *       {@code source target [weight]}; a header line containing {@code directed=False} or the word
 *       {@code undirected} gives arcs both ways; vertices are the ids that occur, renumbered densely in
 *       increasing order.
 * </ul>
 * Only what a benchmark needs: the project's own readers in {@code org.tropic.io} are the general ones.
 */
public final class GraphFiles {
  private GraphFiles() {}

  /** Reads a graph file; errors name the file, the line and the offending text. */
  public static Graph read(Path file) throws IOException {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    try (BufferedReader in = open(file, name.endsWith(".gz"))) {
      return name.endsWith(".mtx") || name.endsWith(".mtx.gz") ? readMatrixMarket(file, in) : readEdgeList(file, in);
    }
  }

  /** A short name for reports: the file name without {@code .gz} and format extensions. */
  public static String describe(Path file) {
    return file.getFileName().toString().replaceFirst("\\.gz$", "").replaceFirst("\\.(mtx|edges|txt)$", "");
  }

  private static BufferedReader open(Path file, boolean gzip) throws IOException {
    InputStream raw = Files.newInputStream(file);
    InputStream in = gzip ? new GZIPInputStream(raw, 1 << 16) : raw;
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
  }

  private static Graph readMatrixMarket(Path file, BufferedReader in) throws IOException {
    String banner = in.readLine();
    if (banner == null || !banner.startsWith("%%MatrixMarket")) {
      throw new IOException(file + ":1: not a Matrix Market file (expected a '%%MatrixMarket' banner, got '"
          + banner + "')");
    }
    String[] kind = banner.toLowerCase(Locale.ROOT).split("\\s+");
    if (kind.length < 5 || !kind[1].equals("matrix") || !kind[2].equals("coordinate")) {
      throw new IOException(file + ":1: only 'matrix coordinate' Matrix Market files are supported, got '"
          + banner + "'");
    }
    boolean pattern = kind[3].equals("pattern");
    boolean both = kind[4].equals("symmetric") || kind[4].equals("skew-symmetric") || kind[4].equals("hermitian");
    int lineNo = 1;
    String line;
    do {
      line = in.readLine();
      lineNo++;
    } while (line != null && (line.startsWith("%") || line.isBlank()));
    if (line == null) {
      throw new IOException(file + ": no size line after the header");
    }
    String[] size = fields(line);
    if (size.length < 3) {
      throw new IOException(file + ":" + lineNo + ": expected 'rows cols entries', got '" + line + "'");
    }
    int rows = parseInt(file, lineNo, size[0]);
    int cols = parseInt(file, lineNo, size[1]);
    GraphBuilder builder = GraphBuilder.withVertexCount(Math.max(rows, cols)).undirected(both);
    while ((line = in.readLine()) != null) {
      lineNo++;
      if (line.isBlank() || line.startsWith("%")) {
        continue;
      }
      String[] f = fields(line);
      if (f.length < (pattern ? 2 : 3)) {
        throw new IOException(file + ":" + lineNo + ": expected 'row col" + (pattern ? "" : " value") + "', got '"
            + line + "'");
      }
      int u = parseInt(file, lineNo, f[0]) - 1;
      int v = parseInt(file, lineNo, f[1]) - 1;
      if (u < 0 || v < 0 || u >= rows || v >= cols) {
        throw new IOException(file + ":" + lineNo + ": entry (" + f[0] + ", " + f[1] + ") outside " + rows + "×"
            + cols);
      }
      float w = pattern ? 1f : Math.abs(parseWeight(file, lineNo, f[2]));
      if (u != v) {
        builder.addArc(u, v, w);
        if (both) {
          builder.addArc(v, u, w);
        }
      }
    }
    return builder.build();
  }

  private static Graph readEdgeList(Path file, BufferedReader in) throws IOException {
    boolean undirected = false;
    IntArrayList sources = new IntArrayList();
    IntArrayList targets = new IntArrayList();
    FloatArrayList weights = new FloatArrayList();
    int lineNo = 0;
    String line;
    while ((line = in.readLine()) != null) {
      lineNo++;
      if (line.startsWith("#") || line.startsWith("%")) {
        String lower = line.toLowerCase(Locale.ROOT);
        undirected |= lower.contains("directed=false") || lower.contains("undirected");
        continue;
      }
      if (line.isBlank()) {
        continue;
      }
      String[] f = fields(line);
      if (f.length < 2) {
        throw new IOException(file + ":" + lineNo + ": expected 'source target [weight]', got '" + line + "'");
      }
      sources.add(parseInt(file, lineNo, f[0]));
      targets.add(parseInt(file, lineNo, f[1]));
      weights.add(f.length >= 3 ? parseWeight(file, lineNo, f[2]) : 1f);
    }
    int[] ids = new int[sources.size() * 2];
    for (int i = 0; i < sources.size(); i++) {
      ids[2 * i] = sources.getInt(i);
      ids[2 * i + 1] = targets.getInt(i);
    }
    int[] distinct = Arrays.stream(ids).sorted().distinct().toArray();
    Int2IntOpenHashMap dense = new Int2IntOpenHashMap(distinct.length);
    for (int i = 0; i < distinct.length; i++) {
      dense.put(distinct[i], i);
    }
    GraphBuilder builder = GraphBuilder.withVertexCount(distinct.length).undirected(undirected);
    for (int i = 0; i < sources.size(); i++) {
      int u = dense.get(sources.getInt(i));
      int v = dense.get(targets.getInt(i));
      if (undirected) {
        builder.addEdge(u, v, weights.getFloat(i));
      } else {
        builder.addArc(u, v, weights.getFloat(i));
      }
    }
    return builder.build();
  }

  private static String[] fields(String line) {
    return line.strip().split("\\s+");
  }

  private static int parseInt(Path file, int lineNo, String text) throws IOException {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IOException(file + ":" + lineNo + ": '" + text + "' is not a vertex id", e);
    }
  }

  private static float parseWeight(Path file, int lineNo, String text) throws IOException {
    float w;
    try {
      w = Float.parseFloat(text);
    } catch (NumberFormatException e) {
      throw new IOException(file + ":" + lineNo + ": '" + text + "' is not a weight", e);
    }
    if (Float.isNaN(w) || w == Float.NEGATIVE_INFINITY) {
      throw new IOException(file + ":" + lineNo + ": weight '" + text + "' is not allowed");
    }
    return w;
  }
}
