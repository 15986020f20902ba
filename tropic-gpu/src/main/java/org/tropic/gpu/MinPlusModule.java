package org.tropic.gpu;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tropic.semiring.Arithmetic;

/**
 * The loaded kernels of {@code minplus.cu} with checked, typed launchers. The kernels themselves check nothing, so
 * every launcher validates the shapes and alignments its kernel relies on and names the offending value.
 *
 * <p>All matrices are row-major float32 in device memory, given by address and leading dimension (in floats).
 */
public final class MinPlusModule implements AutoCloseable {
  /** Rows and columns of C per SRGEMM block; m and n must be multiples of it. */
  public static final int TILE = 128;
  /** The SRGEMM's k step; k must be a multiple of it. */
  public static final int TILE_K = 16;
  static final int SRGEMM_THREADS = 256;
  static final int CLOSURE_SIDE = 32;
  static final int TRANSPOSE_SIDE = 32;
  /** The most blocks a launch may have along y. */
  private static final int MAX_GRID_Y = 65_535;
  /** The grid-strided decode's blocks: enough to fill any current GPU several times over. */
  private static final int DECODE_BLOCKS = 4096;

  private final CudaDriver driver;
  private final MemorySegment module;
  private final KernelCompiler.KernelImage image;
  private final int sharedClosureLimit;
  private final Map<Arithmetic, MemorySegment> srgemm = new EnumMap<>(Arithmetic.class);
  private final Map<Arithmetic, MemorySegment> closureShared = new EnumMap<>(Arithmetic.class);
  private final Map<Arithmetic, MemorySegment> closureStep = new EnumMap<>(Arithmetic.class);
  private final Map<Arithmetic, MemorySegment> arcs = new EnumMap<>(Arithmetic.class);
  private final MemorySegment fill;
  private final MemorySegment decodeInt32;
  private final MemorySegment transpose;
  private final MemorySegment clockSpin;

  MinPlusModule(CudaDriver driver, MemorySegment module, KernelCompiler.KernelImage image, GpuDevice device) {
    this.driver = driver;
    this.module = module;
    this.image = image;
    this.sharedClosureLimit = device.sharedBytesPerBlockOptIn();
    for (Arithmetic a : Arithmetic.values()) {
      String name = a == Arithmetic.INT32 && image.dpx() ? srgemmName(a) + "_dpx" : srgemmName(a);
      srgemm.put(a, driver.function(module, name));
      MemorySegment shared = driver.function(module, closureSharedName(a));
      // b = 128 needs 64 KB, above the 48 KB a block gets unless its limit is raised.
      driver.setFunctionAttribute(shared, CudaDriver.FUNCTION_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
          sharedClosureLimit);
      closureShared.put(a, shared);
      closureStep.put(a, driver.function(module, closureStepName(a)));
      arcs.put(a, driver.function(module, arcsName(a)));
    }
    fill = driver.function(module, "tropic_fill");
    decodeInt32 = driver.function(module, "tropic_decode_int32");
    transpose = driver.function(module, "tropic_transpose");
    clockSpin = driver.function(module, "tropic_clock_spin");
  }

  /** Every kernel name the Java side looks up, for the build's check that the source still defines them. */
  public static List<String> entryPoints(boolean dpx) {
    List<String> names = new ArrayList<>();
    for (Arithmetic a : Arithmetic.values()) {
      names.add(srgemmName(a));
      names.add(closureSharedName(a));
      names.add(closureStepName(a));
      names.add(arcsName(a));
    }
    if (dpx) {
      names.add(srgemmName(Arithmetic.INT32) + "_dpx");
    }
    names.add("tropic_fill");
    names.add("tropic_decode_int32");
    names.add("tropic_transpose");
    names.add("tropic_clock_spin");
    return names;
  }

  static String srgemmName(Arithmetic a) {
    return "tropic_srgemm_nt_" + suffix(a);
  }

  static String closureSharedName(Arithmetic a) {
    return "tropic_closure_shared_" + suffix(a);
  }

  static String closureStepName(Arithmetic a) {
    return "tropic_closure_step_" + suffix(a);
  }

  static String arcsName(Arithmetic a) {
    return "tropic_arcs_" + suffix(a);
  }

  private static String suffix(Arithmetic a) {
    return a.name().toLowerCase(Locale.ROOT);
  }

  /** Whether the int32 SRGEMM is the DPX variant. */
  public boolean dpx() {
    return image.dpx();
  }

  /** The compile target (e.g. {@code sm_90}) and whether the binary came from the cache. */
  public KernelCompiler.KernelImage image() {
    return image;
  }

  /**
   * SRGEMM in the NT layout: {@code C[i][j] ← min(C[i][j], min_l At[l][i] + B[l][j])} for a k×m {@code At}, a k×n
   * {@code B} and an m×n {@code C} ({@code accumulate == false}: C's old values are ignored, C ← A ⊗ B). Blocks of
   * C whose rows lie within [skipRow0, skipRow1) or whose columns lie within [skipCol0, skipCol1) are left alone;
   * pass 0, 0 to skip nothing.
   */
  public void multiplyMin(CudaStream stream, Arithmetic arithmetic, int m, int n, int k, long at, int lda, long b,
      int ldb, long c, int ldc, boolean accumulate, int skipRow0, int skipRow1, int skipCol0, int skipCol1) {
    multiplyMin(stream, arithmetic, m, n, k, at, lda, b, ldb, c, ldc, accumulate, skipRow0, skipRow1, skipCol0,
        skipCol1, 0);
  }

  /**
   * {@link #multiplyMin(CudaStream, Arithmetic, int, int, int, long, int, long, int, long, int, boolean, int, int,
   * int, int)} that also leaves alone the blocks of C below the diagonal of {@code upperTile}-sided tiles (0: none),
   * for a symmetric matrix solved on its upper triangle of tiles; {@code upperTile} is a multiple of {@link #TILE}.
   */
  public void multiplyMin(CudaStream stream, Arithmetic arithmetic, int m, int n, int k, long at, int lda, long b,
      int ldb, long c, int ldc, boolean accumulate, int skipRow0, int skipRow1, int skipCol0, int skipCol1,
      int upperTile) {
    if (upperTile < 0 || upperTile % TILE != 0) {
      throw new IllegalArgumentException("upperTile = " + upperTile + " must be 0 or a multiple of " + TILE);
    }
    requireMultiple("m", m, TILE);
    requireMultiple("n", n, TILE);
    requireMultiple("k", k, TILE_K);
    requireLeading("lda", lda, m);
    requireLeading("ldb", ldb, n);
    requireLeading("ldc", ldc, n);
    requireAligned("At", at);
    requireAligned("B", b);
    requireAligned("C", c);
    try (Arena arena = Arena.ofConfined()) {
      KernelArguments args = new KernelArguments(arena, 15).addInt(m).addInt(n).addInt(k).addLong(at).addInt(lda)
          .addLong(b).addInt(ldb).addLong(c).addInt(ldc).addInt(accumulate ? 1 : 0).addInt(skipRow0)
          .addInt(skipRow1).addInt(skipCol0).addInt(skipCol1).addInt(upperTile);
      driver.launch(srgemmName(arithmetic), srgemm.get(arithmetic), n / TILE, m / TILE, 1, SRGEMM_THREADS, 1, 1, 0,
          stream.handle(), args.array());
    }
  }

  /**
   * Floyd–Warshall inside the b×b tile at {@code t} (leading dimension {@code ld}), in place, in the reference
   * order of {@code ScalarMinPlusKernels.closure}: in shared memory by one block when the tile fits there, else one
   * launch per pivot.
   */
  public void closure(CudaStream stream, Arithmetic arithmetic, int b, long t, int ld) {
    if (b <= 0 || ld < b) {
      throw new IllegalArgumentException("closure of a " + b + "×" + b + " tile with leading dimension " + ld);
    }
    int blocks = (b + CLOSURE_SIDE - 1) / CLOSURE_SIDE;
    try (Arena arena = Arena.ofConfined()) {
      if ((long) b * b * Float.BYTES <= sharedClosureLimit) {
        KernelArguments args = new KernelArguments(arena, 3).addLong(t).addInt(ld).addInt(b);
        driver.launch(closureSharedName(arithmetic), closureShared.get(arithmetic), 1, 1, 1, CLOSURE_SIDE,
            CLOSURE_SIDE, 1, b * b * Float.BYTES, stream.handle(), args.array());
        return;
      }
      MemorySegment function = closureStep.get(arithmetic);
      String name = closureStepName(arithmetic);
      for (int k = 0; k < b; k++) {
        KernelArguments args = new KernelArguments(arena, 4).addLong(t).addInt(ld).addInt(b).addInt(k);
        driver.launch(name, function, blocks, blocks, 1, CLOSURE_SIDE, CLOSURE_SIDE, 1, 0, stream.handle(),
            args.array());
      }
    }
  }

  /**
   * The N×N matrix at {@code d} (N = {@code nn}, a multiple of 128) ← the arithmetic's +∞, with 0 on the diagonal of
   * the first {@code n} rows.
   */
  public void fill(CudaStream stream, Arithmetic arithmetic, int nn, int n, long d) {
    requireMultiple("nn", nn, TILE);
    requireAligned("d", d);
    try (Arena arena = Arena.ofConfined()) {
      KernelArguments args = new KernelArguments(arena, 5).addLong(d).addInt(nn).addInt(n)
          .addFloat(arithmetic.infinity()).addFloat(arithmetic.encode(0f));
      driver.launch("tropic_fill", fill, nn / TILE, Math.min(nn, MAX_GRID_Y), 1, 32, 1, 1, 0, stream.handle(),
          args.array());
    }
  }

  /**
   * Takes the min of rows {@code row0 .. row0 + rows}'s arcs into the N×N matrix at {@code d}: row r's arcs are
   * {@code targets}/{@code values} from {@code offsets[r] − arcBase} to {@code offsets[r + 1] − arcBase} (device
   * int and float arrays; the values in the arithmetic's storage form), one thread a row, in arc order.
   */
  public void addArcs(CudaStream stream, Arithmetic arithmetic, long offsets, long targets, long values, int arcBase,
      int row0, int rows, long d, int nn) {
    if (rows <= 0 || row0 < 0 || row0 + rows > nn) {
      throw new IllegalArgumentException("rows " + row0 + ".." + (row0 + rows) + " of an N = " + nn + " matrix");
    }
    try (Arena arena = Arena.ofConfined()) {
      KernelArguments args = new KernelArguments(arena, 8).addLong(offsets).addLong(targets).addLong(values)
          .addInt(arcBase).addInt(row0).addInt(rows).addLong(d).addInt(nn);
      driver.launch(arcsName(arithmetic), arcs.get(arithmetic), (rows + 255) / 256, 1, 1, 256, 1, 1, 0,
          stream.handle(), args.array());
    }
  }

  /** Turns {@code count} stored int32 values at {@code d} into float32 distances ({@link Arithmetic#decode}). */
  public void decodeInt32(CudaStream stream, long d, long count) {
    try (Arena arena = Arena.ofConfined()) {
      KernelArguments args = new KernelArguments(arena, 2).addLong(d).addLong(count);
      int blocks = (int) Math.max(1, Math.min(DECODE_BLOCKS, (count + 255) / 256));
      driver.launch("tropic_decode_int32", decodeInt32, blocks, 1, 1, 256, 1, 1, 0, stream.handle(),
          args.array());
    }
  }

  /** The largest tile side whose closure runs in one block's shared memory on this device. */
  public int sharedClosureSide() {
    return (int) Math.sqrt(sharedClosureLimit / (double) Float.BYTES);
  }

  /** {@code dst} (cols×rows) ← transpose of {@code src} (rows×cols); both sides multiples of 32. */
  public void transpose(CudaStream stream, int rows, int cols, long src, int lds, long dst, int ldd) {
    requireMultiple("rows", rows, TRANSPOSE_SIDE);
    requireMultiple("cols", cols, TRANSPOSE_SIDE);
    requireLeading("lds", lds, cols);
    requireLeading("ldd", ldd, rows);
    try (Arena arena = Arena.ofConfined()) {
      KernelArguments args = new KernelArguments(arena, 6).addInt(rows).addInt(cols).addLong(src).addInt(lds)
          .addLong(dst).addInt(ldd);
      driver.launch("tropic_transpose", transpose, cols / TRANSPOSE_SIDE, rows / TRANSPOSE_SIDE, 1, TRANSPOSE_SIDE,
          8, 1, 0, stream.handle(), args.array());
    }
  }

  /** Spins {@code blocks} blocks for {@code cycles} SM clocks each, writing the cycles each took to {@code out}. */
  public void clockSpin(CudaStream stream, int blocks, long cycles, long out) {
    try (Arena arena = Arena.ofConfined()) {
      KernelArguments args = new KernelArguments(arena, 2).addLong(cycles).addLong(out);
      driver.launch("tropic_clock_spin", clockSpin, blocks, 1, 1, 32, 1, 1, 0, stream.handle(), args.array());
    }
  }

  private static void requireMultiple(String what, int value, int of) {
    if (value <= 0 || value % of != 0) {
      throw new IllegalArgumentException(what + " = " + value + " must be a positive multiple of " + of
          + " (pad with the arithmetic's +∞)");
    }
  }

  private static void requireLeading(String what, int ld, int width) {
    if (ld < width || ld % 4 != 0) {
      throw new IllegalArgumentException(what + " = " + ld + " must be ≥ " + width + " and a multiple of 4");
    }
  }

  private static void requireAligned(String what, long address) {
    if (address % 16 != 0) {
      throw new IllegalArgumentException(what + " at 0x" + Long.toHexString(address)
          + " is not 16-byte aligned, as the kernel's float4 loads need");
    }
  }

  @Override
  public void close() {
    driver.unloadModule(module);
  }
}
