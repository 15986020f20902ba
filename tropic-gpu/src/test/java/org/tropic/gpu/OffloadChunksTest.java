package org.tropic.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The offload mode's cut of the matrix: every entry outside the pivot strips in exactly one chunk. */
class OffloadChunksTest {

  @Property(tries = 200)
  void chunksCoverEachEntryOutsideThePivotStripsOnce(@ForAll @IntRange(min = 1, max = 12) int tiles,
      @ForAll @IntRange(min = 1, max = 3) int bTiles, @ForAll @IntRange(min = 1, max = 6) int chunkTiles,
      @ForAll @IntRange(min = 0, max = 11) int pivot) {
    int b = bTiles * 128;
    int nn = tiles * b;
    int x = chunkTiles * 128;
    int k = pivot % tiles;
    int kb = k * b;
    List<OffloadSolver.Chunk> chunks = OffloadSolver.chunks(nn, x, kb, b);
    int cells = nn / 128;
    int[][] covered = new int[cells][cells];
    for (OffloadSolver.Chunk c : chunks) {
      assertThat(c.h()).isBetween(1, x);
      assertThat(c.w()).isBetween(1, x);
      assertThat(c.h() % 128).isZero();
      assertThat(c.w() % 128).isZero();
      for (int i = c.i0() / 128; i < (c.i0() + c.h()) / 128; i++) {
        for (int j = c.j0() / 128; j < (c.j0() + c.w()) / 128; j++) {
          covered[i][j]++;
        }
      }
    }
    for (int i = 0; i < cells; i++) {
      for (int j = 0; j < cells; j++) {
        boolean pivotStrip = i * 128 >= kb && i * 128 < kb + b || j * 128 >= kb && j * 128 < kb + b;
        assertThat(covered[i][j]).as("cell %d,%d", i, j).isLessThanOrEqualTo(1);
        if (!pivotStrip) {
          assertThat(covered[i][j]).as("cell %d,%d", i, j).isEqualTo(1);
        }
      }
    }
  }
}
