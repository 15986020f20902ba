package org.tropic.semiring;

import java.util.Arrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The min-plus kernels on the Vector API, GotoBLAS style: operands are packed into strips (A into {@value #MR}-row
 * strips stored k-major, B into strips of two vectors' width stored k-major), and a micro-kernel keeps an
 * {@value #MR} × 2-vector block of C in sixteen registers across the whole k loop, broadcasting one A value and
 * reusing two B vectors per row. The B strip (k × 2 vectors) stays in L1 while all A strips stream from L2.
 *
 * <p>The three micro-kernel bodies are written flat, one statement per register, on purpose: splitting a step into
 * a helper method broke C2's inlining and cost 10× here, and 8 × 2 accumulators is the largest block that does not
 * spill on AVX-512 (32 registers). Even the loop header matters: counting {@code l} beside {@code ai} and {@code bi}
 * made C2 park a pointer in a vector register and fetch it back on every iteration of the float paths, and their
 * loops run on {@code ai} against an end instead (exact float 5–10% faster on one thread, non-negative float about
 * 3%, measured in one JVM with the two loops alternating; int32 showed no gain and keeps the counter). This is the
 * only class in Tropic that imports {@code jdk.incubator.vector}.
 *
 * <p>Results agree bit for bit with {@link ScalarMinPlusKernels}: each candidate is the same single float (or int)
 * addition, and min over a set does not depend on order.
 */
public final class VectorMinPlusKernels implements MinPlusKernels {
  private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;
  private static final int L = F.length();
  /** Rows of C per micro-kernel. */
  static final int MR = 8;
  /** Columns of C per micro-kernel: two vectors. */
  static final int NR = 2 * L;
  /** The k extent of one pass over C: an A strip chunk of MR × KC floats (8 KiB) stays in L1. */
  static final int KC = 256;
  /** The columns of one pass over C: with KC, a B chunk of at most 256 KiB, which stays in L2. */
  static final int NC = 256;

  private static final ThreadLocal<float[][]> SCRATCH = ThreadLocal.withInitial(() -> new float[3][0]);

  private VectorMinPlusKernels() {}

  /**
   * The Vector API kernels, or an exception saying why this JVM should use the scalar ones instead (vectors
   * narrower than 128 bits would run slower than scalar code).
   */
  public static MinPlusKernels createIfSupported() {
    if (F.vectorBitSize() < 128 || I.length() != L) {
      throw new UnsupportedOperationException("preferred vectors are " + F.vectorBitSize() + " bits");
    }
    return new VectorMinPlusKernels();
  }

  /** The width of a micro-kernel's C block in floats: tile sizes that are multiples of it have no ragged strips. */
  public static int microTileColumns() {
    return NR;
  }

  @Override
  public String name() {
    return "vector-" + F.vectorBitSize();
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, int m, int n, int k,
      float[] a, int aOff, int lda, float[] b, int bOff, int ldb, float[] c, int cOff, int ldc) {
    float[][] scratch = SCRATCH.get();
    int aLen = roundUp(m, MR) * k;
    int bLen = roundUp(n, NR) * k;
    if (scratch[0].length < aLen) {
      scratch[0] = new float[aLen];
    }
    if (scratch[1].length < bLen) {
      scratch[1] = new float[bLen];
    }
    float inf = arithmetic.infinity();
    packRowStrips(m, k, a, aOff, lda, MR, inf, scratch[0]);
    packColumnStrips(k, n, b, bOff, ldb, NR, inf, scratch[1]);
    multiplyPacked(arithmetic, m, n, k, scratch[0], scratch[1], c, cOff, ldc);
  }

  @Override
  public PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda) {
    return packLeft(arithmetic, m, k, a, aOff, lda, null);
  }

  @Override
  public PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb) {
    return packRight(arithmetic, k, n, b, bOff, ldb, null);
  }

  @Override
  public PackedPanel packLeft(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda, PackedPanel reuse) {
    float[] data = storage(reuse, roundUp(m, MR) * k);
    packRowStrips(m, k, a, aOff, lda, MR, arithmetic.infinity(), data);
    return new PackedPanel(m, k, data, true);
  }

  @Override
  public PackedPanel packRight(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb,
      PackedPanel reuse) {
    float[] data = storage(reuse, roundUp(n, NR) * k);
    packColumnStrips(k, n, b, bOff, ldb, NR, arithmetic.infinity(), data);
    return new PackedPanel(k, n, data, false);
  }

  @Override
  public PackedPanel packLeftTransposed(Arithmetic arithmetic, int m, int k, float[] a, int aOff, int lda,
      PackedPanel reuse) {
    // the rows of Aᵀ are the columns of the k×m A held at a: A's column strips, MR wide, are Aᵀ's row strips
    float[] data = storage(reuse, roundUp(m, MR) * k);
    packColumnStrips(k, m, a, aOff, lda, MR, arithmetic.infinity(), data);
    return new PackedPanel(m, k, data, true);
  }

  @Override
  public PackedPanel packRightTransposed(Arithmetic arithmetic, int k, int n, float[] b, int bOff, int ldb,
      PackedPanel reuse) {
    // the columns of Bᵀ are the rows of the n×k B held at b: B's row strips, NR high, are Bᵀ's column strips
    float[] data = storage(reuse, roundUp(n, NR) * k);
    packRowStrips(n, k, b, bOff, ldb, NR, arithmetic.infinity(), data);
    return new PackedPanel(k, n, data, false);
  }

  private static float[] storage(PackedPanel reuse, int length) {
    return reuse != null && reuse.data().length >= length ? reuse.data() : new float[length];
  }

  @Override
  public void multiplyMin(Arithmetic arithmetic, PackedPanel a, PackedPanel b, float[] c, int cOff, int ldc) {
    if (!a.left() || b.left() || a.cols() != b.rows() || a.data().length < roundUp(a.rows(), MR) * a.cols()
        || b.data().length < roundUp(b.cols(), NR) * b.rows()) {
      throw new IllegalArgumentException("panels not packed by " + name() + " for A ⊗ B: A is " + a.rows() + "x"
          + a.cols() + (a.left() ? "" : " (packed as right)") + ", B is " + b.rows() + "x" + b.cols()
          + (b.left() ? " (packed as left)" : ""));
    }
    multiplyPacked(arithmetic, a.rows(), b.cols(), a.cols(), a.data(), b.data(), c, cOff, ldc);
  }

  /**
   * The sparse-left product: row by row of A, each two-vector strip of C stays in two registers while that row's
   * finite entries go by, each adding its value to the matching row of B's strip. Columns past the last full strip
   * go one at a time.
   */
  @Override
  public void multiplyMin(Arithmetic arithmetic, SparsePanel a, PackedPanel b, float[] c, int cOff, int ldc) {
    if (b.left() || a.cols() != b.rows() || b.data().length < roundUp(b.cols(), NR) * b.rows()) {
      throw new IllegalArgumentException("B not packed by " + name() + " as the right operand of a sparse "
          + a.rows() + "x" + a.cols() + " A: B is " + b.rows() + "x" + b.cols()
          + (b.left() ? " (packed as left)" : ""));
    }
    int k = b.rows();
    int n = b.cols();
    int full = n - n % NR;
    float[] pb = b.data();
    int[] columns = a.columns();
    float[] values = a.values();
    for (int i = 0; i < a.rows(); i++) {
      int from = a.rowStart()[i];
      int to = a.rowStart()[i + 1];
      if (from == to) {
        continue;
      }
      int cRow = cOff + i * ldc;
      switch (arithmetic) {
        case EXACT_FLOAT -> sparseRowExact(columns, values, from, to, pb, k, full, c, cRow);
        case NONNEGATIVE_FLOAT -> sparseRowNonnegative(columns, values, from, to, pb, k, full, c, cRow);
        case INT32 -> sparseRowInt(columns, values, from, to, pb, k, full, c, cRow);
      }
      for (int j = full; j < n; j++) {
        int bColumn = (j / NR) * k * NR + j % NR;
        float cur = c[cRow + j];
        for (int e = from; e < to; e++) {
          cur = ScalarMinPlusKernels.relax(arithmetic, cur, values[e], pb[bColumn + columns[e] * NR]);
        }
        c[cRow + j] = cur;
      }
    }
  }

  // strip j of packed B starts at (j / NR)·k·NR = j·k, as j is a multiple of NR

  private static void sparseRowExact(int[] columns, float[] values, int from, int to, float[] pb, int k, int full,
      float[] c, int cRow) {
    for (int j = 0; j < full; j += NR) {
      int strip = j * k;
      FloatVector c0 = FloatVector.fromArray(F, c, cRow + j);
      FloatVector c1 = FloatVector.fromArray(F, c, cRow + j + L);
      for (int e = from; e < to; e++) {
        FloatVector av = FloatVector.broadcast(F, values[e]);
        int bi = strip + columns[e] * NR;
        FloatVector t0 = av.add(FloatVector.fromArray(F, pb, bi));
        FloatVector t1 = av.add(FloatVector.fromArray(F, pb, bi + L));
        c0 = c0.blend(t0, t0.lt(c0));
        c1 = c1.blend(t1, t1.lt(c1));
      }
      c0.intoArray(c, cRow + j);
      c1.intoArray(c, cRow + j + L);
    }
  }

  private static void sparseRowNonnegative(int[] columns, float[] values, int from, int to, float[] pb, int k,
      int full, float[] c, int cRow) {
    for (int j = 0; j < full; j += NR) {
      int strip = j * k;
      IntVector c0 = FloatVector.fromArray(F, c, cRow + j).reinterpretAsInts();
      IntVector c1 = FloatVector.fromArray(F, c, cRow + j + L).reinterpretAsInts();
      for (int e = from; e < to; e++) {
        FloatVector av = FloatVector.broadcast(F, values[e]);
        int bi = strip + columns[e] * NR;
        c0 = c0.min(av.add(FloatVector.fromArray(F, pb, bi)).reinterpretAsInts());
        c1 = c1.min(av.add(FloatVector.fromArray(F, pb, bi + L)).reinterpretAsInts());
      }
      c0.reinterpretAsFloats().intoArray(c, cRow + j);
      c1.reinterpretAsFloats().intoArray(c, cRow + j + L);
    }
  }

  private static void sparseRowInt(int[] columns, float[] values, int from, int to, float[] pb, int k, int full,
      float[] c, int cRow) {
    for (int j = 0; j < full; j += NR) {
      int strip = j * k;
      IntVector c0 = FloatVector.fromArray(F, c, cRow + j).reinterpretAsInts();
      IntVector c1 = FloatVector.fromArray(F, c, cRow + j + L).reinterpretAsInts();
      for (int e = from; e < to; e++) {
        IntVector av = IntVector.broadcast(I, Float.floatToRawIntBits(values[e]));
        int bi = strip + columns[e] * NR;
        c0 = c0.min(av.add(FloatVector.fromArray(F, pb, bi).reinterpretAsInts()));
        c1 = c1.min(av.add(FloatVector.fromArray(F, pb, bi + L).reinterpretAsInts()));
      }
      c0.reinterpretAsFloats().intoArray(c, cRow + j);
      c1.reinterpretAsFloats().intoArray(c, cRow + j + L);
    }
  }

  /**
   * The m×k matrix at a in strips of {@code width} rows, each stored k-major: strip s holds rows s·width.. as
   * data[(s·k + l)·width + r]; rows past m are +∞. A left operand is packed so with width {@value #MR}.
   */
  private static void packRowStrips(int m, int k, float[] a, int aOff, int lda, int width, float inf,
      float[] data) {
    for (int s = 0; s * width < m; s++) {
      int rows = Math.min(width, m - s * width);
      int base = s * k * width;
      for (int r = 0; r < rows; r++) {
        int src = aOff + (s * width + r) * lda;
        for (int l = 0; l < k; l++) {
          data[base + l * width + r] = a[src + l];
        }
      }
      for (int r = rows; r < width; r++) {
        for (int l = 0; l < k; l++) {
          data[base + l * width + r] = inf;
        }
      }
    }
  }

  /**
   * The k×n matrix at b in strips of {@code width} columns, each stored k-major: strip s holds columns s·width.. as
   * data[(s·k + l)·width + j]; columns past n are +∞. A right operand is packed so with width {@value #NR}.
   */
  private static void packColumnStrips(int k, int n, float[] b, int bOff, int ldb, int width, float inf,
      float[] data) {
    for (int s = 0; s * width < n; s++) {
      int cols = Math.min(width, n - s * width);
      int base = s * k * width;
      for (int l = 0; l < k; l++) {
        int dst = base + l * width;
        System.arraycopy(b, bOff + l * ldb + s * width, data, dst, cols);
        if (cols < width) {
          Arrays.fill(data, dst + cols, dst + width, inf);
        }
      }
    }
  }

  /**
   * Runs the micro-kernel over every C block, the k dimension cut into chunks of at most {@value #KC} and the columns
   * into blocks of at most {@value #NC}. Inside a column block the C blocks go row strip by row strip: an A strip
   * chunk (MR × KC floats, 8 KiB) stays in L1, the B chunk (at most KC × NC floats, 256 KiB) in L2, and C is swept
   * along its rows, eight sequential streams that the hardware prefetchers follow. Going down each column strip
   * instead, which kept a B strip in L1, touched C with a stride of a whole row: when C came from memory rather than
   * cache, as in Floyd–Warshall on a matrix beyond the last-level cache, the kernel kept 0.81–0.82 of its in-cache
   * rate against 0.91–0.93 now, and end-to-end Floyd–Warshall at n = 8192 went from 79% to 90% of the kernel's rate
   * (nonnegative-float, 2 threads, twelfth session).
   */
  private static void multiplyPacked(Arithmetic arithmetic, int m, int n, int k, float[] pa, float[] pb,
      float[] c, int cOff, int ldc) {
    for (int l0 = 0; l0 < k; l0 += KC) {
      for (int j0 = 0; j0 < n; j0 += NC) {
        multiplyChunk(arithmetic, m, j0, Math.min(n, j0 + NC), k, l0, Math.min(KC, k - l0), pa, pb, c, cOff, ldc);
      }
    }
  }

  /** Columns {@code j0..j1-1} of C against k-chunk {@code l0..l0+kc-1} of the packed panels. */
  private static void multiplyChunk(Arithmetic arithmetic, int m, int j0, int j1, int k, int l0, int kc, float[] pa,
      float[] pb, float[] c, int cOff, int ldc) {
    float[] edge = null;
    for (int is = 0; is * MR < m; is++) {
      int i = is * MR;
      int aBase = (is * k + l0) * MR;
      int rows = Math.min(MR, m - i);
      for (int j = j0; j < j1; j += NR) {
        int bBase = ((j / NR) * k + l0) * NR;
        int cols = Math.min(NR, j1 - j);
        if (rows == MR && cols == NR) {
          micro(arithmetic, pa, aBase, pb, bBase, kc, c, cOff + i * ldc + j, ldc);
        } else {
          if (edge == null) {
            edge = new float[MR * NR];
          }
          // A ragged block runs through a full-size buffer: padding rows/columns compute +∞ that is never stored.
          Arrays.fill(edge, arithmetic.infinity());
          for (int r = 0; r < rows; r++) {
            System.arraycopy(c, cOff + (i + r) * ldc + j, edge, r * NR, cols);
          }
          micro(arithmetic, pa, aBase, pb, bBase, kc, edge, 0, NR);
          for (int r = 0; r < rows; r++) {
            System.arraycopy(edge, r * NR, c, cOff + (i + r) * ldc + j, cols);
          }
        }
      }
    }
  }

  private static void micro(Arithmetic arithmetic, float[] pa, int aBase, float[] pb, int bBase, int k,
      float[] c, int cOff, int ldc) {
    switch (arithmetic) {
      case EXACT_FLOAT -> microExact(pa, aBase, pb, bBase, k, c, cOff, ldc);
      case NONNEGATIVE_FLOAT -> microNonnegative(pa, aBase, pb, bBase, k, c, cOff, ldc);
      case INT32 -> microInt(pa, aBase, pb, bBase, k, c, cOff, ldc);
    }
  }

  @Override
  public void closure(Arithmetic arithmetic, int n, float[] t, int off, int ld) {
    int vectorEnd = n - n % L;
    for (int k = 0; k < n; k++) {
      int kRow = off + k * ld;
      for (int i = 0; i < n; i++) {
        int iRow = off + i * ld;
        float aik = t[iRow + k];
        if (arithmetic.isInfinite(aik)) {
          continue; // +∞ + anything never improves a distance, in every arithmetic
        }
        switch (arithmetic) {
          case EXACT_FLOAT -> {
            FloatVector a = FloatVector.broadcast(F, aik);
            for (int j = 0; j < vectorEnd; j += L) {
              FloatVector cur = FloatVector.fromArray(F, t, iRow + j);
              FloatVector cand = a.add(FloatVector.fromArray(F, t, kRow + j));
              cur.blend(cand, cand.lt(cur)).intoArray(t, iRow + j);
            }
          }
          case NONNEGATIVE_FLOAT -> {
            FloatVector a = FloatVector.broadcast(F, aik);
            for (int j = 0; j < vectorEnd; j += L) {
              IntVector cur = FloatVector.fromArray(F, t, iRow + j).reinterpretAsInts();
              IntVector cand = a.add(FloatVector.fromArray(F, t, kRow + j)).reinterpretAsInts();
              cur.min(cand).reinterpretAsFloats().intoArray(t, iRow + j);
            }
          }
          case INT32 -> {
            IntVector a = IntVector.broadcast(I, Float.floatToRawIntBits(aik));
            for (int j = 0; j < vectorEnd; j += L) {
              IntVector cur = FloatVector.fromArray(F, t, iRow + j).reinterpretAsInts();
              IntVector cand = a.add(FloatVector.fromArray(F, t, kRow + j).reinterpretAsInts());
              cur.min(cand).reinterpretAsFloats().intoArray(t, iRow + j);
            }
          }
        }
        for (int j = vectorEnd; j < n; j++) {
          t[iRow + j] = ScalarMinPlusKernels.relax(arithmetic, t[iRow + j], aik, t[kRow + j]);
        }
      }
    }
  }

  private static int roundUp(int x, int multiple) {
    return (x + multiple - 1) / multiple * multiple;
  }

  // ---- micro-kernels: C[8][2L] ← min(C, A-strip ⊗ B-strip), kept flat (see the class comment) ----

  private static void microExact(float[] pa, int aBase, float[] pb, int bBase, int k, float[] c, int cOff, int ldc) {
    FloatVector c00 = FloatVector.fromArray(F, c, cOff);
    FloatVector c01 = FloatVector.fromArray(F, c, cOff + L);
    FloatVector c10 = FloatVector.fromArray(F, c, cOff + 1 * ldc);
    FloatVector c11 = FloatVector.fromArray(F, c, cOff + 1 * ldc + L);
    FloatVector c20 = FloatVector.fromArray(F, c, cOff + 2 * ldc);
    FloatVector c21 = FloatVector.fromArray(F, c, cOff + 2 * ldc + L);
    FloatVector c30 = FloatVector.fromArray(F, c, cOff + 3 * ldc);
    FloatVector c31 = FloatVector.fromArray(F, c, cOff + 3 * ldc + L);
    FloatVector c40 = FloatVector.fromArray(F, c, cOff + 4 * ldc);
    FloatVector c41 = FloatVector.fromArray(F, c, cOff + 4 * ldc + L);
    FloatVector c50 = FloatVector.fromArray(F, c, cOff + 5 * ldc);
    FloatVector c51 = FloatVector.fromArray(F, c, cOff + 5 * ldc + L);
    FloatVector c60 = FloatVector.fromArray(F, c, cOff + 6 * ldc);
    FloatVector c61 = FloatVector.fromArray(F, c, cOff + 6 * ldc + L);
    FloatVector c70 = FloatVector.fromArray(F, c, cOff + 7 * ldc);
    FloatVector c71 = FloatVector.fromArray(F, c, cOff + 7 * ldc + L);
    for (int ai = aBase, bi = bBase, aEnd = aBase + k * MR; ai < aEnd; ai += MR, bi += NR) {
      FloatVector b0 = FloatVector.fromArray(F, pb, bi);
      FloatVector b1 = FloatVector.fromArray(F, pb, bi + L);
      FloatVector a0 = FloatVector.broadcast(F, pa[ai]);
      FloatVector t00 = a0.add(b0);
      FloatVector t01 = a0.add(b1);
      c00 = c00.blend(t00, t00.lt(c00));
      c01 = c01.blend(t01, t01.lt(c01));
      FloatVector a1 = FloatVector.broadcast(F, pa[ai + 1]);
      FloatVector t10 = a1.add(b0);
      FloatVector t11 = a1.add(b1);
      c10 = c10.blend(t10, t10.lt(c10));
      c11 = c11.blend(t11, t11.lt(c11));
      FloatVector a2 = FloatVector.broadcast(F, pa[ai + 2]);
      FloatVector t20 = a2.add(b0);
      FloatVector t21 = a2.add(b1);
      c20 = c20.blend(t20, t20.lt(c20));
      c21 = c21.blend(t21, t21.lt(c21));
      FloatVector a3 = FloatVector.broadcast(F, pa[ai + 3]);
      FloatVector t30 = a3.add(b0);
      FloatVector t31 = a3.add(b1);
      c30 = c30.blend(t30, t30.lt(c30));
      c31 = c31.blend(t31, t31.lt(c31));
      FloatVector a4 = FloatVector.broadcast(F, pa[ai + 4]);
      FloatVector t40 = a4.add(b0);
      FloatVector t41 = a4.add(b1);
      c40 = c40.blend(t40, t40.lt(c40));
      c41 = c41.blend(t41, t41.lt(c41));
      FloatVector a5 = FloatVector.broadcast(F, pa[ai + 5]);
      FloatVector t50 = a5.add(b0);
      FloatVector t51 = a5.add(b1);
      c50 = c50.blend(t50, t50.lt(c50));
      c51 = c51.blend(t51, t51.lt(c51));
      FloatVector a6 = FloatVector.broadcast(F, pa[ai + 6]);
      FloatVector t60 = a6.add(b0);
      FloatVector t61 = a6.add(b1);
      c60 = c60.blend(t60, t60.lt(c60));
      c61 = c61.blend(t61, t61.lt(c61));
      FloatVector a7 = FloatVector.broadcast(F, pa[ai + 7]);
      FloatVector t70 = a7.add(b0);
      FloatVector t71 = a7.add(b1);
      c70 = c70.blend(t70, t70.lt(c70));
      c71 = c71.blend(t71, t71.lt(c71));
    }
    c00.intoArray(c, cOff);
    c01.intoArray(c, cOff + L);
    c10.intoArray(c, cOff + 1 * ldc);
    c11.intoArray(c, cOff + 1 * ldc + L);
    c20.intoArray(c, cOff + 2 * ldc);
    c21.intoArray(c, cOff + 2 * ldc + L);
    c30.intoArray(c, cOff + 3 * ldc);
    c31.intoArray(c, cOff + 3 * ldc + L);
    c40.intoArray(c, cOff + 4 * ldc);
    c41.intoArray(c, cOff + 4 * ldc + L);
    c50.intoArray(c, cOff + 5 * ldc);
    c51.intoArray(c, cOff + 5 * ldc + L);
    c60.intoArray(c, cOff + 6 * ldc);
    c61.intoArray(c, cOff + 6 * ldc + L);
    c70.intoArray(c, cOff + 7 * ldc);
    c71.intoArray(c, cOff + 7 * ldc + L);
  }

  private static void microNonnegative(float[] pa, int aBase, float[] pb, int bBase, int k, float[] c, int cOff,
      int ldc) {
    IntVector c00 = FloatVector.fromArray(F, c, cOff).reinterpretAsInts();
    IntVector c01 = FloatVector.fromArray(F, c, cOff + L).reinterpretAsInts();
    IntVector c10 = FloatVector.fromArray(F, c, cOff + 1 * ldc).reinterpretAsInts();
    IntVector c11 = FloatVector.fromArray(F, c, cOff + 1 * ldc + L).reinterpretAsInts();
    IntVector c20 = FloatVector.fromArray(F, c, cOff + 2 * ldc).reinterpretAsInts();
    IntVector c21 = FloatVector.fromArray(F, c, cOff + 2 * ldc + L).reinterpretAsInts();
    IntVector c30 = FloatVector.fromArray(F, c, cOff + 3 * ldc).reinterpretAsInts();
    IntVector c31 = FloatVector.fromArray(F, c, cOff + 3 * ldc + L).reinterpretAsInts();
    IntVector c40 = FloatVector.fromArray(F, c, cOff + 4 * ldc).reinterpretAsInts();
    IntVector c41 = FloatVector.fromArray(F, c, cOff + 4 * ldc + L).reinterpretAsInts();
    IntVector c50 = FloatVector.fromArray(F, c, cOff + 5 * ldc).reinterpretAsInts();
    IntVector c51 = FloatVector.fromArray(F, c, cOff + 5 * ldc + L).reinterpretAsInts();
    IntVector c60 = FloatVector.fromArray(F, c, cOff + 6 * ldc).reinterpretAsInts();
    IntVector c61 = FloatVector.fromArray(F, c, cOff + 6 * ldc + L).reinterpretAsInts();
    IntVector c70 = FloatVector.fromArray(F, c, cOff + 7 * ldc).reinterpretAsInts();
    IntVector c71 = FloatVector.fromArray(F, c, cOff + 7 * ldc + L).reinterpretAsInts();
    for (int ai = aBase, bi = bBase, aEnd = aBase + k * MR; ai < aEnd; ai += MR, bi += NR) {
      FloatVector b0 = FloatVector.fromArray(F, pb, bi);
      FloatVector b1 = FloatVector.fromArray(F, pb, bi + L);
      FloatVector a0 = FloatVector.broadcast(F, pa[ai]);
      c00 = c00.min(a0.add(b0).reinterpretAsInts());
      c01 = c01.min(a0.add(b1).reinterpretAsInts());
      FloatVector a1 = FloatVector.broadcast(F, pa[ai + 1]);
      c10 = c10.min(a1.add(b0).reinterpretAsInts());
      c11 = c11.min(a1.add(b1).reinterpretAsInts());
      FloatVector a2 = FloatVector.broadcast(F, pa[ai + 2]);
      c20 = c20.min(a2.add(b0).reinterpretAsInts());
      c21 = c21.min(a2.add(b1).reinterpretAsInts());
      FloatVector a3 = FloatVector.broadcast(F, pa[ai + 3]);
      c30 = c30.min(a3.add(b0).reinterpretAsInts());
      c31 = c31.min(a3.add(b1).reinterpretAsInts());
      FloatVector a4 = FloatVector.broadcast(F, pa[ai + 4]);
      c40 = c40.min(a4.add(b0).reinterpretAsInts());
      c41 = c41.min(a4.add(b1).reinterpretAsInts());
      FloatVector a5 = FloatVector.broadcast(F, pa[ai + 5]);
      c50 = c50.min(a5.add(b0).reinterpretAsInts());
      c51 = c51.min(a5.add(b1).reinterpretAsInts());
      FloatVector a6 = FloatVector.broadcast(F, pa[ai + 6]);
      c60 = c60.min(a6.add(b0).reinterpretAsInts());
      c61 = c61.min(a6.add(b1).reinterpretAsInts());
      FloatVector a7 = FloatVector.broadcast(F, pa[ai + 7]);
      c70 = c70.min(a7.add(b0).reinterpretAsInts());
      c71 = c71.min(a7.add(b1).reinterpretAsInts());
    }
    c00.reinterpretAsFloats().intoArray(c, cOff);
    c01.reinterpretAsFloats().intoArray(c, cOff + L);
    c10.reinterpretAsFloats().intoArray(c, cOff + 1 * ldc);
    c11.reinterpretAsFloats().intoArray(c, cOff + 1 * ldc + L);
    c20.reinterpretAsFloats().intoArray(c, cOff + 2 * ldc);
    c21.reinterpretAsFloats().intoArray(c, cOff + 2 * ldc + L);
    c30.reinterpretAsFloats().intoArray(c, cOff + 3 * ldc);
    c31.reinterpretAsFloats().intoArray(c, cOff + 3 * ldc + L);
    c40.reinterpretAsFloats().intoArray(c, cOff + 4 * ldc);
    c41.reinterpretAsFloats().intoArray(c, cOff + 4 * ldc + L);
    c50.reinterpretAsFloats().intoArray(c, cOff + 5 * ldc);
    c51.reinterpretAsFloats().intoArray(c, cOff + 5 * ldc + L);
    c60.reinterpretAsFloats().intoArray(c, cOff + 6 * ldc);
    c61.reinterpretAsFloats().intoArray(c, cOff + 6 * ldc + L);
    c70.reinterpretAsFloats().intoArray(c, cOff + 7 * ldc);
    c71.reinterpretAsFloats().intoArray(c, cOff + 7 * ldc + L);
  }

  private static void microInt(float[] pa, int aBase, float[] pb, int bBase, int k, float[] c, int cOff, int ldc) {
    IntVector c00 = FloatVector.fromArray(F, c, cOff).reinterpretAsInts();
    IntVector c01 = FloatVector.fromArray(F, c, cOff + L).reinterpretAsInts();
    IntVector c10 = FloatVector.fromArray(F, c, cOff + 1 * ldc).reinterpretAsInts();
    IntVector c11 = FloatVector.fromArray(F, c, cOff + 1 * ldc + L).reinterpretAsInts();
    IntVector c20 = FloatVector.fromArray(F, c, cOff + 2 * ldc).reinterpretAsInts();
    IntVector c21 = FloatVector.fromArray(F, c, cOff + 2 * ldc + L).reinterpretAsInts();
    IntVector c30 = FloatVector.fromArray(F, c, cOff + 3 * ldc).reinterpretAsInts();
    IntVector c31 = FloatVector.fromArray(F, c, cOff + 3 * ldc + L).reinterpretAsInts();
    IntVector c40 = FloatVector.fromArray(F, c, cOff + 4 * ldc).reinterpretAsInts();
    IntVector c41 = FloatVector.fromArray(F, c, cOff + 4 * ldc + L).reinterpretAsInts();
    IntVector c50 = FloatVector.fromArray(F, c, cOff + 5 * ldc).reinterpretAsInts();
    IntVector c51 = FloatVector.fromArray(F, c, cOff + 5 * ldc + L).reinterpretAsInts();
    IntVector c60 = FloatVector.fromArray(F, c, cOff + 6 * ldc).reinterpretAsInts();
    IntVector c61 = FloatVector.fromArray(F, c, cOff + 6 * ldc + L).reinterpretAsInts();
    IntVector c70 = FloatVector.fromArray(F, c, cOff + 7 * ldc).reinterpretAsInts();
    IntVector c71 = FloatVector.fromArray(F, c, cOff + 7 * ldc + L).reinterpretAsInts();
    for (int l = 0, ai = aBase, bi = bBase; l < k; l++, ai += MR, bi += NR) {
      IntVector b0 = FloatVector.fromArray(F, pb, bi).reinterpretAsInts();
      IntVector b1 = FloatVector.fromArray(F, pb, bi + L).reinterpretAsInts();
      IntVector a0 = IntVector.broadcast(I, Float.floatToRawIntBits(pa[ai]));
      c00 = c00.min(a0.add(b0));
      c01 = c01.min(a0.add(b1));
      IntVector a1 = IntVector.broadcast(I, Float.floatToRawIntBits(pa[ai + 1]));
      c10 = c10.min(a1.add(b0));
      c11 = c11.min(a1.add(b1));
      IntVector a2 = IntVector.broadcast(I, Float.floatToRawIntBits(pa[ai + 2]));
      c20 = c20.min(a2.add(b0));
      c21 = c21.min(a2.add(b1));
      IntVector a3 = IntVector.broadcast(I, Float.floatToRawIntBits(pa[ai + 3]));
      c30 = c30.min(a3.add(b0));
      c31 = c31.min(a3.add(b1));
      IntVector a4 = IntVector.broadcast(I, Float.floatToRawIntBits(pa[ai + 4]));
      c40 = c40.min(a4.add(b0));
      c41 = c41.min(a4.add(b1));
      IntVector a5 = IntVector.broadcast(I, Float.floatToRawIntBits(pa[ai + 5]));
      c50 = c50.min(a5.add(b0));
      c51 = c51.min(a5.add(b1));
      IntVector a6 = IntVector.broadcast(I, Float.floatToRawIntBits(pa[ai + 6]));
      c60 = c60.min(a6.add(b0));
      c61 = c61.min(a6.add(b1));
      IntVector a7 = IntVector.broadcast(I, Float.floatToRawIntBits(pa[ai + 7]));
      c70 = c70.min(a7.add(b0));
      c71 = c71.min(a7.add(b1));
    }
    c00.reinterpretAsFloats().intoArray(c, cOff);
    c01.reinterpretAsFloats().intoArray(c, cOff + L);
    c10.reinterpretAsFloats().intoArray(c, cOff + 1 * ldc);
    c11.reinterpretAsFloats().intoArray(c, cOff + 1 * ldc + L);
    c20.reinterpretAsFloats().intoArray(c, cOff + 2 * ldc);
    c21.reinterpretAsFloats().intoArray(c, cOff + 2 * ldc + L);
    c30.reinterpretAsFloats().intoArray(c, cOff + 3 * ldc);
    c31.reinterpretAsFloats().intoArray(c, cOff + 3 * ldc + L);
    c40.reinterpretAsFloats().intoArray(c, cOff + 4 * ldc);
    c41.reinterpretAsFloats().intoArray(c, cOff + 4 * ldc + L);
    c50.reinterpretAsFloats().intoArray(c, cOff + 5 * ldc);
    c51.reinterpretAsFloats().intoArray(c, cOff + 5 * ldc + L);
    c60.reinterpretAsFloats().intoArray(c, cOff + 6 * ldc);
    c61.reinterpretAsFloats().intoArray(c, cOff + 6 * ldc + L);
    c70.reinterpretAsFloats().intoArray(c, cOff + 7 * ldc);
    c71.reinterpretAsFloats().intoArray(c, cOff + 7 * ldc + L);
  }
}
