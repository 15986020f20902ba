package org.tropic.cli.sparse;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.tropic.analytics.SparseGraph;

/**
 * Writes a per-vertex vector as a NumPy {@code .npy} file (format 1.0, little-endian, header padded to 64 bytes)
 * plus a JSON sidecar {@code FILE.json} with what it is and the vertex labels, each through a temporary file and an
 * atomic rename.
 */
final class NpyWriter {
  private static final ObjectMapper JSON = new ObjectMapper();

  private NpyWriter() {}

  static void write(Path file, double[] values, SparseGraph graph, Map<String, Object> about) throws IOException {
    ByteBuffer data = ByteBuffer.allocate(values.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    data.asDoubleBuffer().put(values);
    writeArray(file, "<f8", values.length, data.array());
    writeSidecar(file, "float64", values.length, graph, about);
  }

  static void write(Path file, int[] values, SparseGraph graph, Map<String, Object> about) throws IOException {
    ByteBuffer data = ByteBuffer.allocate(values.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    data.asIntBuffer().put(values);
    writeArray(file, "<i4", values.length, data.array());
    writeSidecar(file, "int32", values.length, graph, about);
  }

  private static void writeArray(Path file, String dtype, int length, byte[] data) throws IOException {
    String dict = "{'descr': '" + dtype + "', 'fortran_order': False, 'shape': (" + length + ",), }";
    int unpadded = 10 + dict.length() + 1;
    int padded = (unpadded + 63) / 64 * 64;
    String header = dict + " ".repeat(padded - unpadded) + "\n";
    ByteBuffer preamble = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    preamble.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 0)
        .putShort((short) header.length());
    atomically(file, out -> {
      out.write(preamble.array());
      out.write(header.getBytes(StandardCharsets.US_ASCII));
      out.write(data);
    });
  }

  private static void writeSidecar(Path file, String dtype, int length, SparseGraph graph, Map<String, Object> about)
      throws IOException {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("dtype", dtype);
    meta.put("shape", new int[] {length});
    meta.putAll(about);
    meta.put("labels", graph.labels() == null ? null : graph.labels().names());
    byte[] json = JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(meta);
    atomically(file.resolveSibling(file.getFileName() + ".json"), out -> out.write(json));
  }

  @FunctionalInterface
  private interface Writing {
    void to(OutputStream out) throws IOException;
  }

  private static void atomically(Path target, Writing body) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, target.getFileName() + ".", ".tmp");
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        body.to(out);
      }
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
