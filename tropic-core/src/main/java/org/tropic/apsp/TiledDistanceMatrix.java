package org.tropic.apsp;

import java.util.Arrays;
import org.tropic.graph.VertexLabels;
import org.tropic.semiring.Arithmetic;

/**
 * An n×n distance matrix stored as square b×b tiles, the layout blocked Floyd–Warshall works in. Tile (I, J) holds
 * rows I·b.. and columns J·b.. row-major; tiles on the ragged edge are padded to b×b with +∞. While a solve runs the
 * tiles hold values in the solve's {@link Arithmetic} storage form; {@link #decodeFrom} turns them into float32
 * distances once it is done.
 */
public final class TiledDistanceMatrix implements DistanceMatrix {
  private final int n;
  private final int b;
  private final int tilesPerSide;
  private final float[][] tiles;
  private final VertexLabels labels;

  /** An all-+∞ matrix (in {@code arithmetic}'s storage form) with a zero diagonal. */
  TiledDistanceMatrix(int n, int blockSize, Arithmetic arithmetic, VertexLabels labels) {
    this.n = n;
    this.b = blockSize;
    this.tilesPerSide = Math.max(1, (n + blockSize - 1) / blockSize);
    this.tiles = new float[tilesPerSide * tilesPerSide][];
    this.labels = labels;
    float inf = arithmetic.infinity();
    float zero = arithmetic.encode(0f);
    for (int t = 0; t < tiles.length; t++) {
      tiles[t] = new float[b * b];
      Arrays.fill(tiles[t], inf);
    }
    for (int v = 0; v < n; v++) {
      tile(v / b, v / b)[(v % b) * b + v % b] = zero;
    }
  }

  /** Tile (I, J), row-major b×b. Writable by the solver that owns this matrix. */
  float[] tile(int tileRow, int tileCol) {
    return tiles[tileRow * tilesPerSide + tileCol];
  }

  int tilesPerSide() {
    return tilesPerSide;
  }

  /** The tile side b. */
  public int blockSize() {
    return b;
  }

  void decodeFrom(Arithmetic arithmetic) {
    for (float[] tile : tiles) {
      arithmetic.decodeInPlace(tile, 0, tile.length);
    }
  }

  @Override
  public int size() {
    return n;
  }

  @Override
  public float get(int u, int v) {
    return tile(u / b, v / b)[(u % b) * b + v % b];
  }

  @Override
  public void copyRow(int u, float[] dst) {
    int tileRow = u / b;
    int offset = (u % b) * b;
    for (int tc = 0; tc < tilesPerSide; tc++) {
      int from = tc * b;
      System.arraycopy(tile(tileRow, tc), offset, dst, from, Math.min(b, n - from));
    }
  }

  @Override
  public VertexLabels labels() {
    return labels;
  }
}
