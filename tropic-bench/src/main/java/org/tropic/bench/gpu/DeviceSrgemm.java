package org.tropic.bench.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.tropic.gpu.CudaEvent;
import org.tropic.gpu.CudaStream;
import org.tropic.gpu.DeviceBuffer;
import org.tropic.gpu.GpuContext;
import org.tropic.gpu.MinPlusModule;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * The SRGEMM on device buffers: timed with CUDA events on fresh random operands, and checked element by element
 * against the CPU kernels with C poisoned (NaN) before the run, so an element the kernel skips shows.
 */
final class DeviceSrgemm {
  private DeviceSrgemm() {}

  /** Best seconds of {@code runs} (after one warm-up) of C ← min(C, Aᵀᵀ ⊗ B) at m = n = side, k = depth. */
  static double bestSeconds(GpuContext gpu, MinPlusModule kernels, Arithmetic arithmetic, int side, int depth,
      int runs, long seed) {
    try (Arena arena = Arena.ofConfined();
        CudaStream stream = gpu.createStream();
        DeviceBuffer at = gpu.allocate((long) depth * side * Float.BYTES);
        DeviceBuffer b = gpu.allocate((long) depth * side * Float.BYTES);
        DeviceBuffer c = gpu.allocate((long) side * side * Float.BYTES);
        CudaEvent start = gpu.createEvent();
        CudaEvent end = gpu.createEvent()) {
      MemorySegment operand = random(arena, arithmetic, (long) depth * side, seed);
      at.upload(operand, 0, at.bytes(), stream);
      b.upload(random(arena, arithmetic, (long) depth * side, seed + 1), 0, b.bytes(), stream);
      c.upload(random(arena, arithmetic, (long) side * side, seed + 2), 0, c.bytes(), stream);
      double best = Double.POSITIVE_INFINITY;
      for (int run = 0; run <= runs; run++) {
        start.record(stream);
        kernels.multiplyMin(stream, arithmetic, side, side, depth, at.address(), side, b.address(), side,
            c.address(), side, true, 0, 0, 0, 0);
        end.record(stream);
        end.synchronize();
        if (run > 0) {
          best = Math.min(best, end.secondsSince(start));
        }
      }
      return best;
    }
  }

  /**
   * Runs C ← Aᵀᵀ ⊗ B (no accumulation) on the device over a NaN-poisoned C and compares every element with the CPU
   * kernels' C ← min(+∞, A ⊗ B). Returns the number of elements whose bits differ.
   */
  static long mismatches(GpuContext gpu, MinPlusModule kernels, Arithmetic arithmetic, int side, int depth,
      long seed, int threads) {
    // Shared: the result is compared from the parallel stream's threads.
    try (Arena arena = Arena.ofShared();
        CudaStream stream = gpu.createStream();
        DeviceBuffer at = gpu.allocate((long) depth * side * Float.BYTES);
        DeviceBuffer b = gpu.allocate((long) depth * side * Float.BYTES);
        DeviceBuffer c = gpu.allocate((long) side * side * Float.BYTES)) {
      MemorySegment atHost = random(arena, arithmetic, (long) depth * side, seed);
      MemorySegment bHost = random(arena, arithmetic, (long) depth * side, seed + 1);
      at.upload(atHost, 0, at.bytes(), stream);
      b.upload(bHost, 0, b.bytes(), stream);
      c.fill(0, (long) side * side, Float.NaN, stream);
      kernels.multiplyMin(stream, arithmetic, side, side, depth, at.address(), side, b.address(), side, c.address(),
          side, false, 0, 0, 0, 0);
      MemorySegment result = arena.allocate((long) side * side * Float.BYTES, 64);
      result.fill((byte) 0x7f);
      c.download(0, c.bytes(), result, stream);
      stream.synchronize();
      float[] bArray = bHost.toArray(JAVA_FLOAT);
      float[] atArray = atHost.toArray(JAVA_FLOAT);
      MinPlusKernels cpu = MinPlusKernels.best();
      int rowsPerTask = 64;
      return IntStream.range(0, side / rowsPerTask).parallel().mapToLong(task -> {
        int row0 = task * rowsPerTask;
        float[] a = new float[rowsPerTask * depth];
        for (int i = 0; i < rowsPerTask; i++) {
          for (int l = 0; l < depth; l++) {
            a[i * depth + l] = atArray[l * side + row0 + i];
          }
        }
        float[] expected = new float[rowsPerTask * side];
        java.util.Arrays.fill(expected, arithmetic.infinity());
        cpu.multiplyMin(arithmetic, rowsPerTask, side, depth, a, 0, depth, bArray, 0, side, expected, 0, side);
        long bad = 0;
        for (int i = 0; i < rowsPerTask * side; i++) {
          long at2 = (long) row0 * side + i;
          if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(result.getAtIndex(JAVA_FLOAT, at2))) {
            bad++;
          }
        }
        return bad;
      }).sum();
    }
  }

  /** {@code count} fresh stored values: one in eight +∞, the rest weights (negative ones on the exact path). */
  static MemorySegment random(Arena arena, Arithmetic arithmetic, long count, long seed) {
    MemorySegment values = arena.allocate(count * Float.BYTES, 64);
    SplittableRandom random = new SplittableRandom(seed);
    for (long i = 0; i < count; i++) {
      float v;
      if (random.nextInt(8) == 0) {
        v = arithmetic.infinity();
      } else {
        v = switch (arithmetic) {
          case EXACT_FLOAT -> arithmetic.encode((float) (random.nextDouble() * 200 - 50));
          case NONNEGATIVE_FLOAT -> arithmetic.encode((float) (random.nextDouble() * 100));
          case INT32 -> arithmetic.encode(random.nextInt(1000));
        };
      }
      values.setAtIndex(JAVA_FLOAT, i, v);
    }
    return values;
  }
}
