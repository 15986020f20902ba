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
 *   X        = D<sub>I</sub>[V, B<sub>I</sub>] ⊗ D<sub>B</sub>[B<sub>I</sub>, B]     exact distances from V to every boundary vertex
 *   D[V, J] ← D[V, J] ⊕ X[·, B<sub>J</sub>] ⊗ D<sub>J</sub>[B<sub>J</sub>, J]   for every component J
 * </pre>
 *
 * where D<sub>I</sub> is component I's step-1 block and D<sub>B</sub> the boundary distances. Off-diagonal blocks
 * start at +∞, so the second line is Lemma 2's min over b<sub>i</sub>, b<sub>j</sub>; on the diagonal it is
 * Lemma 3's min with the in-component distance, and for boundary rows it writes the exact boundary distances
 * (step 3) since X already holds them. The right operands D<sub>J</sub>[B<sub>J</sub>, J] are packed once, before
 * any block changes, so every product reads step-1 values and no tile is read while it is written.
 *
 * <p>Work: (B + n)·Σ s<sub>i</sub>b<sub>i</sub> updates. Extra memory: the packed right operands
 * (Σ b<sub>j</sub>s<sub>j</sub> floats), the boundary rows of at most a few components at a time
 * (b<sub>i</sub>·B floats each) and one chunk × B buffer per running task.
 */
final class CrossComponentProducts {
  private final MinPlusKernels kernels;
  private final Arithmetic arithmetic;
  private final PartitionLayout layout;
  private final float[][] blocks;
  private final BoundaryDistances boundary;
  private final Progress progress;
  private final int k;
  private final int nb;
  private final PackedPanel[] right;
  private final Object[] panelLocks;
  private final PackedPanel[] boundaryRows;
  private final int[] pendingChunks;

  CrossComponentProducts(MinPlusKernels kernels, Arithmetic arithmetic, PartitionLayout layout, float[][] blocks,
      BoundaryDistances boundary, Progress progress) {
    this.kernels = kernels;
    this.arithmetic = arithmetic;
    this.layout = layout;
    this.blocks = blocks;
    this.boundary = boundary;
    this.progress = progress;
    this.k = layout.componentCount();
    this.nb = layout.boundaryVertexCount();
    this.right = new PackedPanel[k];
    this.panelLocks = new Object[k];
    Arrays.setAll(panelLocks, i -> new Object());
    this.boundaryRows = new PackedPanel[k];
    this.pendingChunks = new int[k];
  }

  /** Rows per task: enough tasks to balance the threads, each a multiple of the micro-kernel's 8 rows. */
  static int chunkRows(int n, int threads) {
    int target = (int) Math.ceil(n / (8.0 * threads));
    return Math.max(16, Math.min(256, (target + 7) / 8 * 8));
  }

  void run(ExecutorService pool, int threads) {
    List<Runnable> prepare = new ArrayList<>(k);
    for (int c = 0; c < k; c++) {
      int j = c;
      prepare.add(() -> prepareComponent(j));
    }
    ParallelTasks.runAll(pool, prepare);
    int chunk = chunkRows(layout.vertexCount(), threads);
    List<Runnable> products = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      int size = layout.componentSize(i);
      if (layout.boundarySize(i) == 0) {
        continue; // nothing leaves the component: its row of blocks is final (diagonal) and +∞ (elsewhere)
      }
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

  /** Allocates component j's off-diagonal blocks at +∞ and packs its boundary rows D<sub>j</sub>[B<sub>j</sub>, ·]. */
  private void prepareComponent(int j) {
    int s = layout.componentSize(j);
    float inf = arithmetic.infinity();
    for (int c = 0; c < k; c++) {
      if (c != j) {
        float[] block = new float[Math.multiplyExact(s, layout.componentSize(c))];
        Arrays.fill(block, inf);
        blocks[j * k + c] = block;
      }
    }
    int nbj = layout.boundarySize(j);
    if (nbj > 0) {
      right[j] = kernels.packRight(arithmetic, nbj, s, blocks[j * k + j], 0, s);
    }
  }

  private void multiplyChunk(int i, int r0, int m) {
    int s = layout.componentSize(i);
    int nbi = layout.boundarySize(i);
    PackedPanel toBoundary = kernels.packLeft(arithmetic, m, nbi, blocks[i * k + i], r0 * s, s);
    float[] x = new float[Math.multiplyExact(m, nb)];
    Arrays.fill(x, arithmetic.infinity());
    kernels.multiplyMin(arithmetic, toBoundary, acquireBoundaryRows(i), x, 0, nb);
    releaseBoundaryRows(i);
    long work = (long) m * nbi * nb;
    for (int j = 0; j < k; j++) {
      int nbj = layout.boundarySize(j);
      if (nbj == 0) {
        continue;
      }
      int sj = layout.componentSize(j);
      PackedPanel viaBoundary = kernels.packLeft(arithmetic, m, nbj, x, layout.boundaryStart(j), nb);
      kernels.multiplyMin(arithmetic, viaBoundary, right[j], blocks[i * k + j], r0 * sj, sj);
      work += (long) m * nbj * sj;
    }
    progress.advance(work);
  }

  /** D<sub>B</sub>[B<sub>i</sub>, ·] packed, built by the first chunk of component i that needs it. */
  private PackedPanel acquireBoundaryRows(int i) {
    synchronized (panelLocks[i]) {
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
    synchronized (panelLocks[i]) {
      if (--pendingChunks[i] == 0) {
        boundaryRows[i] = null;
      }
    }
  }
}
