package org.tropic.io;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipException;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * The content of a gzip file, through Commons Compress: concatenated members are one stream, as {@code gzip -d}
 * reads them, and bytes after the last member that start no other are refused, where the JDK's
 * {@code GZIPInputStream} ends at them without a word (a damaged file, or one with something appended, read as if it
 * ended there). Failures keep the JDK's types, which the readers report as damaged input: bytes after the end are a
 * {@link GraphInputException} naming the file; damage inside a member a {@link ZipException}; a truncated member an
 * {@link EOFException}. Which of the first two a failure is comes from where it happened (between members or inside
 * one), not from the library's wording.
 */
public final class GzipContent extends FilterInputStream {
  private static final int BUFFER = 1 << 16;

  private final String source;
  /** Whether a member has ended and no next one has begun: a failure now is about the bytes after the data. */
  private boolean betweenMembers;

  private GzipContent(InputStream compressed, String source) throws IOException {
    super(InputStream.nullInputStream()); // the library's stream, once built: its callbacks need this one
    this.source = source;
    try {
      in = GzipCompressorInputStream.builder().setInputStream(new BufferedInputStream(compressed, BUFFER))
          .setDecompressConcatenated(true).setOnMemberStart(member -> betweenMembers = false)
          .setOnMemberEnd(member -> betweenMembers = true).get();
    } catch (IOException e) {
      throw translated(e);
    }
  }

  /**
   * The decompressed bytes of {@code compressed}, whose first member's header is read now.
   *
   * @param source the file's name, for the error about bytes after the end
   * @throws ZipException if {@code compressed} does not start with a gzip header
   * @throws EOFException if it ends within the header
   */
  public static InputStream open(InputStream compressed, String source) throws IOException {
    return new GzipContent(compressed, source);
  }

  @Override
  public int read() throws IOException {
    try {
      return in.read();
    } catch (IOException e) {
      throw translated(e);
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    try {
      return in.read(b, off, len);
    } catch (IOException e) {
      throw translated(e);
    }
  }

  @Override
  public long skip(long n) throws IOException {
    try {
      return in.skip(n);
    } catch (IOException e) {
      throw translated(e);
    }
  }

  private IOException translated(IOException e) {
    if (e instanceof EOFException || e instanceof ZipException || e instanceof GraphInputException) {
      return e;
    }
    if (betweenMembers) {
      return new GraphInputException(source, 0, "bytes follow the end of its compressed data that start no"
          + " further gzip member: the file is damaged or not one gzip stream", null,
          "a .gz file that ends where its gzip data ends (or further gzip members)");
    }
    ZipException damaged = new ZipException(e.getMessage());
    damaged.initCause(e);
    return damaged;
  }
}
