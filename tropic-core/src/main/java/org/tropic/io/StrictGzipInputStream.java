package org.tropic.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * The content of a gzip stream (RFC 1952) that, unlike the JDK's {@code GZIPInputStream}, refuses bytes after its
 * last member that do not start another one: the JDK's stream ends at them without a word, so a damaged file (or one
 * with something appended) was read as if it ended there. Concatenated members are one stream, as {@code gzip -d}
 * reads them, and zeros padding the end (as a block device or tape leaves) are accepted, as {@code gzip} accepts
 * them. Damage inside a member is a {@link ZipException} and a truncated member an {@link EOFException}, as with the
 * JDK's stream, so callers report them as before. The bytes after the end are counted as they are read: no second
 * pass over the file.
 */
public final class StrictGzipInputStream extends InputStream {
  private static final int MAGIC_FIRST = 0x1f;
  private static final int MAGIC_SECOND = 0x8b;
  private static final int DEFLATE = 8;
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;

  private final InputStream in;
  private final String source;
  private final byte[] buffer;
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private int position;
  private int limit;
  private boolean ended;
  private boolean closed;

  /**
   * Reads the first member's header at once, as the JDK's stream does.
   *
   * @param in the compressed bytes, from their first
   * @param bufferSize how many compressed bytes to read at a time
   * @param source the file's name, for the error about bytes after the end
   * @throws ZipException if {@code in} does not start with a gzip header
   * @throws EOFException if it ends within the header
   */
  public StrictGzipInputStream(InputStream in, int bufferSize, String source) throws IOException {
    this.in = Objects.requireNonNull(in, "in");
    this.source = Objects.requireNonNull(source, "source");
    this.buffer = new byte[bufferSize];
    int first = nextByte();
    if (first < 0) {
      throw new EOFException("empty gzip stream");
    }
    readHeader(first);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (closed) {
      throw new IOException("Stream closed");
    }
    if (len == 0) {
      return 0;
    }
    while (!ended) {
      int n;
      try {
        n = inflater.inflate(b, off, len);
      } catch (DataFormatException e) {
        throw new ZipException(e.getMessage() == null ? "Invalid ZLIB data format" : e.getMessage());
      }
      if (n > 0) {
        crc.update(b, off, n);
        return n;
      }
      if (inflater.finished()) {
        position = limit - inflater.getRemaining(); // the bytes after the deflate data: trailer, then what follows
        endMember();
      } else if (inflater.needsDictionary()) {
        throw new ZipException("ZLIB dictionary missing");
      } else if (inflater.needsInput()) {
        if (position == limit && !fill()) {
          throw new EOFException("Unexpected end of ZLIB input stream");
        }
        inflater.setInput(buffer, position, limit - position);
        position = limit;
      }
    }
    return -1;
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      inflater.end();
      in.close();
    }
  }

  /** Checks a member's trailer, then starts the next member, ends the stream, or refuses what follows. */
  private void endMember() throws IOException {
    long expectedCrc = trailerInt();
    long expectedSize = trailerInt();
    if (expectedCrc != crc.getValue() || expectedSize != (inflater.getBytesWritten() & 0xffffffffL)) {
      throw new ZipException("Corrupt GZIP trailer");
    }
    int first = nextByte();
    if (first < 0) {
      ended = true;
    } else if (first == MAGIC_FIRST && peek() == MAGIC_SECOND) {
      readHeader(first);
    } else {
      refuseTrailingBytes(first);
    }
  }

  /** Counts the bytes from {@code first} to the end; refuses them unless all are zeros. */
  private void refuseTrailingBytes(int first) throws IOException {
    long count = 1;
    boolean zeros = first == 0;
    do {
      count += limit - position;
      for (int i = position; i < limit && zeros; i++) {
        zeros = buffer[i] == 0;
      }
      position = limit;
    } while (fill());
    if (!zeros) {
      throw new GraphInputException(source, 0, count + (count == 1 ? " byte follows" : " bytes follow")
          + " the end of its compressed data: the file is damaged or not one gzip stream", null,
          "a .gz file that ends where its gzip data ends (or further gzip members)");
    }
    ended = true;
  }

  /** A member's header from its first byte on; the inflater and checksum are then ready for its data. */
  private void readHeader(int first) throws IOException {
    crc.reset();
    crc.update(first);
    if (first != MAGIC_FIRST || headerByte() != MAGIC_SECOND) {
      throw new ZipException("Not in GZIP format");
    }
    if (headerByte() != DEFLATE) {
      throw new ZipException("Unsupported compression method");
    }
    int flags = headerByte();
    for (int i = 0; i < 6; i++) { // MTIME, XFL, OS
      headerByte();
    }
    if ((flags & FEXTRA) != 0) {
      int length = headerByte() | headerByte() << 8;
      for (int i = 0; i < length; i++) {
        headerByte();
      }
    }
    if ((flags & FNAME) != 0) {
      while (headerByte() != 0) {
        // the original file name, not needed
      }
    }
    if ((flags & FCOMMENT) != 0) {
      while (headerByte() != 0) {
        // a comment, not needed
      }
    }
    if ((flags & FHCRC) != 0) {
      int expected = (int) crc.getValue() & 0xffff;
      if ((headerByte() | headerByte() << 8) != expected) {
        throw new ZipException("Corrupt GZIP header");
      }
    }
    crc.reset();
    inflater.reset();
  }

  private int headerByte() throws IOException {
    int b = nextByte();
    if (b < 0) {
      throw new EOFException("Unexpected end of GZIP header");
    }
    crc.update(b);
    return b;
  }

  private long trailerInt() throws IOException {
    long value = 0;
    for (int i = 0; i < 4; i++) {
      int b = nextByte();
      if (b < 0) {
        throw new EOFException("Unexpected end of GZIP trailer");
      }
      value |= (long) b << (8 * i);
    }
    return value;
  }

  private int nextByte() throws IOException {
    if (position == limit && !fill()) {
      return -1;
    }
    return buffer[position++] & 0xff;
  }

  private int peek() throws IOException {
    if (position == limit && !fill()) {
      return -1;
    }
    return buffer[position] & 0xff;
  }

  /** Reads more compressed bytes into the (consumed) buffer; false at the end of the input. */
  private boolean fill() throws IOException {
    int n;
    do {
      n = in.read(buffer, 0, buffer.length);
    } while (n == 0);
    if (n < 0) {
      return false;
    }
    position = 0;
    limit = n;
    return true;
  }
}
