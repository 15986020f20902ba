package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code .gz} whose gzip data ends before the file does is bad input naming the file and the bytes that follow (the
 * JDK's stream read it as if they were not there); concatenated members, as {@code cat a.gz b.gz} makes, read whole.
 */
class StrictGzipInputStreamTest {
  @TempDir
  Path dir;

  @Test
  void bytesAfterTheGzipDataAreBadInputNamingTheFileAndTheirCount() throws IOException {
    byte[] gzip = gzip("a b 1\nb c 2\n");
    Path file = Files.write(dir.resolve("g.edges.gz"), concat(gzip, "garbage here".getBytes(StandardCharsets.UTF_8)));

    assertThatThrownBy(() -> GraphReader.read(file)).isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(file + ": 12 bytes follow the end of its compressed data: the file is damaged or not"
            + " one gzip stream");
  }

  @Test
  void oneByteAfterTheEndIsRefusedToo() throws IOException {
    // 0x1f starts a gzip header: alone it is no member, and still not part of the data
    Path file = Files.write(dir.resolve("g.edges.gz"), concat(gzip("a b 1\n"), new byte[] {0x1f}));
    assertThatThrownBy(() -> GraphReader.read(file)).isInstanceOf(GraphInputException.class)
        .hasMessageContaining("1 byte follows the end of its compressed data");
  }

  @Test
  void theCountCoversBytesBeyondOneBufferOfInput() throws IOException {
    byte[] tail = new byte[200_000];
    Arrays.fill(tail, (byte) 'x');
    Path file = Files.write(dir.resolve("big.edges.gz"), concat(gzip("a b 1\n"), tail));
    assertThatThrownBy(() -> GraphReader.read(file)).isInstanceOf(GraphInputException.class)
        .hasMessageContaining("200000 bytes follow the end");
  }

  @Test
  void concatenatedMembersAreReadWhole() throws IOException {
    Path file = Files.write(dir.resolve("two.edges.gz"), concat(gzip("a b 1\nb c 2\n"), gzip("c d 3\nd e 4\n")));
    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
    assertThat(loaded.graph().vertexCount()).isEqualTo(5);
    assertThat(loaded.source().dataLines()).isEqualTo(4);
  }

  @Test
  void zerosPaddingTheEndAreAcceptedAsGzipAcceptsThem() throws IOException {
    Path file = Files.write(dir.resolve("padded.edges.gz"), concat(gzip("a b 1\nb c 2\n"), new byte[512]));
    assertThat(GraphReader.load(file, ReadOptions.defaults()).graph().vertexCount()).isEqualTo(3);
  }

  @Test
  void aTruncatedMemberIsStillCorruptOrTruncatedData() throws IOException {
    byte[] whole = gzip("a b 1\n".repeat(5000));
    Path file = Files.write(dir.resolve("cut.edges.gz"), Arrays.copyOf(whole, whole.length - 3));
    assertThatThrownBy(() -> GraphReader.read(file)).isInstanceOf(GraphInputException.class)
        .hasMessageContaining("corrupt or truncated GZIP data");
  }

  /** A header with every optional field (extra, name, comment, header CRC), as other gzip writers make them. */
  @Test
  void optionalHeaderFieldsAreSkippedAndTheHeaderCrcChecked() throws IOException {
    byte[] content = "x y 1\n".repeat(1000).getBytes(StandardCharsets.UTF_8);
    byte[] member = memberWithAllHeaderFields(content, false);
    assertThat(readAll(concat(member, member))).isEqualTo(concat(content, content));
    assertThatThrownBy(() -> readAll(memberWithAllHeaderFields(content, true))).isInstanceOf(ZipException.class)
        .hasMessageContaining("Corrupt GZIP header");
  }

  @Test
  void aWrongChecksumIsCorruptData() throws IOException {
    byte[] member = gzip("a b 1\n");
    member[member.length - 8] ^= 1; // the CRC-32 of the trailer
    assertThatThrownBy(() -> readAll(member)).isInstanceOf(ZipException.class).hasMessageContaining("trailer");
  }

  private static byte[] readAll(byte[] compressed) throws IOException {
    try (InputStream in = new StrictGzipInputStream(new ByteArrayInputStream(compressed), 64, "test.gz")) {
      return in.readAllBytes();
    }
  }

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }

  private static byte[] memberWithAllHeaderFields(byte[] content, boolean wrongHeaderCrc) {
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    header.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 3});
    header.writeBytes(new byte[] {3, 0, 'a', 'b', 'c'}); // FEXTRA: length 3
    header.writeBytes("name.txt\0".getBytes(StandardCharsets.ISO_8859_1));
    header.writeBytes("a comment\0".getBytes(StandardCharsets.ISO_8859_1));
    CRC32 headerCrc = new CRC32();
    headerCrc.update(header.toByteArray());
    int crc16 = (int) headerCrc.getValue() & 0xffff ^ (wrongHeaderCrc ? 1 : 0);
    header.writeBytes(new byte[] {(byte) crc16, (byte) (crc16 >> 8)});
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    deflater.setInput(content);
    deflater.finish();
    byte[] chunk = new byte[4096];
    while (!deflater.finished()) {
      header.write(chunk, 0, deflater.deflate(chunk));
    }
    deflater.end();
    CRC32 crc = new CRC32();
    crc.update(content);
    writeInt(header, crc.getValue());
    writeInt(header, content.length);
    return header.toByteArray();
  }

  private static void writeInt(ByteArrayOutputStream out, long value) {
    for (int i = 0; i < 4; i++) {
      out.write((int) (value >>> (8 * i)) & 0xff);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }
}
