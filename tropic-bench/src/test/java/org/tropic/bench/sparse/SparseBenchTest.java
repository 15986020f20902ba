package org.tropic.bench.sparse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Usage errors of {@code tropic sparse bench}: clear (exit 2 from the CLI) and before anything is measured. */
class SparseBenchTest {

  /** Run from outside the checkout, the command stopped with "internal error, please report it" and a trace. */
  @Test
  void noSharedDataAboveTheFolderIsAUsageError(@TempDir Path dir) throws Exception {
    for (Path above = dir; above != null; above = above.getParent()) {
      // e.g. a /tmp/shared link someone made: the search would rightly find it, and the case cannot be set up here
      Assumptions.assumeFalse(Files.isDirectory(above.resolve("shared/data")), "a shared/data folder lies in "
          + above + ", above the test's temporary folder");
    }
    assertThatThrownBy(() -> SparseBench.findData(dir)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no shared/data folder in " + dir + " or above it; run from the repository root (the data is"
            + " ../shared/data) or pass --data DIR");
    Path data = Files.createDirectories(dir.resolve("shared/data"));
    assertThat(SparseBench.findData(Files.createDirectories(dir.resolve("a/b")))).isEqualTo(data);
  }

  /** --threads 0 means every processor, as in the other sparse commands; it was refused ("at least 1"). */
  @Test
  void zeroThreadsMeansEveryProcessor() {
    SparseBench.Options o = new SparseBench.Options();
    org.tropic.bench.CommandLines.parse(o, "--threads", "0");
    assertThat(o.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
    org.tropic.bench.CommandLines.parse(o, "--threads", "1");
    assertThat(o.threads()).isEqualTo(1);
  }

  /** 2,048 MiB and more wrapped round in int: a NegativeArraySizeException, or empty arrays copied at 0 GB/s. */
  @Test
  void copyArraysAreSizedInLongAndRefusedWhenTheyCannotExist() {
    long gib = 1L << 30;
    assertThat(SparseBench.copyFloats(512, 8 * gib)).isEqualTo(512 << 18);
    assertThat(SparseBench.copyFloats(4095, 9 * gib)).isEqualTo(4095 << 18);
    assertThat(SparseBench.copyFloats(8191, 64 * gib)).isEqualTo(8191 << 18);
    assertThatThrownBy(() -> SparseBench.copyFloats(8192, 64 * gib))
        .hasMessage("--copy-mib 8192: above the largest Java array of floats (8191 MiB)");
    assertThatThrownBy(() -> SparseBench.copyFloats(4096, 4 * gib))
        .hasMessageStartingWith("--copy-mib 4096: its two arrays need 8192 MiB, above the maximum heap of 4096 MiB; ")
        .hasMessageContaining("TROPIC_JAVA_OPTS=-Xmx8700m")
        .hasMessageEndingWith("give a smaller --copy-mib");
  }

  /** An empty list measured the copy bandwidth, ran no graph and exited 0; a repeated graph ran twice. */
  @Test
  void aGraphListMustNameEachGraphOnce() {
    assertThat(SparseBench.graphList(" road, as ,")).containsExactly("road", "as");
    assertThatThrownBy(() -> SparseBench.graphList(",")).hasMessage("--graphs ',' names no graph: give webgraph, "
        + "road, as or rmatSCALE[xEDGEFACTOR], comma-separated");
    assertThatThrownBy(() -> SparseBench.graphList("as,road,as")).hasMessage("--graphs 'as,road,as' names as twice");
  }

  /** A block size out of range was refused only after the copy bandwidth and the graph had been measured. */
  @Test
  void aBadBlockSizeIsRefusedBeforeMeasuring(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("graphs"));
    Files.write(dir.resolve("graphs/as-22july06.edges.gz"), new byte[0]);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream before = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      assertThatThrownBy(() -> SparseBench.main(new String[] {"--data", dir.toString(), "--graphs", "as",
          "--block-size", "70000", "--copy-mib", "1", "--seconds", "0.01", "--no-graphblas"}))
          .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("--block-size 70000: ");
    } finally {
      System.setOut(before);
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
  }
}
