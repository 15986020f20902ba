package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/** Small graph files written by tests, and the check every bad-input test makes on its message. */
final class Fixtures {
  private Fixtures() {}

  static Path write(Path dir, String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
  }

  static Path writeGzip(Path dir, String name, String content) throws IOException {
    Path file = dir.resolve(name);
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(content.getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  static Path writeXz(Path dir, String name, String content) throws IOException {
    Path file = dir.resolve(name);
    try (OutputStream out = new XZOutputStream(Files.newOutputStream(file), new LZMA2Options())) {
      out.write(content.getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  /**
   * Reads {@code file}, expecting a {@link GraphInputException} at {@code line} whose message names the file, the
   * line, says what was expected and contains every fragment (the offending text among them).
   */
  static GraphInputException assertInputError(Path file, ReadOptions options, long line, String... fragments) {
    GraphInputException e = catchThrowableOfType(GraphInputException.class,
        () -> GraphReader.read(file, options));
    assertThat(e).as("reading %s should fail", file.getFileName()).isNotNull();
    assertThat(e.source()).isEqualTo(file.toString());
    assertThat(e.line()).as("line in: %s", e.getMessage()).isEqualTo(line);
    assertThat(e.getMessage()).startsWith(file.toString());
    if (line > 0) {
      assertThat(e.getMessage()).contains(", line " + line + ":");
    }
    assertThat(e.getMessage()).contains("; expected ");
    assertThat(e.getMessage()).contains(fragments);
    return e;
  }

  /** The input error reading {@code file} gives, failing the test if it reads. */
  static GraphInputException catchInputError(Path file, ReadOptions options) {
    GraphInputException e = catchThrowableOfType(GraphInputException.class, () -> GraphReader.read(file, options));
    assertThat(e).as("reading %s should fail", file.getFileName()).isNotNull();
    return e;
  }

  static GraphInputException assertInputError(Path file, long line, String... fragments) {
    return assertInputError(file, ReadOptions.defaults(), line, fragments);
  }
}
