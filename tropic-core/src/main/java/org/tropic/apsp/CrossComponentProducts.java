package org.tropic.apsp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import org.tropic.partition.PartitionLayout;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;

/**
 * Steps 3 and 4 of partitioned APSP (IPDPS'14 §III-E, Lemmas 2 and 3), as min-plus products on the core kernels.
 * For a chunk of rows V of component I:
 *
 * <pre>
 *   X       = D_I[V, B_I] ⊗ D_B[B_I, B]          (exact distances from V to every boundary vertex)
 *   D[V, J] ← D[V, J] ⊕ X[·, B_J] ⊗ D_J[B_J, J]   (for every component J)
 * </pre>
 *
 * where D<sub>I</sub> is component I's step-1 result and D<sub>B</sub> the boundary distances. All operands are
 * slices of the row blocks with leading dimension n. Off-diagonal sub-blocks are set to +∞ just before their product
 * (while those rows are in cache), so the second line is Lemma 2's min over b<sub>i</sub>, b<sub>j</sub>; on the
 * diagonal it is Lemma 3's min with the in-component distance, and for boundary rows it writes the exact boundary
 * distances (step 3), since X already holds them. The right operands D<sub>J</sub>[B<sub>J</sub>, J] are packed
 * before any row changes, so every product reads step-1 values, no operand is read while it is written, and the
 * result does not depend on thread timing.
 *
 * <p>Work: (B + n)·Σ s<sub>i</sub>b<sub>i</sub> updates. Extra memory: the copied right operands (Σ
 * b<sub>j</sub>s<sub>j</sub> floats, packed), the boundary rows of a few components at a time (b<sub>i</sub>·B floats
 * each) and one chunk × B buffer per thread.
 */
final class CrossComponentProducts {
  private final MinPlusKernels kernels;
  private final Arithmetic arithmetic;
  private final PartitionLayout layout;
  private final float[][] rowBlocks;
  private final BoundaryDistances boundary;
  private final Progress progress;
  private final int k;
  private final int n;
  private final int nb;
  private final PackedPanel[] right;
  private final Object[] rowLocks;
  private final PackedPanel[] boundaryRows;
  private final int[] pendingChunks;
  private final ThreadLocal<float[]> toBoundary = ThreadLocal.withInitial(() -> new float[0]);
  /** Each thread's left-operand packing buffer, reused from product to product. */
  private final ThreadLocal<PackedPanel[]> leftPanel = ThreadLocal.withInitial(() -> new PackedPanel[1]);

  CrossComponentProducts(MinPlusKernels kernels, Arithmetic arithmetic, PartitionLayout layout, float[][] rowBlocks,
      BoundaryDistances boundary, Progress progress) {
    this.kernels = kernels;
    this.arithmetic = arithmetic;
    this.layout = layout;
    this.rowBlocks = rowBlocks;
    this.boundary = boundary;
    this.progress = progress;
    this.k = layout.componentCount();
    this.n = layout.vertexCount();
    this.nb = layout.boundaryVertexCount();
    this.right = new PackedPanel[k];
    this.rowLocks = new Object[k];
    Arrays.setAll(rowLocks, i -> new Object());
    this.boundaryRows = new PackedPanel[k];
    this.pendingChunks = new int[k];
  }

  /** Rows per task: enough tasks to balance the threads, each a multiple of the micro-kernel's 8 rows. */
  static int chunkRows(int n, int threads) {
    int target = (int) Math.ceil(n / (8.0 * threads));
    return Math.max(16, Math.min(256, (target + 7) / 8 * 8));
  }

  void run(ExecutorService pool, int threads) {
    List<Runnable> copies = new ArrayList<>(k);
    for (int c = 0; c < k; c++) {
      int j = c;
      copies.add(() -> right[j] = boundaryRowsOfStepOne(j));
    }
    ParallelTasks.runAll(pool, copies);
    int chunk = chunkRows(n, threads);
    List<Runnable> products = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      int size = layout.componentSize(i);
      pendingChunks[i] = (size + chunk - 1) / chunk;
      for (int r0 = 0; r0 < size; r0 += chunk) {
        int ci = i;
        int from = r0;
        int rows = Math.min(chunk, size - r0);
        products.add(() -> multiplyChunk(ci, from, rows));
      }
    }
    ParallelTasks.runAll(pool, products);
  }

  /**
   * D<sub>j</sub>[B<sub>j</sub>, J], the first b<sub>j</sub> rows of component j's diagonal sub-block, packed once
   * as a right operand: every chunk of every component multiplies by it, and packing it per product took three
   * quarters of this step's time.
   */
  private PackedPanel boundaryRowsOfStepOne(int j) {
    return kernels.packRight(arithmetic, layout.boundarySize(j), layout.componentSize(j), rowBlocks[j],
        layout.componentStart(j), n);
  }

  /** {@code a} (m × k at aOff, leading dimension lda) packed into this thread's reusable left buffer. */
  private PackedPanel packLeft(int m, int kk, float[] a, int aOff, int lda) {
    PackedPanel[] mine = leftPanel.get();
    mine[0] = kernels.packLeft(arithmetic, m, kk, a, aOff, lda, mine[0]);
    return mine[0];
  }

  private void multiplyChunk(int i, int r0, int m) {
    float[] rows = rowBlocks[i];
    int nbi = layout.boundarySize(i);
    int chunkStart = r0 * n;
    float[] x = null;
    long work = 0;
    if (nbi > 0) {
      x = toBoundary.get();
      if (x.length < m * nb) {
        x = new float[Math.multiplyExact(m, nb)];
        toBoundary.set(x);
      }
      Arrays.fill(x, 0, m * nb, arithmetic.infinity());
      kernels.multiplyMin(arithmetic, packLeft(m, nbi, rows, chunkStart + layout.componentStart(i), n),
          acquireBoundaryRows(i), x, 0, nb);
      releaseBoundaryRows(i);
      work += (long) m * nbi * nb;
    }
    for (int j = 0; j < k; j++) {
      int sj = layout.componentSize(j);
      int columns = chunkStart + layout.componentStart(j);
      if (j != i) {
        for (int r = 0; r < m; r++) {
          Arrays.fill(rows, columns + r * n, columns + r * n + sj, arithmetic.infinity());
        }
      }
      int nbj = layout.boundarySize(j);
      if (x != null && nbj > 0) {
        kernels.multiplyMin(arithmetic, packLeft(m, nbj, x, layout.boundaryStart(j), nb), right[j], rows, columns, n);
        work += (long) m * nbj * sj;
      }
    }
    progress.advance(work);
  }

  /** D<sub>B</sub>[B<sub>i</sub>, ·], gathered and packed by the first chunk of component i that needs it. */
  private PackedPanel acquireBoundaryRows(int i) {
    synchronized (rowLocks[i]) {
      if (boundaryRows[i] == null) {
        int nbi = layout.boundarySize(i);
        int first = layout.boundaryStart(i);
        float[] rows = new float[Math.multiplyExact(nbi, nb)];
        for (int r = 0; r < nbi; r++) {
          boundary.copyStoredRow(first + r, rows, r * nb);
        }
        boundaryRows[i] = kernels.packRight(arithmetic, nbi, nb, rows, 0, nb);
      }
      return boundaryRows[i];
    }
  }

  /** Frees component i's boundary rows once its last chunk has used them. */
  private void releaseBoundaryRows(int i) {
    synchronized (rowLocks[i]) {
      if (--pendingChunks[i] == 0) {
        boundaryRows[i] = null;
      }
    }
  }
}
