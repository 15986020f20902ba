package org.tropic.bench.sparse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tropic.graph.Graph;
import org.tropic.io.PendingFiles;

/**
 * Runs {@code scripts/graphblas_bench.py} (SuiteSparse:GraphBLAS through Debian's python3-suitesparse-graphblas) on
 * exactly the matrix and vector Tropic multiplies — Aᵀ of the loaded graph as raw int32 row and column files, x as
 * raw float32 — and reads back its timings and its product, so the caller can check GraphBLAS did the same work.
 * Absent Python or bindings make it say so and return {@code null}.
 */
final class GraphBlasRunner {
  private static final ObjectMapper JSON = new ObjectMapper();

  private GraphBlasRunner() {}

  /** GraphBLAS's timings (JSON from the script) and its y = Aᵀx. */
  record Result(JsonNode timings, float[] y) {}

  /** GraphBLAS's run on Aᵀ and x, or {@code null} with the reason printed when GraphBLAS cannot be run here. */
  static Result run(Path script, Graph g, float[] x, int threads, double seconds, int source) throws IOException {
    if (!Files.exists(script)) {
      System.out.println("  GraphBLAS: skipped, " + script + " not found");
      return null;
    }
    Path dir = Files.createTempDirectory("tropic-graphblas");
    // A Ctrl-C or SIGTERM runs no finally block: the folder of the matrix's arrays was left behind in /tmp.
    PendingFiles.addCreated(dir);
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
      Path xFile = dir.resolve("x.f32");
      Path yFile = dir.resolve("y.f32");
      ByteBuffer xb = ByteBuffer.allocate(x.length * 4).order(ByteOrder.LITTLE_ENDIAN);
      xb.asFloatBuffer().put(x);
      Files.write(xFile, xb.array());
      Process p = new ProcessBuilder("/usr/bin/python3", script.toString(), "--rows", rows.toString(), "--cols",
          cols.toString(), "--n", Integer.toString(g.vertexCount()), "--x", xFile.toString(), "--y-out",
          yFile.toString(), "--threads", Integer.toString(threads),
          "--seconds", Double.toString(seconds), "--source", Integer.toString(source))
          .redirectErrorStream(true).start();
      // nor does it stop the script, which ran on after the JVM that started it was gone
      Thread stopScript = Thread.ofPlatform().name("tropic-stop-graphblas").unstarted(p::destroy);
      Runtime.getRuntime().addShutdownHook(stopScript);
      String output;
      int rc;
      try {
        output = new String(p.getInputStream().readAllBytes());
        rc = p.waitFor();
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(stopScript);
        } catch (IllegalStateException e) {
          // the JVM is stopping: the hook stops the script
        }
      }
      if (rc != 0) {
        String last = output.strip();
        System.out.println("  GraphBLAS: not run (" + last.substring(Math.max(0, last.lastIndexOf('\n') + 1)) + ")");
        return null;
      }
      float[] y = new float[x.length];
      ByteBuffer.wrap(Files.readAllBytes(yFile)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(y);
      return new Result(JSON.readTree(output), y);
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
      PendingFiles.done(dir);
    }
  }
}
