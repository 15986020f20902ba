package org.tropic.gpu;

/**
 * One stream's share of the offload mode's outer product: its stream, the device buffer its kernels write, the
 * pinned buffer that buffer is copied to, and the event that marks the copy done.
 */
record OffloadLane(CudaStream stream, DeviceBuffer result, PinnedBuffer copy, CudaEvent copied)
    implements AutoCloseable {

  /** A lane with buffers of {@code bytes}; if one part cannot be made, those already made are freed. */
  static OffloadLane open(GpuContext gpu, long bytes) {
    CudaStream stream = gpu.createStream();
    DeviceBuffer result = null;
    PinnedBuffer copy = null;
    try {
      result = gpu.allocate(bytes);
      copy = gpu.allocatePinned(bytes);
      return new OffloadLane(stream, result, copy, gpu.createEvent());
    } catch (RuntimeException | Error e) {
      try (stream; DeviceBuffer made = result; PinnedBuffer pinned = copy) { // null ones are skipped
        throw e;
      }
    }
  }

  /** Waits for the lane's stream, then frees all of it, even when the wait fails. */
  @Override
  public void close() {
    try (stream; result; copy; copied) {
      stream.synchronize();
    }
  }
}
