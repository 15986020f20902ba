package org.tropic.sparse;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalInt;
import java.util.zip.CRC32C;
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
  /** The header holds a CRC32C of itself up to the checksum and of everything after it. */
  private static final int CHECKSUMMED = 8;
  /** The header says whether the graph had labels; older files leave both bits clear. */
  private static final int LABELS_RECORDED = 16;
  private static final int LABELLED = 32;
  /**
   * The header holds a CRC32C of the labels file written with the matrix: a labels file of another graph with as many
   * vertices, or one shuffled or edited, named the vertices wrongly with no error.
   */
  private static final int LABELS_CHECKSUMMED = 64;
  /** Byte offset of the CRC32C in the header, the first byte after the fields of version 2. */
  private static final int CHECKSUM_AT = 64;
  /** Byte offset of the labels file's CRC32C; like the file's own, outside what that one sums. */
  private static final int LABELS_CHECKSUM_AT = 68;

  private BlockCooFile() {}

  static void save(BlockCoo m, Path file, BlockCoo.LabelRecord labels) throws IOException {
    requireLittleEndianHost(file);
    AtomicFiles.write(file, content(m, labels, OptionalInt.empty()));
  }

  /**
   * The file {@link #save} writes, as content for {@link AtomicFiles}; the host must be little-endian.
   *
   * @param labelsChecksum the CRC32C of the labels file written beside it, if any (only with {@code SIDECAR})
   */
  static AtomicFiles.Content content(BlockCoo m, BlockCoo.LabelRecord labels, OptionalInt labelsChecksum) {
    if (labelsChecksum.isPresent() && labels != BlockCoo.LabelRecord.SIDECAR) {
      throw new IllegalArgumentException("a labels checksum for a matrix whose labels are " + labels);
    }
    return ch -> {
      boolean permuted = !m.permutation().isIdentity();
      ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
      header.put(MAGIC).putInt(VERSION).putInt(m.rowCount()).putInt(m.columnCount()).putInt(m.blockHeight())
          .putInt(m.layout().cacheLineFloats())
          .putInt((m.isPattern() ? PATTERN : 0) | (m.layout().symmetric() ? SYMMETRIC : 0)
              | (permuted ? PERMUTED : 0) | CHECKSUMMED | labelFlags(labels)
              | (labelsChecksum.isPresent() ? LABELS_CHECKSUMMED : 0))
          .putInt(m.layout().orientation().ordinal()).putInt(m.layout().elementOrder().ordinal())
          .putInt(m.layout().vertexOrder().ordinal()).putInt(m.blockRowCount()).putInt(m.storedBlockCount())
          .putLong(m.nonZeroCount()).putInt(m.blockWidth());
      header.putInt(LABELS_CHECKSUM_AT, labelsChecksum.orElse(0));
      CRC32C crc = new CRC32C();
      crc.update(header.array(), 0, CHECKSUM_AT);
      Body body = new Body(ch, crc);
      body.write(ints(m.blockRowStart()));
      body.write(ints(m.blockColumn()));
      body.write(ints(m.blockStart()));
      if (permuted) {
        body.write(ints(m.permutation().newIds()));
      }
      body.write(m.coords(), m.nonZeroCount() * Integer.BYTES);
      if (!m.isPattern()) {
        body.write(m.values(), m.nonZeroCount() * Float.BYTES);
      }
      header.putInt(CHECKSUM_AT, (int) crc.getValue());
      header.clear();
      writeRaw(ch, header, 0);
    };
  }

  /** The bytes of the file {@link #content} writes for {@code m}: the header, then each non-empty section aligned. */
  static long fileBytes(BlockCoo m) {
    long[] sections = {
        (long) Integer.BYTES * m.blockRowStart().length,
        (long) Integer.BYTES * m.blockColumn().length,
        (long) Integer.BYTES * m.blockStart().length,
        m.permutation().isIdentity() ? 0 : (long) Integer.BYTES * m.permutation().newIds().length,
        m.nonZeroCount() * Integer.BYTES,
        m.isPattern() ? 0 : m.nonZeroCount() * Float.BYTES};
    long end = HEADER_BYTES;
    for (long section : sections) {
      if (section > 0) { // an empty section leaves no padding, as Body writes it
        end = align(end) + section;
      }
    }
    return end;
  }

  /** The least bytes of the file of a matrix of {@code elements} non-zeros: its header and their coordinates. */
  static long leastFileBytes(long elements) {
    return HEADER_BYTES + elements * Integer.BYTES;
  }

  private static int labelFlags(BlockCoo.LabelRecord labels) {
    return switch (labels) {
      case UNRECORDED -> 0;
      case NONE -> LABELS_RECORDED;
      case SIDECAR -> LABELS_RECORDED | LABELLED;
    };
  }

  private static BlockCoo.LabelRecord labelRecord(int flags) {
    if ((flags & LABELS_RECORDED) == 0) {
      return BlockCoo.LabelRecord.UNRECORDED;
    }
    return (flags & LABELLED) != 0 ? BlockCoo.LabelRecord.SIDECAR : BlockCoo.LabelRecord.NONE;
  }

  /**
   * Writes the sections after the header, each on a 64-byte boundary, and sums them into the checksum with the
   * zero padding between them (which is what the file holds there); nothing follows the last one, which ends the file.
   */
  private static final class Body {
    private final FileChannel ch;
    private final CRC32C crc;
    private long end = HEADER_BYTES;

    Body(FileChannel ch, CRC32C crc) {
      this.ch = ch;
      this.crc = crc;
    }

    void write(ByteBuffer b) throws IOException {
      if (!b.hasRemaining()) {
        return; // an empty last section leaves no padding in the file
      }
      long at = start();
      crc.update(b.duplicate());
      end = writeRaw(ch, b, at);
    }

    void write(MemorySegment s, long bytes) throws IOException {
      if (bytes == 0) {
        return;
      }
      long at = start();
      for (long done = 0; done < bytes; ) {
        long chunk = Math.min(bytes - done, 1 << 26);
        ByteBuffer b = s.asSlice(done, chunk).asByteBuffer();
        crc.update(b.duplicate());
        writeRaw(ch, b, at + done);
        done += chunk;
      }
      end = at + bytes;
    }

    /** Where the next section starts; the padding before it is summed as the zeros the file reads there. */
    private long start() {
      long at = align(end);
      crc.update(new byte[(int) (at - end)]);
      return at;
    }
  }

  static BlockCoo open(Path file) throws IOException {
    requireLittleEndianHost(file);
    if (Files.isDirectory(file)) { // a folder opens for reading, then fails to map with a bare "No such device"
      throw bad(file, "is a folder, not a block-COO file");
    }
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
            + VERSION + (version > VERSION ? " (a newer Tropic wrote it: convert the graph again with this one)" : ""));
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
      // in longs: rows near 2^31 overflowed to one block row, and a 944-byte file asked for an int[2^31 - 1]
      check(file, blockRows == Math.max(1, ((long) rows + blockHeight - 1) / blockHeight),
          blockRows + " block rows for " + rows + " rows of blocks " + blockHeight + " high");
      check(file, blocks >= 0 && nnz >= 0 && nnz <= Integer.MAX_VALUE, blocks + " blocks, " + nnz + " elements");
      boolean pattern = (flags & PATTERN) != 0;
      boolean permuted = (flags & PERMUTED) != 0;
      if (permuted) {
        check(file, rows == columns, "a permutation on a non-square " + rows + "×" + columns + " matrix");
      }
      requireFlagFor(file, h, flags, CHECKSUMMED, CHECKSUM_AT, "checksum");
      requireFlagFor(file, h, flags, LABELS_CHECKSUMMED, LABELS_CHECKSUM_AT, "labels checksum");
      check(file, (flags & LABELS_CHECKSUMMED) == 0 || labelRecord(flags) == BlockCoo.LabelRecord.SIDECAR,
          "a labels checksum for a graph without labels (header flags " + flags + ")");

      long at = HEADER_BYTES;
      int[] blockRowStart = readInts(whole, at, blockRows + 1L, file);
      at = align(at + 4L * (blockRows + 1L));
      int[] blockColumn = readInts(whole, at, blocks, file);
      at = align(at + 4L * blocks);
      int[] blockStart = readInts(whole, at, blocks + 1L, file);
      at = align(at + 4L * (blocks + 1L));
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
      validateCoordinates(file, rows, columns, blockHeight, blockWidth, blockRowStart, blockColumn, blockStart,
          coords);
      if ((flags & CHECKSUMMED) != 0) {
        verifyChecksum(file, whole, h.getInt(CHECKSUM_AT));
      }
      BlockCoo.Layout layout = new BlockCoo.Layout(Orientation.values()[orientation],
          ElementOrder.values()[elementOrder], VertexOrder.values()[vertexOrder], cacheLineFloats,
          (flags & SYMMETRIC) != 0);
      BlockCoo m = new BlockCoo(rows, columns, blockHeight, blockWidth, blockRowStart, blockColumn, blockStart,
          coords, values, layout, permutation, arena, labelRecord(flags),
          (flags & LABELS_CHECKSUMMED) != 0 ? OptionalInt.of(h.getInt(LABELS_CHECKSUM_AT)) : OptionalInt.empty());
      return m;
    } catch (IOException | RuntimeException e) {
      arena.close();
      throw e;
    }
  }

  /**
   * A field whose flag is clear must read zero, as it does in every file written without it: the flags are summed
   * into the checksum, but a damaged flag that cleared {@link #CHECKSUMMED} would switch off the check that catches
   * it, and the file opened with its other flags changed too (pattern, not permuted) and gave wrong answers.
   */
  private static void requireFlagFor(Path file, ByteBuffer h, int flags, int flag, int at, String what)
      throws IOException {
    int field = h.getInt(at);
    check(file, (flags & flag) != 0 || field == 0, String.format("the header holds a %s (%08x at byte %d) but its "
        + "flags (%d) say there is none: the header is damaged", what, field, at, flags));
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

  /**
   * Every element's in-block row and column must lie inside its block as the matrix cuts it (the last block row
   * and column may be shorter): the kernels index x and y without checking, so a bad coordinate would otherwise
   * wrap into another vertex or fail far from the file. One pass over the coordinates: with the checksum, opening the
   * web graph's 3.03 million elements takes about 1.5 ms (see the README).
   */
  private static void validateCoordinates(Path file, int rows, int columns, int blockHeight, int blockWidth,
      int[] blockRowStart, int[] blockColumn, int[] blockStart, MemorySegment coords) throws IOException {
    for (int br = 0; br + 1 < blockRowStart.length; br++) {
      int height = Math.min(blockHeight, rows - br * blockHeight);
      for (int b = blockRowStart[br]; b < blockRowStart[br + 1]; b++) {
        int width = Math.min(blockWidth, columns - blockColumn[b] * blockWidth);
        int from = blockStart[b];
        int to = blockStart[b + 1];
        MemorySegment block = BlockCoo.slice(coords, BlockCoo.COORD, from, to);
        for (long k = 0; k < to - from; k++) {
          int rc = block.getAtIndex(BlockCoo.COORD, k);
          if ((rc >>> 16) >= height || (rc & 0xFFFF) >= width) {
            throw bad(file, "element " + (from + k) + " of block " + b + " (block row " + br + ", block column "
                + blockColumn[b] + ", " + height + "×" + width + ") has in-block row " + (rc >>> 16)
                + " and column " + (rc & 0xFFFF) + ", outside the block: the file is damaged");
          }
        }
      }
    }
  }

  /** The CRC32C of the header up to the checksum and of everything after the header, as {@link #save} summed it. */
  private static void verifyChecksum(Path file, MemorySegment whole, int stored) throws IOException {
    CRC32C crc = new CRC32C();
    crc.update(whole.asSlice(0, CHECKSUM_AT).asByteBuffer());
    for (long at = HEADER_BYTES; at < whole.byteSize(); at += 1 << 26) { // a ByteBuffer holds at most 2 GiB
      crc.update(whole.asSlice(at, Math.min(1 << 26, whole.byteSize() - at)).asByteBuffer());
    }
    if ((int) crc.getValue() != stored) {
      throw bad(file, String.format("checksum mismatch (CRC32C %08x, the header says %08x): the file was changed "
          + "or damaged after 'sparse convert' wrote it", (int) crc.getValue(), stored));
    }
  }

  /** {@code count} ints at {@code at}, a long so that a count past 2^31 - 1 is refused as overrunning the file. */
  private static int[] readInts(MemorySegment whole, long at, long count, Path file) throws IOException {
    MemorySegment s = slice(whole, at, 4L * count, file, "block index");
    int[] out = new int[(int) count]; // the slice is within the file, so fewer than 2^31 ints
    MemorySegment.copy(s, ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 0, out, 0, (int) count);
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

  private static ByteBuffer ints(int[] ints) {
    ByteBuffer b = ByteBuffer.allocate(ints.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    b.asIntBuffer().put(ints);
    return b;
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

  static void requireLittleEndianHost(Path file) throws IOException {
    if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
      throw new IOException(file + ": block-COO files are little-endian and map only on little-endian machines");
    }
  }
}
