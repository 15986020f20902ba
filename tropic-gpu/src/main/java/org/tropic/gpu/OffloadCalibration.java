package org.tropic.gpu;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.tropic.semiring.Arithmetic;

/**
 * Measures the three rates of {@link OffloadModel} on this machine, in about a second: the device's SRGEMM rate on a
 * 4096×4096×512 product, the device→host copy rate into pinned memory (64 MB), and the host-update rate
 * ({@link HostMinUpdate} over 16 M floats, counting C read, X read and C written). The values of the operands do
 * not change the kernels' speed, so they are filled with a constant.
 */
public final class OffloadCalibration {
  static final int SIDE = 4096;
  static final int DEPTH = 512;
  static final long COPY_BYTES = 64L << 20;
  static final int HOST_FLOATS = 16 << 20;

  private OffloadCalibration() {}

  /** The measured model, with {@code hostThreads} threads doing the host update. */
  public static OffloadModel measure(GpuContext gpu, MinPlusModule kernels, Arithmetic arithmetic, int hostThreads) {
    return new OffloadModel(srgemmRate(gpu, kernels, arithmetic), copyRate(gpu), hostUpdateRate(arithmetic,
        hostThreads));
  }

  /** SRGEMM flop/s (2 flops per update) on an m = n = 4096, k = 512 product, best of three after a warm-up. */
  static double srgemmRate(GpuContext gpu, MinPlusModule kernels, Arithmetic arithmetic) {
    long operand = (long) DEPTH * SIDE;
    try (CudaStream stream = gpu.createStream();
        DeviceBuffer at = gpu.allocate(operand * Float.BYTES);
        DeviceBuffer b = gpu.allocate(operand * Float.BYTES);
        DeviceBuffer c = gpu.allocate((long) SIDE * SIDE * Float.BYTES);
        CudaEvent start = gpu.createEvent();
        CudaEvent end = gpu.createEvent()) {
      at.fill(0, operand, arithmetic.encode(1f), stream);
      b.fill(0, operand, arithmetic.encode(2f), stream);
      c.fill(0, (long) SIDE * SIDE, arithmetic.infinity(), stream);
      double best = Double.POSITIVE_INFINITY;
      for (int run = 0; run < 4; run++) {
        start.record(stream);
        kernels.multiplyMin(stream, arithmetic, SIDE, SIDE, DEPTH, at.address(), SIDE, b.address(), SIDE,
            c.address(), SIDE, true, 0, 0, 0, 0);
        end.record(stream);
        end.synchronize();
        if (run > 0) {
          best = Math.min(best, end.secondsSince(start));
        }
      }
      return 2.0 * SIDE * SIDE * DEPTH / best;
    }
  }

  /** Device→pinned-host bytes per second, best of three. */
  static double copyRate(GpuContext gpu) {
    try (CudaStream stream = gpu.createStream();
        DeviceBuffer source = gpu.allocate(COPY_BYTES);
        PinnedBuffer target = gpu.allocatePinned(COPY_BYTES);
        CudaEvent start = gpu.createEvent();
        CudaEvent end = gpu.createEvent()) {
      source.fill(0, COPY_BYTES / Float.BYTES, 0f, stream);
      double best = Double.POSITIVE_INFINITY;
      for (int run = 0; run < 4; run++) {
        start.record(stream);
        source.download(0, COPY_BYTES, target.segment(), stream);
        end.record(stream);
        end.synchronize();
        if (run > 0) {
          best = Math.min(best, end.secondsSince(start));
        }
      }
      return COPY_BYTES / best;
    }
  }

  /** Host-update bytes per second (3 floats touched per element), best of three after a warm-up. */
  static double hostUpdateRate(Arithmetic arithmetic, int threads) {
    int side = (int) Math.sqrt(HOST_FLOATS);
    // Shared: HostMinUpdate reads and writes these from its worker threads.
    try (Arena arena = Arena.ofShared()) {
      MemorySegment c = arena.allocate((long) side * side * Float.BYTES, 64);
      MemorySegment x = arena.allocate((long) side * side * Float.BYTES, 64);
      double best = Double.POSITIVE_INFINITY;
      for (int run = 0; run < 4; run++) {
        long t0 = System.nanoTime();
        HostMinUpdate.apply(arithmetic, c, 0, side, x, side, side, side, 0, 0, 0, 0, threads);
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (run > 0) {
          best = Math.min(best, seconds);
        }
      }
      return 3.0 * side * side * Float.BYTES / best;
    }
  }
}
