package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WriteFailuresTest {
  private final Path target = Path.of("/data/out/kg");

  @Test
  void aBareIoErrorGetsTheFileNamed() {
    IOException named = WriteFailures.naming(target, new IOException("No space left on device"));
    assertThat(named).isInstanceOf(FileSystemException.class)
        .hasMessage("/data/out/kg: cannot write it (No space left on device)");
    assertThat(((FileSystemException) named).getFile()).isEqualTo("/data/out/kg");
  }

  @Test
  void anErrorThatNamesAFileOrHasAMeaningOfItsOwnIsLeftAsItIs() {
    var denied = new AccessDeniedException("/data/out/.kg.tmp-1/nodes.tsv");
    assertThat(WriteFailures.naming(target, denied)).isSameAs(denied);
    var outputLocation = new OutputLocationException("not enough disk space to write /data/out/kg: ...");
    assertThat(WriteFailures.naming(target, outputLocation)).isSameAs(outputLocation);
    var mentions = new IOException("stopped before /data/out/kg was written: the JVM is shutting down");
    assertThat(WriteFailures.naming(target, mentions)).isSameAs(mentions);
  }
}
