package org.tropic.apsp;

import java.util.Arrays;
import org.tropic.graph.VertexLabels;
import org.tropic.semiring.Arithmetic;

/**
 * An n×n distance matrix stored as square b×b tiles, the layout blocked Floyd–Warshall works in. Tile (I, J) holds
 * rows I·b.. and columns J·b.. row-major; tiles on the ragged edge are padded to b×b with +∞. While a solve runs the
 * tiles hold values in the solve's {@link Arithmetic} storage form; {@link #decodeFrom} turns them into float32
 * distances once it is done.
 *
 * <p>A symmetric matrix (the distances of an undirected graph) keeps only the tiles on and above the diagonal,
 * I ≤ J: about half the memory. Entries below are read from their mirror image.
 *
 * <p>The tiles may hold the vertices in another order than their ids, the solver's {@link PivotOrder}: the public
 * reads ({@link #get}, {@link #copyRow}) take vertex ids and find each vertex's position; the package's solver
 * methods ({@link #tile}, {@link #lowerEntry}, {@link #setStored}) work on positions.
 */
public final class TiledDistanceMatrix implements DistanceMatrix {
  private final int n;
  private final int b;
  private final int tilesPerSide;
  private final boolean symmetric;
  private final float[][] tiles;
  private final VertexLabels labels;
  /** The position of each vertex in the tiles; null when it is the vertex's id. */
  private final int[] position;
  private final ThreadLocal<float[]> rowInTileOrder;

  /** An all-+∞ matrix (in {@code arithmetic}'s storage form) with a zero diagonal, every tile stored. */
  TiledDistanceMatrix(int n, int blockSize, Arithmetic arithmetic, VertexLabels labels) {
    this(n, blockSize, arithmetic, labels, false);
  }

  /** As above; when {@code symmetric}, only the tiles with I ≤ J exist. */
  TiledDistanceMatrix(int n, int blockSize, Arithmetic arithmetic, VertexLabels labels, boolean symmetric) {
    this(n, blockSize, labels, symmetric, null);
    for (int i = 0; i < tilesPerSide; i++) {
      for (int j = symmetric ? i : 0; j < tilesPerSide; j++) {
        materialize(i, j, arithmetic);
      }
    }
  }

  private TiledDistanceMatrix(int n, int blockSize, VertexLabels labels, boolean symmetric, int[] position) {
    this.n = n;
    this.b = blockSize;
    this.tilesPerSide = Math.max(1, (n + blockSize - 1) / blockSize);
    this.symmetric = symmetric;
    this.tiles = new float[tilesPerSide * tilesPerSide][];
    this.labels = labels;
    this.position = position;
    this.rowInTileOrder = position == null ? null : ThreadLocal.withInitial(() -> new float[n]);
  }

  /**
   * A matrix whose tiles do not exist yet: each is made by {@link #materialize} on its first use. Floyd–Warshall
   * makes each one in the worker that first updates it, so the n² floats are written on every core and the tile is
   * still in that core's cache for its first update, instead of by one thread before the solve.
   */
  static TiledDistanceMatrix deferred(int n, int blockSize, VertexLabels labels, boolean symmetric) {
    return deferred(n, blockSize, labels, symmetric, null);
  }

  /** As above, with vertex v at position {@code position[v]} of the tiles ({@code null}: at v). */
  static TiledDistanceMatrix deferred(int n, int blockSize, VertexLabels labels, boolean symmetric, int[] position) {
    return new TiledDistanceMatrix(n, blockSize, labels, symmetric, position);
  }

  /**
   * Makes tile (I, J) all +∞ (in {@code arithmetic}'s storage form) with zeros on the diagonal of the matrix, and
   * returns it. Each tile is made once, by one thread, before anything else reads it.
   */
  float[] materialize(int tileRow, int tileCol, Arithmetic arithmetic) {
    float[] tile = new float[b * b];
    Arrays.fill(tile, arithmetic.infinity());
    if (tileRow == tileCol) {
      float zero = arithmetic.encode(0f);
      for (int r = 0, first = tileRow * b; r < b && first + r < n; r++) {
        tile[r * b + r] = zero;
      }
    }
    tiles[tileRow * tilesPerSide + tileCol] = tile;
    return tile;
  }

  /** Bytes of tile storage for n vertices and tile side b, full or upper triangle only. */
  static long storageBytes(int n, int b, boolean symmetric) {
    long t = Math.max(1, (n + b - 1) / b);
    return (symmetric ? t * (t + 1) / 2 : t * t) * b * b * Float.BYTES;
  }

  /**
   * Tile (I, J), row-major b×b. Writable by the solver that owns this matrix. In a symmetric matrix only I ≤ J is
   * stored; the tiles below are {@code null}.
   */
  float[] tile(int tileRow, int tileCol) {
    return tiles[tileRow * tilesPerSide + tileCol];
  }

  /**
   * Lowers entry (u, v) to {@code weight} (a distance, not in storage form) if that is smaller. In a symmetric
   * matrix an entry of a tile below the diagonal is kept by its mirror (v, u), which must be given the same weight.
   */
  void lowerEntry(int u, int v, float weight, Arithmetic arithmetic) {
    float[] tile = storedTileOf(u, v);
    int at = storedIndexOf(u, v);
    tile[at] = arithmetic.encode(Math.min(arithmetic.decode(tile[at]), weight));
  }

  /** Sets entry (u, v) to a value already in storage form; in a symmetric matrix, as {@link #lowerEntry}. */
  void setStored(int u, int v, float stored) {
    storedTileOf(u, v)[storedIndexOf(u, v)] = stored;
  }

  private float[] storedTileOf(int u, int v) {
    return symmetric && u / b > v / b ? tile(v / b, u / b) : tile(u / b, v / b);
  }

  private int storedIndexOf(int u, int v) {
    return symmetric && u / b > v / b ? (v % b) * b + u % b : (u % b) * b + v % b;
  }

  /** Whether only the tiles on and above the diagonal are stored, the rest being their transposes. */
  public boolean symmetric() {
    return symmetric;
  }

  @Override
  public Boolean solvedOnUpperTriangle() {
    return symmetric;
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
      if (tile != null) {
        arithmetic.decodeInPlace(tile, 0, tile.length);
      }
    }
  }

  @Override
  public int size() {
    return n;
  }

  @Override
  public float get(int u, int v) {
    int pu = position == null ? u : position[u];
    int pv = position == null ? v : position[v];
    return storedTileOf(pu, pv)[storedIndexOf(pu, pv)];
  }

  @Override
  public void copyRow(int u, float[] dst) {
    copyRow(u, dst, 0);
  }

  /** Row u, as stored, into {@code dst[offset..offset + n)}. */
  void copyRow(int u, float[] dst, int offset) {
    if (position == null) {
      copyRowAt(u, dst, offset);
      return;
    }
    float[] row = rowInTileOrder.get();
    copyRowAt(position[u], row, 0);
    for (int v = 0; v < n; v++) {
      dst[offset + v] = row[position[v]];
    }
  }

  /** The row at position {@code u} of the tiles, in tile order. */
  private void copyRowAt(int u, float[] dst, int offset) {
    int tileRow = u / b;
    int rowInTile = (u % b) * b;
    for (int tc = 0; tc < tilesPerSide; tc++) {
      int from = tc * b;
      int count = Math.min(b, n - from);
      if (symmetric && tc < tileRow) {
        float[] mirror = tile(tc, tileRow); // row u here is column u % b of the tile above the diagonal
        for (int r = 0; r < count; r++) {
          dst[offset + from + r] = mirror[r * b + u % b];
        }
      } else {
        System.arraycopy(tile(tileRow, tc), rowInTile, dst, offset + from, count);
      }
    }
  }

  @Override
  public VertexLabels labels() {
    return labels;
  }
}
