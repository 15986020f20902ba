package org.tropic.cli.sparse;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.tropic.analytics.SparseGraph;
import org.tropic.cli.Json;
import org.tropic.io.AtomicFiles;
import org.tropic.io.NpyHeader;
import org.tropic.io.NpyHeader.Dtype;

/**
 * Writes a per-vertex vector as a 1-D NumPy {@code .npy} file plus a JSON sidecar {@code FILE.json} with what it is
 * and the vertex labels: both whole, or neither (an earlier pair is then left as it was).
 */
final class NpyWriter {

  private NpyWriter() {}

  static void write(Path file, double[] values, SparseGraph graph, Map<String, Object> about) throws IOException {
    ByteBuffer data = ByteBuffer.allocate(values.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    data.asDoubleBuffer().put(values);
    write(file, Dtype.FLOAT64, values.length, data, graph, about);
  }

  static void write(Path file, int[] values, SparseGraph graph, Map<String, Object> about) throws IOException {
    ByteBuffer data = ByteBuffer.allocate(values.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    data.asIntBuffer().put(values);
    write(file, Dtype.INT32, values.length, data, graph, about);
  }

  /** The bytes of the .npy file {@link #write} writes for a vector of {@code length} {@code dtype} values. */
  static long vectorBytes(Dtype dtype, int length) {
    return NpyHeader.vector(dtype, length).length + (long) length * dtype.bytes();
  }

  /**
   * The least bytes of the sidecar {@link #write} writes with {@code graph}'s labels: each label in UTF-8 within
   * quotes and followed by a comma (the JSON's indents, escapes and the measure's facts only add to it). The labels
   * of a web graph's million vertices take megabytes, as much as the vector.
   */
  static long leastSidecarBytes(SparseGraph graph) {
    long bytes = 0;
    if (graph.labels() != null) {
      for (String name : graph.labels().names()) {
        bytes += name.getBytes(StandardCharsets.UTF_8).length + 3L;
      }
    }
    return bytes;
  }

  private static void write(Path file, Dtype dtype, int length, ByteBuffer data, SparseGraph graph,
      Map<String, Object> about) throws IOException {
    ByteBuffer header = ByteBuffer.wrap(NpyHeader.vector(dtype, length));
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("dtype", dtype.name().toLowerCase(Locale.ROOT));
    meta.put("shape", new int[] {length});
    meta.putAll(about);
    meta.put("labels", graph.labels() == null ? null : graph.labels().names());
    Map<Path, AtomicFiles.Content> pair = new LinkedHashMap<>();
    pair.put(file, channel -> {
      ByteBuffer[] parts = {header, data};
      while (header.hasRemaining() || data.hasRemaining()) {
        channel.write(parts);
      }
    });
    byte[] sidecar = Json.bytes(meta);
    pair.put(file.resolveSibling(file.getFileName() + ".json"), channel -> {
      ByteBuffer buffer = ByteBuffer.wrap(sidecar);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    });
    // both or neither: written one after the other, a stop or a failure between them left the new vector beside
    // the sidecar of an earlier run (its labels and measure), or the earlier vector deleted
    AtomicFiles.writeAll(pair);
  }
}
