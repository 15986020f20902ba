package org.tropic.cli.kg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.graph.GraphBuilder;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.semiring.MinPlusKernels;

/**
 * {@code kg build --apsp --apsp-checkpoint}: a build stopped during its APSP keeps the last save, and the same command
 * goes on from it to the distances of an unbroken build.
 */
class KgBuildCheckpointTest {
  private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(120);

  @TempDir
  Path dir;

  /**
   * A real {@code tropic kg build} JVM, stopped by SIGTERM (a batch system's time limit) once its APSP has saved:
   * it leaves its save and no graph, its log says where the save stands, and the same command then stores the
   * distances an unbroken build stores, and deletes the save.
   */
  @Test
  void aBuildStoppedDuringItsApspGoesOnFromItsSave() throws Exception {
    Path triples = randomTriples(2_500, 9_000, 11);
    Path checkpoint = dir.resolve("kg.ckpt");
    Path kg = dir.resolve("kg");
    Path log = dir.resolve("build.log");
    String[] build = {"build", "--triples", triples.toString(), "--edges", "concept-concept", "--apsp",
        "--apsp-checkpoint", checkpoint.toString(), "-o", kg.toString()};
    Process process = new ProcessBuilder(Stream.concat(Stream.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--add-modules", "jdk.incubator.vector",
        "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
        "org.tropic.cli.Tropic", "kg"), Stream.concat(Stream.of(build), Stream.of("--apsp-checkpoint-every",
        "0.1s"))).toList()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      long deadline = System.nanoTime() + WAIT_NANOS;
      while (!Files.readString(log).contains("checkpoint saved: ") && process.isAlive()
          && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(process.isAlive()).as("the build ended before its first save:%n%s", Files.readString(log))
          .isTrue();
      process.destroy(); // SIGTERM
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      process.destroyForcibly();
    }
    String stopped = Files.readString(log);
    assertThat(process.exitValue()).as(stopped).isEqualTo(143);
    assertThat(stopped).containsPattern("tropic kg build: stopped; the checkpoint " + Pattern.quote(
        checkpoint.toString()) + " holds \\d+ of \\d+ pivot iterations, saved .*: run the same command to go on");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
          .containsExactly("build.log", "kg.ckpt", "triples.tsv"); // no graph, no staging directory
    }

    CliRun resumed = CliRun.of(new KgCommand(), build);
    assertThat(resumed.exit()).as(resumed.err()).isZero();
    Matcher from = Pattern.compile("note: going on from the checkpoint .*: (\\d+) of (\\d+) pivot iterations done")
        .matcher(resumed.err());
    assertThat(from.find()).as(resumed.err()).isTrue();
    assertThat(Integer.parseInt(from.group(1))).isBetween(1, Integer.parseInt(from.group(2)) - 1);
    assertThat(resumed.out()).contains("--apsp-checkpoint: fw is the solver that saves its state")
        .contains("; went on from the save of " + from.group(1) + " of " + from.group(2) + " pivot iterations");
    assertThat(resumed.err()).contains("checkpoint " + checkpoint + " deleted: the APSP is stored in " + kg);
    assertThat(checkpoint).doesNotExist();

    Path unbroken = dir.resolve("unbroken");
    CliRun plain = CliRun.of(new KgCommand(), "build", "--triples", triples.toString(), "--edges",
        "concept-concept", "--apsp", "-o", unbroken.toString());
    assertThat(plain.exit()).as(plain.err()).isZero();
    assertSameDistances(kg.resolve(Apsp.FILE), unbroken.resolve(Apsp.FILE));
  }

  @Test
  void aSaveOfAnotherSolveIsRefusedAndKept() throws IOException {
    Path triples = randomTriples(300, 1_200, 5);
    Path checkpoint = dir.resolve("other.ckpt");
    saveStoppedPartWay(randomGraph(400), checkpoint);
    CliRun run = CliRun.of(new KgCommand(), "build", "--triples", triples.toString(), "--edges", "concept-concept",
        "--apsp", "--apsp-checkpoint", checkpoint.toString(), "-o", dir.resolve("kg").toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("checkpoint " + checkpoint + ": it was saved by another solve")
        .doesNotContain("at org.").doesNotContain("going on from"); // refused before it says it goes on, not after
    assertThat(run.out()).doesNotContain("plan:");
    assertThat(checkpoint).exists(); // never deleted for a mismatch
    assertThat(dir.resolve("kg")).doesNotExist();
  }

  /**
   * The parts of a distributed save under the name given: kg build was told to "go on with mpirun -np 2 ...
   * --distributed", an option it does not have. It names the command that can, and what this one can do.
   */
  @Test
  void theNameOfADistributedSaveIsRefusedWithAdviceThisCommandCanTake() throws IOException {
    Path triples = randomTriples(300, 1_200, 5);
    Path checkpoint = dir.resolve("d.ckpt");
    Path part = Files.writeString(dir.resolve("d.ckpt.rank-0-of-2.0"), "not read");
    CliRun run = CliRun.of(new KgCommand(), "build", "--triples", triples.toString(), "--edges", "concept-concept",
        "--apsp", "--apsp-checkpoint", checkpoint.toString(), "-o", dir.resolve("kg").toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("checkpoint " + checkpoint + ": there is none, but " + part + " beside it is part"
        + " of a distributed save of 2 ranks, which a run on one node cannot go on from ('mpirun -np 2 tropic apsp")
        .contains("name another checkpoint file, or delete " + checkpoint + ".rank-*-of-2.*")
        .doesNotContain("go on with mpirun");
    assertThat(part).exists();
  }

  @Test
  void optionsThatCannotWorkAreRefusedBeforeAnyInputIsRead() throws IOException {
    Path triples = randomTriples(50, 100, 1);
    Path kg = dir.resolve("kg");
    String[][] refused = {
        {"--apsp-checkpoint", "c.ckpt"},
        {"--apsp", "--apsp-checkpoint-every", "5m"},
        {"--apsp", "--apsp-checkpoint", kg.resolve("c.ckpt").toString()},
        {"--apsp", "--apsp-checkpoint", triples.toString()},
        {"--apsp", "--apsp-checkpoint", "c.ckpt", "--apsp-checkpoint-every", "soon"}};
    String[] expected = {
        "--apsp-checkpoint c.ckpt saves the stored APSP as it is computed: add --apsp",
        "--apsp-checkpoint-every says how often to save to --apsp-checkpoint FILE: add it",
        "is inside the graph directory " + kg + ", which the build replaces as a whole",
        "--apsp-checkpoint names an input of the build",
        "'soon' is not a time span"};
    for (int i = 0; i < refused.length; i++) {
      String[] args = Stream.concat(Stream.of("build", "--triples", triples.toString(), "-o", kg.toString()),
          Stream.of(refused[i])).toArray(String[]::new);
      CliRun run = CliRun.of(new KgCommand(), args);
      assertThat(run.exit()).as(String.join(" ", refused[i])).isEqualTo(2);
      assertThat(run.err()).as(String.join(" ", refused[i])).contains(expected[i]);
      assertThat(run.out()).as("refused before reading").doesNotContain("rows");
    }
    assertThat(triples).exists();
    assertThat(kg).doesNotExist();
  }

  /** Runs Floyd–Warshall on {@code graph} in tiles of 32, saving after every pivot, and stops it part way. */
  private static void saveStoppedPartWay(Graph graph, Path checkpoint) {
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults().withBlockSize(32));
    Progress crash = new Progress() {
      private long done;

      @Override
      public void begin(String task, long totalWork) {}

      @Override
      public void advance(long work) {
        done += work;
        if (done > 400) {
          throw new IllegalStateException("stopped for the test");
        }
      }

      @Override
      public void end() {}
    };
    assertThatThrownBy(() -> solver.solve(graph, crash, new FloydWarshallCheckpoint(checkpoint, Duration.ZERO)))
        .hasMessage("stopped for the test");
    assertThat(checkpoint).exists();
  }

  private static Graph randomGraph(int n) {
    Random random = new Random(3);
    GraphBuilder builder = GraphBuilder.withVertexCount(n);
    for (int u = 0; u < n; u++) {
      builder.addArc(u, (u + 1) % n, 1 + random.nextInt(9));
      builder.addArc(u, random.nextInt(n), 1 + random.nextInt(9));
    }
    return builder.build();
  }

  /** {@code m} triples among {@code n} concepts in a ring with random chords: one component. */
  private Path randomTriples(int n, int m, long seed) throws IOException {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < n; i++) {
      text.append('C').append(i).append("\tX\tC").append((i + 1) % n).append('\n');
    }
    for (int i = n; i < m; i++) {
      text.append('C').append(random.nextInt(n)).append("\tX\tC").append(random.nextInt(n)).append('\n');
    }
    return Files.writeString(dir.resolve("triples.tsv"), text.toString());
  }

  private static void assertSameDistances(Path first, Path second) throws IOException {
    try (NpyDistanceMatrix a = NpyDistanceMatrix.open(first);
        NpyDistanceMatrix b = NpyDistanceMatrix.open(second)) {
      assertThat(a.size()).isEqualTo(b.size());
      float[] rowA = new float[a.size()];
      float[] rowB = new float[b.size()];
      for (int u = 0; u < a.size(); u++) {
        a.copyRow(u, rowA);
        b.copyRow(u, rowB);
        for (int v = 0; v < rowA.length; v++) {
          // the unbroken build may choose another solver, which sums the float lengths in another order
          assertThat(rowA[v]).as("d(%d, %d)", u, v).isCloseTo(rowB[v],
              Percentage.withPercentage(1e-4));
        }
      }
    }
  }
}
