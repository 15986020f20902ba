package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code .gz} whose gzip data ends before the file does is bad input naming the file (the JDK's stream read it as
 * if the bytes after were not there); concatenated members, as {@code cat a.gz b.gz} makes, read whole; damage inside
 * a member stays "corrupt or truncated" data, a {@link ZipException} or an {@link EOFException} as before.
 */
class GzipContentTest {
  private static final String AFTER_THE_END = "bytes follow the end of its compressed data that start no further gzip"
      + " member: the file is damaged or not one gzip stream";

  @TempDir
  Path dir;

  @Test
  void bytesAfterTheGzipDataAreBadInputNamingTheFile() throws IOException {
    Path file = Files.write(dir.resolve("g.edges.gz"), concat(gzip("a b 1\nb c 2\n"),
        "garbage here".getBytes(StandardCharsets.UTF_8)));
    assertThatThrownBy(() -> GraphReader.read(file)).isInstanceOf(GraphInputException.class)
        .hasMessageStartingWith(file + ": " + AFTER_THE_END);
  }

  @Test
  void oneByteAfterTheEndIsRefusedToo() throws IOException {
    // 0x1f starts a gzip header: alone it is no member, and still not part of the data
    Path file = Files.write(dir.resolve("g.edges.gz"), concat(gzip("a b 1\n"), new byte[] {0x1f}));
    assertThatThrownBy(() -> GraphReader.read(file)).isInstanceOf(GraphInputException.class)
        .hasMessageContaining(AFTER_THE_END);
  }

  /** Zeros too: {@code gzip -d} passes over zeros padding a file's end, but nothing Tropic reads is written so. */
  @Test
  void manyBytesAfterTheEndAndZeroPaddingAreRefused() throws IOException {
    byte[] tail = new byte[200_000];
    Arrays.fill(tail, (byte) 'x');
    Path big = Files.write(dir.resolve("big.edges.gz"), concat(gzip("a b 1\n".repeat(20_000)), tail));
    assertThatThrownBy(() -> GraphReader.read(big)).isInstanceOf(GraphInputException.class)
        .hasMessageContaining(AFTER_THE_END);
    Path padded = Files.write(dir.resolve("padded.edges.gz"), concat(gzip("a b 1\nb c 2\n"), new byte[512]));
    assertThatThrownBy(() -> GraphReader.read(padded)).isInstanceOf(GraphInputException.class)
        .hasMessageContaining(AFTER_THE_END);
  }

  @Test
  void concatenatedMembersAreReadWhole() throws IOException {
    Path file = Files.write(dir.resolve("two.edges.gz"), concat(gzip("a b 1\nb c 2\n"), gzip("c d 3\nd e 4\n")));
    LoadedGraph loaded = GraphReader.load(file, ReadOptions.defaults());
    assertThat(loaded.graph().vertexCount()).isEqualTo(5);
    assertThat(loaded.source().dataLines()).isEqualTo(4);
  }

  @Test
  void aTruncatedMemberIsStillCorruptOrTruncatedData() throws IOException {
    byte[] whole = gzip("a b 1\n".repeat(5000));
    Path file = Files.write(dir.resolve("cut.edges.gz"), Arrays.copyOf(whole, whole.length - 3));
    assertThatThrownBy(() -> GraphReader.read(file)).isInstanceOf(GraphInputException.class)
        .hasMessageContaining("corrupt or truncated GZIP data");
    assertThatThrownBy(() -> readAll(Arrays.copyOf(whole, 40))).isInstanceOf(EOFException.class);
  }

  @Test
  void aWrongChecksumOrNoGzipAtAllIsCorruptData() throws IOException {
    byte[] member = gzip("a b 1\n");
    member[member.length - 8] ^= 1; // the CRC-32 of the trailer
    assertThatThrownBy(() -> readAll(member)).isInstanceOf(ZipException.class).hasMessageContaining("CRC");
    byte[] second = concat(gzip("a b 1\n"), member);
    assertThatThrownBy(() -> readAll(second)).as("inside the second member, not after the first")
        .isInstanceOf(ZipException.class).hasMessageContaining("CRC");
    assertThatThrownBy(() -> readAll("a b 1\n".getBytes(StandardCharsets.UTF_8))).isInstanceOf(ZipException.class);
  }

  private static byte[] readAll(byte[] compressed) throws IOException {
    try (InputStream in = GzipContent.open(new ByteArrayInputStream(compressed), "test.gz")) {
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

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }
}
