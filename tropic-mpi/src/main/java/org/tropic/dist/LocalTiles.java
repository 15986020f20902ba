package org.tropic.dist;

import java.util.Arrays;
import org.tropic.apsp.PartCheckpointFile;
import org.tropic.graph.Graph;
import org.tropic.semiring.Arithmetic;

/**
 * The tiles of the n×n distance matrix one process owns under the 2D block-cyclic distribution: tile rows
 * {@code i ≡ myRow (mod Pr)} crossed with tile columns {@code j ≡ myColumn (mod Pc)}, each b×b, row-major, ragged
 * edges padded with +∞. Initialised exactly as the single-node solver initialises its tiles (+∞, a zero
 * diagonal, then each arc's weight kept if smaller), so both start from the same bits. A process holds about
 * n²/P values, never the whole matrix.
 */
public final class LocalTiles {
  final int n;
  final int blockSize;
  final int tilesPerSide;
  final ProcessGrid grid;
  final int myRow;
  final int myColumn;
  /** Global tile rows owned, ascending. */
  final int[] rows;
  /** Global tile columns owned, ascending. */
  final int[] columns;
  private final float[][] data;

  private LocalTiles(int n, int blockSize, ProcessGrid grid, int rank) {
    this.n = n;
    this.blockSize = blockSize;
    this.tilesPerSide = Math.max(1, (n + blockSize - 1) / blockSize);
    this.grid = grid;
    this.myRow = grid.rowOf(rank);
    this.myColumn = grid.columnOf(rank);
    this.rows = owned(tilesPerSide, grid.rows(), myRow);
    this.columns = owned(tilesPerSide, grid.columns(), myColumn);
    this.data = new float[rows.length * columns.length][];
  }

  /** Allocates this rank's tiles and fills them from the graph's arcs in {@code arithmetic}'s storage form. */
  static LocalTiles load(Graph graph, int blockSize, ProcessGrid grid, int rank, Arithmetic arithmetic) {
    LocalTiles tiles = new LocalTiles(graph.vertexCount(), blockSize, grid, rank);
    int b = blockSize;
    float inf = arithmetic.infinity();
    float zero = arithmetic.encode(0f);
    for (int t = 0; t < tiles.data.length; t++) {
      tiles.data[t] = new float[b * b];
      Arrays.fill(tiles.data[t], inf);
    }
    int[] offsets = graph.offsets();
    int[] targets = graph.targets();
    float[] weights = graph.weights();
    for (int li = 0; li < tiles.rows.length; li++) {
      int i = tiles.rows[li];
      for (int u = i * b; u < Math.min(tiles.n, (i + 1) * b); u++) {
        int rowInTile = (u % b) * b;
        if (tiles.ownsColumn(i)) {
          tiles.tile(li, tiles.localColumn(i))[rowInTile + u % b] = zero;
        }
        for (int a = offsets[u]; a < offsets[u + 1]; a++) {
          int j = targets[a] / b;
          if (tiles.ownsColumn(j)) {
            float[] tile = tiles.tile(li, tiles.localColumn(j));
            int at = rowInTile + targets[a] % b;
            tile[at] = arithmetic.encode(Math.min(arithmetic.decode(tile[at]), weights[a]));
          }
        }
      }
    }
    return tiles;
  }

  /** The tiles {@code rank} owns on {@code grid} with {@code tilesPerSide} tiles a side. */
  static int countOwned(int tilesPerSide, ProcessGrid grid, int rank) {
    return owned(tilesPerSide, grid.rows(), grid.rowOf(rank)).length
        * owned(tilesPerSide, grid.columns(), grid.columnOf(rank)).length;
  }

  private static int[] owned(int tiles, int processes, int mine) {
    int[] owned = new int[(tiles - mine + processes - 1) / processes];
    for (int x = 0; x < owned.length; x++) {
      owned[x] = mine + x * processes;
    }
    return owned;
  }

  /** Local tile (li, lj), i.e. global tile (rows[li], columns[lj]). */
  float[] tile(int li, int lj) {
    return data[li * columns.length + lj];
  }

  boolean ownsRow(int tileRow) {
    return tileRow % grid.rows() == myRow;
  }

  boolean ownsColumn(int tileColumn) {
    return tileColumn % grid.columns() == myColumn;
  }

  /** The local index of an owned global tile row. */
  int localRow(int tileRow) {
    return tileRow / grid.rows();
  }

  /** The local index of an owned global tile column. */
  int localColumn(int tileColumn) {
    return tileColumn / grid.columns();
  }

  /** Tiles of row panel k in this process column's message: the owned columns except k. */
  int rowPanelTiles(int k) {
    return columns.length - (ownsColumn(k) ? 1 : 0);
  }

  /** Tiles of column panel k in this process row's message: the owned rows except k. */
  int columnPanelTiles(int k) {
    return rows.length - (ownsRow(k) ? 1 : 0);
  }

  /** The position of local column lj (≠ k) in row panel k's message. */
  int rowPanelSlot(int k, int lj) {
    return ownsColumn(k) && lj > localColumn(k) ? lj - 1 : lj;
  }

  /** The local column at position {@code slot} of row panel k's message. */
  int rowPanelColumn(int k, int slot) {
    return ownsColumn(k) && slot >= localColumn(k) ? slot + 1 : slot;
  }

  /** The position of local row li (≠ k) in column panel k's message. */
  int columnPanelSlot(int k, int li) {
    return ownsRow(k) && li > localRow(k) ? li - 1 : li;
  }

  /** The local row at position {@code slot} of column panel k's message. */
  int columnPanelRow(int k, int slot) {
    return ownsRow(k) && slot >= localRow(k) ? slot + 1 : slot;
  }

  /** Number of owned tiles. */
  int count() {
    return data.length;
  }

  /** The number of vertices n of the whole matrix. */
  public int size() {
    return n;
  }

  /** Whether this rank holds entry (u, v). */
  public boolean owns(int u, int v) {
    return u >= 0 && v >= 0 && u < n && v < n && ownsRow(u / blockSize) && ownsColumn(v / blockSize);
  }

  /**
   * Entry (u, v), which this rank must hold ({@link #owns}); after a solve, the float32 distance.
   *
   * @throws IllegalArgumentException if this rank does not hold it
   */
  public float get(int u, int v) {
    if (!owns(u, v)) {
      throw new IllegalArgumentException("entry (" + u + ", " + v + ") is not on this rank (process row " + myRow
          + ", column " + myColumn + " of grid " + grid + ", b=" + blockSize + ")");
    }
    int b = blockSize;
    return tile(localRow(u / b), localColumn(v / b))[(u % b) * b + v % b];
  }

  /** This rank's tiles in local order (storage form during a solve), as a checkpoint part saves and loads them. */
  PartCheckpointFile.Tiles asPart() {
    return new PartCheckpointFile.Tiles() {
      @Override
      public int count() {
        return data.length;
      }

      @Override
      public float[] tile(int index) {
        return data[index];
      }
    };
  }

  /** Decodes every tile from the solve's storage form into float32 distances. */
  void decode(Arithmetic arithmetic) {
    for (float[] tile : data) {
      arithmetic.decodeInPlace(tile, 0, tile.length);
    }
  }
}
