package org.tropic.gpu;

import java.lang.foreign.MemorySegment;

/** A CUDA event: a point in a stream that the host can wait for and time. */
public final class CudaEvent implements AutoCloseable {
  private final CudaDriver driver;
  private final MemorySegment handle;
  private boolean destroyed;

  CudaEvent(CudaDriver driver, MemorySegment handle) {
    this.driver = driver;
    this.handle = handle;
  }

  MemorySegment handle() {
    return handle;
  }

  /** Marks the current end of {@code stream}'s queue. */
  public void record(CudaStream stream) {
    driver.recordEvent(handle, stream.handle());
  }

  /** Blocks until the work before the recorded point has finished. */
  public void synchronize() {
    driver.synchronizeEvent(handle);
  }

  /** Seconds from {@code start} to this event, both recorded and finished. */
  public double secondsSince(CudaEvent start) {
    return driver.elapsedMillis(start.handle, handle) / 1e3;
  }

  @Override
  public void close() {
    if (!destroyed) {
      destroyed = true;
      driver.destroyEvent(handle);
    }
  }
}
