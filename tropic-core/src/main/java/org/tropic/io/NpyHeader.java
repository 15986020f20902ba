package org.tropic.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The header of a two-dimensional, C-order, little-endian NumPy {@code .npy} file of float32 or int32: what it
 * holds, and its exact bytes.
 *
 * <p>The format (NumPy Enhancement Proposal 1, "A simple file format for NumPy arrays"): the magic
 * {@code \x93NUMPY}, a major and minor version byte, the header length as a little-endian uint16 (version 1.0) or
 * uint32 (2.0 and 3.0), then a Python dict literal such as
 * {@code {'descr': '<f4', 'fortran_order': False, 'shape': (3, 3), }}, padded with spaces and ended by a newline so
 * the data starts at a multiple of 64 bytes. {@link #toBytes()} writes exactly what {@code numpy.save} writes for
 * the same array (numpy 1.24 and later also leave 21 − digits(rows) spare spaces for growing the first axis);
 * {@link #read} accepts any header NumPy itself writes for such an array, in any key order, and rejects
 * everything else (Fortran order, big-endian or other dtypes, other ranks) with a message naming the file and
 * quoting the header.
 *
 * @param dtype the element type
 * @param rows the first dimension
 * @param columns the second dimension
 * @param dataOffset the byte offset of element (0, 0): the total header length, a multiple of 64 when written by
 *     NumPy or Tropic
 */
public record NpyHeader(Dtype dtype, long rows, long columns, long dataOffset) {

  /**
   * The element types Tropic stores, all little-endian: float32 distances, int32 predecessors and levels, float64
   * per-vertex scores.
   */
  public enum Dtype {
    FLOAT32("<f4", 4),
    INT32("<i4", 4),
    FLOAT64("<f8", 8);

    private final String descr;
    private final int bytes;

    Dtype(String descr, int bytes) {
      this.descr = descr;
      this.bytes = bytes;
    }

    /** The NumPy type string, as it appears in the header. */
    public String descr() {
      return descr;
    }

    /** Bytes per element. */
    public int bytes() {
      return bytes;
    }
  }

  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final int ALIGNMENT = 64;
  /** NumPy's GROWTH_AXIS_MAX_DIGITS: room to rewrite the first dimension in place. */
  private static final int GROWTH_AXIS_MAX_DIGITS = 21;
  /** NumPy refuses headers longer than this without allow_pickle; so do we, before allocating. */
  private static final int MAX_HEADER_CHARS = 10_000;
  private static final int PREFIX_V1 = MAGIC.length + 2 + 2;
  private static final int PREFIX_V2 = MAGIC.length + 2 + 4;

  public NpyHeader {
    Objects.requireNonNull(dtype, "dtype");
    if (rows < 0 || columns < 0) {
      throw new IllegalArgumentException("negative shape (" + rows + ", " + columns + ")");
    }
    if (columns != 0 && rows > (Long.MAX_VALUE / dtype.bytes() - dataOffset) / columns) {
      throw new IllegalArgumentException("shape (" + rows + ", " + columns + ") is too large for a file");
    }
  }

  /** The header NumPy would write for a C-order array of this type and shape. */
  public static NpyHeader of(Dtype dtype, long rows, long columns) {
    return new NpyHeader(dtype, rows, columns, format(dtype, rows, columns).length);
  }

  /**
   * The header {@code numpy.save} writes for a 1-D array of {@code length} elements, such as a per-vertex vector;
   * the data follows it directly.
   */
  public static byte[] vector(Dtype dtype, long length) {
    Objects.requireNonNull(dtype, "dtype");
    if (length < 0) {
      throw new IllegalArgumentException("negative length " + length);
    }
    String dict = "{'descr': '" + dtype.descr() + "', 'fortran_order': False, 'shape': (" + length + ",), }";
    return wrap(dict + " ".repeat(GROWTH_AXIS_MAX_DIGITS - Long.toString(length).length()));
  }

  /** The number of data bytes: rows × columns × element size. */
  public long dataBytes() {
    return rows * columns * dtype.bytes();
  }

  /** The exact size of a file with this header and its data. */
  public long fileSize() {
    return dataOffset + dataBytes();
  }

  /** The byte offset of element (row, column). */
  public long offsetOf(long row, long column) {
    return dataOffset + (row * columns + column) * dtype.bytes();
  }

  /** The header's bytes, identical to what {@code numpy.save} writes for this type and shape. */
  public byte[] toBytes() {
    byte[] bytes = format(dtype, rows, columns);
    if (bytes.length != dataOffset) {
      throw new IllegalStateException("header of " + bytes.length + " bytes, but dataOffset is " + dataOffset);
    }
    return bytes;
  }

  /** The dict literal of this header, without padding (for messages). */
  public String dictText() {
    return dict(dtype, rows, columns);
  }

  private static String dict(Dtype dtype, long rows, long columns) {
    return "{'descr': '" + dtype.descr() + "', 'fortran_order': False, 'shape': (" + rows + ", " + columns + "), }";
  }

  private static byte[] format(Dtype dtype, long rows, long columns) {
    return wrap(dict(dtype, rows, columns) + " ".repeat(GROWTH_AXIS_MAX_DIGITS - Long.toString(rows).length()));
  }

  /**
   * Adds the magic, version, length and padding to a header dict as NumPy does: version 1.0 while the padded header
   * fits its uint16 length, else 2.0. (A 2-D shape never needs 2.0; package-private so tests can check the rule.)
   */
  static byte[] wrap(String dictText) {
    byte[] dictBytes = dictText.getBytes(StandardCharsets.ISO_8859_1);
    int withNewline = dictBytes.length + 1;
    int version = padded(PREFIX_V1, withNewline) <= 0xFFFF ? 1 : 2;
    int prefix = version == 1 ? PREFIX_V1 : PREFIX_V2;
    int headerLength = padded(prefix, withNewline);
    ByteBuffer out = ByteBuffer.allocate(prefix + headerLength).order(ByteOrder.LITTLE_ENDIAN);
    out.put(MAGIC).put((byte) version).put((byte) 0);
    if (version == 1) {
      out.putShort((short) headerLength);
    } else {
      out.putInt(headerLength);
    }
    out.put(dictBytes);
    while (out.remaining() > 1) {
      out.put((byte) ' ');
    }
    out.put((byte) '\n');
    return out.array();
  }

  /** The header length (dict, padding, newline) that makes prefix + header a multiple of 64. */
  private static int padded(int prefix, int withNewline) {
    int pad = ALIGNMENT - (prefix + withNewline) % ALIGNMENT;
    return withNewline + pad;
  }

  /**
   * Reads and checks the header at the start of {@code channel}.
   *
   * @param channel positioned anywhere; read from offset 0
   * @param file the file's name, for messages
   * @param expected the element type the caller needs
   * @throws NpyFormatException if the file is not a 2-D C-order little-endian {@code .npy} of that type
   */
  public static NpyHeader read(FileChannel channel, Path file, Dtype expected) throws IOException {
    ByteBuffer prefix = readFully(channel, 0, PREFIX_V1, file, "the .npy magic and version");
    byte[] magic = new byte[MAGIC.length];
    prefix.get(magic);
    if (!java.util.Arrays.equals(magic, MAGIC)) {
      throw new NpyFormatException(file, "not a NumPy .npy file (it does not start with \\x93NUMPY)");
    }
    int major = Byte.toUnsignedInt(prefix.get());
    int minor = Byte.toUnsignedInt(prefix.get());
    long headerLength;
    int prefixLength;
    Charset charset;
    if (major == 1 && minor == 0) {
      headerLength = Short.toUnsignedInt(prefix.order(ByteOrder.LITTLE_ENDIAN).getShort());
      prefixLength = PREFIX_V1;
      charset = StandardCharsets.ISO_8859_1;
    } else if ((major == 2 || major == 3) && minor == 0) {
      ByteBuffer length = readFully(channel, MAGIC.length + 2, 4, file, "the .npy header length");
      headerLength = Integer.toUnsignedLong(length.order(ByteOrder.LITTLE_ENDIAN).getInt());
      prefixLength = PREFIX_V2;
      charset = major == 2 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
    } else {
      throw new NpyFormatException(file, "unsupported .npy format version " + major + "." + minor
          + " (Tropic reads 1.0, 2.0 and 3.0)");
    }
    if (headerLength > MAX_HEADER_CHARS) {
      throw new NpyFormatException(file, "the .npy header claims " + headerLength
          + " bytes, more than the " + MAX_HEADER_CHARS + " NumPy accepts for a plain array");
    }
    ByteBuffer headerBytes = readFully(channel, prefixLength, (int) headerLength, file, "the .npy header");
    String text = charset.decode(headerBytes).toString();
    NpyHeaderParser.Parsed parsed = NpyHeaderParser.parse(text, file);
    String quoted = " in header " + text.strip();
    if (parsed.fortranOrder()) {
      throw new NpyFormatException(file, "Fortran (column-major) order is not supported; save the array in C order"
          + " (numpy.ascontiguousarray)" + quoted);
    }
    Dtype dtype = dtypeOf(parsed.descr());
    if (dtype != expected) {
      throw new NpyFormatException(file, "dtype '" + parsed.descr() + "' where '" + expected.descr()
          + "' (" + expected.name().toLowerCase(java.util.Locale.ROOT) + ", little-endian) is needed" + quoted);
    }
    if (parsed.shape().length != 2) {
      throw new NpyFormatException(file, "a " + parsed.shape().length + "-dimensional array where a 2-dimensional"
          + " matrix is needed" + quoted);
    }
    try {
      return new NpyHeader(dtype, parsed.shape()[0], parsed.shape()[1], prefixLength + headerLength);
    } catch (IllegalArgumentException e) {
      throw new NpyFormatException(file, e.getMessage() + quoted);
    }
  }

  private static Dtype dtypeOf(String descr) {
    for (Dtype d : Dtype.values()) {
      if (d.descr().equals(descr)) {
        return d;
      }
    }
    return null;
  }

  private static ByteBuffer readFully(FileChannel channel, long position, int length, Path file, String what)
      throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, position + buffer.position()) < 0) {
        throw new NpyFormatException(file, "the file ends inside " + what + " (" + channel.size() + " bytes)");
      }
    }
    return buffer.flip();
  }
}
