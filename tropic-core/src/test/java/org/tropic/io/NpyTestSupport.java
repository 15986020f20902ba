package org.tropic.io;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.tropic.apsp.RowDistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.graph.VertexLabels;

/** Test matrices with awkward values, an independent raw little-endian encoder, and a NumPy subprocess runner. */
final class NpyTestSupport {
  /** Values a store must keep bit for bit: infinities, zeros of both signs, subnormals, extremes. */
  static final float[] SPECIAL = {
    Float.POSITIVE_INFINITY, 0f, -0f, Float.MIN_VALUE, 1e-40f, -1e-42f, Float.MIN_NORMAL, Float.MAX_VALUE,
    -Float.MAX_VALUE, 1f, -3.5f, Float.NEGATIVE_INFINITY, Math.nextUp(1f), 16_777_217f
  };

  private NpyTestSupport() {}

  /** An n×n matrix mixing random finite floats and {@link #SPECIAL} values, reproducible from the seed. */
  static RowDistanceMatrix randomMatrix(int n, long seed, VertexLabels labels) {
    Random random = new Random(seed);
    RowDistanceMatrix matrix = new RowDistanceMatrix(n, labels);
    for (int u = 0; u < n; u++) {
      float[] row = matrix.row(u);
      for (int v = 0; v < n; v++) {
        row[v] = random.nextInt(4) == 0 ? SPECIAL[random.nextInt(SPECIAL.length)]
            : (float) (random.nextGaussian() * Math.pow(10, random.nextInt(20) - 10));
      }
    }
    return matrix;
  }

  /** The matrix as raw little-endian float32 bytes, encoded value by value (not through the code under test). */
  static byte[] rawLittleEndian(RowDistanceMatrix matrix) {
    int n = matrix.size();
    byte[] bytes = new byte[n * n * 4];
    int at = 0;
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        int bits = Float.floatToRawIntBits(matrix.get(u, v));
        for (int shift = 0; shift < 32; shift += 8) {
          bytes[at++] = (byte) (bits >>> shift);
        }
      }
    }
    return bytes;
  }

  /** Decodes raw little-endian float32 bytes. */
  static float[] floatsOf(byte[] raw) {
    float[] values = new float[raw.length / 4];
    ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
    return values;
  }

  /** A small labelled graph: a path 0→1→…→n−1 with the given weight. */
  static Graph pathGraph(int n, float weight, boolean labelled) {
    int arcs = Math.max(0, n - 1);
    int[] offsets = new int[n + 1];
    int[] targets = new int[arcs];
    float[] weights = new float[arcs];
    for (int u = 0; u < n; u++) {
      offsets[u + 1] = offsets[u] + (u < n - 1 ? 1 : 0);
      if (u < n - 1) {
        targets[u] = u + 1;
        weights[u] = weight;
      }
    }
    VertexLabels labels = null;
    if (labelled) {
      List<String> names = new ArrayList<>();
      for (int u = 0; u < n; u++) {
        names.add("C" + String.format("%07d", u * 37));
      }
      labels = VertexLabels.of(names);
    }
    return new Graph(offsets, targets, weights, labels, false);
  }

  /** Predecessor rows {@code (u·k + v) mod n}, −1 on the diagonal: a different matrix for each k. */
  static DistanceStore.IntRowSource predecessors(int n, int k) {
    return new DistanceStore.IntRowSource() {
      @Override
      public int size() {
        return n;
      }

      @Override
      public void copyRow(int u, int[] dst) {
        for (int v = 0; v < n; v++) {
          dst[v] = u == v ? -1 : (u * k + v) % n;
        }
      }
    };
  }

  /** A sidecar for an n-vertex result with no graph behind it (fingerprint given). */
  static Sidecar sidecar(int n, VertexLabels labels) {
    return new Sidecar(Sidecar.FORMAT_VERSION, n, "00000000000000aa",
        new Sidecar.GraphInput("graphs/test.mtx", "MATRIX_MARKET", false, null),
        new Sidecar.Options("fw", "auto", 64, 2), "exact-float", Map.of("solve", 0.25),
        Sidecar.Machine.current(), "2025-01-02T03:04:05Z", null, labels == null ? null : labels.names(), null,
        null);
  }

  /** Names of the files in a directory, sorted. */
  static List<String> listing(Path directory) throws IOException {
    try (var files = Files.list(directory)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * Runs a Python script with numpy, skipping the test (with the reason) where python3 or numpy is missing.
   *
   * @return the script's standard output; a failing script fails the test with its output
   */
  static String python(String script, String... args) throws IOException, InterruptedException {
    assumeTrue(numpyAvailable(), "python3 with numpy is not available on PATH; NumPy interoperability not checked");
    List<String> command = new ArrayList<>(List.of("python3", "-c", script));
    command.addAll(List.of(args));
    Result result = run(command);
    if (result.exitCode != 0) {
      throw new AssertionError("python3 failed (exit " + result.exitCode + "):\n" + result.output);
    }
    return result.output;
  }

  private static Boolean numpy;

  private static synchronized boolean numpyAvailable() {
    if (numpy == null) {
      try {
        numpy = run(List.of("python3", "-c", "import numpy")).exitCode == 0;
      } catch (IOException | InterruptedException e) {
        numpy = false;
      }
    }
    return numpy;
  }

  private record Result(int exitCode, String output) {}

  /** Runs a command; stdout is the result, stderr (warnings, tracebacks) is kept only for failure messages. */
  private static Result run(List<String> command) throws IOException, InterruptedException {
    Path errors = Files.createTempFile("tropic-python", ".err");
    try {
      Process process = new ProcessBuilder(command).redirectError(errors.toFile()).start();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("python3 did not finish: " + command);
      }
      String stdout = new String(output, StandardCharsets.UTF_8);
      return process.exitValue() == 0 ? new Result(0, stdout)
          : new Result(process.exitValue(), stdout + Files.readString(errors));
    } finally {
      Files.deleteIfExists(errors);
    }
  }
}
