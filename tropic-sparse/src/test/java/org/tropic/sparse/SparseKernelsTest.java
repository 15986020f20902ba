package org.tropic.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;

class SparseKernelsTest {
  private static final ExecutorService POOL = Executors.newFixedThreadPool(3);
  private static final SparseKernels PARALLEL = SparseKernels.using(4, POOL);

  @AfterContainer
  static void shutdown() {
    POOL.shutdownNow();
  }

  private static BlockCoo matrix(Graph g, long seed, boolean transpose) {
    Random r = new Random(seed);
    // Square blocks half the time, else blocks of their own width (up to one block column for the whole matrix).
    int height = 1 + r.nextInt(90);
    BlockCooOptions o = BlockCooOptions.defaults().withBlockHeight(height)
        .withBlockWidth(r.nextBoolean() ? height : 1 + r.nextInt(450))
        .withElementOrder(r.nextBoolean() ? ElementOrder.CACHE : ElementOrder.ROW)
        .withVertexOrder(r.nextBoolean() ? VertexOrder.RCM : VertexOrder.NONE)
        .withOrientation(transpose ? Orientation.TRANSPOSE : Orientation.ADJACENCY)
        .withCacheLineBytes(4 << r.nextInt(5));
    return BlockCoo.fromGraph(g, o, 4);
  }

  private static float[] randomVector(Random r, int n) {
    float[] x = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = r.nextFloat() * 2 - 1;
    }
    return x;
  }

  @Property(tries = 40)
  void spmvMatchesThePlainCsrProduct(@ForAll long seed, @ForAll @IntRange(min = 1, max = 400) int n,
      @ForAll @IntRange(min = 0, max = 3000) int arcs, @ForAll boolean weighted, @ForAll boolean transpose,
      @ForAll boolean parallel) {
    Graph g = TestGraphs.random(seed, n, arcs, false, weighted);
    BlockCoo m = matrix(g, seed, transpose);
    Permutation p = m.permutation();
    Random r = new Random(seed + 1);
    float[] x = randomVector(r, n);
    float[] y0 = randomVector(r, n);
    float alpha = 1.5f;
    float beta = -0.5f;

    float[] y = p.toNew(y0);
    (parallel ? PARALLEL : SparseKernels.sequential()).spmv(m, alpha, p.toNew(x), beta, y);
    float[] got = p.toOld(y);

    double[] ax = CsrReference.multiply(g, toDouble(x), transpose, m.isPattern());
    for (int i = 0; i < n; i++) {
      double expected = beta * y0[i] + alpha * ax[i];
      assertThat((double) got[i]).as("row %d", i).isCloseTo(expected, within(1e-4 * (1 + Math.abs(expected))));
    }
  }

  /**
   * Row runs from 1 element to a whole block row of 65,536 (the longest the packed run length holds), odd and even,
   * pattern and weighted, so the run-by-run SpMV and its per-element fallback both run against the plain product.
   */
  @Test
  void rowRunsOfEveryLengthUpToAWholeBlockMatchTheCsrProduct() {
    int n = 65_536 + 300;
    for (boolean weighted : new boolean[] {false, true}) {
      GraphBuilder builder = GraphBuilder.withVertexCount(n);
      Random r = new Random(weighted ? 2 : 1);
      for (int u = 0; u < 65_536; u++) {
        builder.addArc(u, 0, weighted ? 1 + r.nextInt(9) : 1f); // row 0 of Aᵀ: one run of 65,536
      }
      for (int v = 1; v < 300; v++) {
        int length = v % 40 + 1;
        for (int t = 0; t < length; t++) {
          builder.addArc(65_536 + (v * 7 + t) % 300, v, weighted ? 1 + r.nextInt(9) : 1f);
          builder.addArc((v * 131 + t * 17) % 65_536, v, weighted ? 1 + r.nextInt(9) : 1f);
        }
      }
      Graph g = builder.build();
      BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withElementOrder(ElementOrder.ROW)
          .withBlockSize(65_536), 2);
      float[] x = randomVector(new Random(3), n);
      float[] y = new float[n];
      PARALLEL.spmv(m, 2f, x, 0f, y);
      double[] ax = CsrReference.multiply(g, toDouble(x), true, m.isPattern());
      for (int i = 0; i < n; i++) {
        double expected = 2 * ax[i];
        assertThat((double) y[i]).as("row %d, weighted %s", i, weighted)
            .isCloseTo(expected, within(1e-3 * (1 + Math.abs(expected))));
      }
    }
  }

  @Property(tries = 30)
  void minPlusSpmvIsExactlyTheCsrMinimum(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n,
      @ForAll @IntRange(min = 0, max = 2000) int arcs, @ForAll boolean transpose, @ForAll boolean accumulate) {
    Graph g = TestGraphs.random(seed, n, arcs, false, true);
    BlockCoo m = matrix(g, seed, transpose);
    Permutation p = m.permutation();
    Random r = new Random(seed);
    float[] x = randomVector(r, n);
    float[] start = randomVector(r, n);
    float[] y = p.toNew(start);
    PARALLEL.spmvMinPlus(m, p.toNew(x), y, accumulate);
    float[] expected = CsrReference.minPlus(g, x, transpose, false);
    if (accumulate) {
      for (int i = 0; i < n; i++) {
        expected[i] = Math.min(expected[i], start[i]);
      }
    }
    assertThat(p.toOld(y)).containsExactly(expected);
  }

  /**
   * Frontiers from dense to a few vertices and masks from a third to nearly all rows, so that blocks with an all-zero
   * column of x and block rows with every row masked, which the kernel skips, occur along with the others.
   */
  @Property(tries = 40)
  void booleanSpmvWithMaskIsTheCsrFrontier(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n,
      @ForAll @IntRange(min = 0, max = 2000) int arcs, @ForAll boolean transpose, @ForAll boolean sparseFrontier,
      @ForAll boolean mostlyMasked) {
    Graph g = TestGraphs.random(seed, n, arcs, false, true);
    BlockCoo m = matrix(g, seed, transpose);
    Permutation p = m.permutation();
    Random r = new Random(seed);
    byte[] x = new byte[n];
    byte[] skip = new byte[n];
    for (int i = 0; i < n; i++) {
      x[i] = (byte) (r.nextInt(sparseFrontier ? 60 : 5) == 0 ? 1 : 0);
      skip[i] = (byte) (r.nextInt(mostlyMasked ? 20 : 3) != 0 == mostlyMasked ? 1 : 0);
    }
    byte[] y = new byte[n];
    Arrays.fill(y, (byte) 1);
    PARALLEL.spmvOrAnd(m, permute(p, x), y, permute(p, skip), false);
    byte[] expected = CsrReference.orAnd(g, x, skip, transpose);
    assertThat(unpermute(p, y)).containsExactly(expected);
  }

  /**
   * A frontier of one vertex, at every position of every block column in turn, and a mask of every row but one: the
   * skipped blocks and block rows must be exactly those that cannot change y.
   */
  @Test
  void singleVertexFrontiersAndSingleRowMasksMatchTheCsrFrontier() {
    int n = 61;
    Graph g = TestGraphs.random(3, n, 400, false, false);
    for (ElementOrder order : ElementOrder.values()) {
      BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(7).withElementOrder(order), 1);
      for (int v = 0; v < n; v++) {
        byte[] x = new byte[n];
        x[v] = 1;
        byte[] skip = new byte[n];
        byte[] y = new byte[n];
        PARALLEL.spmvOrAnd(m, x, y, skip, false);
        assertThat(y).as("%s, frontier {%d}", order, v).containsExactly(CsrReference.orAnd(g, x, skip, true));
        Arrays.fill(skip, (byte) 1);
        skip[(v * 17) % n] = 0;
        Arrays.fill(x, (byte) 1);
        PARALLEL.spmvOrAnd(m, x, y, skip, false);
        assertThat(y).as("%s, only row %d unmasked", order, (v * 17) % n)
            .containsExactly(CsrReference.orAnd(g, x, skip, true));
      }
    }
  }

  @Property(tries = 25)
  void spmmMatchesColumnByColumnCsr(@ForAll long seed, @ForAll @IntRange(min = 1, max = 250) int n,
      @ForAll @IntRange(min = 0, max = 2000) int arcs, @ForAll @IntRange(min = 1, max = 35) int k,
      @ForAll boolean weighted) {
    Graph g = TestGraphs.random(seed, n, arcs, true, weighted);
    BlockCoo m = matrix(g, seed, true);
    Permutation p = m.permutation();
    Random r = new Random(seed);
    float[] x = randomVector(r, n * k);
    float[] y = randomVector(r, n * k);
    float[] y0 = y.clone();
    PARALLEL.spmm(m, 2f, permuteRows(p, x, k), k, 0.25f, permuteRowsInPlace(p, y, k));
    float[] got = unpermuteRows(p, y, k);
    for (int j = 0; j < k; j++) {
      double[] column = new double[n];
      for (int i = 0; i < n; i++) {
        column[i] = x[i * k + j];
      }
      double[] ax = CsrReference.multiply(g, column, true, m.isPattern());
      for (int i = 0; i < n; i++) {
        double expected = 0.25 * y0[i * k + j] + 2 * ax[i];
        assertThat((double) got[i * k + j]).isCloseTo(expected, within(1e-4 * (1 + Math.abs(expected))));
      }
    }
  }

  @Property(tries = 20)
  void minPlusSpmmMatchesColumnByColumnCsr(@ForAll long seed, @ForAll @IntRange(min = 1, max = 200) int n,
      @ForAll @IntRange(min = 0, max = 1500) int arcs, @ForAll @IntRange(min = 1, max = 35) int k) {
    Graph g = TestGraphs.random(seed, n, arcs, false, true);
    BlockCoo m = matrix(g, seed, false);
    Permutation p = m.permutation();
    float[] x = randomVector(new Random(seed), n * k);
    float[] y = new float[n * k];
    PARALLEL.spmmMinPlus(m, permuteRows(p, x, k), k, y, false);
    float[] got = unpermuteRows(p, y, k);
    for (int j = 0; j < k; j++) {
      float[] column = new float[n];
      for (int i = 0; i < n; i++) {
        column[i] = x[i * k + j];
      }
      float[] expected = CsrReference.minPlus(g, column, false, false);
      for (int i = 0; i < n; i++) {
        assertThat(got[i * k + j]).isEqualTo(expected[i]);
      }
    }
  }

  /** The Vector API kernels agree bit for bit with the scalar ones for every k that exercises a tail. */
  @Test
  void vectorSpmmAgreesWithScalarOnEveryTail() {
    Graph g = TestGraphs.random(42, 300, 3000, false, true);
    BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(64), 1);
    SparseKernels best = SparseKernels.sequential();
    SparseKernels scalar = best.scalarSpmm();
    assertThat(scalar.spmmImplementation()).isEqualTo("scalar");
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
      assertThat(best.spmmImplementation()).startsWith("vector-");
    }
    for (int k : new int[] {1, 3, 4, 6, 8, 13, 15, 16, 17, 31, 32, 33, 64, 67}) {
      Random r = new Random(k);
      float[] x = randomVector(r, 300 * k);
      float[] y1 = randomVector(r, 300 * k);
      float[] y2 = y1.clone();
      best.spmm(m, 0.75f, x, k, 1f, y1);
      scalar.spmm(m, 0.75f, x, k, 1f, y2);
      assertThat(y1).as("plus-times, k = %d", k).containsExactly(y2);
      best.spmmMinPlus(m, x, k, y1, true);
      scalar.spmmMinPlus(m, x, k, y2, true);
      assertThat(y1).as("min-plus, k = %d", k).containsExactly(y2);
    }
  }

  @Test
  void betaZeroIgnoresTheOldContentOfY() {
    Graph g = TestGraphs.random(1, 50, 200, false, true);
    BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(16), 1);
    float[] x = new float[50];
    Arrays.fill(x, 1f);
    float[] y = new float[50];
    Arrays.fill(y, Float.NaN);
    PARALLEL.spmv(m, 1f, x, 0f, y);
    for (float v : y) {
      assertThat(v).isNotNaN();
    }
  }

  /**
   * An x long enough to be shared by the workers and copied into blocks by several jobs, the last one short, with a
   * partial last block: every entry of x must reach its block, in row and cache order alike.
   */
  @Test
  void aLongXIsCopiedIntoEveryBlock() {
    int n = 70_000;
    Graph g = TestGraphs.random(7, n, 200_000, false, false);
    float[] x = randomVector(new Random(8), n);
    double[] ax = CsrReference.multiply(g, toDouble(x), true, true);
    for (ElementOrder order : ElementOrder.values()) {
      BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(1_000).withElementOrder(order), 4);
      float[] y = new float[n];
      PARALLEL.spmv(m, 1f, x, 0f, y);
      for (int i = 0; i < n; i++) {
        assertThat((double) y[i]).as("%s, row %d", order, i).isCloseTo(ax[i], within(1e-4 * (1 + Math.abs(ax[i]))));
      }
    }
  }

  /** A small x, which each worker copies for itself, changed in place between two products of the same matrix. */
  @Test
  void aSmallXChangedBetweenCallsIsCopiedAgain() {
    int n = 300;
    Graph g = TestGraphs.random(5, n, 2_000, false, false);
    BlockCoo m = BlockCoo.fromGraph(g, BlockCooOptions.defaults().withBlockSize(16), 1);
    Random r = new Random(6);
    float[] x = randomVector(r, n);
    float[] y = new float[n];
    for (int call = 0; call < 20; call++) {
      for (int i = 0; i < n; i++) {
        x[i] = r.nextFloat();
      }
      PARALLEL.spmv(m, 1f, x, 0f, y);
      double[] ax = CsrReference.multiply(g, toDouble(x), true, true);
      for (int i = 0; i < n; i++) {
        assertThat((double) y[i]).as("call %d, row %d", call, i).isCloseTo(ax[i], within(1e-4 * (1 + ax[i])));
      }
    }
  }

  @Test
  void scratchBlocksArePowersOfTwoThatHoldABlock() {
    // The kernels index x and y blocks with index & (length - 1), which keeps the index only for such lengths.
    assertThat(SparseKernels.scratchLength(1)).isEqualTo(1);
    assertThat(SparseKernels.scratchLength(3)).isEqualTo(4);
    assertThat(SparseKernels.scratchLength(1_000)).isEqualTo(1_024);
    assertThat(SparseKernels.scratchLength(4_096)).isEqualTo(4_096);
    assertThat(SparseKernels.scratchLength(4_097)).isEqualTo(8_192);
    assertThat(SparseKernels.scratchLength(BlockCooOptions.MAX_BLOCK_SIZE)).isEqualTo(65_536);
  }

  @Test
  void wrongShapesAreExplained() {
    BlockCoo m = BlockCoo.fromGraph(TestGraphs.random(1, 10, 20, false, false), BlockCooOptions.defaults(), 1);
    assertThatThrownBy(() -> PARALLEL.spmv(m, 1, new float[9], 0, new float[10]))
        .hasMessageContaining("x has 9 entries").hasMessageContaining("needs 10");
    assertThatThrownBy(() -> PARALLEL.spmm(m, 1, new float[20], 2, 0, new float[10]))
        .hasMessageContaining("y has 10 entries").hasMessageContaining("gives 20");
    assertThatThrownBy(() -> PARALLEL.spmm(m, 1, new float[0], 0, 0, new float[0])).hasMessageContaining("k = 0");
    assertThatThrownBy(() -> SparseKernels.create(0)).hasMessageContaining("thread count 0");
  }

  @Test
  void aFailingWorkerIsReportedAndDoesNotHang() {
    BlockRowScheduler s = new BlockRowScheduler(3, POOL);
    assertThatThrownBy(() -> s.forEachBlockRow(50, br -> {
      if (br == 17) {
        throw new IllegalStateException("row 17 broke");
      }
    })).hasMessage("row 17 broke");
  }

  private static double[] toDouble(float[] x) {
    double[] out = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      out[i] = x[i];
    }
    return out;
  }

  private static byte[] permute(Permutation p, byte[] x) {
    byte[] out = new byte[x.length];
    for (int i = 0; i < x.length; i++) {
      out[p.newId(i)] = x[i];
    }
    return out;
  }

  private static byte[] unpermute(Permutation p, byte[] y) {
    byte[] out = new byte[y.length];
    for (int i = 0; i < y.length; i++) {
      out[i] = y[p.newId(i)];
    }
    return out;
  }

  private static float[] permuteRows(Permutation p, float[] x, int k) {
    float[] out = new float[x.length];
    for (int i = 0; i < x.length / k; i++) {
      System.arraycopy(x, i * k, out, p.newId(i) * k, k);
    }
    return out;
  }

  private static float[] permuteRowsInPlace(Permutation p, float[] y, int k) {
    float[] permuted = permuteRows(p, y, k);
    System.arraycopy(permuted, 0, y, 0, y.length);
    return y;
  }

  private static float[] unpermuteRows(Permutation p, float[] y, int k) {
    float[] out = new float[y.length];
    for (int i = 0; i < y.length / k; i++) {
      System.arraycopy(y, p.newId(i) * k, out, i * k, k);
    }
    return out;
  }
}
