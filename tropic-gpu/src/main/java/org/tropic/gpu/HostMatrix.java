package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.stream.IntStream;
import org.tropic.apsp.DistanceMatrix;
import org.tropic.graph.Graph;
import org.tropic.graph.VertexLabels;
import org.tropic.semiring.Arithmetic;

/**
 * An n×n distance matrix in off-heap host memory, row-major with the padded side N as its leading dimension: the
 * layout the GPU solver uploads and downloads in one piece (resident mode) and streams through the device (offload
 * mode). Off-heap because N² floats quickly outgrow a Java array (2³¹ elements) and the JVM heap. Padding rows and
 * columns hold +∞. While a solve runs it holds values in the solve's {@link Arithmetic} storage form; the solvers
 * leave float32 distances ({@link Int32Decode} on the int32 path). {@link #close()} frees the memory.
 */
public final class HostMatrix implements DistanceMatrix {
  private final int n;
  private final int padded;
  private final Arena arena;
  private final MemorySegment data;
  private final VertexLabels labels;
  private Boolean solvedOnUpperTriangle;

  /** An all-+∞ matrix (in {@code arithmetic}'s storage form) with a zero diagonal for the n real vertices. */
  public HostMatrix(int n, int padded, Arithmetic arithmetic, VertexLabels labels) {
    this(n, padded, labels);
    fill(arithmetic.infinity());
    float zero = arithmetic.encode(0f);
    for (int v = 0; v < n; v++) {
      set(v, v, zero);
    }
  }

  private HostMatrix(int n, int padded, VertexLabels labels) {
    if (n < 0 || padded < n) {
      throw new IllegalArgumentException("a host matrix of n = " + n + " padded to " + padded);
    }
    this.n = n;
    this.padded = padded;
    this.labels = labels;
    this.arena = Arena.ofShared();
    this.data = HostMemory.allocate((long) padded * padded * Float.BYTES, arena);
  }

  /** A matrix for a solve's distances to be copied into: all zero bits until they are, its pages touched. */
  static HostMatrix forResults(int n, int padded, VertexLabels labels) {
    HostMatrix m = new HostMatrix(n, padded, labels);
    HostMemory.fill(m.data, (byte) 0);
    return m;
  }

  @Override
  public Boolean solvedOnUpperTriangle() {
    return solvedOnUpperTriangle;
  }

  /** Records how the GPU solver filled this matrix. */
  void solvedOnUpperTriangle(boolean upper) {
    solvedOnUpperTriangle = upper;
  }

  /** The matrix of {@code graph}'s arcs: +∞, a zero diagonal, and the lightest arc for each pair. */
  public static HostMatrix ofArcs(Graph graph, int padded, Arithmetic arithmetic) {
    HostMatrix m = new HostMatrix(graph.vertexCount(), padded, arithmetic, graph.labels());
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int u = 0; u < graph.vertexCount(); u++) {
      for (int a = offsets[u]; a < offsets[u + 1]; a++) {
        int v = targets[a];
        m.set(u, v, arithmetic.encode(Math.min(arithmetic.decode(m.stored(u, v)), weights[a])));
      }
    }
    return m;
  }

  /** Every entry ← {@code value}: the first row, then copies of it, rows in parallel (N² floats take seconds). */
  private void fill(float value) {
    for (int j = 0; j < padded; j++) {
      data.setAtIndex(JAVA_FLOAT, j, value);
    }
    long rowBytes = (long) padded * Float.BYTES;
    IntStream.range(1, padded).parallel().forEach(i -> MemorySegment.copy(data, 0, data, i * rowBytes, rowBytes));
  }

  /** The whole padded matrix, N×N row-major. */
  public MemorySegment segment() {
    return data;
  }

  /** The padded side N, the leading dimension. */
  public int padded() {
    return padded;
  }

  /** The stored value at (u, v), in the solve's storage form. */
  public float stored(int u, int v) {
    return data.getAtIndex(JAVA_FLOAT, (long) u * padded + v);
  }

  void set(int u, int v, float value) {
    data.setAtIndex(JAVA_FLOAT, (long) u * padded + v, value);
  }




  @Override
  public int size() {
    return n;
  }

  @Override
  public float get(int u, int v) {
    return stored(u, v);
  }

  @Override
  public void copyRow(int u, float[] dst) {
    MemorySegment.copy(data, JAVA_FLOAT, (long) u * padded * Float.BYTES, dst, 0, n);
  }

  @Override
  public VertexLabels labels() {
    return labels;
  }

  @Override
  public void close() {
    if (arena.scope().isAlive()) {
      arena.close();
    }
  }
}
