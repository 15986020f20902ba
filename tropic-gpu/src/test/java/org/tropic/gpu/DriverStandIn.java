package org.tropic.gpu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The stand-in for {@code libcuda.so.1} compiled from {@code driver-stand-in.c} with the system's C compiler, and a
 * loader that hands it out in place of the driver: device memory is host memory, kernel launches run plain C
 * versions of the kernels' contracts, and streams run their work only when the host has to see it. Tests that need
 * it skip where there is no {@code cc}/{@code gcc}, and those that load the kernels also where there is no NVRTC.
 *
 * @param library the compiled stand-in, or {@code null} where no C compiler was found
 * @param loader the system loader with the driver's name mapped to the stand-in
 * @param scratch a folder for the tests' kernel caches
 */
record DriverStandIn(Path library, NativeLibraryLoader loader, Path scratch) {

  /** Compiles the stand-in into {@code dir}; with no C compiler on the PATH, a stand-in whose tests skip. */
  static DriverStandIn build(Path dir) throws IOException, InterruptedException {
    Path compiler = KernelSourceCompilesTest.onPath("gcc");
    if (compiler == null) {
      compiler = KernelSourceCompilesTest.onPath("cc");
    }
    if (compiler == null) {
      return new DriverStandIn(null, null, dir);
    }
    Path source = dir.resolve("driver-stand-in.c");
    try (InputStream in = DriverStandIn.class.getResourceAsStream("driver-stand-in.c")) {
      Files.write(source, in.readAllBytes());
    }
    Path library = dir.resolve("libcuda-stand-in.so");
    Process p = new ProcessBuilder(compiler.toString(), "-shared", "-fPIC", "-O3", "-o", library.toString(),
        source.toString()).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    if (p.waitFor() != 0) {
      throw new AssertionError("compiling the driver stand-in failed:\n" + output);
    }
    String path = library.toString();
    NativeLibraryLoader loader =
        candidate -> NativeLibraryLoader.SYSTEM.open(candidate.equals(CudaDriver.LIBRARY) ? path : candidate);
    return new DriverStandIn(library, loader, dir);
  }

  /**
   * How many times memory was freed while work was still queued on a stream (the stand-in's streams are lazy, so a
   * host that does not wait for its work before freeing its buffers shows here; a real GPU might crash or not).
   */
  int violations() {
    try {
      MethodHandle count = Linker.nativeLinker().downcallHandle(
          SymbolLookup.libraryLookup(library, Arena.global()).find("stand_in_violations").orElseThrow(),
          FunctionDescriptor.of(ValueLayout.JAVA_INT));
      return (int) count.invokeExact();
    } catch (Throwable t) {
      throw new AssertionError(t);
    }
  }

  /**
   * Switches lagging mode on or off: the first stream created after it is switched on stays lazy, every other
   * stream runs its work as soon as it is queued (waits first). So a stream that does not wait for the first
   * one's event before reading what the first writes reads it unwritten.
   */
  void lagFirstStream(boolean on) {
    try {
      MethodHandle set = Linker.nativeLinker().downcallHandle(
          SymbolLookup.libraryLookup(library, Arena.global()).find("stand_in_lag_first_stream").orElseThrow(),
          FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT));
      set.invokeExact(on ? 1 : 0);
    } catch (Throwable t) {
      throw new AssertionError(t);
    }
  }

  void assumeBuilt() {
    assumeTrue(library != null, "no C compiler (gcc or cc) on the PATH to build the driver stand-in");
  }

  /** A context on the stand-in with the kernels compiled by NVRTC into a fresh cache (skips without NVRTC). */
  GpuContext openWithKernels() {
    assumeBuilt();
    NvrtcCompileTest.loadNvrtcOrSkip();
    try {
      return Gpu.open(loader, new KernelBinaryCache(Files.createTempDirectory(scratch, "cuda-cache")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
