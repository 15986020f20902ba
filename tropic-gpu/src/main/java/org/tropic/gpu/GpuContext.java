package org.tropic.gpu;

import java.lang.foreign.MemorySegment;

/**
 * An opened GPU: the device's primary context, current on the thread that opened it, and the factory for device
 * memory, pinned host memory, streams, events and the compiled kernels. All CUDA calls of one solve come from one
 * thread; a thread other than the opener calls {@link #makeCurrent()} first. {@link #close()} waits for the device
 * and releases the context; buffers and streams should be closed before it.
 */
public final class GpuContext implements AutoCloseable {
  final CudaDriver driver;
  private final GpuDevice device;
  private final int handle;
  private final MemorySegment context;
  private final KernelCompiler compiler;
  private MinPlusModule kernels;
  private boolean closed;

  GpuContext(CudaDriver driver, GpuDevice device, KernelCompiler compiler) {
    this.driver = driver;
    this.device = device;
    this.compiler = compiler;
    this.handle = driver.device(device.ordinal());
    this.context = driver.retainPrimaryContext(handle);
    try {
      driver.setCurrent(context);
    } catch (RuntimeException e) {
      driver.releasePrimaryContext(handle);
      throw e;
    }
  }

  public GpuDevice device() {
    return device;
  }

  /** Makes this context current on the calling thread. */
  public void makeCurrent() {
    driver.setCurrent(context);
  }

  /** Free and total device memory now, in bytes. */
  public long freeBytes() {
    return driver.memoryInfo()[0];
  }

  /** {@code bytes} of device memory (uninitialised). */
  public DeviceBuffer allocate(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("a device buffer needs a positive size, got " + bytes + " bytes");
    }
    return new DeviceBuffer(driver, driver.allocate(bytes), bytes);
  }

  /** {@code bytes} of page-locked host memory, which copies to and from the device can overlap kernels with. */
  public PinnedBuffer allocatePinned(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("a pinned buffer needs a positive size, got " + bytes + " bytes");
    }
    return new PinnedBuffer(driver, driver.allocateHost(bytes));
  }

  public CudaStream createStream() {
    return new CudaStream(driver, driver.createStream());
  }

  public CudaEvent createEvent() {
    return new CudaEvent(driver, driver.createEvent());
  }

  /** Waits until all work on the device has finished. */
  public void synchronize() {
    driver.synchronizeContext();
  }

  /** The min-plus kernels, compiled (or read from the cache) and loaded at the first call. */
  public MinPlusModule kernels() {
    if (kernels == null) {
      kernels = load(false);
    }
    return kernels;
  }

  /**
   * The kernels compiled with or without Hopper's DPX variant of the int32 path; DPX is used only where the device
   * and NVRTC support it ({@link MinPlusModule#dpx()} says whether it was).
   */
  public MinPlusModule load(boolean dpx) {
    KernelCompiler.KernelImage image = compiler.compile(KernelSource.minPlus(), device.capability(), dpx);
    return new MinPlusModule(driver, driver.loadModule(image.image()), image, device);
  }

  /** The NVRTC in use, for reports. */
  public String compilerVersion() {
    return compiler.nvrtcVersion();
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      // The context is released even when the wait or the module's unloading fails (a sticky device error).
      try {
        driver.setCurrent(context);
        driver.synchronizeContext();
      } finally {
        try {
          if (kernels != null) {
            kernels.close();
          }
        } finally {
          driver.releasePrimaryContext(handle);
        }
      }
    }
  }
}
