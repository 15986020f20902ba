package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * NVRTC, NVIDIA's run-time CUDA C++ compiler ({@code libnvrtc.so.13}, {@code .12}, or CUDA 11's {@code .11.2}),
 * through the Foreign Function &amp; Memory API. It needs no GPU and no driver, so it is tested on any machine that
 * has it. Compiles one source to a CUBIN for a real architecture ({@code sm_90}) or to PTX for a virtual one
 * ({@code compute_90}), and returns the compiler's log either way.
 */
final class Nvrtc {
  static final String LIBRARY_PROPERTY = "tropic.nvrtc.library";
  static final List<String> NAMES = List.of("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2", "libnvrtc.so");

  private static final int SUCCESS = 0;

  final String path;
  private final MethodHandle version;
  private final MethodHandle getNumSupportedArchs;
  private final MethodHandle getSupportedArchs;
  private final MethodHandle createProgram;
  private final MethodHandle compileProgram;
  private final MethodHandle destroyProgram;
  private final MethodHandle getCubinSize;
  private final MethodHandle getCubin;
  private final MethodHandle getPtxSize;
  private final MethodHandle getPtx;
  private final MethodHandle getProgramLogSize;
  private final MethodHandle getProgramLog;
  private final MethodHandle getErrorString;

  /** The output of one compilation: the binary (CUBIN, or PTX with a trailing NUL) and the compiler's log. */
  record Output(byte[] image, boolean cubin, String log) {}

  private Nvrtc(SymbolLookup lib, String path) {
    this.path = path;
    Linker linker = Linker.nativeLinker();
    Binder bind = new Binder(linker, lib, path);
    version = bind.function("nvrtcVersion", ADDRESS, ADDRESS);
    getNumSupportedArchs = bind.function("nvrtcGetNumSupportedArchs", ADDRESS);
    getSupportedArchs = bind.function("nvrtcGetSupportedArchs", ADDRESS);
    // nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name, int numHeaders,
    //     const char * const *headers, const char * const *includeNames)
    createProgram = bind.function("nvrtcCreateProgram", ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
    compileProgram = bind.function("nvrtcCompileProgram", ADDRESS, JAVA_INT, ADDRESS);
    destroyProgram = bind.function("nvrtcDestroyProgram", ADDRESS);
    getCubinSize = bind.function("nvrtcGetCUBINSize", ADDRESS, ADDRESS);
    getCubin = bind.function("nvrtcGetCUBIN", ADDRESS, ADDRESS);
    getPtxSize = bind.function("nvrtcGetPTXSize", ADDRESS, ADDRESS);
    getPtx = bind.function("nvrtcGetPTX", ADDRESS, ADDRESS);
    getProgramLogSize = bind.function("nvrtcGetProgramLogSize", ADDRESS, ADDRESS);
    getProgramLog = bind.function("nvrtcGetProgramLog", ADDRESS, ADDRESS);
    var errorString = lib.find("nvrtcGetErrorString").orElseThrow(() -> Binder.missing(path, "nvrtcGetErrorString"));
    getErrorString = linker.downcallHandle(errorString, FunctionDescriptor.of(ADDRESS, JAVA_INT));
  }

  /** {@link #load(NativeLibraryLoader, int)} for any driver. */
  static Nvrtc load(NativeLibraryLoader loader) {
    return load(loader, Integer.MAX_VALUE);
  }

  /**
   * Loads NVRTC: a file named by {@code -Dtropic.nvrtc.library}, else the versioned names through the dynamic
   * loader, else the toolkit's usual folders ({@code $CUDA_HOME/lib64}, {@code /usr/local/cuda*}/lib64). Versions
   * no newer than the driver ({@code cuDriverGetVersion} / 1000) come first: a driver does not load PTX of a newer
   * CUDA, so a machine with a CUDA 12 driver and both NVRTCs must compile with the 12.
   *
   * @throws GpuUnavailableException naming the places looked in when none loads
   */
  static Nvrtc load(NativeLibraryLoader loader, int driverMajor) {
    List<String> candidates = candidates(driverMajor);
    NativeLibraryLoader.Loaded loaded = loader.first(candidates).orElseThrow(() -> new GpuUnavailableException(
        "no NVRTC library (libnvrtc.so.13, .12 or .11.2) found, needed to compile Tropic's GPU kernels: install the"
            + " CUDA toolkit's NVRTC (e.g. cuda-nvrtc-13-0, or Debian's libnvrtc11.2), set CUDA_HOME, or name the"
            + " file with -D" + LIBRARY_PROPERTY + "=/path/to/libnvrtc.so"));
    return new Nvrtc(loaded.lookup(), loaded.name());
  }

  static List<String> candidates(int driverMajor) {
    String override = System.getProperty(LIBRARY_PROPERTY);
    if (override != null && !override.isBlank()) {
      return List.of(override);
    }
    List<String> names = new ArrayList<>(NAMES);
    // Stable: within each group the newest stays first.
    names.sort(java.util.Comparator.comparing(name -> majorOf(name) > driverMajor));
    List<String> candidates = new ArrayList<>(names);
    List<Path> folders = new ArrayList<>();
    String cudaHome = System.getenv("CUDA_HOME");
    if (cudaHome != null && !cudaHome.isBlank()) {
      folders.add(Path.of(cudaHome, "lib64"));
    }
    folders.add(Path.of("/usr/local/cuda/lib64"));
    try (Stream<Path> installs = Files.list(Path.of("/usr/local"))) {
      installs.filter(p -> p.getFileName().toString().startsWith("cuda-")).sorted().map(p -> p.resolve("lib64"))
          .forEach(folders::add);
    } catch (java.io.IOException | SecurityException e) {
      // no /usr/local to look in: the names above are all there is
    }
    for (Path folder : folders) {
      for (String name : names) {
        candidates.add(folder.resolve(name).toString());
      }
    }
    return candidates;
  }

  /** The CUDA major version in a library name ({@code libnvrtc.so.12} → 12); 0 for an unversioned name. */
  static int majorOf(String name) {
    String suffix = name.substring(name.lastIndexOf(".so") + 3);
    String major = suffix.startsWith(".") ? suffix.substring(1).split("\\.")[0] : "";
    return major.isEmpty() ? 0 : Integer.parseInt(major);
  }

  /** NVRTC's version as {@code {major, minor}}. */
  int[] version() {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment major = a.allocate(JAVA_INT);
      MemorySegment minor = a.allocate(JAVA_INT);
      check("nvrtcVersion", (int) version.invokeExact(major, minor));
      return new int[] {major.get(JAVA_INT, 0), minor.get(JAVA_INT, 0)};
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** The real architectures this NVRTC can compile for, as numbers ({@code 90} for {@code sm_90}), ascending. */
  int[] supportedArchitectures() {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment count = a.allocate(JAVA_INT);
      check("nvrtcGetNumSupportedArchs", (int) getNumSupportedArchs.invokeExact(count));
      MemorySegment archs = a.allocate(JAVA_INT, count.get(JAVA_INT, 0));
      check("nvrtcGetSupportedArchs", (int) getSupportedArchs.invokeExact(archs));
      return archs.toArray(JAVA_INT);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * Compiles {@code source} with {@code options}. The architecture option decides the output: a real one
   * ({@code --gpu-architecture=sm_90}) gives a CUBIN, a virtual one ({@code compute_90}) PTX.
   *
   * @throws KernelCompilationException with the compiler's log if the source does not compile
   */
  Output compile(String source, String name, List<String> options) {
    boolean cubin = options.stream().anyMatch(o -> o.startsWith("--gpu-architecture=sm_"));
    try (Arena a = Arena.ofConfined()) {
      MemorySegment program = a.allocate(ADDRESS);
      check("nvrtcCreateProgram", (int) createProgram.invokeExact(program, a.allocateFrom(source),
          a.allocateFrom(name), 0, MemorySegment.NULL, MemorySegment.NULL));
      MemorySegment handle = program.get(ADDRESS, 0);
      try {
        MemorySegment optionArray = a.allocate(ADDRESS, Math.max(1, options.size()));
        for (int i = 0; i < options.size(); i++) {
          optionArray.setAtIndex(ADDRESS, i, a.allocateFrom(options.get(i)));
        }
        int result = (int) compileProgram.invokeExact(handle, options.size(), optionArray);
        String log = log(a, handle);
        if (result != SUCCESS) {
          throw new KernelCompilationException(name, options, errorString(result), log);
        }
        byte[] image = cubin ? read(a, handle, getCubinSize, getCubin, "CUBIN")
            : read(a, handle, getPtxSize, getPtx, "PTX");
        return new Output(image, cubin, log);
      } finally {
        int ignored = (int) destroyProgram.invokeExact(program);
      }
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  private String log(Arena a, MemorySegment handle) throws Throwable {
    MemorySegment size = a.allocate(JAVA_LONG);
    check("nvrtcGetProgramLogSize", (int) getProgramLogSize.invokeExact(handle, size));
    long bytes = size.get(JAVA_LONG, 0);
    if (bytes <= 1) {
      return "";
    }
    MemorySegment text = a.allocate(bytes);
    check("nvrtcGetProgramLog", (int) getProgramLog.invokeExact(handle, text));
    return text.getString(0, StandardCharsets.UTF_8).strip();
  }

  private byte[] read(Arena a, MemorySegment handle, MethodHandle sizeOf, MethodHandle get, String what)
      throws Throwable {
    MemorySegment size = a.allocate(JAVA_LONG);
    check("nvrtcGet" + what + "Size", (int) sizeOf.invokeExact(handle, size));
    MemorySegment image = a.allocate(size.get(JAVA_LONG, 0));
    check("nvrtcGet" + what, (int) get.invokeExact(handle, image));
    return image.toArray(JAVA_BYTE);
  }

  private void check(String call, int result) {
    if (result != SUCCESS) {
      throw new IllegalStateException(call + " failed: " + errorString(result) + " (" + result + ")");
    }
  }

  String errorString(int result) {
    try {
      MemorySegment text = (MemorySegment) getErrorString.invokeExact(result);
      return text.equals(MemorySegment.NULL) ? "NVRTC error " + result : text.reinterpret(4096).getString(0);
    } catch (Throwable t) {
      return "NVRTC error " + result;
    }
  }

  /** Binds functions that return {@code nvrtcResult} (an int). */
  private record Binder(Linker linker, SymbolLookup lib, String path) {
    MethodHandle function(String name, MemoryLayout... arguments) {
      Optional<MemorySegment> address = lib.find(name);
      return linker.downcallHandle(address.orElseThrow(() -> missing(path, name)),
          FunctionDescriptor.of(JAVA_INT, arguments));
    }

    static GpuUnavailableException missing(String path, String name) {
      return new GpuUnavailableException("the NVRTC library " + path + " lacks " + name
          + ": it is older than CUDA 11.2; install a newer NVRTC");
    }
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException re) {
      throw re;
    }
    if (t instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException("NVRTC call failed", t);
  }
}
