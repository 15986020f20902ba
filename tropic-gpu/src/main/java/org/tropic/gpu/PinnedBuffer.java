package org.tropic.gpu;

import java.lang.foreign.MemorySegment;

/** Page-locked host memory from {@code cuMemHostAlloc}, as a segment; freed by {@link #close()}. */
public final class PinnedBuffer implements AutoCloseable {
  private final CudaDriver driver;
  private final MemorySegment segment;
  private boolean freed;

  PinnedBuffer(CudaDriver driver, MemorySegment segment) {
    this.driver = driver;
    this.segment = segment;
  }

  /** The memory; valid until {@link #close()}. */
  public MemorySegment segment() {
    return segment;
  }

  @Override
  public void close() {
    if (!freed) {
      freed = true;
      driver.freeHost(segment);
    }
  }
}
