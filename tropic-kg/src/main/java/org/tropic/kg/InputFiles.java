package org.tropic.kg;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Opens input files, gunzipping those that start with the gzip magic bytes whatever their name. */
final class InputFiles {
  private static final int BUFFER = 1 << 16;

  private InputFiles() {}

  /**
   * The decompressed bytes of {@code file}.
   *
   * @throws NoSuchFileException naming the file if it does not exist
   */
  static InputStream open(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(file.toString(), null, "no such input file");
    }
    BufferedInputStream in = new BufferedInputStream(Files.newInputStream(file), BUFFER);
    try {
      in.mark(2);
      int first = in.read();
      int second = in.read();
      in.reset();
      if (first == 0x1f && second == 0x8b) {
        return new GZIPInputStream(in, BUFFER);
      }
      return in;
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }
}
