package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The CUDA driver API ({@code libcuda.so.1}) through the Foreign Function &amp; Memory API: the calls Tropic makes,
 * each checked, with out-parameters turned into return values. Versioned entry points are bound by the names the CUDA
 * 12 and 13 headers map them to ({@code cuMemAlloc} is {@code cuMemAlloc_v2}, ...). Handles ({@code CUcontext},
 * {@code CUstream}, {@code CUevent}, {@code CUmodule}, {@code CUfunction}) are opaque pointers held as
 * {@link MemorySegment}s; device pointers ({@code CUdeviceptr}) are {@code long}s.
 *
 * <p>Every call needs the context current on the calling thread ({@link #setCurrent}); {@link GpuContext} does that.
 */
final class CudaDriver {
  /** The driver's file name; a system property may name another file. */
  static final String LIBRARY = "libcuda.so.1";
  static final String LIBRARY_PROPERTY = "tropic.cuda.library";

  static final int SUCCESS = 0;
  static final int ERROR_NO_DEVICE = 100;

  static final int ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
  static final int ATTRIBUTE_CLOCK_RATE_KHZ = 13;
  static final int ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
  static final int ATTRIBUTE_MEMORY_CLOCK_RATE_KHZ = 36;
  static final int ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37;
  static final int ATTRIBUTE_L2_CACHE_SIZE = 38;
  static final int ATTRIBUTE_ASYNC_ENGINE_COUNT = 40;
  static final int ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
  static final int ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
  static final int ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

  static final int FUNCTION_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
  static final int MEMHOSTALLOC_PORTABLE = 0x01;
  static final int STREAM_NON_BLOCKING = 0x1;
  static final int EVENT_DEFAULT = 0x0;

  final String path;
  private final MethodHandle init;
  private final MethodHandle driverGetVersion;
  private final MethodHandle deviceGetCount;
  private final MethodHandle deviceGet;
  private final MethodHandle deviceGetName;
  private final MethodHandle deviceGetAttribute;
  private final MethodHandle deviceTotalMem;
  private final MethodHandle primaryCtxRetain;
  private final MethodHandle primaryCtxRelease;
  private final MethodHandle ctxSetCurrent;
  private final MethodHandle ctxSynchronize;
  private final MethodHandle memGetInfo;
  private final MethodHandle memAlloc;
  private final MethodHandle memFree;
  private final MethodHandle memHostAlloc;
  private final MethodHandle memFreeHost;
  private final MethodHandle memcpyHtoDAsync;
  private final MethodHandle memcpyDtoHAsync;
  private final MethodHandle memcpyDtoDAsync;
  private final MethodHandle memsetD32Async;
  private final MethodHandle streamCreate;
  private final MethodHandle streamSynchronize;
  private final MethodHandle streamDestroy;
  private final MethodHandle streamWaitEvent;
  private final MethodHandle eventCreate;
  private final MethodHandle eventRecord;
  private final MethodHandle eventSynchronize;
  private final MethodHandle eventElapsedTime;
  private final MethodHandle eventDestroy;
  private final MethodHandle moduleLoadData;
  private final MethodHandle moduleUnload;
  private final MethodHandle moduleGetFunction;
  private final MethodHandle funcSetAttribute;
  private final MethodHandle launchKernel;
  private final MethodHandle getErrorName;
  private final MethodHandle getErrorString;

  private CudaDriver(SymbolLookup lib, String path) {
    this.path = path;
    Linker linker = Linker.nativeLinker();
    Binder bind = new Binder(linker, lib, path);
    init = bind.function("cuInit", JAVA_INT);
    driverGetVersion = bind.function("cuDriverGetVersion", ADDRESS);
    deviceGetCount = bind.function("cuDeviceGetCount", ADDRESS);
    deviceGet = bind.function("cuDeviceGet", ADDRESS, JAVA_INT);
    deviceGetName = bind.function("cuDeviceGetName", ADDRESS, JAVA_INT, JAVA_INT);
    deviceGetAttribute = bind.function("cuDeviceGetAttribute", ADDRESS, JAVA_INT, JAVA_INT);
    deviceTotalMem = bind.function("cuDeviceTotalMem_v2", ADDRESS, JAVA_INT);
    primaryCtxRetain = bind.function("cuDevicePrimaryCtxRetain", ADDRESS, JAVA_INT);
    primaryCtxRelease = bind.function("cuDevicePrimaryCtxRelease_v2", JAVA_INT);
    ctxSetCurrent = bind.function("cuCtxSetCurrent", ADDRESS);
    ctxSynchronize = bind.function("cuCtxSynchronize");
    memGetInfo = bind.function("cuMemGetInfo_v2", ADDRESS, ADDRESS);
    memAlloc = bind.function("cuMemAlloc_v2", ADDRESS, JAVA_LONG);
    memFree = bind.function("cuMemFree_v2", JAVA_LONG);
    memHostAlloc = bind.function("cuMemHostAlloc", ADDRESS, JAVA_LONG, JAVA_INT);
    memFreeHost = bind.function("cuMemFreeHost", ADDRESS);
    memcpyHtoDAsync = bind.function("cuMemcpyHtoDAsync_v2", JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS);
    memcpyDtoHAsync = bind.function("cuMemcpyDtoHAsync_v2", ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS);
    memcpyDtoDAsync = bind.function("cuMemcpyDtoDAsync_v2", JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS);
    memsetD32Async = bind.function("cuMemsetD32Async", JAVA_LONG, JAVA_INT, JAVA_LONG, ADDRESS);
    streamCreate = bind.function("cuStreamCreate", ADDRESS, JAVA_INT);
    streamSynchronize = bind.function("cuStreamSynchronize", ADDRESS);
    streamDestroy = bind.function("cuStreamDestroy_v2", ADDRESS);
    streamWaitEvent = bind.function("cuStreamWaitEvent", ADDRESS, ADDRESS, JAVA_INT);
    eventCreate = bind.function("cuEventCreate", ADDRESS, JAVA_INT);
    eventRecord = bind.function("cuEventRecord", ADDRESS, ADDRESS);
    eventSynchronize = bind.function("cuEventSynchronize", ADDRESS);
    // CUDA 12.8 added cuEventElapsedTime_v2 (same signature) and the headers map the plain name to it.
    eventElapsedTime = bind.firstOf(List.of("cuEventElapsedTime_v2", "cuEventElapsedTime"), ADDRESS, ADDRESS,
        ADDRESS);
    eventDestroy = bind.function("cuEventDestroy_v2", ADDRESS);
    moduleLoadData = bind.function("cuModuleLoadData", ADDRESS, ADDRESS);
    moduleUnload = bind.function("cuModuleUnload", ADDRESS);
    moduleGetFunction = bind.function("cuModuleGetFunction", ADDRESS, ADDRESS, ADDRESS);
    funcSetAttribute = bind.function("cuFuncSetAttribute", ADDRESS, JAVA_INT, JAVA_INT);
    launchKernel = bind.function("cuLaunchKernel", ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT,
        JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
    getErrorName = bind.function("cuGetErrorName", JAVA_INT, ADDRESS);
    getErrorString = bind.function("cuGetErrorString", JAVA_INT, ADDRESS);
  }

  /**
   * Loads the driver library (not yet {@code cuInit}).
   *
   * @throws GpuUnavailableException "no NVIDIA driver (libcuda.so.1) found" when the loader finds none
   */
  static CudaDriver load(NativeLibraryLoader loader) {
    String override = System.getProperty(LIBRARY_PROPERTY);
    List<String> candidates = override != null && !override.isBlank() ? List.of(override) : List.of(LIBRARY);
    NativeLibraryLoader.Loaded loaded = loader.first(candidates).orElseThrow(() -> new GpuUnavailableException(
        "no NVIDIA driver (" + String.join(", ", candidates) + ") found: the GPU needs the NVIDIA driver"
            + " installed and a CUDA-capable GPU (check with nvidia-smi)"));
    return new CudaDriver(loaded.lookup(), loaded.name());
  }

  // ---- initialisation and devices ----

  /** {@code cuInit(0)}; returns the raw result so that the caller can tell "no device" from other failures. */
  int initialise() {
    try {
      return (int) init.invokeExact(0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  int driverVersion() {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(JAVA_INT);
      check("cuDriverGetVersion", (int) driverGetVersion.invokeExact(out));
      return out.get(JAVA_INT, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  int deviceCount() {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(JAVA_INT);
      check("cuDeviceGetCount", (int) deviceGetCount.invokeExact(out));
      return out.get(JAVA_INT, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** The {@code CUdevice} handle (an int) of device {@code ordinal}. */
  int device(int ordinal) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(JAVA_INT);
      check("cuDeviceGet", (int) deviceGet.invokeExact(out, ordinal));
      return out.get(JAVA_INT, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  String deviceName(int device) {
    try (Arena a = Arena.ofConfined()) {
      int length = 256;
      MemorySegment out = a.allocate(length);
      check("cuDeviceGetName", (int) deviceGetName.invokeExact(out, length, device));
      return out.getString(0, StandardCharsets.UTF_8);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  int attribute(int attribute, int device) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(JAVA_INT);
      check("cuDeviceGetAttribute(" + attribute + ")", (int) deviceGetAttribute.invokeExact(out, attribute, device));
      return out.get(JAVA_INT, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  long totalMemory(int device) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(JAVA_LONG);
      check("cuDeviceTotalMem", (int) deviceTotalMem.invokeExact(out, device));
      return out.get(JAVA_LONG, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  // ---- context ----

  MemorySegment retainPrimaryContext(int device) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(ADDRESS);
      check("cuDevicePrimaryCtxRetain", (int) primaryCtxRetain.invokeExact(out, device));
      return out.get(ADDRESS, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void releasePrimaryContext(int device) {
    try {
      check("cuDevicePrimaryCtxRelease", (int) primaryCtxRelease.invokeExact(device));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void setCurrent(MemorySegment context) {
    try {
      check("cuCtxSetCurrent", (int) ctxSetCurrent.invokeExact(context));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void synchronizeContext() {
    try {
      check("cuCtxSynchronize", (int) ctxSynchronize.invokeExact());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** Free and total device memory in bytes, as {@code {free, total}}. */
  long[] memoryInfo() {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment free = a.allocate(JAVA_LONG);
      MemorySegment total = a.allocate(JAVA_LONG);
      check("cuMemGetInfo", (int) memGetInfo.invokeExact(free, total));
      return new long[] {free.get(JAVA_LONG, 0), total.get(JAVA_LONG, 0)};
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  // ---- memory ----

  long allocate(long bytes) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(JAVA_LONG);
      check("cuMemAlloc(" + bytes + " bytes)", (int) memAlloc.invokeExact(out, bytes));
      return out.get(JAVA_LONG, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void free(long devicePointer) {
    try {
      check("cuMemFree", (int) memFree.invokeExact(devicePointer));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** Page-locked host memory of {@code bytes}, usable by every context, as a segment of that size. */
  MemorySegment allocateHost(long bytes) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(ADDRESS);
      check("cuMemHostAlloc(" + bytes + " bytes)",
          (int) memHostAlloc.invokeExact(out, bytes, MEMHOSTALLOC_PORTABLE));
      return out.get(ADDRESS, 0).reinterpret(bytes);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void freeHost(MemorySegment host) {
    try {
      check("cuMemFreeHost", (int) memFreeHost.invokeExact(host));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void copyToDeviceAsync(long dst, MemorySegment src, long bytes, MemorySegment stream) {
    try {
      check("cuMemcpyHtoDAsync", (int) memcpyHtoDAsync.invokeExact(dst, src, bytes, stream));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void copyToHostAsync(MemorySegment dst, long src, long bytes, MemorySegment stream) {
    try {
      check("cuMemcpyDtoHAsync", (int) memcpyDtoHAsync.invokeExact(dst, src, bytes, stream));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void copyOnDeviceAsync(long dst, long src, long bytes, MemorySegment stream) {
    try {
      check("cuMemcpyDtoDAsync", (int) memcpyDtoDAsync.invokeExact(dst, src, bytes, stream));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** Sets {@code count} 32-bit words at {@code dst} to {@code value}. */
  void fillAsync(long dst, int value, long count, MemorySegment stream) {
    try {
      check("cuMemsetD32Async", (int) memsetD32Async.invokeExact(dst, value, count, stream));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  // ---- streams and events ----

  MemorySegment createStream() {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(ADDRESS);
      check("cuStreamCreate", (int) streamCreate.invokeExact(out, STREAM_NON_BLOCKING));
      return out.get(ADDRESS, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void synchronizeStream(MemorySegment stream) {
    try {
      check("cuStreamSynchronize", (int) streamSynchronize.invokeExact(stream));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void destroyStream(MemorySegment stream) {
    try {
      check("cuStreamDestroy", (int) streamDestroy.invokeExact(stream));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** Makes {@code stream} wait, on the device, until {@code event} has happened. */
  void waitEvent(MemorySegment stream, MemorySegment event) {
    try {
      check("cuStreamWaitEvent", (int) streamWaitEvent.invokeExact(stream, event, 0));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  MemorySegment createEvent() {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(ADDRESS);
      check("cuEventCreate", (int) eventCreate.invokeExact(out, EVENT_DEFAULT));
      return out.get(ADDRESS, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void recordEvent(MemorySegment event, MemorySegment stream) {
    try {
      check("cuEventRecord", (int) eventRecord.invokeExact(event, stream));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void synchronizeEvent(MemorySegment event) {
    try {
      check("cuEventSynchronize", (int) eventSynchronize.invokeExact(event));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** Milliseconds between two recorded, completed events. */
  float elapsedMillis(MemorySegment start, MemorySegment end) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(JAVA_FLOAT);
      check("cuEventElapsedTime", (int) eventElapsedTime.invokeExact(out, start, end));
      return out.get(JAVA_FLOAT, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void destroyEvent(MemorySegment event) {
    try {
      check("cuEventDestroy", (int) eventDestroy.invokeExact(event));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  // ---- modules and launches ----

  /** Loads a CUBIN or a NUL-terminated PTX image into the current context. */
  MemorySegment loadModule(byte[] image) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment data = a.allocate(image.length + 1L, 16);
      MemorySegment.copy(image, 0, data, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, image.length);
      MemorySegment out = a.allocate(ADDRESS);
      check("cuModuleLoadData", (int) moduleLoadData.invokeExact(out, data));
      return out.get(ADDRESS, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void unloadModule(MemorySegment module) {
    try {
      check("cuModuleUnload", (int) moduleUnload.invokeExact(module));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  MemorySegment function(MemorySegment module, String name) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(ADDRESS);
      check("cuModuleGetFunction(" + name + ")",
          (int) moduleGetFunction.invokeExact(out, module, a.allocateFrom(name)));
      return out.get(ADDRESS, 0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void setFunctionAttribute(MemorySegment function, int attribute, int value) {
    try {
      check("cuFuncSetAttribute(" + attribute + ")", (int) funcSetAttribute.invokeExact(function, attribute, value));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** Launches {@code function}; {@code parameters} is the {@code void**} array that {@link KernelArguments} built. */
  void launch(String name, MemorySegment function, int gridX, int gridY, int gridZ, int blockX, int blockY,
      int blockZ, int sharedBytes, MemorySegment stream, MemorySegment parameters) {
    try {
      check("cuLaunchKernel(" + name + ")", (int) launchKernel.invokeExact(function, gridX, gridY, gridZ, blockX,
          blockY, blockZ, sharedBytes, stream, parameters, MemorySegment.NULL));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  // ---- errors ----

  /** Throws a {@link CudaException} naming {@code call} unless {@code result} is {@code CUDA_SUCCESS}. */
  void check(String call, int result) {
    if (result != SUCCESS) {
      throw new CudaException(call, result, describe(getErrorName, result, "CUDA_ERROR_" + result),
          describe(getErrorString, result, "unknown error"));
    }
  }

  private static String describe(MethodHandle lookup, int result, String fallback) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment out = a.allocate(ADDRESS);
      int status = (int) lookup.invokeExact(result, out);
      MemorySegment text = out.get(ADDRESS, 0);
      return status == SUCCESS && !text.equals(MemorySegment.NULL) ? text.reinterpret(4096).getString(0) : fallback;
    } catch (Throwable t) {
      return fallback;
    }
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException re) {
      throw re;
    }
    if (t instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException("CUDA driver call failed", t);
  }

  /** Binds functions that return {@code CUresult} (an int); a missing symbol means a driver too old for Tropic. */
  private record Binder(Linker linker, SymbolLookup lib, String path) {
    MethodHandle function(String name, MemoryLayout... arguments) {
      return firstOf(List.of(name), arguments);
    }

    MethodHandle firstOf(List<String> names, MemoryLayout... arguments) {
      for (String name : names) {
        var address = lib.find(name);
        if (address.isPresent()) {
          return linker.downcallHandle(address.get(), FunctionDescriptor.of(JAVA_INT, arguments));
        }
      }
      throw new GpuUnavailableException("the NVIDIA driver " + path + " lacks " + String.join(" and ", names)
          + ": it is too old for Tropic; install a driver for CUDA 12 or newer");
    }
  }
}
