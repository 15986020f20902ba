package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tropic.io.NpyHeader.Dtype;

class NpyHeaderTest {
  @TempDir Path dir;

  /** The bytes numpy 2.x writes for {@code np.save(f, np.zeros((3, 3), np.float32))}, captured once from NumPy. */
  @Test
  void formatsTheHeaderNumpyWritesForASmallFloatMatrix() {
    String dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 3), }";
    byte[] expected = new byte[128];
    byte[] prefix = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 118, 0};
    System.arraycopy(prefix, 0, expected, 0, prefix.length);
    byte[] text = (dict + " ".repeat(118 - dict.length() - 1) + "\n").getBytes(StandardCharsets.ISO_8859_1);
    System.arraycopy(text, 0, expected, prefix.length, text.length);

    NpyHeader header = NpyHeader.of(Dtype.FLOAT32, 3, 3);

    assertThat(header.toBytes()).isEqualTo(expected);
    assertThat(header.dataOffset()).isEqualTo(128);
    assertThat(header.fileSize()).isEqualTo(128 + 36);
  }

  @ParameterizedTest
  @ValueSource(longs = {0, 1, 9, 10, 99, 1000, 8192, 123_456_789L, 1_000_000_000L})
  void dataAlwaysStartsAtAMultipleOf64(long n) {
    for (Dtype dtype : Dtype.values()) {
      NpyHeader header = NpyHeader.of(dtype, n, n);
      byte[] bytes = header.toBytes();
      assertThat(bytes.length % 64).isZero();
      assertThat(bytes[bytes.length - 1]).isEqualTo((byte) '\n');
      assertThat(header.offsetOf(n, 0)).isEqualTo(header.fileSize());
    }
  }

  @Test
  void headersAreByteIdenticalToNumpysForManyShapesAndBothDtypes() throws Exception {
    long[][] shapes = {{0, 0}, {1, 1}, {3, 3}, {7, 13}, {64, 64}, {8192, 8192}, {100_000, 100_000},
        {3_000_000_000L, 1}, {1, 3_000_000_000L}, {123_456_789_012L, 2}};
    StringBuilder arguments = new StringBuilder();
    for (long[] shape : shapes) {
      for (Dtype dtype : Dtype.values()) {
        arguments.append(dtype.descr()).append(' ').append(shape[0]).append(' ').append(shape[1]).append(';');
      }
    }
    String out = NpyTestSupport.python("""
        import io, sys
        try:
            import numpy.lib._format_impl as f
        except ImportError:
            import numpy.lib.format as f
        for spec in sys.argv[1].strip(';').split(';'):
            descr, rows, columns = spec.split()
            buffer = io.BytesIO()
            header = {'descr': descr, 'fortran_order': False, 'shape': (int(rows), int(columns))}
            f._write_array_header(buffer, header, None)
            print(buffer.getvalue().hex())
        """, arguments.toString());
    String[] lines = out.strip().split("\n");
    int i = 0;
    for (long[] shape : shapes) {
      for (Dtype dtype : Dtype.values()) {
        assertThat(HexFormat.of().formatHex(NpyHeader.of(dtype, shape[0], shape[1]).toBytes()))
            .as("%s %dx%d", dtype, shape[0], shape[1]).isEqualTo(lines[i++]);
      }
    }
  }

  @Test
  void longHeadersSwitchToVersion2LikeNumpy() throws Exception {
    String base = "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1), }";
    int[] paddings = {100, 65_400, 65_470, 65_471, 65_500, 70_000};
    StringBuilder arguments = new StringBuilder();
    for (int padding : paddings) {
      arguments.append(padding).append(' ');
    }
    String[] expected = NpyTestSupport.python("""
        import sys
        try:
            import numpy.lib._format_impl as f
        except ImportError:
            import numpy.lib.format as f
        for padding in sys.argv[2].split():
            print(f._wrap_header_guess_version(sys.argv[1] + ' ' * int(padding)).hex())
        """, base, arguments.toString()).strip().split("\n");
    for (int i = 0; i < paddings.length; i++) {
      byte[] wrapped = NpyHeader.wrap(base + " ".repeat(paddings[i]));
      assertThat(HexFormat.of().formatHex(wrapped)).as("dict padded by %d", paddings[i]).isEqualTo(expected[i]);
    }
    assertThat(NpyHeader.wrap(base + " ".repeat(70_000))[6]).as("major version").isEqualTo((byte) 2);
    assertThat(NpyHeader.wrap(base + " ".repeat(100))[6]).as("major version").isEqualTo((byte) 1);
  }

  @Test
  void readsWhatItFormatsAndToleratesPythonSyntaxVariants() throws IOException {
    assertThat(read(NpyHeader.of(Dtype.FLOAT32, 5, 5).toBytes(), Dtype.FLOAT32))
        .isEqualTo(NpyHeader.of(Dtype.FLOAT32, 5, 5));
    NpyHeader reordered = read(v1("{ \"shape\" :(4,4 ,),'fortran_order':False ,  'descr':'<i4'}"), Dtype.INT32);
    assertThat(reordered.rows()).isEqualTo(4);
    assertThat(reordered.columns()).isEqualTo(4);
    assertThat(reordered.dtype()).isEqualTo(Dtype.INT32);
    assertThat(reordered.dataOffset() % 64).isZero();
  }

  @Test
  void readsVersion2And3Headers() throws IOException {
    for (int major : new int[] {2, 3}) {
      NpyHeader header = read(withVersion(major, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 6), }"),
          Dtype.FLOAT32);
      assertThat(header.rows()).isEqualTo(2);
      assertThat(header.columns()).isEqualTo(6);
      assertThat(header.dataOffset()).isEqualTo(128);
    }
  }

  @Test
  void rejectsFortranOrderNamingFileAndHeader() {
    String dict = "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 3), }";
    assertThatThrownBy(() -> read(v1(dict), Dtype.FLOAT32))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("bad.npy").hasMessageContaining("Fortran").hasMessageContaining(dict);
  }

  @Test
  void rejectsOtherDtypesAndByteOrders() {
    for (String descr : new String[] {">f4", "<f8", "|u1", "<f2", "=f4", "<i8"}) {
      String dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (3, 3), }";
      assertThatThrownBy(() -> read(v1(dict), Dtype.FLOAT32))
          .isInstanceOf(NpyFormatException.class)
          .hasMessageContaining("bad.npy").hasMessageContaining("'" + descr + "'").hasMessageContaining("<f4")
          .hasMessageContaining(dict);
    }
    String ints = "{'descr': '<i4', 'fortran_order': False, 'shape': (3, 3), }";
    assertThatThrownBy(() -> read(v1(ints), Dtype.FLOAT32)).hasMessageContaining("'<i4' where '<f4'");
  }

  @Test
  void rejectsOtherRanks() {
    for (String shape : new String[] {"()", "(9,)", "(2, 2, 2)"}) {
      String dict = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }";
      assertThatThrownBy(() -> read(v1(dict), Dtype.FLOAT32))
          .isInstanceOf(NpyFormatException.class)
          .hasMessageContaining("2-dimensional").hasMessageContaining(dict);
    }
  }

  @Test
  void rejectsMalformedHeaders() {
    String[][] cases = {
      {"{'descr': '<f4', 'shape': (3, 3), }", "'fortran_order' is missing"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (3, 3), 'extra': 1}", "unexpected key 'extra'"},
      {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (3, 3)}", "appears twice"},
      {"{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3,)}", "structured dtypes"},
      {"{'descr': '<f4', 'fortran_order': 0, 'shape': (3, 3)}", "neither True nor False"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (3, -3)}", "non-negative integer"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999, 1)}", "too large"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (3, 3)} junk", "unexpected text"},
      {"{'descr': '<f4, 'fortran_order': False, 'shape': (3, 3)}", "expected '}'"},
      {"['descr', '<f4']", "expected '{'"},
    };
    for (String[] c : cases) {
      assertThatThrownBy(() -> read(v1(c[0]), Dtype.FLOAT32))
          .as(c[0])
          .isInstanceOf(NpyFormatException.class)
          .hasMessageContaining("bad.npy").hasMessageContaining(c[1]).hasMessageContaining(c[0].strip());
    }
  }

  @Test
  void rejectsWrongMagicVersionAndTruncation() throws IOException {
    assertThatThrownBy(() -> read("PK\3\4 a zip file, not npy".getBytes(StandardCharsets.ISO_8859_1),
        Dtype.FLOAT32)).isInstanceOf(NpyFormatException.class).hasMessageContaining("not a NumPy .npy file");
    byte[] v4 = withVersion(2, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 6), }");
    v4[6] = 4;
    assertThatThrownBy(() -> read(v4, Dtype.FLOAT32)).hasMessageContaining("version 4.0");
    byte[] whole = NpyHeader.of(Dtype.FLOAT32, 3, 3).toBytes();
    assertThatThrownBy(() -> read(java.util.Arrays.copyOf(whole, 40), Dtype.FLOAT32))
        .hasMessageContaining("bad.npy").hasMessageContaining("ends inside the .npy header");
    byte[] huge = v1("{}");
    huge[8] = (byte) 0xFF;
    huge[9] = (byte) 0xFF;
    assertThatThrownBy(() -> read(huge, Dtype.FLOAT32)).hasMessageContaining("claims 65535 bytes");
  }

  private NpyHeader read(byte[] bytes, Dtype expected) throws IOException {
    Path file = dir.resolve("bad.npy");
    Files.write(file, bytes);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      return NpyHeader.read(channel, file, expected);
    }
  }

  /** A version 1.0 file prefix around {@code dict}, padded to 64 like NumPy does. */
  private static byte[] v1(String dict) {
    return withVersion(1, dict);
  }

  private static byte[] withVersion(int major, String dict) {
    int prefix = major == 1 ? 10 : 12;
    int length = dict.length() + 1;
    length += (64 - (prefix + length) % 64) % 64;
    ByteBuffer buffer = ByteBuffer.allocate(prefix + length).order(ByteOrder.LITTLE_ENDIAN);
    buffer.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0});
    if (major == 1) {
      buffer.putShort((short) length);
    } else {
      buffer.putInt(length);
    }
    buffer.put(dict.getBytes(StandardCharsets.UTF_8));
    while (buffer.remaining() > 1) {
      buffer.put((byte) ' ');
    }
    buffer.put((byte) '\n');
    return buffer.array();
  }

  /** A result cut short (a crash mid-copy): its sizes are compared by eye, so they are grouped. */
  @Test
  void aTruncatedMatrixIsRefusedWithGroupedSizes() throws IOException {
    NpyHeader header = NpyHeader.of(Dtype.FLOAT32, 1000, 1000);
    Path file = dir.resolve("cut.npy");
    Files.write(file, header.toBytes());
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(50_000);
      channel.write(ByteBuffer.allocate(1), 49_999);
    }
    assertThatThrownBy(() -> NpyMapping.open(file, Dtype.FLOAT32)).isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("the file has 50,000 bytes but its header promises 128 + 1,000²×4 = 4,000,128"
            + " (truncated?)");
  }
}
