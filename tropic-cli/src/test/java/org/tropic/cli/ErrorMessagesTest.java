package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import org.junit.jupiter.api.Test;

class ErrorMessagesTest {
  @Test
  void fileSystemExceptionsThatGiveOnlyAPathGetTheirReason() {
    assertThat(ErrorMessages.of(new FileAlreadyExistsException("/out/d"))).isEqualTo("/out/d: already exists");
    assertThat(ErrorMessages.of(new UncheckedIOException(new DirectoryNotEmptyException("/out/x.json"))))
        .isEqualTo("/out/x.json: is a folder that is not empty");
  }

  @Test
  void otherMessagesAreKept() {
    assertThat(ErrorMessages.of(new FileSystemException("/a", null, "Read-only file system")))
        .isEqualTo("/a: Read-only file system");
    assertThat(ErrorMessages.of(new IOException("disk full"))).isEqualTo("disk full");
  }
}
