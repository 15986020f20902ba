package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.stream.LongStream;

/**
 * Off-heap memory for N² distance matrices, written first by many threads. {@link Arena#allocate} zeroes what it
 * gives on the calling thread, and for GiBs that one thread's page faults and stores take seconds (2.8 s of a
 * 10 s offloaded solve at n = 32,768 on an H100 machine); here the C library's {@code malloc} gives the memory
 * untouched, and the caller's parallel fill is its first touch.
 */
final class HostMemory {
  /** Bytes per parallel task: large enough to amortise the task, small enough to spread GiBs over every core. */
  private static final long SLICE = 1L << 22;
  private static final MethodHandle MALLOC;
  private static final MethodHandle FREE;

  static {
    Linker linker = Linker.nativeLinker();
    MALLOC = linker.downcallHandle(linker.defaultLookup().findOrThrow("malloc"),
        FunctionDescriptor.of(ADDRESS, JAVA_LONG));
    FREE = linker.downcallHandle(linker.defaultLookup().findOrThrow("free"), FunctionDescriptor.ofVoid(ADDRESS));
  }

  private HostMemory() {}

  /**
   * {@code bytes} of untouched memory (16-byte aligned), freed when {@code arena} closes.
   *
   * @throws OutOfMemoryError naming the size, when the C library has no memory to give
   */
  static MemorySegment allocate(long bytes, Arena arena) {
    MemorySegment raw;
    try {
      raw = (MemorySegment) MALLOC.invokeExact(Math.max(1L, bytes));
    } catch (Throwable e) {
      throw new IllegalStateException("malloc failed", e);
    }
    if (raw.equals(MemorySegment.NULL)) {
      throw new OutOfMemoryError(String.format("cannot allocate %,d bytes (%.1f GiB) of host memory for a distance"
          + " matrix", bytes, bytes / (double) (1L << 30)));
    }
    return raw.reinterpret(bytes, arena, HostMemory::free);
  }

  /** Sets every byte of {@code segment} to {@code value}, slices in parallel. */
  static void fill(MemorySegment segment, byte value) {
    long size = segment.byteSize();
    LongStream.range(0, (size + SLICE - 1) / SLICE).parallel()
        .forEach(s -> segment.asSlice(s * SLICE, Math.min(SLICE, size - s * SLICE)).fill(value));
  }

  /** Copies {@code bytes} from {@code src} at {@code from} to {@code dst} at {@code to}, slices in parallel. */
  static void copy(MemorySegment src, long from, MemorySegment dst, long to, long bytes) {
    LongStream.range(0, (bytes + SLICE - 1) / SLICE).parallel().forEach(s -> {
      long at = s * SLICE;
      MemorySegment.copy(src, from + at, dst, to + at, Math.min(SLICE, bytes - at));
    });
  }

  private static void free(MemorySegment segment) {
    try {
      FREE.invokeExact(segment);
    } catch (Throwable e) {
      throw new IllegalStateException("free failed", e);
    }
  }
}
