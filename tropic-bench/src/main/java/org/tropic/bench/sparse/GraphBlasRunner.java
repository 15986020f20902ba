package org.tropic.bench.sparse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tropic.graph.Graph;

/**
 * Runs {@code scripts/graphblas_bench.py} (SuiteSparse:GraphBLAS through Debian's python3-suitesparse-graphblas) on
 * exactly the matrix Tropic multiplies — Aᵀ of the loaded graph, handed over as raw int32 row and column files —
 * and reads back its timings. Absent Python or bindings make it say so and return {@code null}.
 */
final class GraphBlasRunner {
  private static final ObjectMapper JSON = new ObjectMapper();

  private GraphBlasRunner() {}

  /** Timings, or {@code null} with the reason printed, when GraphBLAS cannot be run here. */
  static JsonNode run(Path script, Graph g, int threads, double seconds, int source) throws IOException {
    if (!Files.exists(script)) {
      System.out.println("  GraphBLAS: skipped, " + script + " not found");
      return null;
    }
    Path dir = Files.createTempDirectory("tropic-graphblas");
    try {
      Path rows = dir.resolve("rows.i32");
      Path cols = dir.resolve("cols.i32");
      ByteBuffer r = ByteBuffer.allocate(g.arcCount() * 4).order(ByteOrder.LITTLE_ENDIAN);
      ByteBuffer c = ByteBuffer.allocate(g.arcCount() * 4).order(ByteOrder.LITTLE_ENDIAN);
      for (int u = 0; u < g.vertexCount(); u++) {
        for (int e = g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
          r.putInt(g.targets()[e]);
          c.putInt(u);
        }
      }
      Files.write(rows, r.array());
      Files.write(cols, c.array());
      Process p = new ProcessBuilder("/usr/bin/python3", script.toString(), "--rows", rows.toString(), "--cols",
          cols.toString(), "--n", Integer.toString(g.vertexCount()), "--threads", Integer.toString(threads),
          "--seconds", Double.toString(seconds), "--source", Integer.toString(source))
          .redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes());
      int rc = p.waitFor();
      if (rc != 0) {
        String last = output.strip();
        System.out.println("  GraphBLAS: not run (" + last.substring(Math.max(0, last.lastIndexOf('\n') + 1)) + ")");
        return null;
      }
      return JSON.readTree(output);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted waiting for GraphBLAS", e);
    } finally {
      try (var files = Files.list(dir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.deleteIfExists(f);
        }
      }
      Files.deleteIfExists(dir);
    }
  }
}
