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
    List<OffloadChunks.Chunk> chunks = OffloadChunks.chunks(nn, x, kb, b);
    int cells = nn / 128;
    int[][] covered = new int[cells][cells];
    for (OffloadChunks.Chunk c : chunks) {
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

  /**
   * With lookahead the iteration streams the same chunks, those that touch the next pivot's strips first; once they
   * are done no chunk left touches those strips, so the next panels read final values. Without lookahead (or with
   * no next pivot) the order is the plain one and the strips are ready only at the end.
   */
  @Property(tries = 300)
  void lookaheadStreamsTheNextPivotsChunksFirst(@ForAll @IntRange(min = 1, max = 12) int tiles,
      @ForAll @IntRange(min = 1, max = 3) int bTiles, @ForAll @IntRange(min = 1, max = 6) int chunkTiles,
      @ForAll @IntRange(min = 0, max = 11) int pivot, @ForAll boolean symmetric, @ForAll boolean lookahead) {
    int b = bTiles * 128;
    int nn = tiles * b;
    int x = chunkTiles * 128;
    int k = pivot % tiles;
    List<OffloadChunks.Chunk> plain = symmetric ? OffloadChunks.upperChunks(OffloadChunks.chunks(nn, x, k * b, b), b)
        : OffloadChunks.chunks(nn, x, k * b, b);
    OffloadChunks ordered = OffloadChunks.of(nn, x, k, b, symmetric, lookahead);
    assertThat(ordered.chunks()).containsExactlyInAnyOrderElementsOf(plain);
    boolean next = lookahead && k + 1 < tiles;
    if (!next) {
      assertThat(ordered.chunks()).containsExactlyElementsOf(plain);
      assertThat(ordered.nextStripsReady()).isEqualTo(plain.size());
      return;
    }
    int from = (k + 1) * b;
    int to = from + b;
    List<OffloadChunks.Chunk> first = ordered.chunks().subList(0, ordered.nextStripsReady());
    List<OffloadChunks.Chunk> rest = ordered.chunks().subList(ordered.nextStripsReady(), plain.size());
    assertThat(first).isNotEmpty().allSatisfy(c -> assertThat(c.touches(from, to)).isTrue());
    for (OffloadChunks.Chunk c : rest) {
      boolean rows = c.i0() < to && c.i0() + c.h() > from;
      boolean columns = c.j0() < to && c.j0() + c.w() > from;
      assertThat(rows || columns).as("%s after the next strips are ready", c).isFalse();
    }
  }
}
