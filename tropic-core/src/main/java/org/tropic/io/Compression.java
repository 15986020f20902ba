package org.tropic.io;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import org.tukaani.xz.XZInputStream;

/**
 * How an input is compressed, recognised by its first bytes (not its name, so a mislabelled file still reads):
 * gzip ({@code 1f 8b}, through {@link StrictGzipInputStream}, which refuses bytes after the end of its data) and xz
 * ({@code fd 37 7a 58 5a 00}, through {@code org.tukaani:xz}). Other compressors are refused by extension with a
 * message saying how to decompress.
 */
public enum Compression {
  NONE(""),
  GZIP(".gz"),
  XZ(".xz");

  private static final int INFLATE_BUFFER = 1 << 16;

  private final String suffix;

  Compression(String suffix) {
    this.suffix = suffix;
  }

  /** The usual file-name suffix, e.g. {@code ".gz"}; empty for {@link #NONE}. */
  public String suffix() {
    return suffix;
  }

  /**
   * The compression of {@code in}, judged from its first six bytes, which stay unread ({@code in} must support mark).
   */
  static Compression sniff(BufferedInputStream in) throws IOException {
    in.mark(6);
    byte[] magic = in.readNBytes(6);
    in.reset();
    if (magic.length >= 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
      return GZIP;
    }
    if (magic.length == 6 && (magic[0] & 0xff) == 0xfd && magic[1] == '7' && magic[2] == 'z' && magic[3] == 'X'
        && magic[4] == 'Z' && magic[5] == 0) {
      return XZ;
    }
    return NONE;
  }

  /** The content of {@code raw}, decompressed if its first bytes say it is gzip or xz. */
  public static InputStream decompressed(InputStream raw, String source) throws IOException {
    BufferedInputStream buffered = new BufferedInputStream(raw);
    return sniff(buffered).decompress(buffered, source);
  }

  /** The decompressed content of {@code in}, called {@code source} in messages. */
  InputStream decompress(InputStream in, String source) throws IOException {
    return switch (this) {
      case NONE -> in;
      case GZIP -> new StrictGzipInputStream(in, INFLATE_BUFFER, source);
      case XZ -> new XZInputStream(in);
    };
  }

  /**
   * Refuses names of compressed files Tropic cannot read, saying how to decompress them.
   *
   * @param source the path as given, for the message
   * @param name the file name
   *
   * @throws GraphInputException for {@code .bz2}, {@code .zst}, {@code .lz4}, {@code .zip}, {@code .7z}
   */
  static void refuseUnsupported(String source, String name) throws GraphInputException {
    String lower = name.toLowerCase(Locale.ROOT);
    String hint = null;
    if (lower.endsWith(".bz2")) {
      hint = "bunzip2 -k " + name;
    } else if (lower.endsWith(".zst")) {
      hint = "zstd -d " + name;
    } else if (lower.endsWith(".lz4")) {
      hint = "lz4 -d " + name;
    } else if (lower.endsWith(".zip")) {
      hint = "unzip " + name;
    } else if (lower.endsWith(".7z")) {
      hint = "7z x " + name;
    }
    if (hint != null) {
      throw new GraphInputException(source, 0, "compression not supported", name.substring(lower.lastIndexOf('.')),
          "plain text, .gz or .xz; decompress first (" + hint + ") or recompress with gzip");
    }
  }
}
