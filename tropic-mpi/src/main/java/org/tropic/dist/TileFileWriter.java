package org.tropic.dist;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.tropic.io.NpyHeader;

/**
 * Writes one rank's tiles into a shared, staged {@code .npy} file at their own offsets (row u, columns
 * {@code J·b .. J·b+b} of tile (I, J) go to {@link NpyHeader#offsetOf}{@code (u, J·b)}), padding excluded, then
 * forces them to disk. Ranks write disjoint byte ranges, so they need no coordination beyond the barrier before
 * the commit. The file must be on storage every rank sees (a local disk for a one-node job, a shared file system
 * otherwise).
 */
final class TileFileWriter {

  private TileFileWriter() {}

  static void write(LocalTiles tiles, Path staged) throws IOException {
    int n = tiles.n;
    int b = tiles.blockSize;
    NpyHeader header = NpyHeader.of(NpyHeader.Dtype.FLOAT32, n, n);
    ByteBuffer row = ByteBuffer.allocateDirect(b * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    try (FileChannel channel = FileChannel.open(staged, StandardOpenOption.WRITE)) {
      if (channel.size() != header.fileSize()) {
        throw new IOException(staged + " is " + channel.size() + " bytes, not the " + header.fileSize()
            + " of an n=" + n + " float32 .npy: was it created for this result?");
      }
      for (int li = 0; li < tiles.rows.length; li++) {
        int i = tiles.rows[li];
        for (int lj = 0; lj < tiles.columns.length; lj++) {
          int j = tiles.columns[lj];
          float[] tile = tiles.tile(li, lj);
          int width = Math.min(b, n - j * b);
          for (int r = 0; r < b && i * b + r < n; r++) {
            row.clear();
            row.asFloatBuffer().put(tile, r * b, width);
            row.limit(width * Float.BYTES);
            long at = header.offsetOf(i * b + r, (long) j * b);
            while (row.hasRemaining()) {
              at += channel.write(row, at);
            }
          }
        }
      }
      channel.force(true);
    }
  }
}
