package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.HeapAdvice;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.io.NpyIntMatrix;

/**
 * A run that outgrows the heap ends with one line that says so and how to fix it, not a stack trace "internal
 * error, please report it". Picocli hands exceptions to the command line's handler but lets errors through, and a
 * worker thread's error reaches the caller wrapped by its pool.
 */
class OutOfMemoryTest {
  private static final Path WEB_GRAPH = Path.of("../../shared/data/webgraph/uk-2007-05@100000.decoded-arcs.txt.gz");

  @Test
  void anOutOfMemoryErrorBehindAWrapperIsFound() {
    OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
    assertThat(ErrorMessages.outOfMemoryBehind(new CompletionException(new RuntimeException(oom)))).isSameAs(oom);
    assertThat(ErrorMessages.outOfMemoryBehind(new RuntimeException("other"))).isNull();
    assertThat(ErrorMessages.outOfMemory(oom)).contains("ran out of memory (Java heap space; the heap is at most")
        .containsPattern("TROPIC_JAVA_OPTS=-Xmx[0-9]+[mg]\\b");
  }

  /** "raise it with TROPIC_JAVA_OPTS=-Xmx..." left the figure to the user: twice the heap, within the machine. */
  @Test
  void theOutOfMemoryLineSuggestsAFigure() {
    OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
    assertThat(ErrorMessages.outOfMemory(oom, HeapAdvice.doubled(112L << 20, 16L << 30)))
        .endsWith("): run with TROPIC_JAVA_OPTS=-Xmx230m; or give a smaller job");
    assertThat(ErrorMessages.outOfMemory(oom, HeapAdvice.doubled(16L << 30, 16L << 30)))
        .endsWith("): a larger heap (TROPIC_JAVA_OPTS=-Xmx32g) would be more than this machine's 16.0 GiB of memory:"
            + " give a smaller job");
  }

  /**
   * Vertex names are not in the read's projection, which counts arcs: 200,000 edges between 400,000 names of 70
   * characters outgrow a 24 MiB heap in their names. A real JVM, a real OutOfMemoryError.
   */
  @Test
  void aCommandThatRunsOutOfHeapSaysSoInOneLine(@TempDir Path dir) throws IOException, InterruptedException {
    StringBuilder edges = new StringBuilder();
    String name = "a-vertex-named-at-such-length-that-its-name-outweighs-its-arcs-";
    for (int i = 0; i < 200_000; i++) {
      edges.append(String.format("%s%07d %s%07d%n", name, i, name, i + 200_000));
    }
    Path graph = Files.writeString(dir.resolve("long-names.edges"), edges);
    Run run = runIn24MiB(graph);
    assertThat(run.exitCode()).as(run.output()).isEqualTo(Tropic.FAILED);
    assertThat(run.output()).contains("ran out of memory").containsPattern("TROPIC_JAVA_OPTS=-Xmx[0-9]+[mg]\\b")
        .doesNotContain("internal error").doesNotContain("\tat ");
  }

  /**
   * The web graph's 3 million arcs cannot be built in a 24 MiB heap: refused a MiB into the read, with the numbers
   * (exit 2), where it ran out of heap (exit 1).
   */
  @Test
  void anEdgeListBeyondTheHeapIsRefusedEarlyInARealJvm() throws IOException, InterruptedException {
    Path graph = Path.of(System.getProperty("user.dir")).resolve(WEB_GRAPH).normalize();
    org.junit.jupiter.api.Assumptions.assumeTrue(graph.toFile().isFile(), "the shared web graph is not here");
    Run run = runIn24MiB(graph);
    assertThat(run.exitCode()).as(run.output()).isEqualTo(Tropic.BAD_INPUT);
    assertThat(run.output()).contains("tropic info: reading " + graph + " (its first ", " hold 65,536 arcs: about ")
        .containsPattern("TROPIC_JAVA_OPTS=-Xmx[0-9]+[mg]\\b").doesNotContain("ran out of memory");
  }

  private static Run runIn24MiB(Path graph) throws IOException, InterruptedException {
    return runTropic("-Xmx24m", "info", graph.toString());
  }

  /**
   * The predecessors were held beside the distances, n² ints more: a run whose plan fitted the heap without them was
   * refused with them (exit 2), 4,000 vertices in a 128 MiB heap (61 MiB of distances, as much again of
   * predecessors). Found a block of rows at a time as they are written, they fit wherever the distances do.
   */
  @Test
  void predecessorsFitWhereTheDistancesDo(@TempDir Path dir) throws Exception {
    StringBuilder ring = new StringBuilder();
    for (int u = 0; u < 4000; u++) {
      ring.append(u).append(' ').append((u + 1) % 4000).append('\n');
    }
    Path graph = dir.resolve("ring.edges");
    Files.writeString(graph, ring);
    Path out = dir.resolve("ring.npy");

    Run with = runIn128MiB(graph, out, "--predecessors");
    assertThat(with.exitCode()).as(with.output()).isZero();
    try (NpyDistanceMatrix d = NpyDistanceMatrix.open(out); NpyIntMatrix pred = d.openPredecessors()) {
      assertThat(pred.size()).isEqualTo(4000);
      assertThat(d.get(10, 9)).isEqualTo(3999f);
      assertThat(pred.get(10, 9)).isEqualTo(8);
      assertThat(pred.get(10, 11)).isEqualTo(10);
      assertThat(pred.get(10, 10)).isEqualTo(-1);
    }
  }

  private record Run(int exitCode, String output) {}

  private static Run runIn128MiB(Path graph, Path out, String... more) throws Exception {
    List<String> args = new java.util.ArrayList<>(List.of("apsp", graph.toString(), "-o", out.toString(),
        "--algorithm", "dijkstra", "--threads", "1", "--examples", "0"));
    args.addAll(List.of(more));
    return runTropic("-Xmx128m", args.toArray(String[]::new));
  }

  /** {@code tropic ARGS} in a JVM of its own with the heap {@code maxHeap}, its output and error as one. */
  private static Run runTropic(String maxHeap, String... args) throws IOException, InterruptedException {
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new java.util.ArrayList<>(List.of(java.toString(), maxHeap, "-XX:-UsePerfData",
        "--add-modules", "jdk.incubator.vector", "-cp", classPath, Tropic.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
    return new Run(p.exitValue(), output);
  }
}
