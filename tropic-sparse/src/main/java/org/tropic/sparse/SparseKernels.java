package org.tropic.sparse;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sparse matrix–vector (SpMV) and matrix–matrix (SpMM) products on a {@link BlockCoo} over the three semirings the
 * analytics need — (+,×) for walks and centralities, (min,+) for shortest distances, boolean (or,and) for BFS
 * frontiers — multithreaded by block rows handed out through one atomic counter (HPC-KG §2.6, Algorithm 4).
 *
 * <p>This is the checking facade (shapes are validated and explained once per call); the loops inside assume valid
 * input. SpMV is a scalar gather per element from a copy of x cut into block columns, into a block of y per block
 * row, both indexed by in-block column and row; on row-ordered matrices it sums each row run in registers
 * ({@link RowRuns}), and on row-ordered pattern matrices it sums stretches of consecutive columns from prefix sums
 * of x ({@link ColumnIntervals}). The boolean SpMV skips the blocks whose column of x is all zero. SpMM runs the
 * {@link SpmmBlockKernels} chosen at startup, which use the Vector API across the k columns. Dense operands are
 * row-major {@code float[]}: row i of an n×k operand starts at {@code i * k}. Vectors are indexed by stored
 * (possibly renumbered) ids.
 *
 * <p>Each product reads every stored element once: O(nnz · k / threads + rows · k) time.
 */
public final class SparseKernels {
  private static final class DefaultHolder {
    static final SparseKernels INSTANCE = create(Runtime.getRuntime().availableProcessors());
  }

  /** A block of zeros and one of ones, to test a stretch of a byte vector with one {@link Arrays#mismatch}. */
  private static final byte[] ZEROS = new byte[BlockCooOptions.MAX_BLOCK_SIZE];
  private static final byte[] ONES = new byte[BlockCooOptions.MAX_BLOCK_SIZE];

  static {
    Arrays.fill(ONES, (byte) 1);
  }

  /** The least of x that one job of the boolean SpMV's search for non-zeros takes (64 KB). */
  private static final int SCAN_JOB_BYTES = 65_536;

  /** The least of x that one job of an SpMV's copy of x into blocks takes (64 KB). */
  private static final int COPY_JOB_FLOATS = 16_384;

  /** Entries of x up to which each worker copies x for itself instead of sharing one copy (256 KB). */
  private static final int WORKER_COPY_FLOATS = 65_536;

  /** Numbers the SpMV calls, so that a worker knows whether its copy of x is this call's. */
  private static final AtomicLong CALLS = new AtomicLong();

  /**
   * Each worker's block of y, into which it sums a block row. Like the blocks of x, it has a power-of-two length
   * ({@link #scratchLength}): the loops index both with {@code index & (length - 1)}, the index itself, from which
   * C2 proves the index in range and drops the bounds check on every element. SpmvAb, 20 rounds, 2026-11-21: NY
   * road 0.94× the time on one thread and 0.96× on two, as-22july06 0.98× and 0.96×, the web graph 0.96× and 0.98×.
   */
  private static final ThreadLocal<float[]> Y_BLOCK_SCRATCH = ThreadLocal.withInitial(() -> new float[0]);

  private final BlockRowScheduler scheduler;
  private final SpmmBlockKernels spmm;
  private final ThreadLocal<double[]> prefixScratch = ThreadLocal.withInitial(() -> new double[0]);
  private final ThreadLocal<float[][]> xBlockScratch = ThreadLocal.withInitial(() -> new float[0][]);
  private final ThreadLocal<int[]> countScratch = ThreadLocal.withInitial(() -> new int[0]);
  private final ThreadLocal<boolean[]> liveScratch = ThreadLocal.withInitial(() -> new boolean[0]);

  SparseKernels(BlockRowScheduler scheduler, SpmmBlockKernels spmm) {
    this.scheduler = scheduler;
    this.spmm = spmm;
  }

  /** Kernels using every core, shared by the whole JVM (daemon helper threads). */
  public static SparseKernels defaults() {
    return DefaultHolder.INSTANCE;
  }

  /** Kernels that run on the calling thread only. */
  public static SparseKernels sequential() {
    return new SparseKernels(new BlockRowScheduler(1, null), SpmmBlockKernels.best());
  }

  /**
   * Kernels with {@code threads} workers: the caller and {@code threads - 1} daemon helpers of their own, which live
   * as long as the JVM; create kernels once and share them (they are thread-safe).
   */
  public static SparseKernels create(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("thread count " + threads + " must be at least 1");
    }
    return new SparseKernels(BlockRowScheduler.withOwnHelpers(threads), SpmmBlockKernels.best());
  }

  /** Kernels whose helpers run on the caller's executor; up to {@code threads} block rows are worked at once. */
  public static SparseKernels using(int threads, ExecutorService executor) {
    if (threads < 1) {
      throw new IllegalArgumentException("thread count " + threads + " must be at least 1");
    }
    return new SparseKernels(new BlockRowScheduler(threads, Objects.requireNonNull(executor, "executor")),
        SpmmBlockKernels.best());
  }

  /** These kernels with the scalar SpMM loops, the reference the vector ones are tested against. */
  SparseKernels scalarSpmm() {
    return new SparseKernels(scheduler, new ScalarSpmmBlockKernels());
  }

  public int threads() {
    return scheduler.threads();
  }

  /** The SpMM implementation in use, e.g. {@code vector-512} or {@code scalar}. */
  public String spmmImplementation() {
    return spmm.name();
  }

  /**
   * y ← β·y + α·A·x over (+,×). With β = 0, y's old content is ignored (even NaN), as in BLAS. Between calls each
   * calling thread keeps its copy of x cut into blocks (4 bytes per column, rounded up to whole blocks; for an x of
   * at most 65,536 entries, each worker keeps one) and each worker a block of y. On a matrix with column intervals
   * ({@link BlockCoo#intervalCoverage()}), each calling thread also keeps a buffer for the prefix sums of x, of
   * {@link IntervalCoverage#prefixBytes()}.
   *
   * @param x {@code a.columnCount()} values
   * @param y {@code a.rowCount()} values, updated in place
   */
  public void spmv(BlockCoo a, float alpha, float[] x, float beta, float[] y) {
    checkVectors(a, x.length, y.length, 1);
    // Derived once, here, before the threads.
    RowRuns runs = a.layout().elementOrder() == ElementOrder.ROW ? a.rowRuns() : null;
    ColumnIntervals intervals = runs != null && a.isPattern() && a.columnIntervals().any()
        ? a.columnIntervals() : null;
    double[] prefix = intervals == null ? null : prefixScratch(intervals.prefixLength());
    int prefixJobs = intervals == null ? 0 : intervals.prefixColumnCount();
    if (x.length <= WORKER_COPY_FLOATS) {
      // Each worker copies a small x for itself at its first block row: no preparation round, and no worker reads
      // blocks of x that another core has just written. as-22july06 on 2 threads: 0.88–0.97× the time (SpmvAb).
      long call = CALLS.incrementAndGet();
      scheduler.forEachBlockRow(prefixJobs, j -> intervals.prefixSums(x, j, prefix), a.blockRowCount(),
          br -> plusTimesRow(a, runs, intervals, prefix, WorkerCopyOfX.blocks(x, call, a), br, alpha, beta, y));
      return;
    }
    float[][] xBlocks = xBlockScratch(a.blockColumnCount(), a.blockWidth());
    // Each copy job takes at least COPY_JOB_FLOATS of x, so that small blocks do not cost an atomic update apiece.
    int blocksPerCopy = Math.max(1, COPY_JOB_FLOATS / a.blockWidth());
    int copies = (xBlocks.length + blocksPerCopy - 1) / blocksPerCopy;
    int preparations = copies + prefixJobs;
    scheduler.forEachBlockRow(preparations, j -> {
      if (j < copies) {
        for (int b = j * blocksPerCopy; b < Math.min(xBlocks.length, (j + 1) * blocksPerCopy); b++) {
          copyBlockOf(x, b, a.blockWidth(), xBlocks[b]);
        }
      } else {
        intervals.prefixSums(x, j - copies, prefix);
      }
    }, a.blockRowCount(), br -> plusTimesRow(a, runs, intervals, prefix, xBlocks, br, alpha, beta, y));
  }

  /**
   * The calling thread's copy of x cut into block columns, one array of {@code blockWidth()} per block column, which
   * the helpers read during its SpMV.
   */
  private float[][] xBlockScratch(int blockColumns, int blockWidth) {
    float[][] blocks = xBlockScratch.get();
    if (blocks.length != blockColumns || blocks.length > 0 && blocks[0].length != scratchLength(blockWidth)) {
      blocks = new float[blockColumns][scratchLength(blockWidth)];
      xBlockScratch.set(blocks);
    }
    return blocks;
  }

  /** The entries of v that block column j of blocks {@code width} wide covers into block. */
  private static void copyBlockOf(float[] v, int j, int width, float[] block) {
    int from = j * width;
    System.arraycopy(v, from, block, 0, Math.min(width, v.length - from));
  }

  /** The length of a scratch block of x or y: the least power of two that holds a block's columns or rows. */
  static int scratchLength(int side) {
    return side == 1 ? 1 : Integer.highestOneBit(side - 1) << 1;
  }

  /** The calling thread's buffer for the prefix sums of x, which the helpers read during its SpMV. */
  private double[] prefixScratch(int length) {
    double[] prefix = prefixScratch.get();
    if (prefix.length < length) {
      prefix = new double[length];
      prefixScratch.set(prefix);
    }
    return prefix;
  }

  /**
   * y ← min(y, A ⊗ x) over (min,+): {@code y[i] = min(y[i], min over stored (i,j) of a_ij + x[j])}; without
   * {@code accumulate}, y starts from +∞ (rows without elements end +∞).
   */
  public void spmvMinPlus(BlockCoo a, float[] x, float[] y, boolean accumulate) {
    checkVectors(a, x.length, y.length, 1);
    scheduler.forEachBlockRow(a.blockRowCount(), br -> minPlusRow(a, br, x, y, accumulate));
  }

  /**
   * y ← y ∨ (A ∧ x) over the boolean semiring, with a complemented mask: {@code y[i]} becomes 1 when some stored
   * (i,j) has {@code x[j] != 0} and {@code skip[i] == 0}. Without {@code accumulate}, y starts all 0. This is one BFS
   * level with the visited set as the mask (HPC-KG Algorithm 1).
   *
   * @param skip rows to leave alone (e.g. visited vertices), or {@code null}
   */
  public void spmvOrAnd(BlockCoo a, byte[] x, byte[] y, byte[] skip, boolean accumulate) {
    checkVectors(a, x.length, y.length, 1);
    if (skip != null && skip.length != a.rowCount()) {
      throw new IllegalArgumentException("mask of length " + skip.length + " for " + a.rowCount() + " rows");
    }
    ColumnIntervals intervals = a.layout().elementOrder() == ElementOrder.ROW && a.isPattern()
        && a.columnIntervals().any() ? a.columnIntervals() : null;
    int[] counts = intervals == null ? null : countScratch(intervals.prefixLength());
    boolean[] live = liveScratch(a.blockColumnCount());
    int width = a.blockWidth();
    int columnsPerScan = Math.max(1, SCAN_JOB_BYTES / width);
    int scans = (live.length + columnsPerScan - 1) / columnsPerScan;
    int preparations = scans + (intervals == null ? 0 : intervals.prefixColumnCount());
    scheduler.forEachBlockRow(preparations, j -> {
      if (j < scans) {
        for (int c = j * columnsPerScan; c < Math.min(live.length, (j + 1) * columnsPerScan); c++) {
          int from = c * width;
          int to = Math.min(x.length, from + width);
          live[c] = Arrays.mismatch(x, from, to, ZEROS, 0, to - from) >= 0;
        }
      } else {
        intervals.prefixCounts(x, j - scans, counts);
      }
    }, a.blockRowCount(), br -> orAndRow(a, intervals, counts, live, br, x, y, skip, accumulate));
  }

  /** The calling thread's flags, one per block column, of whether x has a non-zero there. */
  private boolean[] liveScratch(int blockColumns) {
    boolean[] live = liveScratch.get();
    if (live.length != blockColumns) {
      live = new boolean[blockColumns];
      liveScratch.set(live);
    }
    return live;
  }

  /**
   * Y ← β·Y + α·A·X over (+,×), X with k columns (HPC-KG Algorithm 3, blocked). With β = 0, Y's old content is
   * ignored.
   *
   * @param x {@code a.columnCount() × k} row-major
   * @param y {@code a.rowCount() × k} row-major, updated in place
   */
  public void spmm(BlockCoo a, float alpha, float[] x, int k, float beta, float[] y) {
    checkK(k);
    checkVectors(a, x.length, y.length, k);
    scheduler.forEachBlockRow(a.blockRowCount(), br -> {
      int rowBase = br * a.blockHeight();
      int rowEnd = Math.min(a.rowCount(), rowBase + a.blockHeight());
      scale(y, rowBase * k, rowEnd * k, beta);
      forBlocks(a, br, (from, to, columnBase) ->
          spmm.plusTimes(a.coords(), a.values(), from, to, rowBase, columnBase, alpha, x, y, k));
    });
  }

  /** Y ← min(Y, A ⊗ X) over (min,+), column by column; without {@code accumulate}, Y starts from +∞. */
  public void spmmMinPlus(BlockCoo a, float[] x, int k, float[] y, boolean accumulate) {
    checkK(k);
    checkVectors(a, x.length, y.length, k);
    scheduler.forEachBlockRow(a.blockRowCount(), br -> {
      int rowBase = br * a.blockHeight();
      int rowEnd = Math.min(a.rowCount(), rowBase + a.blockHeight());
      if (!accumulate) {
        Arrays.fill(y, rowBase * k, rowEnd * k, Float.POSITIVE_INFINITY);
      }
      forBlocks(a, br, (from, to, columnBase) ->
          spmm.minPlus(a.coords(), a.values(), from, to, rowBase, columnBase, x, y, k));
    });
  }

  @FunctionalInterface
  private interface BlockBody {
    void run(int from, int to, int columnBase);
  }

  private static void forBlocks(BlockCoo a, int br, BlockBody body) {
    int[] blockRowStart = a.blockRowStart();
    int[] blockColumn = a.blockColumn();
    int[] blockStart = a.blockStart();
    for (int b = blockRowStart[br]; b < blockRowStart[br + 1]; b++) {
      body.run(blockStart[b], blockStart[b + 1], blockColumn[b] * a.blockWidth());
    }
  }

  /** The calling thread's buffer for the prefix counts of a boolean x, which the helpers read during its SpMV. */
  private int[] countScratch(int length) {
    int[] counts = countScratch.get();
    if (counts.length < length) {
      counts = new int[length];
      countScratch.set(counts);
    }
    return counts;
  }

  /**
   * One block row of y ← βy + αAx, summed into a copy of the block row's part of y from x's blocks
   * ({@code xBlocks}): indexed by the in-block row and column alone, the loops take 1.5× less time on NY road and
   * as-22july06 than with the block's offsets added to every index into the whole x and y (single-thread harness,
   * 2026-11-21). Blocks with column {@code intervals} are summed from the prefix sums of x; other row-ordered blocks
   * ({@code runs}) with a counted loop over each of a block's leading long runs and a row test per element for the
   * rest; blocks in other orders with one update of y per element.
   */
  private static void plusTimesRow(BlockCoo a, RowRuns runs, ColumnIntervals intervals, double[] prefix,
      float[][] xBlocks, int br, float alpha, float beta, float[] y) {
    int rowBase = br * a.blockHeight();
    int rows = Math.min(a.rowCount() - rowBase, a.blockHeight());
    float[] yBlock = yBlockScratch(a.blockHeight());
    if (beta == 0f) {
      Arrays.fill(yBlock, 0, rows, 0f);
    } else {
      for (int i = 0; i < rows; i++) {
        yBlock[i] = beta * y[rowBase + i];
      }
    }
    MemorySegment coords = a.coords();
    MemorySegment values = a.values();
    int[] blockRowStart = a.blockRowStart();
    int[] blockColumn = a.blockColumn();
    int[] blockStart = a.blockStart();
    for (int b = blockRowStart[br]; b < blockRowStart[br + 1]; b++) {
      if (intervals != null && intervals.covers(b, prefix)) {
        intervals.plusTimes(b, prefix, alpha, yBlock);
        continue;
      }
      float[] xBlock = xBlocks[blockColumn[b]];
      int from = blockStart[b];
      int to = blockStart[b + 1];
      MemorySegment c = BlockCoo.slice(coords, BlockCoo.COORD, from, to);
      MemorySegment v = values == null ? null : BlockCoo.slice(values, BlockCoo.VALUE, from, to);
      long count = to - from;
      if (runs != null) {
        long done = runs.plusTimesLeadingLongRuns(b, c, v, alpha, xBlock, yBlock);
        plusTimesShortRuns(c, v, done, count, alpha, xBlock, yBlock);
      } else if (v == null) {
        for (long e = 0; e < count; e++) {
          int rc = c.getAtIndex(BlockCoo.COORD, e);
          yBlock[(rc >>> 16) & (yBlock.length - 1)] += alpha * xBlock[rc & (xBlock.length - 1)];
        }
      } else {
        for (long e = 0; e < count; e++) {
          int rc = c.getAtIndex(BlockCoo.COORD, e);
          yBlock[(rc >>> 16) & (yBlock.length - 1)] += alpha * v.getAtIndex(BlockCoo.VALUE, e)
              * xBlock[rc & (xBlock.length - 1)];
        }
      }
    }
    System.arraycopy(yBlock, 0, y, rowBase, rows);
  }

  /** A worker's own copy of a small x, cut into block columns, and the call it was made for. */
  private static final class WorkerCopyOfX {
    private static final ThreadLocal<WorkerCopyOfX> MINE = ThreadLocal.withInitial(WorkerCopyOfX::new);

    private long call = -1;
    private float[][] blocks = new float[0][];

    /** The calling worker's copy of x for SpMV number {@code call} with matrix a, made at its first use. */
    static float[][] blocks(float[] x, long call, BlockCoo a) {
      WorkerCopyOfX mine = MINE.get();
      if (mine.call != call) {
        int columns = a.blockColumnCount();
        int length = scratchLength(a.blockWidth());
        if (mine.blocks.length != columns || columns > 0 && mine.blocks[0].length != length) {
          mine.blocks = new float[columns][length];
        }
        for (int j = 0; j < columns; j++) {
          copyBlockOf(x, j, a.blockWidth(), mine.blocks[j]);
        }
        mine.call = call;
      }
      return mine.blocks;
    }
  }

  /** The calling worker's buffer for one block row of y. */
  private static float[] yBlockScratch(int blockHeight) {
    float[] block = Y_BLOCK_SCRATCH.get();
    if (block.length < blockHeight) {
      block = new float[scratchLength(blockHeight)];
      Y_BLOCK_SCRATCH.set(block);
    }
    return block;
  }

  /**
   * Elements {@code from..to-1} of a row-ordered block, whose runs are short, into the block's part of y from its
   * part of x: per element, a row change flushes the register sum to y. Against a COO update per element, this saves
   * a load and a store of y and the dependency between consecutive updates of the same y.
   */
  private static void plusTimesShortRuns(MemorySegment coords, MemorySegment values, long from, long to,
      float alpha, float[] xBlock, float[] yBlock) {
    if (from == to) {
      return;
    }
    if (values == null) {
      patternShortRuns(coords, from, to, alpha, xBlock, yBlock);
      return;
    }
    int row = coords.getAtIndex(BlockCoo.COORD, from) >>> 16;
    float sum = 0f;
    for (long e = from; e < to; e++) {
      int rc = coords.getAtIndex(BlockCoo.COORD, e);
      int r = rc >>> 16;
      if (r != row) {
        yBlock[row & (yBlock.length - 1)] += alpha * sum;
        row = r;
        sum = 0f;
      }
      sum += values.getAtIndex(BlockCoo.VALUE, e) * xBlock[rc & (xBlock.length - 1)];
    }
    yBlock[row & (yBlock.length - 1)] += alpha * sum;
  }

  /**
   * {@link #plusTimesShortRuns} for a pattern matrix, whose elements are all 1: a loop of its own, since one loop
   * with 1 standing in for the missing values took 1.04–1.05× the time on NY road (SpmvAb, 1 and 2 threads).
   */
  private static void patternShortRuns(MemorySegment coords, long from, long to, float alpha, float[] xBlock,
      float[] yBlock) {
    int row = coords.getAtIndex(BlockCoo.COORD, from) >>> 16;
    float sum = 0f;
    for (long e = from; e < to; e++) {
      int rc = coords.getAtIndex(BlockCoo.COORD, e);
      int r = rc >>> 16;
      if (r != row) {
        yBlock[row & (yBlock.length - 1)] += alpha * sum;
        row = r;
        sum = 0f;
      }
      sum += xBlock[rc & (xBlock.length - 1)];
    }
    yBlock[row & (yBlock.length - 1)] += alpha * sum;
  }

  private static void minPlusRow(BlockCoo a, int br, float[] x, float[] y, boolean accumulate) {
    int rowBase = br * a.blockHeight();
    if (!accumulate) {
      Arrays.fill(y, rowBase, Math.min(a.rowCount(), rowBase + a.blockHeight()), Float.POSITIVE_INFINITY);
    }
    MemorySegment coords = a.coords();
    MemorySegment values = a.values();
    int[] blockRowStart = a.blockRowStart();
    int[] blockColumn = a.blockColumn();
    int[] blockStart = a.blockStart();
    for (int b = blockRowStart[br]; b < blockRowStart[br + 1]; b++) {
      int columnBase = blockColumn[b] * a.blockWidth();
      MemorySegment c = BlockCoo.slice(coords, BlockCoo.COORD, blockStart[b], blockStart[b + 1]);
      MemorySegment w = values == null ? null
          : BlockCoo.slice(values, BlockCoo.VALUE, blockStart[b], blockStart[b + 1]);
      long count = blockStart[b + 1] - blockStart[b];
      for (long e = 0; e < count; e++) {
        int rc = c.getAtIndex(BlockCoo.COORD, e);
        float v = w == null ? 1f : w.getAtIndex(BlockCoo.VALUE, e);
        float t = v + x[columnBase + (rc & 0xFFFF)];
        int i = rowBase + (rc >>> 16);
        if (t < y[i]) {
          y[i] = t;
        }
      }
    }
  }

  /**
   * One block row of the boolean SpMV. Blocks whose column of x is all zero ({@code live}) add nothing and are
   * skipped, and so is the whole block row when every row in it is masked: a BFS level on a road network, whose
   * frontier is a thin wave, then reads a few blocks instead of the matrix. Blocks with column {@code intervals} go
   * by the prefix counts of x.
   */
  private static void orAndRow(BlockCoo a, ColumnIntervals intervals, int[] counts, boolean[] live, int br,
      byte[] x, byte[] y, byte[] skip, boolean accumulate) {
    int rowBase = br * a.blockHeight();
    int rowEnd = Math.min(a.rowCount(), rowBase + a.blockHeight());
    if (!accumulate) {
      Arrays.fill(y, rowBase, rowEnd, (byte) 0);
    }
    // Masks hold 0 and 1 in practice; another non-zero only costs this shortcut.
    if (skip != null && Arrays.mismatch(skip, rowBase, rowEnd, ONES, 0, rowEnd - rowBase) < 0) {
      return;
    }
    MemorySegment coords = a.coords();
    int[] blockRowStart = a.blockRowStart();
    int[] blockColumn = a.blockColumn();
    int[] blockStart = a.blockStart();
    for (int b = blockRowStart[br]; b < blockRowStart[br + 1]; b++) {
      if (!live[blockColumn[b]]) {
        continue;
      }
      if (intervals != null && intervals.covers(b)) {
        intervals.orAnd(b, counts, rowBase, y, skip);
        continue;
      }
      int columnBase = blockColumn[b] * a.blockWidth();
      MemorySegment c = BlockCoo.slice(coords, BlockCoo.COORD, blockStart[b], blockStart[b + 1]);
      long count = blockStart[b + 1] - blockStart[b];
      for (long e = 0; e < count; e++) {
        int rc = c.getAtIndex(BlockCoo.COORD, e);
        if (x[columnBase + (rc & 0xFFFF)] != 0) {
          int i = rowBase + (rc >>> 16);
          if (skip == null || skip[i] == 0) {
            y[i] = 1;
          }
        }
      }
    }
  }

  private static void scale(float[] y, int from, int to, float beta) {
    if (beta == 0f) {
      Arrays.fill(y, from, to, 0f);
    } else if (beta != 1f) {
      for (int i = from; i < to; i++) {
        y[i] *= beta;
      }
    }
  }

  private static void checkK(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("SpMM needs at least one column, got k = " + k);
    }
  }

  private static void checkVectors(BlockCoo a, long xLength, long yLength, int k) {
    if (xLength != (long) a.columnCount() * k) {
      throw new IllegalArgumentException("x has " + xLength + " entries; a " + a.rowCount() + "×" + a.columnCount()
          + " matrix times " + k + " column(s) needs " + (long) a.columnCount() * k);
    }
    if (yLength != (long) a.rowCount() * k) {
      throw new IllegalArgumentException("y has " + yLength + " entries; a " + a.rowCount() + "×" + a.columnCount()
          + " matrix times " + k + " column(s) gives " + (long) a.rowCount() * k);
    }
  }
}
