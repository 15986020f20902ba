package org.tropic.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.graph.DuplicateLabelException;
import org.tropic.graph.VertexLabels;

/**
 * A stored distance matrix ({@code OUT.npy}, float32) mapped read-only into memory, so queries read only the pages
 * they touch and a matrix larger than the heap (or than 2 GiB) still opens at once. {@link #get} and
 * {@link #copyRow} are O(1) and O(n) reads of the mapping; the operating system's page cache does the rest.
 * Safe to read from many threads; {@link #close()} unmaps, after which reads throw {@link IllegalStateException}.
 */
public final class NpyDistanceMatrix implements DistanceMatrix {
  private static final ValueLayout.OfFloat FLOAT_LE =
      ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  private final NpyMapping mapping;
  private final MemorySegment segment;
  private final long dataOffset;
  private final int n;
  private final VertexLabels labels;
  private final Sidecar sidecar;

  private NpyDistanceMatrix(NpyMapping mapping, VertexLabels labels, Sidecar sidecar) {
    this.mapping = mapping;
    this.segment = mapping.segment();
    this.dataOffset = mapping.header().dataOffset();
    this.n = mapping.n();
    this.labels = labels;
    this.sidecar = sidecar;
  }

  /**
   * Opens a result Tropic wrote: {@code npy} and its sidecar {@code npy.json}, whose n must match the matrix.
   *
   * @throws java.nio.file.NoSuchFileException if either file is missing (a missing sidecar means an interrupted
   *     write or a file from elsewhere: see {@link #openWithoutSidecar})
   * @throws NpyFormatException if the file is not a square float32 {@code .npy} of exactly header + n²×4 bytes, or
   *     its size or the checksum of its sampled rows ({@link Sidecar.Checksums}) disagrees with the sidecar
   */
  public static NpyDistanceMatrix open(Path npy) throws IOException {
    Path sidecarFile = Sidecar.pathFor(npy);
    Sidecar sidecar;
    try {
      sidecar = Sidecar.read(sidecarFile);
    } catch (NoSuchFileException e) {
      refuseNonNpy(npy); // a graph file given for the result was told of an "interrupted write"
      throw e;
    }
    NpyMapping mapping = NpyMapping.open(npy, NpyHeader.Dtype.FLOAT32);
    try {
      if (sidecar.n() != mapping.n()) {
        throw new NpyFormatException(npy, "the matrix is " + mapping.n() + "×" + mapping.n() + " but its sidecar "
            + sidecarFile.getFileName() + " records n=" + sidecar.n() + "; the two files do not belong together");
      }
      SampledRowsChecksum.check(mapping, sidecar.checksums() == null ? null : sidecar.checksums().distances(),
          sidecarFile);
      return new NpyDistanceMatrix(mapping, labels(sidecar, sidecarFile), sidecar);
    } catch (IOException | RuntimeException e) {
      mapping.arena().close();
      throw e;
    }
  }

  /** Refuses a file that is there but no {@code .npy} at all, e.g. the graph where its result was meant. */
  private static void refuseNonNpy(Path npy) throws IOException {
    if (!Files.isRegularFile(npy)) {
      return;
    }
    byte[] start = new byte[6];
    int read;
    try (var in = Files.newInputStream(npy)) {
      read = in.readNBytes(start, 0, start.length);
    }
    if (read < start.length || start[0] != (byte) 0x93 || !"NUMPY".equals(new String(start, 1, 5,
        StandardCharsets.ISO_8859_1))) {
      throw new NpyFormatException(npy, "not a NumPy .npy file, so not a result of 'tropic apsp -o' (a graph file?"
          + " solve it first: tropic apsp GRAPH -o OUT.npy)");
    }
  }

  /** The sidecar's labels, a repeated one refused as a fault of that file (edited, or from another result). */
  private static VertexLabels labels(Sidecar sidecar, Path sidecarFile) throws NpyFormatException {
    try {
      return sidecar.vertexLabels();
    } catch (DuplicateLabelException e) {
      throw new NpyFormatException(sidecarFile, "\"labels\" repeats '" + e.label() + "' (entries "
          + e.firstId() + " and " + e.secondId() + ", counting from 0), but each vertex needs its own label; the"
          + " sidecar was edited or belongs to another result");
    }
  }

  /**
   * Opens a square float32 {@code .npy} that has no sidecar (e.g. one NumPy wrote), with the labels given.
   *
   * @param labels vertex names, or {@code null} when ids are the names
   */
  public static NpyDistanceMatrix openWithoutSidecar(Path npy, VertexLabels labels) throws IOException {
    NpyMapping mapping = NpyMapping.open(npy, NpyHeader.Dtype.FLOAT32);
    if (labels != null && labels.size() != mapping.n()) {
      mapping.arena().close();
      throw new IllegalArgumentException(labels.size() + " labels for the " + mapping.n() + "×" + mapping.n()
          + " matrix " + npy);
    }
    return new NpyDistanceMatrix(mapping, labels, null);
  }

  @Override
  public int size() {
    return n;
  }

  @Override
  public float get(int u, int v) {
    Objects.checkIndex(u, n);
    Objects.checkIndex(v, n);
    return segment.get(FLOAT_LE, dataOffset + ((long) u * n + v) * Float.BYTES);
  }

  @Override
  public void copyRow(int u, float[] dst) {
    Objects.checkIndex(u, n);
    MemorySegment.copy(segment, FLOAT_LE, dataOffset + (long) u * n * Float.BYTES, dst, 0, n);
  }

  @Override
  public VertexLabels labels() {
    return labels;
  }

  /** The sidecar this matrix was opened with, or {@code null} if opened without one. */
  public Sidecar sidecar() {
    return sidecar;
  }

  /**
   * Opens the predecessor matrix the sidecar names (a sibling file), checking it is n×n and, where the sidecar
   * records one, that its checksum matches.
   *
   * @throws IllegalStateException if this result has no predecessor file
   */
  public NpyIntMatrix openPredecessors() throws IOException {
    if (sidecar == null || sidecar.predecessors() == null) {
      throw new IllegalStateException(mapping.file() + " was stored without predecessors (write them with"
          + " DistanceStore.write(distances, predecessors, ...))");
    }
    NpyIntMatrix predecessors = NpyIntMatrix.open(mapping.file().resolveSibling(sidecar.predecessors()));
    try {
      if (predecessors.size() != n) {
        throw new NpyFormatException(predecessors.file(), "the predecessor matrix is " + predecessors.size() + "×"
            + predecessors.size() + " but the distances in " + mapping.file().getFileName() + " are " + n + "×" + n);
      }
      SampledRowsChecksum.check(predecessors.mapping(),
          sidecar.checksums() == null ? null : sidecar.checksums().predecessors(), Sidecar.pathFor(file()));
      return predecessors;
    } catch (IOException | RuntimeException e) {
      predecessors.close();
      throw e;
    }
  }

  /** The mapped file. */
  public Path file() {
    return mapping.file();
  }

  /** Unmaps the file. Idempotent. */
  @Override
  public synchronized void close() {
    if (mapping.arena().scope().isAlive()) {
      mapping.arena().close();
    }
  }

  @Override
  public String toString() {
    return "NpyDistanceMatrix[" + mapping.file() + ", n=" + n + "]";
  }
}
