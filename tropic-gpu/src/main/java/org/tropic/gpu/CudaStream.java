package org.tropic.gpu;

import java.lang.foreign.MemorySegment;

/** A CUDA stream: work queued on it runs in order, and concurrently with other streams' work. */
public final class CudaStream implements AutoCloseable {
  private final CudaDriver driver;
  private final MemorySegment handle;
  private boolean destroyed;

  CudaStream(CudaDriver driver, MemorySegment handle) {
    this.driver = driver;
    this.handle = handle;
  }

  MemorySegment handle() {
    return handle;
  }

  /** Blocks until everything queued so far has finished. */
  public void synchronize() {
    driver.synchronizeStream(handle);
  }

  /**
   * After {@code failure} stopped the host mid-solve: blocks until the work already queued has finished, so that
   * what it reads and writes can be freed; a failure of the wait itself is attached to {@code failure}.
   */
  void synchronizeAfter(Throwable failure) {
    try {
      synchronize();
    } catch (RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  /** Makes later work on this stream wait for {@code event} (on the device; the host does not block). */
  public void waitFor(CudaEvent event) {
    driver.waitEvent(handle, event.handle());
  }

  @Override
  public void close() {
    if (!destroyed) {
      destroyed = true;
      driver.destroyStream(handle);
    }
  }
}
