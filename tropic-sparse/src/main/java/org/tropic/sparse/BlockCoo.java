package org.tropic.sparse;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;
import org.tropic.graph.Graph;
import org.tropic.io.AtomicFiles;

/**
 * A sparse matrix in the blocked coordinate format of HPC-KG (Georgopoulos et al., "Enhancing multi-threaded sparse
 * matrix multiplication for knowledge graph oriented algorithms and analytics", IBM Research Zurich, §2.5): the
 * matrix is cut into a grid of blocks of at most 65,536 × 65,536, and each non-empty block is a COO list
 * whose in-block row and column are 16-bit (packed into one 32-bit word per element) with an optional float32 value.
 * Pattern matrices (unweighted graphs) store no values at all, so a stored element costs 4 bytes against 8 for
 * 32-bit COO; the block grid adds a few bytes per non-empty block. Blocks are grouped by block row, the unit of
 * parallel work. Blocks need not be square: a block row's height sets the grain of the parallel work, and a block's
 * width how many pieces (row runs) each row is cut into.
 *
 * <p>Element storage lives off-heap: allocated when built (freed by the garbage collector), or a read-only mapping of
 * a file written by {@link #save} and opened by {@link #open} (freed by {@link #close}). A matrix may carry a vertex
 * {@link Permutation} (e.g. reverse Cuthill–McKee): stored row/column ids are then new ids.
 *
 * <p>Immutable and safe to share between threads. Building costs O(nnz + n) time plus O(nnz log nnz) for the cache
 * element order; memory is {@link #footprintBytes()}.
 */
public final class BlockCoo implements AutoCloseable {
  static final ValueLayout.OfInt COORD = ValueLayout.JAVA_INT;
  static final ValueLayout.OfFloat VALUE = ValueLayout.JAVA_FLOAT;

  /**
   * Elements {@code from} up to {@code to} of {@code elements}, as a segment of their own. The hot loops index such
   * a slice with a {@code long} counter starting at 0: C2 then hoists the segment's bounds checks out of the loop,
   * which it does not for an int index into the whole matrix. On the web graph, one block's run sums took 1.8 ms
   * this way against 2.2–2.3 ms (single-thread harness, 2026-11-21).
   */
  static MemorySegment slice(MemorySegment elements, ValueLayout layout, int from, int to) {
    return elements.asSlice(layout.byteSize() * from, layout.byteSize() * (to - from));
  }

  private final int rows;
  private final int columns;
  private final int blockHeight;
  private final int blockWidth;
  private final int[] blockRowStart;
  private final int[] blockColumn;
  private final int[] blockStart;
  private final MemorySegment coords;
  private final MemorySegment values;
  private final Layout layout;
  private final Permutation permutation;
  private final Arena arena;
  private final LabelRecord labelRecord;
  private final OptionalInt labelsChecksum;
  /** Derived on first use by a row-ordered SpMV; a benign race may build it twice. */
  private volatile RowRuns rowRuns;
  /** Derived on first use by a row-ordered pattern SpMV, like {@link #rowRuns}. */
  private volatile ColumnIntervals columnIntervals;

  /**
   * What a matrix records about how it was built.
   *
   * @param orientation arcs as rows (A) or columns (Aᵀ)
   * @param elementOrder order inside blocks
   * @param vertexOrder how vertices were renumbered
   * @param cacheLineFloats side of a cache cell, in elements
   * @param symmetric whether the matrix equals its transpose (an undirected graph)
   */
  public record Layout(Orientation orientation, ElementOrder elementOrder, VertexOrder vertexOrder,
      int cacheLineFloats, boolean symmetric) {
    public Layout {
      Objects.requireNonNull(orientation, "orientation");
      Objects.requireNonNull(elementOrder, "elementOrder");
      Objects.requireNonNull(vertexOrder, "vertexOrder");
    }

    /** For people: "transpose, cache element order, RCM-renumbered, symmetric". */
    public String describe() {
      return orientation.name().toLowerCase(java.util.Locale.ROOT) + ", "
          + elementOrder.name().toLowerCase(java.util.Locale.ROOT) + " element order, "
          + (vertexOrder == VertexOrder.NONE ? "graph ids kept" : vertexOrder + "-renumbered")
          + (symmetric ? ", symmetric" : "");
    }
  }

  /**
   * What a {@code .bcoo} file says about vertex labels: matrices written before files recorded it, and matrices built
   * in memory, are {@link #UNRECORDED}; so a reader can tell a graph with no labels from a labels file that was lost.
   */
  public enum LabelRecord {
    /** Not known: a built matrix, or a file written before the header said. */
    UNRECORDED,
    /** The graph had no labels: vertex ids are the names. */
    NONE,
    /** The graph had labels, saved in a sidecar file beside the matrix. */
    SIDECAR
  }

  /** Receives the stored elements of a matrix, in stored order and stored (possibly renumbered) ids. */
  @FunctionalInterface
  public interface ElementVisitor {
    void visit(int row, int column, float value);
  }

  BlockCoo(int rows, int columns, int blockHeight, int blockWidth, int[] blockRowStart, int[] blockColumn,
      int[] blockStart, MemorySegment coords, MemorySegment values, Layout layout, Permutation permutation,
      Arena arena) {
    this(rows, columns, blockHeight, blockWidth, blockRowStart, blockColumn, blockStart, coords, values, layout,
        permutation, arena, LabelRecord.UNRECORDED, OptionalInt.empty());
  }

  BlockCoo(int rows, int columns, int blockHeight, int blockWidth, int[] blockRowStart, int[] blockColumn,
      int[] blockStart, MemorySegment coords, MemorySegment values, Layout layout, Permutation permutation,
      Arena arena, LabelRecord labelRecord, OptionalInt labelsChecksum) {
    this.labelRecord = labelRecord;
    this.labelsChecksum = labelsChecksum;
    this.rows = rows;
    this.columns = columns;
    this.blockHeight = blockHeight;
    this.blockWidth = blockWidth;
    this.blockRowStart = blockRowStart;
    this.blockColumn = blockColumn;
    this.blockStart = blockStart;
    this.coords = coords;
    this.values = values;
    this.layout = layout;
    this.permutation = permutation;
    this.arena = arena;
  }

  /** The graph's transposed adjacency matrix with {@link BlockCooOptions#defaults()}, sized for all cores. */
  public static BlockCoo fromGraph(Graph graph) {
    return fromGraph(graph, BlockCooOptions.defaults(), Runtime.getRuntime().availableProcessors());
  }

  /**
   * The graph's adjacency matrix (or its transpose) built as {@code options} say.
   *
   * @param threads the parallelism the matrix will be used with; only the automatic block height depends on it
   */
  public static BlockCoo fromGraph(Graph graph, BlockCooOptions options, int threads) {
    Objects.requireNonNull(graph, "graph");
    Objects.requireNonNull(options, "options");
    int n = graph.vertexCount();
    int height = options.blockHeightFor(n, threads);
    return BlockCooBuilder.build(graph, options, height, options.blockWidthFor(n, height));
  }

  /**
   * Maps a file written by {@link #save} read-only into memory; {@link #close} unmaps it.
   *
   * @throws IOException naming the file and what is wrong with it
   */
  public static BlockCoo open(Path file) throws IOException {
    return BlockCooFile.open(file);
  }

  /** Writes this matrix to {@code file} (a temporary file renamed into place, so no half-written file remains). */
  public void save(Path file) throws IOException {
    BlockCooFile.save(this, file, LabelRecord.UNRECORDED);
  }

  /**
   * As {@link #save(Path)}, recording in the header whether the graph's labels were saved beside it (the caller
   * writes them), so that a reader can refuse a labelled matrix whose labels file is missing.
   */
  public void save(Path file, boolean labelled) throws IOException {
    BlockCooFile.save(this, file, labelled ? LabelRecord.SIDECAR : LabelRecord.NONE);
  }

  /**
   * What {@link #save(Path, boolean)} writes, for a caller that writes the matrix together with another file (its
   * labels) through {@link AtomicFiles#writeAll}, so that a stop cannot leave one without the other.
   *
   * @throws IOException on a big-endian host, whose files the format does not describe
   */
  public AtomicFiles.Content fileContent(Path file, boolean labelled) throws IOException {
    BlockCooFile.requireLittleEndianHost(file);
    return BlockCooFile.content(this, labelled ? LabelRecord.SIDECAR : LabelRecord.NONE, OptionalInt.empty());
  }

  /**
   * As {@link #fileContent(Path, boolean)} for a labelled graph, recording the CRC32C ({@link java.util.zip.CRC32C})
   * of the labels file's bytes, so that a reader can refuse a labels file that is not the one written with it.
   */
  public AtomicFiles.Content fileContent(Path file, int labelsChecksum) throws IOException {
    BlockCooFile.requireLittleEndianHost(file);
    return BlockCooFile.content(this, LabelRecord.SIDECAR, OptionalInt.of(labelsChecksum));
  }

  /**
   * The CRC32C of the labels file that the file this matrix was opened from records; empty for a file written before
   * it did, for one without labels, and for a built matrix.
   */
  public OptionalInt labelsChecksum() {
    return labelsChecksum;
  }

  /** What the file this matrix was opened from says about its labels; {@link LabelRecord#UNRECORDED} if built. */
  public LabelRecord labelRecord() {
    return labelRecord;
  }

  public int rowCount() {
    return rows;
  }

  public int columnCount() {
    return columns;
  }

  /** Rows per block: the height of a block row (the last one may be shorter). */
  public int blockHeight() {
    return blockHeight;
  }

  /** Columns per block: the width of a block column (the last one may be narrower). */
  public int blockWidth() {
    return blockWidth;
  }

  public int blockRowCount() {
    return blockRowStart.length - 1;
  }

  public int blockColumnCount() {
    return (columns + blockWidth - 1) / blockWidth;
  }

  /** Non-empty blocks; empty ones cost nothing. */
  public int storedBlockCount() {
    return blockColumn.length;
  }

  public long nonZeroCount() {
    return blockStart[blockColumn.length];
  }

  /** Whether no values are stored (every element reads as 1). */
  public boolean isPattern() {
    return values == null;
  }

  public Layout layout() {
    return layout;
  }

  /** The vertex renumbering applied: stored id = {@code permutation().newId(graph id)}. */
  public Permutation permutation() {
    return permutation;
  }

  /** Bytes of the matrix proper: 4 per element for coordinates, 4 more if valued, and the block index. */
  public long footprintBytes() {
    long elementBytes = nonZeroCount() * (2L * Short.BYTES + (isPattern() ? 0 : Float.BYTES));
    long indexBytes = (long) Integer.BYTES * (blockRowStart.length + blockColumn.length + blockStart.length);
    return elementBytes + indexBytes;
  }

  /** Bytes of the file {@link #save} writes: {@link #footprintBytes()} with the header, permutation and padding. */
  public long fileBytes() {
    return BlockCooFile.fileBytes(this);
  }

  /**
   * The least bytes of the file of a matrix of {@code elements} non-zeros, whatever its layout: known before the
   * matrix is built (minutes on a large graph), from the arcs of its graph.
   */
  public static long leastFileBytes(long elements) {
    return BlockCooFile.leastFileBytes(elements);
  }

  /** Bytes the same matrix takes as plain COO with 32-bit row and column (and float32 values if valued). */
  public long coo32FootprintBytes() {
    return nonZeroCount() * (2L * Integer.BYTES + (isPattern() ? 0 : Float.BYTES));
  }

  /** The same elements with values ignored (every element reads as 1), sharing storage. */
  public BlockCoo asPattern() {
    if (isPattern()) {
      return this;
    }
    return new BlockCoo(rows, columns, blockHeight, blockWidth, blockRowStart, blockColumn, blockStart, coords, null,
        layout, permutation, null, labelRecord, labelsChecksum);
  }

  /** Visits every stored element in stored order; O(nnz). */
  public void forEachElement(ElementVisitor visitor) {
    for (int br = 0; br < blockRowCount(); br++) {
      forEachElementOfBlockRow(br, visitor);
    }
  }

  /** Visits the stored elements of block row {@code blockRow} (rows {@code blockRow · blockHeight()} on). */
  public void forEachElementOfBlockRow(int blockRow, ElementVisitor visitor) {
    if (blockRow < 0 || blockRow >= blockRowCount()) {
      throw new IllegalArgumentException("block row " + blockRow + " is outside 0.." + (blockRowCount() - 1));
    }
    int rowBase = blockRow * blockHeight;
    for (int b = blockRowStart[blockRow]; b < blockRowStart[blockRow + 1]; b++) {
      int columnBase = blockColumn[b] * blockWidth;
      for (int k = blockStart[b]; k < blockStart[b + 1]; k++) {
        int rc = coords.getAtIndex(COORD, k);
        float v = values == null ? 1f : values.getAtIndex(VALUE, k);
        visitor.visit(rowBase + (rc >>> 16), columnBase + (rc & 0xFFFF), v);
      }
    }
  }

  /**
   * How much of a (+,×) SpMV goes by column intervals ({@link IntervalCoverage}); builds the interval index on first
   * call. Matrices with values or in cache-cell order have none.
   */
  public IntervalCoverage intervalCoverage() {
    if (layout.elementOrder() != ElementOrder.ROW || !isPattern()) {
      return new IntervalCoverage(false, nonZeroCount(), 0, 0, 0, 0);
    }
    return columnIntervals().coverage(nonZeroCount());
  }

  /** How well the element order reuses cache lines of x and y; see {@link LocalityStats}. O(nnz). */
  public LocalityStats localityStats() {
    return LocalityStats.of(this);
  }

  /** Unmaps a matrix opened from a file; afterwards any use fails. Does nothing for a built matrix. */
  @Override
  public void close() {
    if (arena != null) {
      arena.close();
    }
  }

  int[] blockRowStart() {
    return blockRowStart;
  }

  int[] blockColumn() {
    return blockColumn;
  }

  int[] blockStart() {
    return blockStart;
  }

  MemorySegment coords() {
    return coords;
  }

  /** The row runs of a {@link ElementOrder#ROW} matrix, built on first call. */
  RowRuns rowRuns() {
    RowRuns runs = rowRuns;
    if (runs == null) {
      runs = RowRuns.of(this);
      rowRuns = runs;
    }
    return runs;
  }

  /** The column intervals of a {@link ElementOrder#ROW} pattern matrix, built on first call. */
  ColumnIntervals columnIntervals() {
    ColumnIntervals intervals = columnIntervals;
    if (intervals == null) {
      intervals = ColumnIntervals.of(this);
      columnIntervals = intervals;
    }
    return intervals;
  }

  /** The values, or {@code null} for a pattern matrix. */
  MemorySegment values() {
    return values;
  }

  @Override
  public String toString() {
    return "BlockCoo[" + rows + "×" + columns + ", nnz=" + nonZeroCount() + ", blocks=" + storedBlockCount() + " of "
        + blockHeight + "×" + blockWidth + ", " + (isPattern() ? "pattern" : "float32") + ", "
        + layout.orientation() + ", " + layout.elementOrder() + ", " + layout.vertexOrder() + "]";
  }
}
