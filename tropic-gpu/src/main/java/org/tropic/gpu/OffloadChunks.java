package org.tropic.gpu;

import java.util.ArrayList;
import java.util.List;

/**
 * The offload mode's cut of one iteration's outer product into chunks, in the order they stream: with lookahead,
 * first the chunks that hold part of the next pivot's row or column strip, so that its panels can start on the
 * device while the rest streams (the look-ahead of DSNAPSHOT, SC20 §V-B1, and COAST, SC22 appendix XI-B1).
 *
 * @param chunks the chunks in streaming order
 * @param nextStripsReady how many of the first chunks must be done before the next pivot's strips are final
 */
record OffloadChunks(List<Chunk> chunks, int nextStripsReady) {

  /** One chunk of the outer product: rows i0.., columns j0.., h×w. */
  record Chunk(int i0, int j0, int h, int w) {

    /** Whether the chunk holds a row or a column in [from, to). */
    boolean touches(int from, int to) {
      return i0 < to && i0 + h > from || j0 < to && j0 + w > from;
    }
  }

  /**
   * The chunks of iteration k of an N×N matrix in x×x chunks with b×b tiles: all of them, or on a symmetric matrix
   * those on and above the diagonal of tiles; with {@code lookahead} and a next pivot, those touching its strips
   * first. Without lookahead the next strips are ready only once every chunk is done.
   */
  static OffloadChunks of(int nn, int x, int k, int b, boolean symmetric, boolean lookahead) {
    int kb = k * b;
    List<Chunk> all = symmetric ? upperChunks(chunks(nn, x, kb, b), b) : chunks(nn, x, kb, b);
    if (!lookahead || kb + b >= nn) {
      return new OffloadChunks(all, all.size());
    }
    List<Chunk> ordered = new ArrayList<>(all.size());
    all.stream().filter(c -> c.touches(kb + b, kb + 2 * b)).forEach(ordered::add);
    int first = ordered.size();
    all.stream().filter(c -> !c.touches(kb + b, kb + 2 * b)).forEach(ordered::add);
    return new OffloadChunks(ordered, first);
  }

  /** The chunks of the N×N matrix that hold any entry outside the pivot row and column strips, row by row. */
  static List<Chunk> chunks(int nn, int x, int kb, int b) {
    List<Chunk> chunks = new ArrayList<>();
    for (int i0 = 0; i0 < nn; i0 += x) {
      int h = Math.min(x, nn - i0);
      if (i0 >= kb && i0 + h <= kb + b) {
        continue;
      }
      for (int j0 = 0; j0 < nn; j0 += x) {
        int w = Math.min(x, nn - j0);
        if (j0 >= kb && j0 + w <= kb + b) {
          continue;
        }
        chunks.add(new Chunk(i0, j0, h, w));
      }
    }
    return chunks;
  }

  /** The chunks with an entry in a tile on or above the diagonal of b×b tiles. */
  static List<Chunk> upperChunks(List<Chunk> chunks, int b) {
    return chunks.stream().filter(c -> c.i0() / b <= (c.j0() + c.w() - 1) / b).toList();
  }
}
