package org.tropic.gpu;

/**
 * The way in: {@link #probe()} tells whether a GPU can be used here (and why not), {@link #open()} opens it. The
 * driver is loaded and initialised once per process; when it is missing, when it reports no device, or when NVRTC
 * is missing, both say so in one line and nothing else in Tropic changes.
 *
 * <p>The device is number 0 among those visible ({@code CUDA_VISIBLE_DEVICES}), or {@code -Dtropic.cuda.device=N}.
 */
public final class Gpu {
  static final String DEVICE_PROPERTY = "tropic.cuda.device";

  /** Whether a GPU can be used; {@code device} is null when not. */
  public record GpuProbe(boolean available, String description, GpuDevice device) {}

  private static final class Standard {
    static final GpuProbe PROBE = probe(NativeLibraryLoader.SYSTEM);
  }

  private Gpu() {}

  /** The probe of this machine, done once per process; never throws. */
  public static GpuProbe probe() {
    return Standard.PROBE;
  }

  /**
   * Probes with {@code loader}: loads the driver, initialises it, reads device 0 and checks that NVRTC loads.
   * Never throws; an unavailable result's description says what is missing.
   */
  public static GpuProbe probe(NativeLibraryLoader loader) {
    try {
      CudaDriver driver = initialisedDriver(loader);
      GpuDevice device = readDevice(driver, deviceOrdinal(driver));
      Nvrtc.load(loader, driver.driverVersion() / 1000);
      return new GpuProbe(true, device.describe(), device);
    } catch (GpuUnavailableException e) {
      return new GpuProbe(false, e.getMessage(), null);
    } catch (RuntimeException | LinkageError e) {
      return new GpuProbe(false, "the GPU cannot be used: " + e, null);
    }
  }

  /**
   * Opens the device for work: retains its primary context and makes it current on this thread.
   *
   * @throws GpuUnavailableException if no GPU can be used, with the probe's message
   */
  public static GpuContext open() {
    return open(NativeLibraryLoader.SYSTEM, KernelBinaryCache.standard());
  }

  static GpuContext open(NativeLibraryLoader loader, KernelBinaryCache cache) {
    CudaDriver driver = initialisedDriver(loader);
    GpuDevice device = readDevice(driver, deviceOrdinal(driver));
    Nvrtc nvrtc = Nvrtc.load(loader, driver.driverVersion() / 1000);
    return new GpuContext(driver, device, new KernelCompiler(nvrtc, cache));
  }

  /** Loads the driver and runs {@code cuInit}, telling "no device" apart from other failures. */
  static CudaDriver initialisedDriver(NativeLibraryLoader loader) {
    CudaDriver driver = CudaDriver.load(loader);
    int result = driver.initialise();
    if (result == CudaDriver.ERROR_NO_DEVICE) {
      throw new GpuUnavailableException("no CUDA device: the NVIDIA driver (" + driver.path
          + ") is installed but reports no GPU (check nvidia-smi and CUDA_VISIBLE_DEVICES)");
    }
    if (result != CudaDriver.SUCCESS) {
      try {
        driver.check("cuInit", result);
      } catch (CudaException e) {
        throw new GpuUnavailableException("the NVIDIA driver (" + driver.path + ") did not initialise: "
            + e.getMessage(), e);
      }
    }
    if (driver.deviceCount() == 0) {
      throw new GpuUnavailableException("no CUDA device: the NVIDIA driver (" + driver.path
          + ") reports none (check nvidia-smi and CUDA_VISIBLE_DEVICES)");
    }
    return driver;
  }

  private static int deviceOrdinal(CudaDriver driver) {
    String wanted = System.getProperty(DEVICE_PROPERTY);
    int ordinal = 0;
    if (wanted != null && !wanted.isBlank()) {
      try {
        ordinal = Integer.parseInt(wanted.strip());
      } catch (NumberFormatException e) {
        throw new GpuUnavailableException("-D" + DEVICE_PROPERTY + "=" + wanted + " is not a device number");
      }
    }
    int count = driver.deviceCount();
    if (ordinal < 0 || ordinal >= count) {
      throw new GpuUnavailableException("no CUDA device " + ordinal + ": the driver reports " + count);
    }
    return ordinal;
  }

  static GpuDevice readDevice(CudaDriver driver, int ordinal) {
    int d = driver.device(ordinal);
    var capability = new ComputeCapability(driver.attribute(CudaDriver.ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, d),
        driver.attribute(CudaDriver.ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, d));
    return new GpuDevice(ordinal, driver.deviceName(d), capability,
        driver.attribute(CudaDriver.ATTRIBUTE_MULTIPROCESSOR_COUNT, d),
        driver.attribute(CudaDriver.ATTRIBUTE_CLOCK_RATE_KHZ, d), driver.totalMemory(d),
        driver.attribute(CudaDriver.ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, d),
        driver.attribute(CudaDriver.ATTRIBUTE_ASYNC_ENGINE_COUNT, d),
        driver.attribute(CudaDriver.ATTRIBUTE_L2_CACHE_SIZE, d));
  }
}
