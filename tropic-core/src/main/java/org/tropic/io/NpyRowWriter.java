package org.tropic.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import org.tropic.apsp.Progress;
import org.tropic.io.DistanceStore.IntRowSource;
import org.tropic.io.DistanceStore.RowSource;

/**
 * Streams a header and n rows into a {@code .npy} file through one reused direct buffer.
 *
 * <p>Why buffered writes and not a writable mapping: both copy each row once, but a mapping turns a full disk
 * into a SIGBUS (an {@link InternalError} in Java) at some later page fault, and needs the file pre-sized, while
 * {@link FileChannel#write} reports the failure as an {@link IOException} at the row that hit it. Peak extra
 * memory is one row plus the buffer.
 */
final class NpyRowWriter {
  private static final int BUFFER_BYTES = 4 << 20;

  private final FileChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);

  private NpyRowWriter(FileChannel channel) {
    this.channel = channel;
  }

  static void writeFloats(FileChannel channel, NpyHeader header, RowSource rows, Progress progress)
      throws IOException {
    new NpyRowWriter(channel).floats(header, rows, progress);
  }

  static void writeInts(FileChannel channel, NpyHeader header, IntRowSource rows, Progress progress)
      throws IOException {
    new NpyRowWriter(channel).ints(header, rows, progress);
  }

  private void floats(NpyHeader header, RowSource rows, Progress progress) throws IOException {
    int n = Math.toIntExact(header.rows());
    float[] row = new float[n];
    channel.write(ByteBuffer.wrap(header.toBytes()), 0);
    long position = header.dataOffset();
    for (int u = 0; u < n; u++) {
      rows.copyRow(u, row);
      for (int from = 0; from < n; ) {
        int count = Math.min(n - from, buffer.remaining() / Float.BYTES);
        buffer.asFloatBuffer().put(row, from, count);
        buffer.position(buffer.position() + count * Float.BYTES);
        from += count;
        position = flushIfFull(position);
      }
      progress.advance(1);
    }
    flush(position);
  }

  private void ints(NpyHeader header, IntRowSource rows, Progress progress) throws IOException {
    int n = Math.toIntExact(header.rows());
    int[] row = new int[n];
    channel.write(ByteBuffer.wrap(header.toBytes()), 0);
    long position = header.dataOffset();
    for (int u = 0; u < n; u++) {
      rows.copyRow(u, row);
      for (int from = 0; from < n; ) {
        int count = Math.min(n - from, buffer.remaining() / Integer.BYTES);
        buffer.asIntBuffer().put(row, from, count);
        buffer.position(buffer.position() + count * Integer.BYTES);
        from += count;
        position = flushIfFull(position);
      }
      progress.advance(1);
    }
    flush(position);
  }

  private long flushIfFull(long position) throws IOException {
    return buffer.remaining() < Float.BYTES ? flush(position) : position;
  }

  /** Writes the buffer at {@code position}; returns the position after it. */
  private long flush(long position) throws IOException {
    buffer.flip();
    while (buffer.hasRemaining()) {
      position += channel.write(buffer, position);
    }
    buffer.clear();
    return position;
  }
}
