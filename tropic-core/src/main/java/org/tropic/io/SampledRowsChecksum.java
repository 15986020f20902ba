package org.tropic.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * A checksum that ties a stored n×n matrix to its sidecar: CRC32C over {@value #ROWS} rows spread evenly from the
 * first to the last (all rows when n is smaller). Reading every row would cost as much as the solve's write
 * (n²×4 bytes; 40 GB at n = 100,000), and opening a result for one query must stay quick, so only the sample is
 * read: a few MB at that size. Another result of the same size almost surely differs in those rows, so swapping
 * files is caught; an edit to rows outside the sample is not, and the value names its scheme so a later version
 * can read more.
 */
final class SampledRowsChecksum {
  /** How many rows are read. */
  static final int ROWS = 16;

  /** The prefix naming this scheme in the stored value. */
  static final String SCHEME = "crc32c-" + ROWS + "rows:";

  /** Bytes handed to the CRC at a time, well under a ByteBuffer's 2 GiB limit however long a row is. */
  private static final long CHUNK = 1 << 20;

  private SampledRowsChecksum() {}

  /** The checksum of the square {@code .npy} in {@code file}, of element type {@code dtype}. */
  static String of(Path file, NpyHeader.Dtype dtype) throws IOException {
    NpyMapping mapping = NpyMapping.open(file, dtype);
    try {
      return of(mapping);
    } finally {
      mapping.arena().close();
    }
  }

  /** The checksum of a mapped matrix. */
  static String of(NpyMapping mapping) {
    int n = mapping.n();
    long rowBytes = (long) n * mapping.header().dtype().bytes();
    MemorySegment data = mapping.segment().asSlice(mapping.header().dataOffset());
    CRC32C crc = new CRC32C();
    int rows = Math.min(n, ROWS);
    for (int i = 0; i < rows; i++) {
      long row = rows == 1 ? 0 : (long) i * (n - 1) / (rows - 1);
      for (long at = 0; at < rowBytes; at += CHUNK) {
        crc.update(data.asSlice(row * rowBytes + at, Math.min(CHUNK, rowBytes - at)).asByteBuffer());
      }
    }
    return SCHEME + HexFormat.of().toHexDigits((int) crc.getValue());
  }

  /**
   * Checks that the mapped matrix is the one {@code recorded} was taken of.
   *
   * @param recorded the sidecar's value; {@code null} (an older sidecar) or another scheme is not checked
   * @param sidecarFile the sidecar, for the message
   * @throws NpyFormatException naming both files and both checksums when they differ
   */
  static void check(NpyMapping mapping, String recorded, Path sidecarFile) throws NpyFormatException {
    if (recorded == null || !recorded.startsWith(SCHEME)) {
      return;
    }
    String actual = of(mapping);
    if (!actual.equals(recorded)) {
      throw new NpyFormatException(mapping.file(), "its contents are not those its sidecar "
          + sidecarFile.getFileName() + " describes (checksum " + actual + ", recorded " + recorded + "): the file"
          + " was replaced or changed after Tropic wrote it; solve again, or restore the file written with this"
          + " sidecar");
    }
  }
}
