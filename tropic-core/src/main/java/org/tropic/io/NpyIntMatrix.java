package org.tropic.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A square int32 {@code .npy} matrix mapped read-only, such as the optional predecessor store ({@code get(u, v)} is
 * the vertex before v on a shortest path from u, −1 for none). Values are returned as stored: validating n² of them
 * on open would defeat the mapping. Thread-safe for reads; {@link #close()} unmaps.
 */
public final class NpyIntMatrix implements AutoCloseable {
  private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  private final NpyMapping mapping;
  private final MemorySegment segment;
  private final long dataOffset;
  private final int n;

  private NpyIntMatrix(NpyMapping mapping) {
    this.mapping = mapping;
    this.segment = mapping.segment();
    this.dataOffset = mapping.header().dataOffset();
    this.n = mapping.n();
  }

  /**
   * Maps {@code npy}.
   *
   * @throws NpyFormatException if it is not a square {@code <i4} {@code .npy} of exactly header + n²×4 bytes
   */
  public static NpyIntMatrix open(Path npy) throws IOException {
    return new NpyIntMatrix(NpyMapping.open(npy, NpyHeader.Dtype.INT32));
  }

  /** The number of rows and columns n. */
  public int size() {
    return n;
  }

  /** The value at (u, v). */
  public int get(int u, int v) {
    Objects.checkIndex(u, n);
    Objects.checkIndex(v, n);
    return segment.get(INT_LE, dataOffset + ((long) u * n + v) * Integer.BYTES);
  }

  /** Copies row u into {@code dst[0..n)}. */
  public void copyRow(int u, int[] dst) {
    Objects.checkIndex(u, n);
    MemorySegment.copy(segment, INT_LE, dataOffset + (long) u * n * Integer.BYTES, dst, 0, n);
  }

  /** The mapping, for checks within the package. */
  NpyMapping mapping() {
    return mapping;
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
}
