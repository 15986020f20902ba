package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.HeapAdvice;
import org.tropic.apsp.Planner;
import org.tropic.io.Units;

/** What {@code tropic bench} refuses before it measures anything, rather than after minutes of work. */
class PreflightTest {
  private static final long GIB = 1L << 30;

  @Test
  void aJsonTargetThatCannotTakeTheReportIsRefused(@TempDir Path dir) throws IOException {
    assertThatThrownBy(() -> Preflight.jsonTarget(dir, List.of()))
        .hasMessage("--json " + dir + ": a folder; give a file name in it");
    assertThatThrownBy(() -> Preflight.jsonTarget(Path.of("/dev/null"), List.of()))
        .hasMessageContaining("--json /dev/null: a device, FIFO or socket");
    Path file = Files.writeString(dir.resolve("plain"), "x");
    assertThatThrownBy(() -> Preflight.jsonTarget(file.resolve("sub/r.json"), List.of()))
        .hasMessageContaining(file + " is a file, not a folder");
    assertThatThrownBy(() -> Preflight.jsonTarget(Path.of("/proc/r.json"), List.of()))
        .hasMessageContaining("--json /proc/r.json: no file can be created in /proc");
  }

  @Test
  void aWritableJsonTargetPassesAndLeavesNothingBehind(@TempDir Path dir) throws IOException {
    assertThatCode(() -> Preflight.jsonTarget(dir.resolve("r.json"), List.of())).doesNotThrowAnyException();
    assertThatCode(() -> Preflight.jsonTarget(dir.resolve("new/folder/r.json"), List.of()))
        .doesNotThrowAnyException();
    assertThatCode(() -> Preflight.jsonTarget(null, List.of())).doesNotThrowAnyException();
    Path existing = Files.writeString(dir.resolve("old.json"), "{}");
    assertThatCode(() -> Preflight.jsonTarget(existing, List.of())).doesNotThrowAnyException();
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(existing);
    }
  }

  @Test
  void aJsonTargetThatIsAGraphMeasuredIsRefusedAndTheGraphKept(@TempDir Path dir) throws IOException {
    Path graph = Files.writeString(dir.resolve("g.edges"), "1 2\n2 3\n3 1\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = BenchMain.execute(new String[] {"--parts", "fw", "--graph", graph.toString(), "--json",
        dir.resolve(".").resolve("g.edges").toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("is the --graph " + graph + ": writing the report"
        + " there would replace the graph");
    assertThat(Files.readString(graph)).isEqualTo("1 2\n2 3\n3 1\n");
  }

  @Test
  void sizesWhoseResultCannotFitInTheHeapAreRefusedNamingTheOption() {
    assertThatThrownBy(() -> Preflight.memory(BenchArgs.parse("--parts", "fw", "--sizes", "512,100000"), GIB))
        .hasMessageStartingWith("--sizes 100000 needs ").hasMessageContaining("Floyd–Warshall's n² float tiles")
        .hasMessageContaining("above the maximum heap of 1.0 GiB");
    // n² × 4 overflows a long here: still refused, not wrapped round to a small number
    assertThatThrownBy(() -> Preflight.memory(BenchArgs.parse("--parts", "fw", "--sizes", "2147483647"), 64 * GIB))
        .hasMessageStartingWith("--sizes 2147483647 needs");
    assertThatThrownBy(() -> Preflight.memory(BenchArgs.parse("--parts", "peers", "--peer-n", "20000",
        "--jgrapht-max-n", "20000"), 4 * GIB)).hasMessageContaining("--peer-n 20000 needs ")
        .hasMessageContaining("JGraphT's n² doubles");
    assertThatThrownBy(() -> Preflight.memory(BenchArgs.parse("--parts", "kernel", "--threads", "2",
        "--kernel-size", "20000"), GIB)).hasMessageContaining("--kernel-size 20000 needs ");
  }

  /**
   * n² × 4 bytes, all that was counted, let --sizes 8192 start in a 280 MiB heap (256 MiB of result), where the
   * solve's tiles and panels take 405 MiB, and it ran out of heap; the refusal now suggests a heap that holds them.
   */
  @Test
  void floydWarshallSizesAreCheckedAsThePlannerCountsThem() {
    long heap = 280L << 20;
    long need = Planner.floydWarshallHeapBytes(8192, 0);
    assertThat(need).isGreaterThan(heap);
    assertThatThrownBy(() -> Preflight.memory(BenchArgs.parse("--parts", "fw", "--sizes", "8192"), heap, 0))
        .hasMessageStartingWith("--sizes 8192 needs " + Units.bytes(need))
        .hasMessageEndingWith("above the maximum heap of 280.0 MiB; run with TROPIC_JAVA_OPTS="
            + HeapAdvice.xmx(HeapAdvice.forShortfall(need, heap, heap, 0).heapBytes()) + "; or give a smaller size");
    assertThatThrownBy(() -> Preflight.memory(BenchArgs.parse("--parts", "fw", "--sizes", "8192"), heap,
        256L << 20)).hasMessageContaining("would be more than this machine's 256.0 MiB of memory: give a smaller size");
    assertThatCode(() -> Preflight.memory(BenchArgs.parse("--parts", "fw", "--sizes", "8192"),
        HeapAdvice.forShortfall(need, heap, heap, 0).heapBytes(), 0)).doesNotThrowAnyException();
    assertThatThrownBy(() -> Preflight.memory(BenchArgs.parse("--parts", "kernel", "--kernel-size", "50000"),
        1024 * GIB)).hasMessageContaining("larger than the largest Java array");
  }

  @Test
  void sizesThatFitAndPartsNotRunPass() {
    assertThatCode(() -> Preflight.memory(BenchArgs.parse(), 16 * GIB)).doesNotThrowAnyException();
    assertThatCode(() -> Preflight.memory(BenchArgs.parse("--parts", "kernel", "--sizes", "1000000"), GIB))
        .doesNotThrowAnyException();
  }

  /** A --python without SciPy was only reported as skipped SciPy rows, after the kernel and FW parts had run. */
  @Test
  void aPythonWithoutScipyIsRefusedWhenThePeersRun(@TempDir Path dir) {
    String missing = dir.resolve("no-such-python").toString();
    assertThatThrownBy(() -> Preflight.python(BenchArgs.parse("--python", missing)))
        .hasMessage("--python " + missing + ": cannot import SciPy (" + missing + ": no such file); give a Python "
            + "that has it, or leave --python out to run without SciPy where none is found");
    assertThatThrownBy(() -> Preflight.python(BenchArgs.parse("--parts", "peers", "--python", "/bin/false")))
        .hasMessageStartingWith("--python /bin/false: cannot import SciPy (/bin/false: (no error output))");
    // not needed by the parts asked for, or not given: nothing to refuse
    assertThatCode(() -> Preflight.python(BenchArgs.parse("--parts", "kernel,fw", "--python", missing)))
        .doesNotThrowAnyException();
    assertThatCode(() -> Preflight.python(BenchArgs.parse("--parts", "peers"))).doesNotThrowAnyException();

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(BenchMain.execute(new String[] {"--quick", "--python", missing},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)))
        .isEqualTo(2);
    assertThat(out.size()).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("tropic bench: --python " + missing + ": cannot");
  }

  @Test
  void theCommandExitsWithTwoBeforePrintingAnything(@TempDir Path dir) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    assertThat(BenchMain.execute(new String[] {"--parts", "kernel", "--json", dir.toString()}, o, e)).isEqualTo(2);
    assertThat(BenchMain.execute(new String[] {"--parts", "fw", "--sizes", "2000000000"}, o, e)).isEqualTo(2);
    assertThat(out.size()).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("tropic bench: --json " + dir + ": a folder")
        .contains("tropic bench: --sizes 2000000000 needs ");
  }
}
