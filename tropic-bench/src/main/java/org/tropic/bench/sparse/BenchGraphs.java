package org.tropic.bench.sparse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

/**
 * Readers for the three benchmark graphs of the shared data folder (the LAW web graph's decoded arcs, the DIMACS
 * road graph of New York, the AS graph edge list), kept minimal until the project's org.tropic.io readers cover
 * these formats, and the synthetic {@link RmatGraph}s too large for any cache. Self-loops are dropped from the files
 * (as {@link GraphBuilder} does), so the web graph has 3,034,945 arcs.
 */
final class BenchGraphs {
  private BenchGraphs() {}

  record Named(String name, Graph graph) {}

  /**
   * What a graph costs to read and run, known before it is loaded: the lines of its file (0 for a generated one),
   * its arcs once read (an undirected edge is two) and its vertices.
   */
  record Size(long lines, long arcs, long vertices) {}

  /** The size of a graph {@link #requireAvailable} accepted, from its file's known contents or its R-MAT name. */
  static Size size(String which) {
    return switch (which) {
      case "webgraph" -> new Size(3_050_615, 3_034_945, 100_000);
      case "road" -> new Size(365_050, 730_100, 264_346);
      case "as" -> new Size(48_436, 96_872, 22_963);
      default -> {
        RmatName name = RmatName.parse(which);
        yield new Size(0, (long) name.edgeFactor() << name.scale(), 1L << name.scale());
      }
    };
  }

  static Named load(Path data, String which) throws IOException {
    Path file = file(data, which);
    return switch (which) {
      case "webgraph" -> new Named("uk-2007-05@100000", arcs(file, 100_000, false, 0));
      case "road" -> new Named("USA-road-NY", dimacs(file));
      case "as" -> new Named("as-22july06", arcs(file, 22_963, true, 0));
      default -> rmat(which);
    };
  }

  /**
   * Checks, before any measurement, that {@code which} names a graph and that its file is there.
   *
   * @throws IllegalArgumentException naming the graph and the missing file or the accepted names
   */
  static void requireAvailable(Path data, String which) {
    Path file = file(data, which);
    if (file == null) {
      RmatName.parse(which); // generating waits for the run
    } else if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("graph '" + which + "' needs " + file + ", which is missing (--data names"
          + " the shared data folder)");
    }
  }

  /** The shared-data file of a named graph, or {@code null} for a synthetic R-MAT one. */
  private static Path file(Path data, String which) {
    return switch (which) {
      case "webgraph" -> data.resolve("webgraph/uk-2007-05@100000.decoded-arcs.txt.gz");
      case "road" -> data.resolve("road/USA-road-NY.pace16-unweighted.gr.xz");
      case "as" -> data.resolve("graphs/as-22july06.edges.gz");
      default -> {
        if (which.startsWith("rmat")) {
          yield null;
        }
        throw new IllegalArgumentException("unknown graph '" + which
            + "': use webgraph, road, as or rmatSCALE[xEDGEFACTOR] (e.g. rmat24x8)");
      }
    };
  }

  /** {@code rmatSCALE} or {@code rmatSCALExEDGEFACTOR} (edge factor 16 by default, as in Graph500), seed 1. */
  private static Named rmat(String which) {
    RmatName name = RmatName.parse(which);
    return new Named("R-MAT scale " + name.scale() + ", edge factor " + name.edgeFactor(),
        RmatGraph.generate(name.scale(), name.edgeFactor(), 1));
  }

  private record RmatName(int scale, int edgeFactor) {
    static RmatName parse(String which) {
      String[] parts = which.substring("rmat".length()).split("x", -1);
      try {
        int scale = Integer.parseInt(parts[0]);
        int edgeFactor = parts.length > 1 ? Integer.parseInt(parts[1]) : 16;
        if (parts.length > 2 || scale < 1 || edgeFactor < 1) {
          throw new NumberFormatException();
        }
        return new RmatName(scale, edgeFactor);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("'" + which + "': expected rmatSCALE or rmatSCALExEDGEFACTOR, both whole"
            + " numbers of at least 1, e.g. rmat24x8");
      }
    }
  }

  /** "u v" lines with 0-based ids (after {@code base} is subtracted), '#' comments. */
  private static Graph arcs(Path file, int n, boolean undirected, int base) throws IOException {
    GraphBuilder b = GraphBuilder.withVertexCount(n).undirected(undirected);
    try (BufferedReader r = reader(Files.newInputStream(file), file)) {
      int lineNo = 0;
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        lineNo++;
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.strip().split("\\s+");
        if (f.length < 2) {
          throw new IOException(file + ":" + lineNo + ": expected 'source target', got '" + line + "'");
        }
        int u = Integer.parseInt(f[0]) - base;
        int v = Integer.parseInt(f[1]) - base;
        if (undirected) {
          b.addEdge(u, v, 1f);
        } else {
          b.addArc(u, v, 1f);
        }
      }
    }
    return b.build();
  }

  /** PACE 2016 DIMACS-like "p tw n m" then 1-based undirected edges, decompressed with the system's xz. */
  private static Graph dimacs(Path file) throws IOException {
    Process xz = new ProcessBuilder("xz", "-dc", file.toString()).redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    GraphBuilder b = null;
    try (BufferedReader r = reader(xz.getInputStream(), file)) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.isBlank() || line.startsWith("c")) {
          continue;
        }
        String[] f = line.strip().split("\\s+");
        if (f[0].equals("p")) {
          b = GraphBuilder.withVertexCount(Integer.parseInt(f[2])).undirected(true);
          continue;
        }
        if (b == null) {
          throw new IOException(file + ": edge before the 'p' line: " + line);
        }
        b.addEdge(Integer.parseInt(f[0]) - 1, Integer.parseInt(f[1]) - 1, 1f);
      }
    }
    try {
      if (xz.waitFor() != 0) {
        throw new IOException(file + ": xz -dc failed");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted reading " + file, e);
    }
    if (b == null) {
      throw new IOException(file + ": no 'p' line");
    }
    return b.build();
  }

  private static BufferedReader reader(InputStream raw, Path file) throws IOException {
    InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII), 1 << 16);
  }
}
