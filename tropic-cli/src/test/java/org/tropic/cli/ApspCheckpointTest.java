package org.tropic.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.BlockedFloydWarshall;
import org.tropic.apsp.FloydWarshallCheckpoint;
import org.tropic.apsp.FloydWarshallOptions;
import org.tropic.apsp.PartCheckpointFile;
import org.tropic.apsp.Progress;
import org.tropic.graph.Graph;
import org.tropic.io.GraphReader;
import org.tropic.io.NpyDistanceMatrix;
import org.tropic.semiring.MinPlusKernels;

/** {@code tropic apsp --checkpoint}: a stopped Floyd–Warshall goes on from its save to the same distances. */
class ApspCheckpointTest {
  @TempDir
  Path dir;

  /** 300 vertices in a ring with chords, whole weights: 10 tiles of 32, and exact distances whatever the order. */
  private Path graph(String name, long seed) throws IOException {
    return graph(name, seed, 300);
  }

  private Path graph(String name, long seed, int n) throws IOException {
    Random random = new Random(seed);
    StringBuilder edges = new StringBuilder();
    for (int u = 0; u < n; u++) {
      edges.append(u).append(' ').append((u + 1) % n).append(' ').append(1 + random.nextInt(9)).append('\n');
      edges.append(u).append(' ').append(random.nextInt(n)).append(' ').append(1 + random.nextInt(30))
          .append('\n');
    }
    Path file = dir.resolve(name + ".edges");
    Files.writeString(file, edges);
    return file;
  }

  /**
   * Runs Floyd–Warshall on {@code graph} as {@code tropic apsp} would, in tiles of 32 and saving after every pivot
   * iteration, and stops it, as a crash would, after 200 tile tasks: part way through its fourth iteration or so.
   */
  private static void stopPartWay(Path graph, Path checkpoint) throws IOException {
    Graph g = GraphReader.read(graph);
    var solver = new BlockedFloydWarshall(MinPlusKernels.best(), FloydWarshallOptions.defaults().withBlockSize(32));
    AtomicLong done = new AtomicLong();
    Progress crash = new Progress() {
      @Override
      public void begin(String task, long totalWork) {}

      @Override
      public void advance(long work) {
        if (done.addAndGet(work) > 200) {
          throw new IllegalStateException("stopped for the test");
        }
      }

      @Override
      public void end() {}
    };
    assertThatThrownBy(() -> solver.solve(g, crash, new FloydWarshallCheckpoint(checkpoint, Duration.ZERO)))
        .hasMessage("stopped for the test");
    assertThat(checkpoint).exists();
  }

  @Test
  void aStoppedSolveGoesOnFromItsSaveToTheDistancesOfAnUnbrokenOne() throws IOException {
    Path graph = graph("ring", 1);
    Path checkpoint = dir.resolve("ring.ckpt");
    stopPartWay(graph, checkpoint);

    Path resumed = dir.resolve("resumed.npy");
    TropicRun run = TropicRun.of("apsp", graph.toString(), "-o", resumed.toString(), "--checkpoint",
        checkpoint.toString(), "--json");
    assertThat(run.exitCode()).as(run.err()).isZero();
    Matcher done = Pattern.compile("(\\d+) of 10 pivot iterations done").matcher(run.err());
    assertThat(done.find()).as(run.err()).isTrue();
    int iterations = Integer.parseInt(done.group(1));
    assertThat(iterations).isBetween(1, 9);
    JsonNode summary = new ObjectMapper().readTree(run.out());
    assertThat(summary.get("resumed_from_iteration").asInt()).isEqualTo(iterations);
    assertThat(summary.get("checkpoint_saves").asInt()).isZero(); // 15 minutes between saves: none in this run
    // GFLOP/s of the work this run did, the iterations left: not the whole solve's 2n³ over this run's time
    double flops = summary.get("gflops").asDouble() * 1e9 * summary.get("solve_seconds").asDouble();
    assertThat(flops).isCloseTo(2.0 * 300 * 300 * 300 * (10 - iterations) / 10, Percentage.withPercentage(1e-6));
    assertThat(run.err()).containsPattern("note: saving the solve to " + Pattern.quote(checkpoint.toString())
        + " every [^,]+, [0-9.]+ KiB a save");
    assertThat(run.err()).contains("note: going on from the checkpoint " + checkpoint).contains("b = 32")
        .contains("checkpoint " + checkpoint + " deleted: the solve is complete and stored");
    assertThat(checkpoint).doesNotExist();

    Path unbroken = dir.resolve("unbroken.npy");
    assertThat(TropicRun.of("apsp", graph.toString(), "-o", unbroken.toString(), "--algorithm", "dijkstra")
        .exitCode()).isZero();
    assertSameDistances(resumed, unbroken, 300);
  }

  /**
   * A real {@code tropic apsp} process, stopped by SIGTERM (as a batch system's time limit stops it) once it has
   * saved: it leaves its last complete save and nothing else, and the same command goes on from there.
   */
  @Test
  void aProcessStoppedBySigtermLeavesItsLastSaveAndGoesOnFromIt() throws Exception {
    Path graph = graph("large", 3, 3000);
    Path checkpoint = dir.resolve("large.ckpt");
    Path out = dir.resolve("large.npy");
    Path log = dir.resolve("run.log");
    Process run = startTropic(log, "apsp", graph.toString(), "-o", out.toString(), "--block", "32",
        "--checkpoint", checkpoint.toString(), "--checkpoint-every", "0.1s");
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (!Files.readString(log).contains("checkpoint saved: ") && run.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(run.isAlive()).as("the run ended before its first save: %s", Files.readString(log)).isTrue();
    run.destroy(); // SIGTERM
    assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
    // the log of a run a batch system stopped says where its save stands
    assertThat(Files.readString(log)).containsPattern("tropic apsp: stopped; the checkpoint "
        + Pattern.quote(checkpoint.toString()) + " holds \\d+ of 94 pivot iterations, saved .*: run the same"
        + " command to go on from there");
    assertThat(Files.readString(log))
        .containsPattern("checkpoint saved: \\d+ of 94 pivot iterations in " + Pattern.quote(checkpoint.toString()));

    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
          .containsExactly("large.ckpt", "large.edges", "run.log"); // no temporary, no result
    }
    // stopped again as it goes on, before its solve has begun or as it begins: the note is there from the plan on
    Path again = dir.resolve("again.log");
    Process goingOn = startTropic(again, "apsp", graph.toString(), "-o", out.toString(), "--checkpoint",
        checkpoint.toString());
    while (!Files.readString(again).contains("note: going on from the checkpoint") && goingOn.isAlive()
        && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    goingOn.destroy(); // SIGTERM
    assertThat(goingOn.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(Files.readString(again)).containsPattern("tropic apsp: stopped; the checkpoint "
        + Pattern.quote(checkpoint.toString()) + " holds \\d+ of 94 pivot iterations");
    TropicRun resumed = TropicRun.of("apsp", graph.toString(), "-o", out.toString(), "--checkpoint",
        checkpoint.toString());
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(resumed.err()).contains("note: going on from the checkpoint " + checkpoint);
    Path unbroken = dir.resolve("unbroken.npy");
    assertThat(TropicRun.of("apsp", graph.toString(), "-o", unbroken.toString(), "--algorithm", "dijkstra")
        .exitCode()).isZero();
    assertSameDistances(out, unbroken, 3000);
  }

  /**
   * A stop after the solve, while the predecessors are found or the result written (13 s of Hetionet's in a kg
   * build), once ended the log at that bar: the note on a stop lasted for the solve alone, and the save, still there
   * to go on from, went unmentioned.
   */
  @Test
  void aProcessStoppedAfterItsSolveStillSaysWhereItsSaveStands() throws Exception {
    Path graph = Path.of("../examples/power.edges.gz"); // 4,941 vertices: its predecessors take seconds
    Path log = dir.resolve("run.log");
    Process run = startTropic(log, "apsp", graph.toString(), "-o", dir.resolve("p.npy").toString(),
        "--predecessors", "--checkpoint", dir.resolve("p.ckpt").toString(), "--checkpoint-every", "1h",
        "--threads", "1"); // a solve over the bar's quiet second, so that it says when it is done
    long deadline = System.nanoTime() + 120_000_000_000L;
    // The solve's closing line, or where the solve took under the bar's quiet second (0.5 s on a fast host, which
    // then never printed it and the test skipped every time), the bar of the predecessors written after it.
    while (!afterTheSolve(Files.readString(log)) && run.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(run.isAlive(),
        "the solve took under the bar's quiet second, or the rest ended before it could be stopped");
    run.destroy(); // SIGTERM
    assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
    // A stop that lands once the result is stored (the summary is all that is left) says that instead: both say
    // where the work stands.
    assertThat(Files.readString(log)).containsAnyOf("tropic apsp: stopped; no save of it was made yet: the same"
        + " command starts afresh", "tropic apsp: stopped; the result " + dir.resolve("p.npy") + " was stored whole");
  }

  /** Whether a run's log shows its solve is over: the solve's closing line, or the bar of the file written after. */
  private static boolean afterTheSolve(String log) {
    return log.contains("Floyd–Warshall: done in") || log.contains("writing p.pred.npy [");
  }

  /**
   * A run without --checkpoint stopped by SIGTERM in its solve once ended its log at a progress line, as a hang or a
   * crash would: it now says it was stopped and that the same command starts afresh, and leaves no file behind.
   */
  @Test
  void aProcessStoppedWithoutACheckpointSaysSoAndLeavesNothing() throws Exception {
    Path graph = graph("large", 3, 3000);
    Path log = dir.resolve("run.log");
    Process run = startTropic(log, "apsp", graph.toString(), "-o", dir.resolve("large.npy").toString(),
        "--algorithm", "fw", "--block", "32", "--no-pivot-order", "--threads", "1");
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (!Files.readString(log).contains("Floyd–Warshall [") && run.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(run.isAlive() && !Files.readString(log).contains("done in"),
        "the solve ended before it could be stopped");
    run.destroy(); // SIGTERM
    assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(Files.readString(log)).contains("tropic apsp: stopped; no --checkpoint was given, so the same command"
        + " starts afresh");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
          .containsExactly("large.edges", "run.log");
    }
  }

  /** {@code tropic ARGS} as its own process, standard output and error to {@code log}, for a test to stop. */
  private static Process startTropic(Path log, String... args) throws IOException {
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new java.util.ArrayList<>(List.of(java.toString(), "--add-modules",
        "jdk.incubator.vector", "-cp", classPath, Tropic.class.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  private static void assertSameDistances(Path first, Path second, int n) throws IOException {
    try (NpyDistanceMatrix a = NpyDistanceMatrix.open(first);
        NpyDistanceMatrix b = NpyDistanceMatrix.open(second)) {
      float[] rowA = new float[n];
      float[] rowB = new float[n];
      for (int u = 0; u < n; u++) {
        a.copyRow(u, rowA);
        b.copyRow(u, rowB);
        assertThat(rowA).as("row %d", u).isEqualTo(rowB);
      }
    }
  }

  @Test
  void infoSaysWhichSolveACheckpointSavesAndHowFarItGot() throws IOException {
    Path graph = graph("ring", 1);
    Path checkpoint = dir.resolve("ring.ckpt");
    stopPartWay(graph, checkpoint);
    TropicRun info = TropicRun.of("info", checkpoint.toString(), "--json");
    assertThat(info.exitCode()).as(info.err()).isZero();
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(info.out());
    assertThat(json.get("graph_fingerprint").asText()).isEqualTo(GraphReader.read(graph).fingerprint());
    assertThat(json.get("vertices").asInt()).isEqualTo(300);
    assertThat(json.get("block_size").asInt()).isEqualTo(32);
    assertThat(json.get("iterations").asInt()).isEqualTo(10);
    assertThat(json.get("iterations_done").asInt()).isBetween(1, 9);
    assertThat(json.get("file_bytes").asLong()).isEqualTo(Files.size(checkpoint));
    assertThat(json.get("checksum").asText()).isEqualTo("crc32c of the header and tiles matches");

    TropicRun format = TropicRun.of("info", checkpoint.toString(), "--format", "tsv");
    assertThat(format.exitCode()).isEqualTo(2);
    assertThat(format.err()).contains("is a Floyd–Warshall checkpoint");
  }

  /** A rank's part of a distributed save is described with the grid and rank whose tiles it holds. */
  @Test
  void infoSaysWhichRankAndGridADistributedPartIsOf() throws IOException {
    Path part = dir.resolve("d.ckpt.rank-1-of-2.0");
    PartCheckpointFile.save(part, new PartCheckpointFile.Solve("abc", 100, 32, "int32", 2, 1, 1),
        new PartCheckpointFile.Tiles() {
          @Override
          public int count() {
            return 8;
          }

          @Override
          public float[] tile(int index) {
            return new float[32 * 32];
          }
        }, 2, 4);
    TropicRun info = TropicRun.of("info", part.toString(), "--json");
    assertThat(info.exitCode()).as(info.err()).isZero();
    JsonNode json = new ObjectMapper().readTree(info.out());
    // the name given to --checkpoint is no file of a distributed save: info points to its parts, not "no such graph"
    TropicRun setName = TropicRun.of("info", dir.resolve("d.ckpt").toString());
    assertThat(setName.exitCode()).isEqualTo(2);
    assertThat(setName.err()).contains(dir.resolve("d.ckpt") + ": there is no such file, but " + part
        + " beside it is a rank's part of a distributed checkpoint of 2 ranks: give the name of a part");
    assertThat(json.get("process_grid").asText()).isEqualTo("2x1");
    assertThat(json.get("rank").asInt()).isEqualTo(1);
    assertThat(json.get("iterations_done").asInt()).isEqualTo(2);
    assertThat(json.get("iterations").asInt()).isEqualTo(4);
    assertThat(json.get("graph_fingerprint").asText()).isEqualTo("abc");
    assertThat(json.get("checksum").asText()).isEqualTo("crc32c of the header and tiles matches");
  }

  /**
   * A save cut short (a copy that ran out of room) or with a flipped bit was once described by its header alone, as
   * a save to go on from, though the run refuses it: info now reads it whole and refuses it as the run does.
   */
  @Test
  void infoRefusesATruncatedOrCorruptSaveOrPart() throws IOException {
    Path checkpoint = dir.resolve("ring.ckpt");
    stopPartWay(graph("ring", 1), checkpoint);
    byte[] bytes = Files.readAllBytes(checkpoint);
    Path cut = Files.write(dir.resolve("cut.ckpt"), java.util.Arrays.copyOf(bytes, bytes.length - 4096));
    TropicRun truncated = TropicRun.of("info", cut.toString());
    assertThat(truncated.exitCode()).isEqualTo(2);
    assertThat(truncated.err()).contains("checkpoint " + cut + ": it has " + (bytes.length - 4096) + " bytes where")
        .contains("(truncated?)");
    bytes[bytes.length - 100] ^= 1;
    Path flipped = Files.write(dir.resolve("flipped.ckpt"), bytes);
    TropicRun corrupt = TropicRun.of("info", flipped.toString());
    assertThat(corrupt.exitCode()).isEqualTo(2);
    assertThat(corrupt.err()).contains("checkpoint " + flipped + ": its header and tiles do not match their"
        + " checksum");

    Path part = dir.resolve("d.ckpt.rank-0-of-2.1");
    PartCheckpointFile.save(part, new PartCheckpointFile.Solve("abc", 100, 32, "int32", 1, 2, 0),
        new PartCheckpointFile.Tiles() {
          @Override
          public int count() {
            return 8; // tile columns 0 and 2 of 4 on every row: rank 0 of a 1x2 grid
          }

          @Override
          public float[] tile(int index) {
            return new float[32 * 32];
          }
        }, 2, 4);
    assertThat(TropicRun.of("info", part.toString()).exitCode()).isZero();
    byte[] partBytes = Files.readAllBytes(part);
    Files.write(part, java.util.Arrays.copyOf(partBytes, partBytes.length - 32 * 32 * 4));
    TropicRun partCut = TropicRun.of("info", part.toString());
    assertThat(partCut.exitCode()).isEqualTo(2);
    assertThat(partCut.err()).contains("where a save of 8 tiles of 32×32 takes").contains("(truncated?)");
  }

  @Test
  void aSaveOfAnotherGraphOrTileSizeIsRefusedBeforeAnyWork() throws IOException {
    Path checkpoint = dir.resolve("ring.ckpt");
    stopPartWay(graph("ring", 1), checkpoint);
    Path other = graph("other", 2);
    TropicRun run = TropicRun.of("apsp", other.toString(), "--checkpoint", checkpoint.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("checkpoint " + checkpoint + ": it was saved by another solve: graph fingerprint")
        .doesNotContain("at org.")
        // refused before the run says it goes on from the save and plans in its tile size, not after
        .doesNotContain("going on from").doesNotContain("plan:");
    assertThat(checkpoint).exists(); // the user's save is never deleted for a mismatch

    TropicRun block = TropicRun.of("apsp", dir.resolve("ring.edges").toString(), "--checkpoint",
        checkpoint.toString(), "--block", "64");
    assertThat(block.exitCode()).isEqualTo(2);
    assertThat(block.err()).contains("--block 64 differs from the tile size 32 of the checkpoint");
  }

  /**
   * A run on one node given the name of a distributed save (its parts {@code FILE.rank-R-of-P.0|1} beside it, no
   * FILE) cannot go on from it, and says so rather than start afresh beside the parts as if they were not there.
   */
  @Test
  void aSingleNodeRunRefusesTheNameOfADistributedSave() throws IOException {
    Path graph = graph("ring", 1);
    Path checkpoint = dir.resolve("big.ckpt");
    Path part = Files.writeString(dir.resolve("big.ckpt.rank-1-of-4.0"), "the parts' contents are not read");
    TropicRun run = TropicRun.of("apsp", graph.toString(), "--checkpoint", checkpoint.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("checkpoint " + checkpoint + ": there is none, but " + part
        + " beside it is part of a distributed save of 4 ranks, which a run on one node cannot go on from ('mpirun"
        + " -np 4 tropic apsp ... --distributed --checkpoint " + checkpoint + "' does): name another checkpoint"
        + " file, or delete " + checkpoint + ".rank-*-of-4.* to start afresh");
    assertThat(part).exists();
    assertThat(checkpoint).doesNotExist();
  }

  @Test
  void optionsThatCannotGoTogetherAreRefused() throws IOException {
    Path graph = graph("ring", 1);
    Path out = dir.resolve("out.npy");
    String[][] refused = {
        {"--checkpoint", "c.ckpt", "--algorithm", "dijkstra"},
        {"--checkpoint-every", "5m"},
        {"--checkpoint", out.toString(), "-o", out.toString()},
        {"--checkpoint", graph.toString()},
        {"--checkpoint", "c.ckpt", "--checkpoint-every", "soon"},
        {"--checkpoint", "c.ckpt", "--device", "gpu"},
        {"--checkpoint-every", "5m", "--distributed", "-o", out.toString()}};
    String[] expected = {
        "--checkpoint tunes the saves a stopped run resumes from, which --algorithm dijkstra does not use",
        "--checkpoint-every says how often to save to --checkpoint FILE",
        "which the result is written to",
        "--checkpoint names the input graph",
        "'soon' is not a time span; expected e.g. 90s, 15m or 2h",
        "--checkpoint saves Floyd–Warshall on the CPU",
        "--checkpoint-every says how often to save to --checkpoint FILE"};
    for (int i = 0; i < refused.length; i++) {
      String[] args = new String[refused[i].length + 2];
      args[0] = "apsp";
      args[1] = graph.toString();
      System.arraycopy(refused[i], 0, args, 2, refused[i].length);
      TropicRun run = TropicRun.of(args);
      assertThat(run.exitCode()).as(String.join(" ", refused[i])).isEqualTo(2);
      assertThat(run.err()).as(String.join(" ", refused[i])).contains(expected[i]);
    }
  }
}
