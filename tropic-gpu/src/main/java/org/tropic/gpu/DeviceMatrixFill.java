package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * Makes a graph's padded N×N distance matrix in device memory, where the resident solver needs it: +∞ with a zero
 * diagonal, then the lightest arc of each pair, exactly the values of {@link HostMatrix#ofArcs}. Only the arcs
 * travel (12 bytes an arc), not N² floats, and no host thread spends seconds filling them: at n = 32,768 that is
 * 4 GiB the host neither writes nor uploads. The arcs go up in batches of whole rows, so their device buffers stay
 * small beside the matrix whatever the graph's size.
 */
final class DeviceMatrixFill {
  /** Arcs per upload batch (a row with more goes up alone): 12 MiB of device buffers. */
  static final int BATCH_ARCS = 1 << 20;

  private DeviceMatrixFill() {}

  /**
   * Queues on {@code stream} the fill of {@code d} (N = {@code nn}) and the arcs of {@code graph}, and waits for
   * them, so the batch buffers can be freed.
   */
  static void fill(GpuContext gpu, MinPlusModule kernels, Arithmetic arithmetic, Graph graph, DeviceBuffer d, int nn,
      CudaStream stream) {
    fill(gpu, kernels, arithmetic, graph, d, nn, stream, BATCH_ARCS);
  }

  /** {@link #fill} with batches of {@code batchArcs} arcs (tests cut small graphs into many batches). */
  static void fill(GpuContext gpu, MinPlusModule kernels, Arithmetic arithmetic, Graph graph, DeviceBuffer d, int nn,
      CudaStream stream, int batchArcs) {
    int n = graph.vertexCount();
    kernels.fill(stream, arithmetic, nn, n, d.address());
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    int capacity = Math.min(Math.max(batchArcs, widestRow(offsets)), offsets[n]);
    if (capacity == 0) {
      stream.synchronize();
      return;
    }
    int rowCapacity = Math.min(n, capacity);
    try (Arena arena = Arena.ofConfined();
        DeviceBuffer rowStarts = gpu.allocate((long) (rowCapacity + 1) * Integer.BYTES);
        DeviceBuffer arcTargets = gpu.allocate((long) capacity * Integer.BYTES);
        DeviceBuffer arcValues = gpu.allocate((long) capacity * Float.BYTES)) {
      MemorySegment hostStarts = arena.allocate(JAVA_INT, rowCapacity + 1L);
      MemorySegment hostTargets = arena.allocate(JAVA_INT, capacity);
      MemorySegment hostValues = arena.allocate(JAVA_FLOAT, capacity);
      try {
        int row0 = 0;
        while (row0 < n) {
          int row1 = row0 + 1;
          while (row1 < n && row1 - row0 < rowCapacity && offsets[row1 + 1] - offsets[row0] <= capacity) {
            row1++;
          }
          int arc0 = offsets[row0];
          int arcs = offsets[row1] - arc0;
          MemorySegment.copy(offsets, row0, hostStarts, JAVA_INT, 0, row1 - row0 + 1);
          MemorySegment.copy(targets, arc0, hostTargets, JAVA_INT, 0, arcs);
          for (int a = 0; a < arcs; a++) {
            hostValues.setAtIndex(JAVA_FLOAT, a, arithmetic.encode(weights[arc0 + a]));
          }
          // Uploads from pageable memory have read it when they return, so the next batch may overwrite it.
          rowStarts.upload(hostStarts, 0, (long) (row1 - row0 + 1) * Integer.BYTES, stream);
          if (arcs > 0) {
            arcTargets.upload(hostTargets, 0, (long) arcs * Integer.BYTES, stream);
            arcValues.upload(hostValues, 0, (long) arcs * Float.BYTES, stream);
            kernels.addArcs(stream, arithmetic, rowStarts.address(), arcTargets.address(), arcValues.address(),
                arc0, row0, row1 - row0, d.address(), nn);
          }
          row0 = row1;
        }
        stream.synchronize();
      } catch (RuntimeException | Error e) {
        stream.synchronizeAfter(e); // before the batch buffers are freed under queued work
        throw e;
      }
    }
  }

  private static int widestRow(int[] offsets) {
    int widest = 0;
    for (int u = 0; u + 1 < offsets.length; u++) {
      widest = Math.max(widest, offsets[u + 1] - offsets[u]);
    }
    return widest;
  }
}
