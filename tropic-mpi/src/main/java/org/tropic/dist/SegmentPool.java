package org.tropic.dist;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Off-heap message buffers, reused by size. A solve needs only a few sizes (a diagonal tile, a row panel, a column
 * panel) and at most a few iterations' worth at once, so recycling them keeps native memory bounded by the
 * lookahead depth instead of growing with n/b. Thread-safe: compute threads take outgoing buffers, the MPI thread
 * incoming ones; everything is freed when the pool is closed.
 */
final class SegmentPool implements AutoCloseable {
  private final Arena arena = Arena.ofShared();
  private final Map<Long, ArrayDeque<MemorySegment>> free = new HashMap<>();
  private long allocatedBytes;
  private long peakInUseBytes;
  private long inUseBytes;

  synchronized MemorySegment acquire(long bytes) {
    ArrayDeque<MemorySegment> same = free.get(bytes);
    MemorySegment segment = same == null ? null : same.pollFirst();
    if (segment == null) {
      segment = arena.allocate(bytes, 64);
      allocatedBytes += bytes;
    }
    inUseBytes += bytes;
    peakInUseBytes = Math.max(peakInUseBytes, inUseBytes);
    return segment;
  }

  synchronized void release(MemorySegment segment) {
    inUseBytes -= segment.byteSize();
    free.computeIfAbsent(segment.byteSize(), size -> new ArrayDeque<>()).addFirst(segment);
  }

  /** Native bytes allocated so far (the pool's footprint). */
  synchronized long allocatedBytes() {
    return allocatedBytes;
  }

  /** The most bytes lent out at one time. */
  synchronized long peakInUseBytes() {
    return peakInUseBytes;
  }

  @Override
  public void close() {
    arena.close();
  }
}
