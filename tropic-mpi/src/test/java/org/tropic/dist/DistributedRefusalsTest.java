package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.HeapFootprint;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.mpi.MpiAvailability;
import org.tropic.mpi.MpiRun;

/**
 * Jobs that must be refused before the solve, under a real {@code mpirun}: the rank that finds the problem says so
 * once (not once per rank), the job exits 2 as a single-node run does for bad input, and nothing is left behind.
 * Each rank of {@link MpiRun} has a 256 MiB heap.
 */
class DistributedRefusalsTest {
  private static final Duration TIMEOUT = Duration.ofMinutes(3);
  private static Path mpirun;

  @TempDir
  Path dir;

  @BeforeAll
  static void find() {
    mpirun = MpiAvailability.assumeMpirun();
  }

  @Test
  void aGridThatDoesNotMatchTheRanksIsBadInputReportedOnce() throws IOException {
    Path graph = TestGraphs.negativeWeightsTwoComponents(dir, 80, 3);
    MpiRun.Result result = job(2, "graph=" + graph + ";out=" + dir.resolve("x.npy") + ";grid=3x2;b=32");
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining("grid 3x2 has 6 processes but the job has 2 ranks")).hasSize(1);
    assertNothingWritten();
  }

  /** A graph smaller than one tile a rank: refused naming the graph and how many ranks could take it. */
  @Test
  void aGraphTooSmallForTheRanksNamesItselfAndHowManyRanksFit() throws IOException {
    Path graph = dir.resolve("tiny.edges");
    Files.writeString(graph, "0 1 1\n1 2 1\n2 3 1\n");
    MpiRun.Result result = job(2, "graph=" + graph + ";out=" + dir.resolve("x.npy"));
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining(graph + ": n=4 is too small to spread over 2 ranks")).as(result.output())
        .hasSize(1);
    assertThat(result.output()).contains("use at most 1 rank, or run it on one node (without --distributed)");
    assertNothingWritten();
  }

  /**
   * A grid given for a graph under one tile per process row: no --block can help (tiles are at least 32 a side),
   * so the refusal must not advise one, and says it once, without repeating itself as a "caused by" line.
   */
  @Test
  void aGraphTooSmallForTheGivenGridAdvisesNoBlockSizeAndSaysItOnce() throws IOException {
    Path graph = dir.resolve("tiny.edges");
    Files.writeString(graph, "0 1 1\n1 2 1\n2 3 1\n");
    MpiRun.Result result = job(4, "graph=" + graph + ";out=" + dir.resolve("x.npy") + ";grid=2x2");
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining("n=4 is too small for grid 2x2")).as(result.output()).hasSize(1);
    assertThat(result.output()).contains("even tiles of side 32 make only 1 a side; use a grid of at most 1"
        + " process rows and columns, or run it on one node (without --distributed)")
        .doesNotContain("give a block size").doesNotContain("caused by");
    assertNothingWritten();
  }

  /**
   * 69 arcs of 1e37 in a row: the distances past the 34th arc exceed float32 and were stored as +∞, reachable pairs
   * called unreachable, where a run on one node refuses the graph. Refused the same way, once, before the solve.
   */
  @Test
  void aGraphWhosePathsCouldOverflowFloat32IsRefusedAsOnOneNode() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int v = 0; v + 1 < 70; v++) {
      lines.add(v + " " + (v + 1) + " 1e37");
    }
    Path graph = Files.write(dir.resolve("heavy.edges"), lines);
    MpiRun.Result result = job(2, "graph=" + graph + ";out=" + dir.resolve("x.npy") + ";b=32");
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining("a shortest path could overflow float32: being simple, it has at most n − 1"
        + " = 69 arcs, each taken once, and the 69 largest |weight| sum to 6.900e+38"))
        .as(result.output()).hasSize(1);
    assertNothingWritten();
  }

  /**
   * One arc of 1e38 among 69 of 1: (n − 1) × max |weight| = 6.9e39 refused it, though no path is longer than
   * 1e38 + 68. The bound is now the 69 largest |weight|, and the job solves it, with the distances of one node.
   */
  @Test
  void aGraphWithOneHeavyArcThatNoPathCanRepeatIsSolved() throws IOException {
    List<String> lines = new ArrayList<>(List.of("0 1 1e38"));
    for (int v = 1; v + 1 < 70; v++) {
      lines.add(v + " " + (v + 1) + " 1");
    }
    Path graph = Files.write(dir.resolve("one-heavy.edges"), lines);
    Path out = dir.resolve("d.npy");
    MpiRun.Result result = job(2, "graph=" + graph + ";out=" + out + ";b=32");
    assertThat(result.exitCode()).as(result.output()).isZero();
    try (NpyDistanceMatrix d = NpyDistanceMatrix.open(out)) {
      assertThat(d.get(0, 69)).isEqualTo(1e38f); // 1e38 + 68 rounds to 1e38 in float32, as in float64
      assertThat(d.get(1, 69)).isEqualTo(68f);
      assertThat(d.get(69, 0)).isInfinite();
    }
  }

  @Test
  void aMissingGraphIsBadInputReportedOnce() throws IOException {
    MpiRun.Result result = job(2, "graph=" + dir.resolve("absent.edges") + ";out=" + dir.resolve("x.npy"));
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining("failed:")).as(result.output()).hasSize(1);
    assertNothingWritten();
  }

  /** 9,000 vertices on one rank: 9,024² float32 = 311 MiB of tiles, more than the 256 MiB heap. */
  @Test
  void tilesLargerThanTheHeapAreRefusedWithTheNumbersBeforeTheSolve() throws IOException {
    Path graph = path(9000);
    MpiRun.Result result = job(1, "graph=" + graph + ";out=" + dir.resolve("big.npy") + ";grid=1x1;b=96");
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.output()).contains("rank 0's share of the matrix (8,836 tiles of 96² float32, 325,730,304"
        + " bytes) and three pivot iterations' panels (570 more such arrays;")
        .containsPattern("on its JVM heap needs [\\d.]+ MiB \\([\\d,]+ bytes\\) but only")
        .contains("TROPIC_JAVA_OPTS=-Xmx").doesNotContain("OutOfMemoryError");
    assertNothingWritten();
  }

  @Test
  void anOutputThatIsAFolderIsRefusedBeforeTheSolve() throws IOException {
    Path graph = TestGraphs.negativeWeightsTwoComponents(dir, 80, 3);
    Path folder = Files.createDirectory(dir.resolve("out.npy"));
    MpiRun.Result result = job(2, "graph=" + graph + ";out=" + folder + ";grid=1x2;b=32");
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining("it is a folder")).as(result.output()).hasSize(1);
    assertThat(result.output()).doesNotContain("T_ideal");
  }

  @Test
  void heapCheckCountsTheBusiestRanksTiles() {
    // n = 100, b = 32: 4×4 tiles; on a 3×2 grid rank 0 holds tile rows 0, 3 and tile columns 0, 2.
    ProcessGrid grid = new ProcessGrid(3, 2);
    assertThat(HeapCheck.tileBytes(100, 32, grid, 0)).isEqualTo(4L * 32 * 32 * 4);
    assertThat(HeapCheck.tileBytes(100, 32, grid, 5)).isEqualTo(2L * 32 * 32 * 4); // tile rows 2; columns 1, 3
    assertThatThrownBy(() -> HeapCheck.require(2_000_000, 1024, new ProcessGrid(1, 1), 0, 1))
        .isInstanceOf(MemoryBudgetException.class).hasMessageContaining("n = 2,000,000");
  }

  /**
   * power.edges.gz (n = 4,941, b = 256) on two ranks of 64 MiB passed a check of the tiles' 50 MiB of floats and ran
   * out of heap in the solve: the packed panels and received copies come on top, and each array has a header (and
   * under G1 the rest of its region).
   */
  @Test
  void heapCheckCountsThePanelsAndEachArraysFootprint() {
    ProcessGrid grid = new ProcessGrid(1, 2);
    long array = HeapFootprint.floatArray(256L * 256);
    assertThat(array).isGreaterThanOrEqualTo(256L * 256 * 4 + 16);
    assertThat(HeapCheck.panelArrays(4941, 256, grid, 0)).isEqualTo(3L * (20 + 10 + 2));
    assertThat(HeapCheck.heapBytes(4941, 256, grid, 0)).isEqualTo((200L + 96) * array)
        .isGreaterThan(HeapCheck.tileBytes(4941, 256, grid, 0) * 5 / 4);
  }

  private MpiRun.Result job(int ranks, String spec) {
    return MpiRun.run(mpirun, ranks, DistributedJob.class, List.of("job", spec + ";threads=1"), TIMEOUT);
  }

  private Path path(int n) throws IOException {
    List<String> lines = new ArrayList<>(List.of("# directed=True"));
    for (int v = 0; v + 1 < n; v++) {
      lines.add(v + " " + (v + 1) + " 1");
    }
    return Files.write(dir.resolve("path.edges"), lines);
  }

  private void assertNothingWritten() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(name -> name.contains(".npy"));
    }
  }
}
