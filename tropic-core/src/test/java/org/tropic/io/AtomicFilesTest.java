package org.tropic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir
  Path dir;

  @Test
  void writesTheBytesAndCreatesMissingFolders() throws IOException {
    Path target = dir.resolve("a/b/out.txt");
    AtomicFiles.write(target, "hello".getBytes(StandardCharsets.UTF_8));
    assertThat(target).hasContent("hello");
    assertThat(listed(target.getParent())).containsExactly("out.txt");
  }

  /** A FIFO or a link to a device is refused, not replaced by a regular file, and left as it was. */
  @Test
  void refusesToReplaceAFifoOrALinkToADevice() throws Exception {
    Path fifo = dir.resolve("pipe.npy");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    Assumptions.assumeTrue(mkfifo.waitFor() == 0 && Files.exists(fifo), "mkfifo is not available");
    Path linkToDevice = Files.createSymbolicLink(dir.resolve("null.npy"), Path.of("/dev/null")); // never written

    for (Path target : new Path[] {fifo, linkToDevice}) {
      assertThatThrownBy(() -> AtomicFiles.write(target, "x".getBytes(StandardCharsets.UTF_8)))
          .isInstanceOf(OutputLocationException.class).hasMessageContaining(target.toString())
          .hasMessageContaining("not a regular file");
    }
    assertThat(Files.isRegularFile(fifo)).isFalse();
    assertThat(Files.isSymbolicLink(linkToDevice)).isTrue();
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).as("no temporary left").hasSize(2);
    }
  }

  @Test
  void replacesAnExistingFile() throws IOException {
    Path target = dir.resolve("out.txt");
    Files.writeString(target, "old content, longer than the new");
    AtomicFiles.write(target, "new".getBytes(StandardCharsets.UTF_8));
    assertThat(target).hasContent("new");
  }

  @Test
  void contentMayCloseTheChannelThroughAStream() throws IOException {
    Path target = dir.resolve("out.txt");
    AtomicFiles.write(target, channel -> {
      try (OutputStream out = Channels.newOutputStream(channel)) {
        out.write("streamed".getBytes(StandardCharsets.UTF_8));
      }
    });
    assertThat(target).hasContent("streamed");
  }

  /** writeAll replaces every target or none: a failure in a later file leaves the earlier ones as they were. */
  @Test
  void writeAllReplacesEveryFileOrNone() throws IOException {
    Path vector = dir.resolve("v.npy");
    Path sidecar = dir.resolve("v.npy.json");
    Files.writeString(vector, "old vector");
    Files.writeString(sidecar, "old sidecar");
    java.util.Map<Path, AtomicFiles.Content> failing = new java.util.LinkedHashMap<>();
    failing.put(vector, channel -> channel.write(ByteBuffer.wrap("new".getBytes(StandardCharsets.UTF_8))));
    failing.put(sidecar, channel -> {
      throw new IOException("disk full (simulated)");
    });
    assertThatThrownBy(() -> AtomicFiles.writeAll(failing)).hasMessageEndingWith("(disk full (simulated))");
    assertThat(vector).hasContent("old vector");
    assertThat(sidecar).hasContent("old sidecar");
    assertThat(listed(dir)).containsExactlyInAnyOrder("v.npy", "v.npy.json");

    java.util.Map<Path, AtomicFiles.Content> both = new java.util.LinkedHashMap<>();
    both.put(vector, channel -> channel.write(ByteBuffer.wrap("new vector".getBytes(StandardCharsets.UTF_8))));
    both.put(sidecar, channel -> channel.write(ByteBuffer.wrap("new sidecar".getBytes(StandardCharsets.UTF_8))));
    AtomicFiles.writeAll(both);
    assertThat(vector).hasContent("new vector");
    assertThat(sidecar).hasContent("new sidecar");
    assertThat(listed(dir)).containsExactlyInAnyOrder("v.npy", "v.npy.json");
  }

  /**
   * A kill -9 while a file was written (sparse convert's matrix, a --npy vector, a plot) left its hidden temporary,
   * which no later write removed: the next write of the same file deletes those, and nothing else.
   */
  @Test
  void aWriteDeletesTheTemporariesAKilledWriteOfTheSameFileLeft() throws IOException {
    Path target = dir.resolve("w.bcoo");
    Files.write(dir.resolve(".w.bcoo.3w5e11264sgsf.tmp"), new byte[100]);
    Files.write(dir.resolve(".w.bcoo.labels.txt.1b.tmp"), new byte[10]); // the labels file's, not this one's
    Files.write(dir.resolve(".w.bcoo.not-ours.tmp"), new byte[10]);
    AtomicFiles.write(target, "new".getBytes(StandardCharsets.UTF_8));
    assertThat(target).hasContent("new");
    assertThat(listed(dir)).containsExactlyInAnyOrder("w.bcoo", ".w.bcoo.labels.txt.1b.tmp",
        ".w.bcoo.not-ours.tmp");
  }

  @Test
  void aFailingWriteLeavesTheOldFileAndNoTemporary() throws IOException {
    Path target = dir.resolve("out.txt");
    Files.writeString(target, "kept");
    assertThatThrownBy(() -> AtomicFiles.write(target, channel -> {
      channel.write(ByteBuffer.wrap("partial".getBytes(StandardCharsets.UTF_8)));
      throw new IOException("disk full (simulated)");
    })).hasMessage(target + ": cannot write it (disk full (simulated))");
    assertThat(target).hasContent("kept");
    assertThat(listed(dir)).containsExactly("out.txt");
  }

  /**
   * A full disk fails FileChannel.write with a bare IOException, "No space left on device": 'tropic sparse convert'
   * printed just that, not which file it could not write.
   */
  @Test
  void aBareWriteErrorIsReportedWithTheFileItWasFor() throws IOException {
    Path matrix = dir.resolve("w.bcoo");
    Path labels = dir.resolve("w.bcoo.labels.txt");
    var contents = new java.util.LinkedHashMap<Path, AtomicFiles.Content>();
    contents.put(matrix, channel -> channel.write(ByteBuffer.wrap(new byte[] {1, 2, 3})));
    contents.put(labels, channel -> {
      throw new IOException("No space left on device");
    });
    assertThatThrownBy(() -> AtomicFiles.writeAll(contents)).isInstanceOf(FileSystemException.class)
        .hasMessage(labels + ": cannot write it (No space left on device)")
        .hasCauseInstanceOf(IOException.class);
    assertThat(listed(dir)).isEmpty();
  }

  @Test
  void theFileGetsTheSamePermissionsAsAnyOtherFileWrittenThere() throws IOException {
    Path ours = dir.resolve("ours.txt");
    Path plain = dir.resolve("plain.txt");
    AtomicFiles.write(ours, new byte[] {1});
    Files.write(plain, new byte[] {1});
    assertThat(Files.getPosixFilePermissions(ours)).isEqualTo(Files.getPosixFilePermissions(plain));
  }

  @Test
  void aFolderThatCannotBeCreatedIsNamedWithTheReason() throws IOException {
    Path file = dir.resolve("not-a-folder");
    Files.writeString(file, "x");
    assertThatThrownBy(() -> AtomicFiles.write(file.resolve("out.npy"), new byte[] {1}))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("cannot create the folder for out.npy");
  }

  @Test
  void aFolderInThePlaceOfTheFileIsNamed() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("out.npy"));
    assertThatThrownBy(() -> AtomicFiles.write(folder, new byte[] {1}))
        .hasMessageContaining(folder.toString()).hasMessageContaining("it is a folder");
    assertThat(folder).isDirectory();
  }

  private static String[] listed(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(p -> p.getFileName().toString()).toArray(String[]::new);
    }
  }
}
