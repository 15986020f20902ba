package org.tropic.kg;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.LongConsumer;
import java.util.zip.ZipException;
import org.tropic.io.BinaryContent;
import org.tropic.io.CountedInputStream;
import org.tropic.io.GraphInputException;
import org.tropic.io.StrictGzipInputStream;

/**
 * Opens input files, gunzipping those that start with the gzip magic bytes whatever their name, and skipping a UTF-8
 * byte-order mark at the start of the content.
 */
final class InputFiles {
  private static final int BUFFER = 1 << 16;
  /** U+FEFF in UTF-8. */
  private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private InputFiles() {}

  /**
   * The decompressed bytes of {@code file}, less a leading UTF-8 byte-order mark. Reading a damaged gzip file fails
   * with a {@link GraphInputException} naming it (bad input), not with the bare {@link ZipException} or
   * {@link EOFException} of the JDK; so does one with bytes after the end of its gzip data, which the JDK ignored.
   *
   * @throws NoSuchFileException naming the file if it does not exist
   * @throws GraphInputException naming it if it is a directory, a pipe or a device
   */
  static InputStream open(Path file) throws IOException {
    return open(file, bytes -> {});
  }

  /**
   * Like {@link #open(Path)}, telling {@code bytesRead} how many bytes of the file as stored (compressed, for a gzip
   * file) each read took: a progress bar by bytes needs no decompressed size, which gzip does not record reliably.
   */
  static InputStream open(Path file, LongConsumer bytesRead) throws IOException {
    if (Files.isDirectory(file)) {
      throw new GraphInputException(file.toString(), 0, "is a directory", null, "an input file");
    }
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString(), null, "no such input file");
    }
    if (!Files.isRegularFile(file)) {
      // a triples file is read twice (its years, then its rows): a pipe would hang on the second opening
      throw new GraphInputException(file.toString(), 0, "is not a regular file (a pipe or a device)", null,
          "a file, which may be read more than once; give a .gz as it is (it is decompressed as it is read)");
    }
    BufferedInputStream in = new BufferedInputStream(new CountedInputStream(Files.newInputStream(file), bytesRead),
        BUFFER);
    try {
      in.mark(2);
      int first = in.read();
      int second = in.read();
      in.reset();
      InputStream content = first == 0x1f && second == 0x8b ? new Gunzipped(file, in) : in;
      BufferedInputStream text = new BufferedInputStream(content, BUFFER);
      text.mark(BinaryContent.HEAD_BYTES);
      byte[] head = text.readNBytes(BinaryContent.HEAD_BYTES);
      text.reset();
      // a binary's bytes read as rows: a few malformed, one parsed, and a knowledge graph built of it
      BinaryContent.refuse(file.toString(), head, "a text file (tab-separated, CSV or SIF), plain or gzip");
      // a UTF-8 byte-order mark (Excel, Notepad) was read as part of the first field: a header then made a node
      if (startsWithByteOrderMark(head)) {
        text.skipNBytes(UTF8_BOM.length);
      }
      return text;
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  private static boolean startsWithByteOrderMark(byte[] head) {
    return head.length >= UTF8_BOM.length && Arrays.equals(head, 0, UTF8_BOM.length, UTF8_BOM, 0, UTF8_BOM.length);
  }

  /** A gzip stream whose corruption or truncation is reported as bad input naming the file. */
  private static final class Gunzipped extends FilterInputStream {
    private final Path file;

    Gunzipped(Path file, InputStream compressed) throws IOException {
      super(gunzip(file, compressed));
      this.file = file;
    }

    private static InputStream gunzip(Path file, InputStream compressed) throws IOException {
      try {
        return new StrictGzipInputStream(compressed, BUFFER, file.toString()); // refuses bytes after its end
      } catch (ZipException | EOFException e) {
        throw damaged(file, e);
      }
    }

    @Override
    public int read() throws IOException {
      try {
        return super.read();
      } catch (ZipException | EOFException e) {
        throw damaged(file, e);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        return super.read(b, off, len);
      } catch (ZipException | EOFException e) {
        throw damaged(file, e);
      }
    }

    private static GraphInputException damaged(Path file, IOException e) {
      return new GraphInputException(file.toString(), 0, "corrupt or truncated gzip data", e.getMessage(),
          "a complete .gz file");
    }
  }
}
