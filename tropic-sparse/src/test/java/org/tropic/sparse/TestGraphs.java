package org.tropic.sparse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/**
 * Test-only readers for the shared data (edge lists, Matrix Market, LDBC .v/.e) and random graphs, until the
 * project's org.tropic.io readers are merged. Conventions follow shared/data/README.md.
 */
public final class TestGraphs {
  private TestGraphs() {}

  public static final Comparator<String> NUMERIC = Comparator.comparingLong(Long::parseLong);

  /** A {@code *.edges.gz} file, read by the project's reader (direction from its header). */
  public static Graph edges(Path file) {
    return read(file);
  }

  /** A Matrix Market file, read by the project's reader with the shared-data conventions. */
  public static Graph mtx(Path file) {
    return read(file);
  }

  private static Graph read(Path file) {
    try {
      return org.tropic.io.GraphReader.read(file);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** An LDBC Graphalytics graph: vertex ids from {@code name.v} in file order, arcs from {@code name.e}. */
  public static Graph ldbc(Path dir, String name, boolean directed) {
    GraphBuilder b = GraphBuilder.labelled();
    forEachLine(dir.resolve(name + ".v"), line -> b.vertex(line.trim()));
    int known = b.vertexCount();
    forEachLine(dir.resolve(name + ".e"), line -> {
      String[] f = line.trim().split("\\s+");
      int u = b.vertex(f[0]);
      int v = b.vertex(f[1]);
      if (b.vertexCount() != known) {
        throw new IllegalStateException(name + ".e names a vertex missing from " + name + ".v: " + line);
      }
      float w = f.length > 2 ? Float.parseFloat(f[2]) : 1f;
      if (directed) {
        b.addArc(u, v, w);
      } else {
        b.addEdge(u, v, w);
      }
    });
    return b.undirected(!directed).build();
  }

  /** Lines of a text file, gunzipped if it ends in .gz, blank lines skipped. */
  public static void forEachLine(Path file, java.util.function.Consumer<String> body) {
    try (InputStream raw = Files.newInputStream(file);
        InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (!line.isBlank()) {
          body.accept(line);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Lines "key value" of an LDBC expected-output file. */
  public static List<String[]> pairs(Path file) {
    List<String[]> out = new java.util.ArrayList<>();
    forEachLine(file, line -> out.add(line.trim().split("\\s+")));
    return out;
  }

  /**
   * A random graph: {@code arcs} arcs drawn uniformly (duplicates merged), weights in [0.5, 2) or all 1, with a
   * local bias so that blocks and cache cells see both dense and empty parts.
   */
  public static Graph random(long seed, int n, int arcs, boolean undirected, boolean weighted) {
    Random r = new Random(seed);
    GraphBuilder b = GraphBuilder.withVertexCount(n).undirected(undirected);
    for (int i = 0; i < arcs && n > 0; i++) {
      int u = r.nextInt(n);
      int v = r.nextBoolean() ? r.nextInt(n) : Math.floorMod(u + r.nextInt(9) - 4, n);
      float w = weighted ? 0.5f + 1.5f * r.nextFloat() : 1f;
      if (undirected) {
        b.addEdge(u, v, w);
      } else {
        b.addArc(u, v, w);
      }
    }
    return b.build();
  }
}
