package org.tropic.sparse;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The column intervals of a row-ordered pattern {@link BlockCoo}: inside each row run, the maximal stretches of
 * consecutive columns. Web graphs are full of them, because pages link to their neighbours in crawl order: in the
 * web graph's transposed BlockCoo (blocks of 8,192), 2.98 M of its 3.03 M elements lie in blocks averaging at least
 * two elements per interval, and those hold 572 k intervals. With a prefix sum P of x, the (+,×) sum of x over an
 * interval [c, c + len) is P[c + len] − P[c], whatever its length. The boolean (or,and) product of BFS does the same
 * with exact counts of x's non-zeros.
 *
 * <p>That alone does not beat CSR: each row's loop over its intervals still mispredicts its exit, about 30 cycles a
 * row. So the kernel makes a second prefix sum, Q, over the interval sums of a stretch of runs, in one flat loop
 * with no row tests, and then gives each run Q[last] − Q[first] in a second flat loop. In a single-thread
 * prototype over the web graph's rows (heap arrays) this took 0.7 ms against 1.65 ms for CSR, where summing P
 * differences row by row took 1.35 ms.
 *
 * <p>Both prefix sums are in double and restart often (P at each block column, Q every {@link #SEGMENT} intervals).
 * An interval's sum is then off by a few units of 2⁻⁵³ times the 1-norm of x over its block column. That is below
 * float32 rounding unless the largest |x| exceeds the smallest by more than about 10⁴ times the row length.
 *
 * <p>Only blocks whose elements average at least {@link #MIN_ELEMENTS_PER_INTERVAL} per interval are kept; the
 * others, and every matrix with values, go through {@link RowRuns}. Derived from the elements once per matrix, on
 * first use: O(nnz) time, 8 bytes per interval (where it starts and ends in P: one packed word, decoded in the loop,
 * took 1.4× the time) and 8 per run. The file format is unchanged.
 */
final class ColumnIntervals {
  /** Elements per interval from which a block is summed by intervals. */
  static final double MIN_ELEMENTS_PER_INTERVAL = 2.0;
  /** Intervals per flat pass: the Q scratch (8 bytes each) stays in the first-level cache. */
  static final int SEGMENT = 4096;

  private static final ThreadLocal<double[]> SCRATCH = ThreadLocal.withInitial(() -> new double[SEGMENT + 1]);
  private static final ThreadLocal<int[]> COUNT_SCRATCH = ThreadLocal.withInitial(() -> new int[SEGMENT + 1]);

  /** Per interval: its first and its end index in the prefix sums of x ({@link #prefixSums}). */
  private final int[] intervalFrom;
  private final int[] intervalTo;
  /** Per run: the in-block row. */
  private final int[] runRow;
  /** Run q holds intervals {@code runBound[q]} up to {@code runBound[q + 1]}. */
  private final int[] runBound;
  /** Per segment: the run it ends before. A segment starts where the one before ended, or at its block's first run. */
  private final int[] segmentEnd;
  /** Block b's first run. */
  private final int[] blockRunStart;
  /** Where block b's prefix sums start (0 for blocks not summed by intervals). */
  private final int[] blockPrefixStart;
  /** Block b's segments are {@code blockSegmentStart[b]} up to {@code blockSegmentStart[b + 1]}. */
  private final int[] blockSegmentStart;
  /** The block columns that hold a kept block, whose prefix sums of x SpMV needs. */
  private final int[] prefixColumns;
  /** Where the prefix sums of {@code prefixColumns[i]} start; the last entry is their total length. */
  private final int[] prefixStart;
  /** Columns per block column: where the block columns of x start. */
  private final int blockWidth;
  private final long elementsCovered;

  private ColumnIntervals(int[] intervalFrom, int[] intervalTo, int[] runRow, int[] runBound, int[] segmentEnd,
      int[] blockRunStart, int[] blockPrefixStart, int[] blockSegmentStart, int[] prefixColumns, int[] prefixStart,
      int blockWidth,
      long elementsCovered) {
    this.intervalFrom = intervalFrom;
    this.intervalTo = intervalTo;
    this.runRow = runRow;
    this.runBound = runBound;
    this.segmentEnd = segmentEnd;
    this.blockRunStart = blockRunStart;
    this.blockPrefixStart = blockPrefixStart;
    this.blockSegmentStart = blockSegmentStart;
    this.prefixColumns = prefixColumns;
    this.prefixStart = prefixStart;
    this.blockWidth = blockWidth;
    this.elementsCovered = elementsCovered;
  }

  /** The intervals of a pattern matrix whose elements are in {@link ElementOrder#ROW} order. */
  static ColumnIntervals of(BlockCoo a) {
    if (a.layout().elementOrder() != ElementOrder.ROW || !a.isPattern()) {
      throw new IllegalArgumentException("column intervals need a row-ordered pattern matrix, not " + a);
    }
    MemorySegment coords = a.coords();
    int[] blockStart = a.blockStart();
    int blocks = a.storedBlockCount();
    boolean[] kept = new boolean[blocks];
    int intervalCount = 0;
    int runCount = 0;
    long covered = 0;
    for (int b = 0; b < blocks; b++) {
      int blockIntervals = 0;
      int blockRuns = 0;
      int previous = -2;
      for (int e = blockStart[b]; e < blockStart[b + 1]; e++) {
        int rc = coords.getAtIndex(BlockCoo.COORD, e);
        boolean sameRow = e > blockStart[b] && rc >>> 16 == previous >>> 16;
        if (!sameRow) {
          blockRuns++;
        }
        if (!sameRow || rc != previous + 1) {
          blockIntervals++;
        }
        previous = rc;
      }
      int elements = blockStart[b + 1] - blockStart[b];
      kept[b] = elements > 0 && elements >= MIN_ELEMENTS_PER_INTERVAL * blockIntervals;
      if (kept[b]) {
        intervalCount += blockIntervals;
        runCount += blockRuns;
        covered += elements;
      }
    }
    // Prefix sums only for the block columns that need them, one after the other.
    boolean[] needsPrefix = new boolean[a.blockColumnCount()];
    for (int b = 0; b < blocks; b++) {
      needsPrefix[a.blockColumn()[b]] |= kept[b];
    }
    int[] prefixBase = new int[a.blockColumnCount()];
    int[] prefixColumns = new int[a.blockColumnCount()];
    int[] prefixStart = new int[a.blockColumnCount() + 1];
    int used = 0;
    for (int bc = 0; bc < a.blockColumnCount(); bc++) {
      if (needsPrefix[bc]) {
        prefixBase[bc] = prefixStart[used];
        prefixColumns[used] = bc;
        prefixStart[used + 1] = prefixStart[used] + Math.min(a.blockWidth(), a.columnCount() - bc * a.blockWidth()) + 1;
        used++;
      }
    }
    int[] intervalFrom = new int[intervalCount];
    int[] intervalTo = new int[intervalCount];
    int[] runRow = new int[runCount];
    int[] runBound = new int[runCount + 1];
    int[] segmentEnd = new int[runCount];
    int[] blockRunStart = new int[blocks];
    int[] blockPrefixStart = new int[blocks];
    int[] blockSegmentStart = new int[blocks + 1];
    int k = 0;
    int q = 0;
    int s = 0;
    for (int b = 0; b < blocks; b++) {
      blockRunStart[b] = q;
      blockSegmentStart[b] = s;
      if (!kept[b]) {
        continue;
      }
      int base = prefixBase[a.blockColumn()[b]];
      blockPrefixStart[b] = base;
      int segmentFirstInterval = k;
      int e = blockStart[b];
      while (e < blockStart[b + 1]) {
        int row = coords.getAtIndex(BlockCoo.COORD, e) >>> 16;
        int runFirstInterval = k;
        while (e < blockStart[b + 1] && coords.getAtIndex(BlockCoo.COORD, e) >>> 16 == row) {
          int first = coords.getAtIndex(BlockCoo.COORD, e) & 0xFFFF;
          int length = 1;
          // first + length ≤ 0xFFFF keeps the row's last column from running on into the next row's column 0.
          while (e + length < blockStart[b + 1] && first + length <= 0xFFFF
              && coords.getAtIndex(BlockCoo.COORD, e + length) == coords.getAtIndex(BlockCoo.COORD, e) + length) {
            length++;
          }
          intervalFrom[k] = base + first;
          intervalTo[k++] = base + first + length;
          e += length;
        }
        // Close the segment before this run when the run would overflow it; a run alone may be longer.
        if (k - segmentFirstInterval > SEGMENT && runFirstInterval > segmentFirstInterval) {
          segmentEnd[s++] = q;
          segmentFirstInterval = runFirstInterval;
        }
        runRow[q] = row;
        runBound[++q] = k;
      }
      segmentEnd[s++] = q;
    }
    blockSegmentStart[blocks] = s;
    return new ColumnIntervals(intervalFrom, intervalTo, runRow, runBound, Arrays.copyOf(segmentEnd, s),
        blockRunStart, blockPrefixStart, blockSegmentStart, Arrays.copyOf(prefixColumns, used),
        Arrays.copyOf(prefixStart, used + 1), a.blockWidth(), covered);
  }

  /** Whether any block is summed by intervals; if none, SpMV needs no prefix sums of x. */
  boolean any() {
    return intervalFrom.length > 0;
  }

  /** Whether block b is summed by intervals. */
  boolean covers(int b) {
    return blockSegmentStart[b + 1] > blockSegmentStart[b];
  }

  /**
   * Whether block b is summed by intervals in this product: not if its block column of x holds an infinity or a
   * NaN, which {@link #prefixSums} marks, since every prefix sum after it would be one too, and a difference of two
   * infinities is NaN where the rows' true sums are finite.
   */
  boolean covers(int b, double[] prefix) {
    return covers(b) && prefix[blockPrefixStart[b]] == 0;
  }

  /** Elements in the blocks summed by intervals. */
  long elementsCovered() {
    return elementsCovered;
  }

  int intervalCount() {
    return intervalFrom.length;
  }

  IntervalCoverage coverage(long elements) {
    long indexBytes = 8L * intervalFrom.length + 8L * runRow.length + 4L * segmentEnd.length
        + 8L * blockRunStart.length + 8L * prefixColumns.length;
    return new IntervalCoverage(true, elements, elementsCovered, intervalFrom.length, indexBytes, 8L * prefixLength());
  }

  /** How many block columns need prefix sums of x: the jobs of {@link #prefixSums}. */
  int prefixColumnCount() {
    return prefixColumns.length;
  }

  /** How many doubles the prefix sums of x take. */
  int prefixLength() {
    return prefixStart[prefixColumns.length];
  }

  /**
   * P over the i-th block column that needs it: for its first column c and each j from 1 to its width,
   * {@code prefix[prefixStart[i] + j]} = x[c] + … + x[c + j − 1]; the entry for j = 0 is 0, or NaN when the block
   * column of x holds a non-finite value.
   */
  void prefixSums(float[] x, int i, double[] prefix) {
    int from = prefixColumns[i] * blockWidth;
    int to = Math.min(x.length, from + blockWidth);
    int base = prefixStart[i] - from;
    double sum = 0;
    for (int c = from; c < to; c++) {
      sum += x[c];
      prefix[base + c + 1] = sum;
    }
    // A float sum of at most 65,536 floats cannot overflow a double, so a non-finite total means x holds an
    // infinity or a NaN here; the first entry, otherwise 0, says so to covers(b, prefix).
    prefix[base + from] = Double.isFinite(sum) ? 0 : Double.NaN;
  }


  /**
   * The boolean semiring's prefix sums over the i-th block column that needs them: how many of x's entries before
   * each column are non-zero, laid out as in {@link #prefixSums}. Counts are exact, so (or,and) loses nothing.
   */
  void prefixCounts(byte[] x, int i, int[] prefix) {
    int from = prefixColumns[i] * blockWidth;
    int to = Math.min(x.length, from + blockWidth);
    int base = prefixStart[i] - from;
    int count = 0;
    prefix[base + from] = 0;
    for (int c = from; c < to; c++) {
      count += x[c] != 0 ? 1 : 0;
      prefix[base + c + 1] = count;
    }
  }

  /**
   * y[rowBase + r] = 1 where row r of block b meets a non-zero of x and {@code skip} (if any) is 0 there, for a block
   * that {@link #covers} b; the (or,and) twin of {@link #plusTimes}, from the {@link #prefixCounts} of x.
   */
  void orAnd(int b, int[] prefix, int rowBase, byte[] y, byte[] skip) {
    int[] q = COUNT_SCRATCH.get();
    int run = blockRunStart[b];
    for (int s = blockSegmentStart[b]; s < blockSegmentStart[b + 1]; s++) {
      int runStop = segmentEnd[s];
      int first = runBound[run];
      int last = runBound[runStop];
      if (last - first + 1 > q.length) {
        q = new int[last - first + 1];
        COUNT_SCRATCH.set(q);
      }
      int count = 0;
      q[0] = 0;
      for (int k = first, j = 1; k < last; k++, j++) {
        count += prefix[intervalTo[k]] - prefix[intervalFrom[k]];
        q[j] = count;
      }
      for (; run < runStop; run++) {
        int i = rowBase + runRow[run];
        if (q[runBound[run + 1] - first] != q[runBound[run] - first] && (skip == null || skip[i] == 0)) {
          y[i] = 1;
        }
      }
    }
  }

  /**
   * y[r] += α · (row r of block b times x), for a block that {@link #covers} b; {@code yBlock} is the block row's
   * part of y, indexed by in-block row.
   */
  void plusTimes(int b, double[] prefix, float alpha, float[] yBlock) {
    double[] q = SCRATCH.get();
    int run = blockRunStart[b];
    for (int s = blockSegmentStart[b]; s < blockSegmentStart[b + 1]; s++) {
      int runStop = segmentEnd[s];
      int first = runBound[run];
      int last = runBound[runStop];
      if (last - first + 1 > q.length) {
        q = new double[last - first + 1];
        SCRATCH.set(q);
      }
      // Q[j] = sum of the first j interval sums of this segment: one flat loop, no row tests.
      double sum = 0;
      q[0] = 0;
      for (int k = first, j = 1; k < last; k++, j++) {
        sum += prefix[intervalTo[k]] - prefix[intervalFrom[k]];
        q[j] = sum;
      }
      for (; run < runStop; run++) {
        yBlock[runRow[run]] += alpha * (float) (q[runBound[run + 1] - first] - q[runBound[run] - first]);
      }
    }
  }
}
