package org.tropic.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.apsp.PartCheckpointFile;
import org.tropic.mpi.MpiAvailability;
import org.tropic.mpi.MpiRun;

/**
 * Checkpointed distributed Floyd–Warshall in real {@code mpirun} jobs: a run saving after every stretch equals the
 * single-node result bit for bit and leaves no part behind; a job stopped by SIGTERM after a save leaves its parts,
 * and the same job goes on from the newest save every rank holds (an older one when a part of the newest is corrupt)
 * to the same bits; parts of another graph, grid or job size are refused with exit 2 and kept.
 */
class DistributedCheckpointTest {
  private static final Duration TIMEOUT = Duration.ofMinutes(4);
  private static Path mpirun;
  private static Path celegans;

  @TempDir
  Path dir;

  @BeforeAll
  static void find() {
    mpirun = MpiAvailability.assumeMpirun();
    celegans = TestGraphs.shared("graphs/celegansneural.edges.gz");
  }

  @Test
  void checkpointedRunsOnTwoAndFourRanksEqualTheSingleNodeResult() throws IOException {
    Path negative = TestGraphs.negativeWeightsTwoComponents(dir, 150, 3);
    Path c0 = dir.resolve("c0.ckpt");
    Path c1 = dir.resolve("c1.ckpt");
    MpiRun.Result two = MpiRun.run(mpirun, 2, DistributedJob.class, List.of("session",
        "graph=" + celegans + ";out=" + dir.resolve("two.npy") + ";grid=1x2;b=32;ckpt=" + c0 + ";every=0",
        "graph=" + negative + ";out=" + dir.resolve("neg.npy") + ";grid=2x1;b=32;lookahead=false;ckpt=" + c1
            + ";every=0"), TIMEOUT);
    assertThat(two.exitCode()).as(two.output()).isZero();
    // a save after every stretch of one iteration: 9 of celegans' 10 (none after the last), 4 of the other's 5
    assertThat(two.linesContaining("SAVED ")).as(two.output()).hasSize(9 + 4);
    assertThat(two.output()).contains("SAVED 9 of 10").contains("checkpoint: started afresh; 9 saves");
    DistributedFloydWarshallTest.assertIdenticalToSingleNode(celegans, dir.resolve("two.npy"), 32, null);
    DistributedFloydWarshallTest.assertIdenticalToSingleNode(negative, dir.resolve("neg.npy"), 32, null);

    Path c2 = dir.resolve("c2.ckpt");
    MpiRun.Result four = MpiRun.run(mpirun, 4, DistributedJob.class, List.of("session",
        "graph=" + celegans + ";out=" + dir.resolve("four.npy") + ";grid=2x2;b=32;bcast=ring2;ckpt=" + c2
            + ";every=0.05"), TIMEOUT);
    assertThat(four.exitCode()).as(four.output()).isZero();
    assertThat(four.linesContaining("SAVED ")).as(four.output()).isNotEmpty();
    DistributedFloydWarshallTest.assertIdenticalToSingleNode(celegans, dir.resolve("four.npy"), 32, null);
    assertThat(parts()).as("the parts are deleted once the result is stored").isEmpty();
  }

  /**
   * A job stopped by SIGTERM (a batch system's time limit) after two saves leaves its parts, no result, and a note of
   * where its save stands. Rank 1's newest part then gets a flipped bit: the ranks find it corrupt on loading and go
   * on from the older save both hold, to the single-node bits, and delete the parts.
   */
  @Test
  void aJobStoppedBySigtermGoesOnFromTheNewestSaveEveryRankHolds() throws Exception {
    Path graph = ringWithChords(1400, 5);
    Path checkpoint = dir.resolve("c.ckpt");
    Path out = dir.resolve("d.npy");
    String job = "graph=" + graph + ";out=" + out + ";grid=1x2;b=32;threads=1;ckpt=" + checkpoint + ";every=0";
    Path log = dir.resolve("job.log");
    Process run = MpiRun.start(mpirun, 2, DistributedJob.class, List.of("job", job), log);
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (saves(log) < 2 && run.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(run.isAlive()).as("the job ended before its second save: %s", read(log)).isTrue();
    // SIGTERM to every rank, as a batch system's time limit sends it: sent to mpirun alone, it tears the job down
    // and the rank's note on stderr may be lost on the way (mpirun forwards the ranks' output)
    List<ProcessHandle> ranks = run.descendants()
        .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false)).toList();
    assertThat(ranks).as("the ranks' JVMs under mpirun").hasSize(2);
    ranks.forEach(ProcessHandle::destroy);
    assertThat(run.waitFor(60, TimeUnit.SECONDS)).as(read(log)).isTrue();
    assertThat(out).doesNotExist();
    assertThat(read(log)).doesNotContain("DONE");
    // the log of a job a batch system stopped says where its save stands, and the save under way if there was one
    Matcher note = Pattern.compile("tropic apsp: stopped; the checkpoint " + Pattern.quote(checkpoint + ".rank-*-of-2")
        + " holds (\\d+) of 44 pivot iterations on every rank(?:, or (\\d+) if the save under way is completed on"
        + " every rank before the job ends)?: run the same command to go on").matcher(read(log));
    assertThat(note.find()).as(read(log)).isTrue();
    List<Integer> noted = new ArrayList<>(List.of(Integer.parseInt(note.group(1))));
    if (note.group(2) != null) {
      noted.add(Integer.parseInt(note.group(2)));
    }

    List<List<Integer>> held = new ArrayList<>();
    Path[] newest = new Path[2];
    for (int rank = 0; rank < 2; rank++) {
      List<Integer> counts = new ArrayList<>();
      int newestCount = -1;
      for (int g = 0; g < 2; g++) {
        Path part = RankCheckpoint.generation(checkpoint, rank, 2, g);
        if (Files.exists(part)) {
          int done = PartCheckpointFile.read(part).iterationsDone();
          counts.add(done);
          if (done > newestCount) {
            newestCount = done;
            newest[rank] = part;
          }
        }
      }
      assertThat(counts).as("rank %d keeps the saves all ranks completed", rank).isNotEmpty();
      held.add(counts);
    }
    int expected = newestHeldByBoth(held);
    assertThat(expected).as("two saves were complete: the newer of them is kept on both ranks").isPositive();
    assertThat(noted).as("the note names the save the next run goes on from").contains(expected);
    boolean corrupted = held.get(1).size() == 2 && held.get(0).containsAll(held.get(1));
    if (corrupted) { // rank 1's newest part, which rank 0 holds too, gets a flipped bit: the older save must do
      int newer = java.util.Collections.max(held.get(1));
      try (var file = new java.io.RandomAccessFile(newest[1].toFile(), "rw")) {
        file.seek(file.length() - 100);
        int b = file.read();
        file.seek(file.length() - 100);
        file.write(b ^ 1);
      }
      held.get(1).remove(Integer.valueOf(newer));
      expected = newestHeldByBoth(held);
    }

    MpiRun.Result resumed = MpiRun.run(mpirun, 2, DistributedJob.class, List.of("job", job), TIMEOUT);
    assertThat(resumed.exitCode()).as(resumed.output()).isZero();
    assertThat(resumed.output()).contains("note: going on from the checkpoint " + checkpoint
        + ".rank-*-of-2: " + expected + " of 44 pivot iterations done");
    if (corrupted) {
      assertThat(resumed.output()).contains("tropic: rank 1: checkpoint " + newest[1] + ": its header and tiles do"
          + " not match their checksum: the file is corrupt; the ranks go on from an older save");
    }
    DistributedFloydWarshallTest.assertIdenticalToSingleNode(graph, out, 32, null);
    assertThat(parts()).isEmpty();
  }

  @Test
  void partsOfAnotherGraphGridOrJobSizeAreRefusedWithExitTwoAndKept() throws IOException {
    Path checkpoint = dir.resolve("c.ckpt");
    String job = "graph=" + celegans + ";out=" + dir.resolve("d.npy") + ";grid=1x2;b=32;ckpt=" + checkpoint;
    writeParts(checkpoint, "another graph", 1, 2);
    MpiRun.Result graph = MpiRun.run(mpirun, 2, DistributedJob.class, List.of("job", job), TIMEOUT);
    assertThat(graph.exitCode()).as(graph.output()).isEqualTo(2);
    assertThat(graph.output()).contains("it was saved by another solve: graph fingerprint another graph there");
    assertThat(parts()).hasSize(2);

    deleteParts();
    writeParts(checkpoint, null, 2, 1); // this graph, on a 2×1 grid
    MpiRun.Result grid = MpiRun.run(mpirun, 2, DistributedJob.class, List.of("job", job), TIMEOUT);
    assertThat(grid.exitCode()).as(grid.output()).isEqualTo(2);
    assertThat(grid.linesContaining("--grid 1x2 differs from the process grid 2x1 of the checkpoint"))
        .as(grid.output()).hasSize(1);
    assertThat(parts()).hasSize(2);

    Files.move(RankCheckpoint.generation(checkpoint, 0, 2, 0), RankCheckpoint.generation(checkpoint, 3, 4, 0));
    MpiRun.Result size = MpiRun.run(mpirun, 2, DistributedJob.class, List.of("job", job), TIMEOUT);
    assertThat(size.exitCode()).as(size.output()).isEqualTo(2);
    assertThat(size.output()).contains("it is a part of a save of 4 ranks, and this job has 2");
    assertThat(parts()).hasSize(2);
    assertThat(dir.resolve("d.npy")).doesNotExist();
  }

  // ---- helpers ----

  private static int newestHeldByBoth(List<List<Integer>> held) {
    int newest = -1;
    for (int count : held.get(0)) {
      if (held.get(1).contains(count)) {
        newest = Math.max(newest, count);
      }
    }
    return newest;
  }

  /** Parts for ranks 0 and 1 of a {@code rows}×{@code columns} grid, of celegans unless another fingerprint. */
  private static void writeParts(Path checkpoint, String fingerprint, int rows, int columns) throws IOException {
    String of = fingerprint != null ? fingerprint : org.tropic.io.GraphReader.read(celegans).fingerprint();
    for (int rank = 0; rank < 2; rank++) {
      var solve = new PartCheckpointFile.Solve(of, 297, 32, "int32", rows, columns, rank);
      int count = rows == 1 ? 10 * 5 : 5 * 10;
      PartCheckpointFile.save(RankCheckpoint.generation(checkpoint, rank, 2, 0), solve,
          new PartCheckpointFile.Tiles() {
            @Override
            public int count() {
              return count;
            }

            @Override
            public float[] tile(int index) {
              return new float[32 * 32];
            }
          }, 3, 10);
    }
  }

  /**
   * A job stopped while rank 0 stages the result, after the solve: the note on a stop lasted for the solve alone, so
   * the log ended at the solve's last line, though the parts were still there to go on from.
   */
  @Test
  void aJobStoppedWhileWritingItsResultSaysWhereItsSaveStands() throws Exception {
    Path graph = ringWithChords(2500, 7);
    Path checkpoint = dir.resolve("w.ckpt");
    Path out = dir.resolve("w.npy");
    Path log = dir.resolve("write.log");
    boolean staging;
    Process run;
    // Told of the staged file by the kernel, not by looking: it lives for the write alone (tens of ms), which a
    // poll of the folder on a loaded machine can miss altogether, as if the job had never staged its result.
    try (WatchService watch = dir.getFileSystem().newWatchService()) {
      dir.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
      run = MpiRun.start(mpirun, 2, DistributedJob.class, List.of("job", "graph=" + graph + ";out=" + out
          + ";grid=1x2;b=64;threads=1;ckpt=" + checkpoint + ";every=3600"), log);
      staging = awaitCreated(watch, ".w.npy.tmp-", run, TimeUnit.MINUTES.toNanos(2)); // DistanceStore's staging
    }
    assertThat(staging).as("the result was never staged: %s", read(log)).isTrue();
    // SIGTERM to the ranks themselves: through mpirun it comes too late for the short write of a test's result
    run.descendants().forEach(ProcessHandle::destroy);
    assertThat(run.waitFor(60, TimeUnit.SECONDS)).as(read(log)).isTrue();
    org.junit.jupiter.api.Assumptions.assumeFalse(Files.exists(out) || read(log).contains("DONE"),
        "the job stored its result before the stop reached it");
    assertThat(read(log)).contains("tropic apsp: stopped; no save of it was complete on every rank yet");
  }

  /**
   * Whether a file named {@code prefix}... was created in the watched folder, waiting until one is, the job has
   * ended (its events are still read: a file created and gone before then counts) or {@code nanos} have passed.
   */
  private boolean awaitCreated(WatchService watch, String prefix, Process run, long nanos)
      throws InterruptedException, IOException {
    long deadline = System.nanoTime() + nanos;
    while (System.nanoTime() < deadline) {
      boolean ended = !run.isAlive(); // then a while for the watch's own thread to pass on the last events
      WatchKey key = watch.poll(ended ? 2000 : 10, TimeUnit.MILLISECONDS);
      if (key != null) {
        for (WatchEvent<?> event : key.pollEvents()) {
          if (event.kind() == StandardWatchEventKinds.OVERFLOW ? listed(prefix)
              : event.context().toString().startsWith(prefix)) {
            return true;
          }
        }
        key.reset();
      } else if (ended) {
        return false;
      }
    }
    return false;
  }

  /** Whether the folder holds a file named {@code prefix}... now (events were lost: the kernel's queue was full). */
  private boolean listed(String prefix) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.anyMatch(p -> p.getFileName().toString().startsWith(prefix));
    }
  }

  private List<Path> parts() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().contains(".rank-")).toList();
    }
  }

  private void deleteParts() throws IOException {
    for (Path part : parts()) {
      Files.delete(part);
    }
  }

  private static int saves(Path log) throws IOException {
    Matcher m = Pattern.compile("(?m)^SAVED ").matcher(read(log));
    int count = 0;
    while (m.find()) {
      count++;
    }
    return count;
  }

  private static String read(Path log) throws IOException {
    return Files.exists(log) ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8) : "";
  }

  /** {@code n} vertices in a directed ring with a random chord from each, whole weights. */
  private Path ringWithChords(int n, long seed) throws IOException {
    Random random = new Random(seed);
    StringBuilder edges = new StringBuilder("# directed=True\n");
    for (int u = 0; u < n; u++) {
      edges.append(u).append(' ').append((u + 1) % n).append(' ').append(1 + random.nextInt(9)).append('\n');
      edges.append(u).append(' ').append(random.nextInt(n)).append(' ').append(1 + random.nextInt(30)).append('\n');
    }
    return Files.writeString(dir.resolve("ring.edges"), edges);
  }
}
