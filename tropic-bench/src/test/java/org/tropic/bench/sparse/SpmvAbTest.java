package org.tropic.bench.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SpmvAbTest {

  private static SpmvAb.Options options(String... args) {
    SpmvAb.Options o = new SpmvAb.Options();
    new CommandLine(o).parseArgs(args);
    o.data = data();
    return o;
  }

  /** The shared data folder; the test is skipped where there is none. */
  private static Path data() {
    try {
      return SparseBench.findData();
    } catch (IllegalArgumentException e) {
      Assumptions.abort(e.getMessage());
      throw e;
    }
  }

  /** Two layouts of the same build multiply the same matrix: the run checks their products and reports a ratio. */
  @Test
  void comparesTwoLayoutsOfOneBuild() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SpmvAb.run(options("--graph", "as", "--a-order", "none", "--b-order", "rcm", "--rounds", "3", "--threads", "2"),
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out).contains("A: this build, BlockCoo[22963×22963", "ROW, NONE]", "RCM]",
        "as, 2 threads, 3 rounds", "B/A time: median");
  }

  @Test
  void aJarWithoutTheProbeIsRefusedByName(@TempDir Path dir) throws Exception {
    Path jar = dir.resolve("old.jar");
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream empty = new JarOutputStream(file)) {
      empty.flush();
    }
    assertThatThrownBy(() -> SpmvAb.run(options("--graph", "as", "--a", jar.toString()), nullStream()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(jar + " has no");
  }

  @Test
  void anUnknownOrderIsRefused() {
    assertThatThrownBy(() -> SpmvAb.run(options("--graph", "as", "--b-order", "sorted"), nullStream()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown order 'sorted'");
  }

  private static PrintStream nullStream() {
    return new PrintStream(OutputStream.nullOutputStream());
  }
}
