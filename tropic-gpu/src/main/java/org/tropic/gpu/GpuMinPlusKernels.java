package org.tropic.gpu;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;

/**
 * The two tile kernels of {@link MinPlusKernels} run on the GPU, for host arrays: each call pads the operands to the
 * kernels' tile multiples with +∞, lays the left operand out transposed (the NT form), copies everything to the
 * device, runs the kernel and copies C back. Slow per call (two transfers around every product), and meant for what
 * it is used for: checking on a device that the kernels agree bit for bit with {@link
 * org.tropic.semiring.ScalarMinPlusKernels} on any shape, and small jobs. Solvers keep their data on the device
 * ({@link GpuFloydWarshall}).
 */
public final class GpuMinPlusKernels implements MinPlusKernels {
  private final GpuContext gpu;
  private final MinPlusModule kernels;

  /** The kernels of {@code gpu}, which must stay open while this is used. */
  public GpuMinPlusKernels(GpuContext gpu, MinPlusModule kernels) {
    this.gpu = gpu;
    this.kernels = kernels;
  }

  @Override
  public String name() {
    return "gpu-" + gpu.device().capability().realArchitecture() + (kernels.dpx() ? "-dpx" : "");
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, int m, int n, int k, float[] a, int aOff, int lda, float[] b,
      int bOff, int ldb, float[] c, int cOff, int ldc) {
    if (m == 0 || n == 0) {
      return;
    }
    int mp = roundUp(m, MinPlusModule.TILE);
    int np = roundUp(n, MinPlusModule.TILE);
    int kp = roundUp(Math.max(k, 1), MinPlusModule.TILE_K);
    float inf = arithmetic.infinity();
    float[] at = new float[kp * mp];
    Arrays.fill(at, inf);
    for (int i = 0; i < m; i++) {
      for (int l = 0; l < k; l++) {
        at[l * mp + i] = a[aOff + i * lda + l];
      }
    }
    float[] bp = new float[kp * np];
    Arrays.fill(bp, inf);
    for (int l = 0; l < k; l++) {
      System.arraycopy(b, bOff + l * ldb, bp, l * np, n);
    }
    float[] cp = new float[mp * np];
    Arrays.fill(cp, inf);
    for (int i = 0; i < m; i++) {
      System.arraycopy(c, cOff + i * ldc, cp, i * np, n);
    }
    gpu.makeCurrent();
    try (Arena arena = Arena.ofConfined();
        CudaStream stream = gpu.createStream();
        DeviceBuffer dAt = gpu.allocate((long) at.length * Float.BYTES);
        DeviceBuffer dB = gpu.allocate((long) bp.length * Float.BYTES);
        DeviceBuffer dC = gpu.allocate((long) cp.length * Float.BYTES)) {
      dAt.upload(arena.allocateFrom(JAVA_FLOAT, at), 0, dAt.bytes(), stream);
      dB.upload(arena.allocateFrom(JAVA_FLOAT, bp), 0, dB.bytes(), stream);
      MemorySegment hostC = arena.allocateFrom(JAVA_FLOAT, cp);
      dC.upload(hostC, 0, dC.bytes(), stream);
      kernels.multiplyMin(stream, arithmetic, mp, np, kp, dAt.address(), mp, dB.address(), np, dC.address(), np,
          true, 0, 0, 0, 0);
      dC.download(0, dC.bytes(), hostC, stream);
      stream.synchronize();
      for (int i = 0; i < m; i++) {
        MemorySegment.copy(hostC, JAVA_FLOAT, (long) i * np * Float.BYTES, c, cOff + i * ldc, n);
      }
    }
  }

  @Override
  public PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda) {
    return new PackedPanel(m, k, copy(m, k, a, aOff, lda), true);
  }

  @Override
  public PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb) {
    return new PackedPanel(k, n, copy(k, n, b, bOff, ldb), false);
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, PackedPanel a, PackedPanel b, float[] c, int cOff, int ldc) {
    multiplyMin(arithmetic, a.rows(), b.cols(), a.cols(), a.data(), 0, a.cols(), b.data(), 0, b.cols(), c, cOff, ldc);
  }

  @Override
  public void closure(Arithmetic arithmetic, int n, float[] t, int off, int ld) {
    if (n == 0) {
      return;
    }
    float[] tile = copy(n, n, t, off, ld);
    gpu.makeCurrent();
    try (Arena arena = Arena.ofConfined();
        CudaStream stream = gpu.createStream();
        DeviceBuffer dT = gpu.allocate((long) tile.length * Float.BYTES)) {
      MemorySegment host = arena.allocateFrom(JAVA_FLOAT, tile);
      dT.upload(host, 0, dT.bytes(), stream);
      kernels.closure(stream, arithmetic, n, dT.address(), n);
      dT.download(0, dT.bytes(), host, stream);
      stream.synchronize();
      for (int i = 0; i < n; i++) {
        MemorySegment.copy(host, JAVA_FLOAT, (long) i * n * Float.BYTES, t, off + i * ld, n);
      }
    }
  }

  private static int roundUp(int value, int multiple) {
    return (value + multiple - 1) / multiple * multiple;
  }

  private static float[] copy(int rows, int cols, float[] src, int off, int ld) {
    float[] packed = new float[rows * cols];
    for (int r = 0; r < rows; r++) {
      System.arraycopy(src, off + r * ld, packed, r * cols, cols);
    }
    return packed;
  }
}
