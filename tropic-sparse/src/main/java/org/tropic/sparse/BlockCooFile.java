package org.tropic.sparse;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.tropic.io.AtomicFiles;

/**
 * The {@code .bcoo} file of a {@link BlockCoo}: a 128-byte little-endian header, then the block index, the optional
 * permutation, the packed coordinates and the optional values, each section starting on a 64-byte boundary so that a
 * read-only mapping can be handed to the kernels as it is, with no copy of the elements. Version 2 added the block
 * width after the element count; version 1 files, whose blocks are square, are still read.
 */
final class BlockCooFile {
  private static final byte[] MAGIC = "TRBCOO\r\n".getBytes(StandardCharsets.ISO_8859_1);
  private static final int VERSION = 2;
  /** The version before blocks could be wider than tall; its blocks are square. */
  private static final int SQUARE_BLOCKS_VERSION = 1;
  private static final int HEADER_BYTES = 128;
  private static final int ALIGN = 64;
  private static final int PATTERN = 1;
  private static final int SYMMETRIC = 2;
  private static final int PERMUTED = 4;

  private BlockCooFile() {}

  static void save(BlockCoo m, Path file) throws IOException {
    requireLittleEndianHost(file);
    AtomicFiles.write(file, ch -> {
      boolean permuted = !m.permutation().isIdentity();
      ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
      header.put(MAGIC).putInt(VERSION).putInt(m.rowCount()).putInt(m.columnCount()).putInt(m.blockHeight())
          .putInt(m.layout().cacheLineFloats())
          .putInt((m.isPattern() ? PATTERN : 0) | (m.layout().symmetric() ? SYMMETRIC : 0)
              | (permuted ? PERMUTED : 0))
          .putInt(m.layout().orientation().ordinal()).putInt(m.layout().elementOrder().ordinal())
          .putInt(m.layout().vertexOrder().ordinal()).putInt(m.blockRowCount()).putInt(m.storedBlockCount())
          .putLong(m.nonZeroCount()).putInt(m.blockWidth());
      header.clear();
      long at = writeFully(ch, header, 0);
      at = writeInts(ch, m.blockRowStart(), at);
      at = writeInts(ch, m.blockColumn(), at);
      at = writeInts(ch, m.blockStart(), at);
      if (permuted) {
        at = writeInts(ch, m.permutation().newIds(), at);
      }
      at = writeSegment(ch, m.coords(), m.nonZeroCount() * Integer.BYTES, at);
      if (!m.isPattern()) {
        writeSegment(ch, m.values(), m.nonZeroCount() * Float.BYTES, at);
      }
    });
  }

  static BlockCoo open(Path file) throws IOException {
    requireLittleEndianHost(file);
    Arena arena = Arena.ofShared();
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size < HEADER_BYTES) {
        throw bad(file, "only " + size + " bytes, shorter than the " + HEADER_BYTES + "-byte header");
      }
      MemorySegment whole = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
      ByteBuffer h = whole.asSlice(0, HEADER_BYTES).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
      byte[] magic = new byte[MAGIC.length];
      h.get(magic);
      if (!java.util.Arrays.equals(magic, MAGIC)) {
        throw bad(file, "not a Tropic block-COO file (bad magic bytes)");
      }
      int version = h.getInt();
      if (version != VERSION && version != SQUARE_BLOCKS_VERSION) {
        throw bad(file, "format version " + version + ", this build reads versions " + SQUARE_BLOCKS_VERSION + " and "
            + VERSION);
      }
      int rows = h.getInt();
      int columns = h.getInt();
      int blockHeight = h.getInt();
      int cacheLineFloats = h.getInt();
      int flags = h.getInt();
      int orientation = h.getInt();
      int elementOrder = h.getInt();
      int vertexOrder = h.getInt();
      int blockRows = h.getInt();
      int blocks = h.getInt();
      long nnz = h.getLong();
      int blockWidth = version == SQUARE_BLOCKS_VERSION ? blockHeight : h.getInt();
      check(file, rows >= 0 && columns >= 0, "negative size " + rows + "×" + columns);
      check(file, blockHeight >= 1 && blockHeight <= BlockCooOptions.MAX_BLOCK_SIZE, "block height " + blockHeight);
      check(file, blockWidth >= 1 && blockWidth <= BlockCooOptions.MAX_BLOCK_SIZE, "block width " + blockWidth);
      check(file, cacheLineFloats >= 1, "cache line of " + cacheLineFloats + " floats");
      check(file, orientation >= 0 && orientation < Orientation.values().length, "orientation " + orientation);
      check(file, elementOrder >= 0 && elementOrder < ElementOrder.values().length, "element order " + elementOrder);
      check(file, vertexOrder >= 0 && vertexOrder < VertexOrder.values().length, "vertex order " + vertexOrder);
      check(file, blockRows == Math.max(1, (rows + blockHeight - 1) / blockHeight), blockRows + " block rows for "
          + rows + " rows of blocks " + blockHeight + " high");
      check(file, blocks >= 0 && nnz >= 0 && nnz <= Integer.MAX_VALUE, blocks + " blocks, " + nnz + " elements");
      boolean pattern = (flags & PATTERN) != 0;
      boolean permuted = (flags & PERMUTED) != 0;
      if (permuted) {
        check(file, rows == columns, "a permutation on a non-square " + rows + "×" + columns + " matrix");
      }

      long at = HEADER_BYTES;
      int[] blockRowStart = readInts(whole, at, blockRows + 1, file);
      at = align(at + 4L * (blockRows + 1));
      int[] blockColumn = readInts(whole, at, blocks, file);
      at = align(at + 4L * blocks);
      int[] blockStart = readInts(whole, at, blocks + 1, file);
      at = align(at + 4L * (blocks + 1));
      Permutation permutation = Permutation.identity(rows);
      if (permuted) {
        try {
          permutation = Permutation.ofNewIds(readInts(whole, at, rows, file));
        } catch (IllegalArgumentException e) {
          throw bad(file, "invalid permutation: " + e.getMessage());
        }
        at = align(at + 4L * rows);
      }
      MemorySegment coords = slice(whole, at, nnz * Integer.BYTES, file, "coordinates");
      at = align(at + nnz * Integer.BYTES);
      MemorySegment values = pattern ? null : slice(whole, at, nnz * Float.BYTES, file, "values");
      validateIndex(file, rows, columns, blockWidth, blockRowStart, blockColumn, blockStart, nnz);
      BlockCoo.Layout layout = new BlockCoo.Layout(Orientation.values()[orientation],
          ElementOrder.values()[elementOrder], VertexOrder.values()[vertexOrder], cacheLineFloats,
          (flags & SYMMETRIC) != 0);
      BlockCoo m = new BlockCoo(rows, columns, blockHeight, blockWidth, blockRowStart, blockColumn, blockStart,
          coords, values, layout, permutation, arena);
      validateEdgeBlocks(file, m);
      return m;
    } catch (IOException | RuntimeException e) {
      arena.close();
      throw e;
    }
  }

  /** Block offsets must increase, and block columns lie inside the matrix and increase within a block row. */
  private static void validateIndex(Path file, int rows, int columns, int blockWidth, int[] blockRowStart,
      int[] blockColumn, int[] blockStart, long nnz) throws IOException {
    int blockColumns = Math.max(1, (columns + blockWidth - 1) / blockWidth);
    check(file, blockRowStart[0] == 0 && blockRowStart[blockRowStart.length - 1] == blockColumn.length,
        "block-row index does not cover the " + blockColumn.length + " blocks");
    check(file, blockStart[0] == 0 && blockStart[blockColumn.length] == nnz,
        "block offsets do not cover the " + nnz + " elements");
    for (int br = 0; br + 1 < blockRowStart.length; br++) {
      check(file, blockRowStart[br] <= blockRowStart[br + 1], "block row " + br + " ends before it starts");
      for (int b = blockRowStart[br]; b < blockRowStart[br + 1]; b++) {
        check(file, blockColumn[b] >= 0 && blockColumn[b] < blockColumns,
            "block " + b + " in block column " + blockColumn[b] + " of " + blockColumns);
        check(file, b == blockRowStart[br] || blockColumn[b] > blockColumn[b - 1],
            "block columns of block row " + br + " not increasing at block " + b);
        check(file, blockStart[b] <= blockStart[b + 1], "block " + b + " ends before it starts");
      }
    }
  }

  /** Only blocks on the last block row or column can hold coordinates outside the matrix; check those. */
  private static void validateEdgeBlocks(Path file, BlockCoo m) throws IOException {
    int lastRow = m.blockRowCount() - 1;
    int lastColumn = m.blockColumnCount() - 1;
    int height = m.blockHeight();
    int width = m.blockWidth();
    for (int br = 0; br <= lastRow; br++) {
      for (int b = m.blockRowStart()[br]; b < m.blockRowStart()[br + 1]; b++) {
        if (br != lastRow && m.blockColumn()[b] != lastColumn) {
          continue;
        }
        int rowBase = br * height;
        int columnBase = m.blockColumn()[b] * width;
        for (int k = m.blockStart()[b]; k < m.blockStart()[b + 1]; k++) {
          int rc = m.coords().getAtIndex(BlockCoo.COORD, k);
          int row = rowBase + (rc >>> 16);
          int column = columnBase + (rc & 0xFFFF);
          check(file, row < m.rowCount() && column < m.columnCount() && (rc >>> 16) < height
              && (rc & 0xFFFF) < width, "element " + k + " at (" + row + ", " + column + ") lies outside the "
                  + m.rowCount() + "×" + m.columnCount() + " matrix");
        }
      }
    }
  }

  private static int[] readInts(MemorySegment whole, long at, int count, Path file) throws IOException {
    MemorySegment s = slice(whole, at, 4L * count, file, "block index");
    int[] out = new int[count];
    MemorySegment.copy(s, ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 0, out, 0, count);
    return out;
  }

  private static MemorySegment slice(MemorySegment whole, long at, long bytes, Path file, String what)
      throws IOException {
    if (bytes == 0) {
      return whole.asSlice(Math.min(at, whole.byteSize()), 0);
    }
    if (at + bytes > whole.byteSize()) {
      throw bad(file, "truncated: the " + what + " need bytes " + at + ".." + (at + bytes) + " but the file has "
          + whole.byteSize());
    }
    return whole.asSlice(at, bytes);
  }

  private static long writeInts(FileChannel ch, int[] ints, long at) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(ints.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    b.asIntBuffer().put(ints);
    return writeFully(ch, b, at);
  }

  private static long writeSegment(FileChannel ch, MemorySegment s, long bytes, long at) throws IOException {
    long done = 0;
    while (done < bytes) {
      long chunk = Math.min(bytes - done, 1 << 26);
      at = writeRaw(ch, s.asSlice(done, chunk).asByteBuffer(), at);
      done += chunk;
    }
    return align(at);
  }

  /** Writes all of {@code b} at {@code at}; returns the next 64-byte-aligned position. */
  private static long writeFully(FileChannel ch, ByteBuffer b, long at) throws IOException {
    return align(writeRaw(ch, b, at));
  }

  private static long writeRaw(FileChannel ch, ByteBuffer b, long at) throws IOException {
    while (b.hasRemaining()) {
      at += ch.write(b, at);
    }
    return at;
  }

  private static long align(long at) {
    return (at + ALIGN - 1) & -ALIGN;
  }

  private static void check(Path file, boolean ok, String what) throws IOException {
    if (!ok) {
      throw bad(file, what);
    }
  }

  private static IOException bad(Path file, String what) {
    return new IOException(file + ": " + what);
  }

  private static void requireLittleEndianHost(Path file) throws IOException {
    if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
      throw new IOException(file + ": block-COO files are little-endian and map only on little-endian machines");
    }
  }
}
