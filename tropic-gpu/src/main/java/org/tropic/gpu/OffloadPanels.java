package org.tropic.gpu;

/**
 * What the offload mode's outer product reads on the device for one pivot: the updated row panel R (b×N) and the
 * transposed column panel Cᵀ (b×N), and the event that marks them ready on the main stream. With lookahead there
 * are two sets: the next pivot's panels are computed into one while the chunks still read the other.
 */
record OffloadPanels(DeviceBuffer rows, DeviceBuffer columnsT, CudaEvent ready) implements AutoCloseable {

  /** A set of two b×N panels of {@code stripBytes} each; if one part cannot be made, those already made are freed. */
  static OffloadPanels open(GpuContext gpu, long stripBytes) {
    DeviceBuffer rows = gpu.allocate(stripBytes);
    DeviceBuffer columnsT = null;
    try {
      columnsT = gpu.allocate(stripBytes);
      return new OffloadPanels(rows, columnsT, gpu.createEvent());
    } catch (RuntimeException | Error e) {
      try (rows; DeviceBuffer made = columnsT) { // a null one is skipped
        throw e;
      }
    }
  }

  @Override
  public void close() {
    try (rows; columnsT; ready) {
      // closed in reverse order, each even when another fails
    }
  }
}
