package org.tropic.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class ColumnIntervalsTest {
  private static final SparseKernels TWO_THREADS = SparseKernels.create(2);

  private static BlockCooOptions rowOrder(int blockSize) {
    return BlockCooOptions.defaults().withBlockSize(blockSize).withElementOrder(ElementOrder.ROW)
        .withOrientation(Orientation.ADJACENCY);
  }

  /** Rows made of stretches of consecutive columns, as in a web graph: the interval kernel's home ground. */
  private static Graph stretches(long seed, int n, int rows, int maxStretch, boolean weighted) {
    Random r = new Random(seed);
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int i = 0; i < rows; i++) {
      int u = r.nextInt(n);
      for (int s = r.nextInt(6); s >= 0; s--) {
        int first = r.nextInt(n);
        int length = 1 + r.nextInt(maxStretch);
        for (int v = first; v < Math.min(n, first + length); v++) {
          builder.addArc(u, v, weighted ? 1 + r.nextInt(9) : 1f);
        }
      }
    }
    return builder.build();
  }

  private static void assertSpmvMatchesCsr(Graph g, BlockCoo m, SparseKernels kernels, float[] x, float alpha,
      float beta, float[] y0) {
    Permutation p = m.permutation();
    float[] y = p.toNew(y0);
    kernels.spmv(m, alpha, p.toNew(x), beta, y);
    float[] got = p.toOld(y);
    double[] xd = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      xd[i] = x[i];
    }
    double[] ax = CsrReference.multiply(g, xd, m.layout().orientation() == Orientation.TRANSPOSE, m.isPattern());
    for (int i = 0; i < y0.length; i++) {
      double expected = beta * y0[i] + alpha * ax[i];
      assertThat((double) got[i]).as("row %d", i).isCloseTo(expected, within(1e-4 * (1 + Math.abs(expected))));
    }
  }

  private static float[] random(Random r, int n) {
    float[] x = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = r.nextFloat() * 2 - 1;
    }
    return x;
  }

  @Test
  void findsTheMaximalStretchesOfEachRowInEachBlock() {
    GraphBuilder builder = GraphBuilder.withVertexCount(16);
    for (int v = 4; v < 12; v++) {
      builder.addArc(0, v, 1f); // row 0: 4..11, cut by the block boundary at 8 into two intervals
    }
    builder.addArc(1, 5, 1f).addArc(1, 6, 1f).addArc(1, 7, 1f); // row 1: one interval in block (0, 1)
    builder.addArc(5, 8, 1f).addArc(5, 10, 1f); // row 5: two single columns in block (1, 2)
    BlockCoo m = BlockCoo.fromGraph(builder.build(), rowOrder(4), 1);

    ColumnIntervals intervals = ColumnIntervals.of(m);

    // Blocks (0, 1) and (0, 2) hold 7 elements in 2 intervals and 4 in 1: both summed by intervals. Block (1, 2)
    // holds 2 elements in 2 intervals, below MIN_ELEMENTS_PER_INTERVAL, so it keeps the per-element loop.
    assertThat(m.storedBlockCount()).isEqualTo(3);
    assertThat(intervals.covers(0)).isTrue();
    assertThat(intervals.covers(1)).isTrue();
    assertThat(intervals.covers(2)).isFalse();
    assertThat(intervals.intervalCount()).isEqualTo(3);
    assertThat(intervals.elementsCovered()).isEqualTo(11);
  }

  @Test
  void weightedMatricesAndOtherOrdersHaveNoIntervals() {
    Graph weighted = stretches(1, 50, 30, 10, true);
    BlockCoo m = BlockCoo.fromGraph(weighted, rowOrder(16), 1);
    assertThatThrownBy(() -> ColumnIntervals.of(m))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row-ordered pattern");
    assertThat(m.intervalCoverage().describe()).startsWith("none: only row-ordered matrices without values");
    BlockCoo cache = BlockCoo.fromGraph(stretches(1, 50, 30, 10, false),
        rowOrder(16).withElementOrder(ElementOrder.CACHE), 1);
    assertThatThrownBy(() -> ColumnIntervals.of(cache))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Property(tries = 40)
  void spmvOverStretchesMatchesThePlainCsrProduct(@ForAll long seed, @ForAll @IntRange(min = 1, max = 600) int n,
      @ForAll @IntRange(min = 0, max = 400) int rows, @ForAll @IntRange(min = 1, max = 70) int maxStretch,
      @ForAll @IntRange(min = 1, max = 300) int blockSize, @ForAll boolean transpose, @ForAll boolean rcm,
      @ForAll boolean parallel) {
    Graph g = stretches(seed, n, rows, maxStretch, false);
    BlockCoo m = BlockCoo.fromGraph(g, rowOrder(blockSize)
        .withOrientation(transpose ? Orientation.TRANSPOSE : Orientation.ADJACENCY)
        .withVertexOrder(rcm ? VertexOrder.RCM : VertexOrder.NONE), 2);
    Random r = new Random(seed);
    assertSpmvMatchesCsr(g, m, parallel ? TWO_THREADS : SparseKernels.sequential(), random(r, n), 0.75f, -2f,
        random(r, n));
  }

  @Property(tries = 40)
  void booleanSpmvOverStretchesIsTheCsrFrontier(@ForAll long seed, @ForAll @IntRange(min = 1, max = 600) int n,
      @ForAll @IntRange(min = 0, max = 400) int rows, @ForAll @IntRange(min = 1, max = 70) int maxStretch,
      @ForAll @IntRange(min = 1, max = 300) int blockSize, @ForAll boolean masked, @ForAll boolean parallel) {
    Graph g = stretches(seed, n, rows, maxStretch, false);
    BlockCoo m = BlockCoo.fromGraph(g, rowOrder(blockSize).withOrientation(Orientation.TRANSPOSE), 2);
    Random r = new Random(seed);
    byte[] x = new byte[n];
    byte[] skip = masked ? new byte[n] : null;
    for (int i = 0; i < n; i++) {
      x[i] = (byte) (r.nextInt(20) == 0 ? 1 : 0);
      if (masked) {
        skip[i] = (byte) (r.nextInt(3) == 0 ? 1 : 0);
      }
    }
    byte[] y = new byte[n];
    (parallel ? TWO_THREADS : SparseKernels.sequential()).spmvOrAnd(m, x, y, skip, false);
    assertThat(y).isEqualTo(CsrReference.orAnd(g, x, skip, true));
  }

  /**
   * Thousands of intervals in one block, in many short rows (several Q segments) and in one row longer than a
   * segment (the scratch grows), and one interval spanning a whole block of 65,536 columns.
   */
  @Test
  void segmentsAndRowsLongerThanASegmentMatchTheCsrProduct() {
    int n = 70_000;
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int u = 0; u < 3_000; u++) {
      for (int t = 0; t < 3; t++) {
        int first = (u * 37 + t * 1_000) % 60_000;
        builder.addArc(u, first, 1f).addArc(u, first + 1, 1f).addArc(u, first + 2, 1f);
      }
    }
    for (int v = 0; v < 3 * (ColumnIntervals.SEGMENT + 500); v += 3) {
      builder.addArc(3_000, v, 1f).addArc(3_000, v + 1, 1f);
    }
    for (int v = 0; v < 65_536; v++) {
      builder.addArc(3_001, v, 1f);
    }
    Graph g = builder.build();
    BlockCoo m = BlockCoo.fromGraph(g, rowOrder(65_536), 2);
    assertThat(m.columnIntervals().intervalCount()).isGreaterThan(2 * ColumnIntervals.SEGMENT);

    Random r = new Random(5);
    assertSpmvMatchesCsr(g, m, TWO_THREADS, random(r, n), 1f, 0f, new float[n]);
  }

  /**
   * A row ending at the block's last column, 65,535, followed by a row starting at column 0: packed as row · 2¹⁶ +
   * column, the two words are consecutive integers, yet no interval may run from one row into the next.
   */
  @Test
  void anIntervalEndsAtTheBlocksLastColumn() {
    int n = 65_536;
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int t = 0; t < 3; t++) {
      builder.addArc(5, 65_533 + t, 1f).addArc(6, t, 1f);
    }
    Graph g = builder.build();
    BlockCoo m = BlockCoo.fromGraph(g, rowOrder(65_536), 1);
    assertThat(m.columnIntervals().intervalCount()).isEqualTo(2);
    float[] x = random(new Random(7), n);
    assertSpmvMatchesCsr(g, m, SparseKernels.sequential(), x, 1f, 0f, new float[n]);
  }

  /**
   * An infinity or a NaN in x reaches only the rows that hold its column, as in CSR; prefix sums would carry it into
   * every later interval of its block column (∞ − ∞ = NaN), so such block columns go element by element.
   */
  @Test
  void nonFiniteEntriesOfXReachOnlyTheirRows() {
    Graph g = stretches(3, 2_000, 1_500, 40, false);
    BlockCoo m = BlockCoo.fromGraph(g, rowOrder(256), 2);
    assertThat(m.intervalCoverage().coveredShare()).isGreaterThan(0.5);
    float[] x = random(new Random(4), 2_000);
    x[300] = Float.POSITIVE_INFINITY;
    x[1_100] = Float.NaN;
    float[] y = new float[2_000];
    TWO_THREADS.spmv(m, 1f, m.permutation().toNew(x), 0f, y);
    double[] xd = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      xd[i] = x[i];
    }
    double[] expected = CsrReference.multiply(g, xd, false, true);
    int finiteRows = 0;
    for (int i = 0; i < y.length; i++) {
      if (Double.isNaN(expected[i])) {
        assertThat(y[i]).as("row %d", i).isNaN();
      } else if (Double.isInfinite(expected[i])) {
        assertThat((double) y[i]).as("row %d", i).isEqualTo(expected[i]);
      } else {
        finiteRows++;
        assertThat((double) y[i]).as("row %d", i).isCloseTo(expected[i], within(1e-4 * (1 + Math.abs(expected[i]))));
      }
    }
    assertThat(finiteRows).isGreaterThan(1_000);
  }

  /**
   * The prefix sums subtract; with x in [0, 1), as for PageRank or BFS counts, the result is as close to the exact
   * product as float32 summation gets.
   */
  @Test
  void nonNegativeVectorsKeepFloatAccuracy() {
    Graph g = stretches(9, 5_000, 4_000, 60, false);
    BlockCoo m = BlockCoo.fromGraph(g, rowOrder(1_024), 2);
    assertThat(m.intervalCoverage().coveredShare()).isEqualTo(1.0); // every row summed in double, rounded once
    Random r = new Random(11);
    float[] x = new float[5_000];
    double[] xd = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      x[i] = r.nextFloat() * (r.nextInt(100) == 0 ? 1f : 1e-3f);
      xd[i] = x[i];
    }
    float[] y = new float[5_000];
    TWO_THREADS.spmv(m, 1f, m.permutation().toNew(x), 0f, y);
    double[] exact = CsrReference.multiply(g, xd, false, true);
    for (int i = 0; i < y.length; i++) {
      assertThat((double) y[i]).as("row %d", i).isCloseTo(exact[i], within(1e-6 * exact[i] + 1e-12));
    }
  }
}
