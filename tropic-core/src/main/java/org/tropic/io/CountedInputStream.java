package org.tropic.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/**
 * An input stream that tells {@code bytesRead} how many bytes each read returned. Placed under any decompression, it
 * counts the file as stored, so a progress bar by bytes has its total (the file's size) before reading, which gzip
 * does not record reliably for the content.
 */
public final class CountedInputStream extends FilterInputStream {
  private final LongConsumer bytesRead;

  public CountedInputStream(InputStream in, LongConsumer bytesRead) {
    super(in);
    this.bytesRead = bytesRead;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      bytesRead.accept(1);
    }
    return b;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    int n = super.read(buffer, offset, length);
    if (n > 0) {
      bytesRead.accept(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = super.skip(n);
    if (skipped > 0) {
      bytesRead.accept(skipped);
    }
    return skipped;
  }
}
