package org.tropic.cli.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.cli.Tropic;
import org.tropic.mpi.MpiAvailability;
import org.tropic.mpi.MpiRun;

/**
 * The command line as {@code mpirun -np P tropic ...} starts it, every rank parsing the same arguments: a usage error
 * found before MPI starts is printed once, by rank 0, not P times, and {@code tropic model} is about the job's P.
 */
class UnderMpirunTest {
  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private static Path mpirun;

  @BeforeAll
  static void find() {
    mpirun = MpiAvailability.assumeMpirun();
  }

  @Test
  void anUnknownOptionIsReportedOnceWithExitTwo() {
    MpiRun.Result result = MpiRun.run(mpirun, 3, Tropic.class, List.of("model", "-n", "1000", "--bogus"), TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining("Unknown option: '--bogus'")).as(result.output()).hasSize(1);
  }

  @Test
  void aBadOptionValueFoundByTheCommandIsReportedOnce() {
    MpiRun.Result result = MpiRun.run(mpirun, 3, Tropic.class, List.of("model", "-n", "1000", "--grid", "2x2", "-P",
        "3", "--machine", "frontier"), TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining("grid 2x2 has 4 processes, not 3")).as(result.output()).hasSize(1);
  }

  /** An apsp option the distributed run would ignore is refused before MPI starts: once, not once per rank. */
  @Test
  void anOptionTheDistributedRunWouldIgnoreIsRefusedOnce(@TempDir Path dir) throws IOException {
    Path graph = Files.writeString(dir.resolve("g.edges"), "a b 1\nb c 2\n");
    MpiRun.Result result = MpiRun.run(mpirun, 2, Tropic.class, List.of("apsp", graph.toString(), "-o",
        dir.resolve("d.npy").toString(), "--distributed", "--json"), TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
    assertThat(result.linesContaining("--json is not supported with --distributed")).as(result.output()).hasSize(1);
    assertThat(dir.resolve("d.npy")).doesNotExist();
  }

  /**
   * {@code --checkpoint} with {@code --distributed}: rank 0 says each save of the whole set above the bar, the
   * summary counts them, the result equals a run without, and the parts are deleted once the result is stored.
   */
  @Test
  void aCheckpointedDistributedRunSavesAndDeletesItsParts(@TempDir Path dir) throws IOException {
    Path graph = Files.writeString(dir.resolve("g.edges"), ring(100));
    Path checkpoint = dir.resolve("c.ckpt");
    Path out = dir.resolve("d.npy");
    MpiRun.Result result = MpiRun.run(mpirun, 2, Tropic.class, List.of("apsp", graph.toString(), "-o",
        out.toString(), "--distributed", "--block", "32", "--threads", "1", "--checkpoint", checkpoint.toString(),
        "--checkpoint-every", "0s"), TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.linesContaining("plan: distributed Floyd–Warshall of 100 vertices on 2 ranks, grid "))
        .singleElement().asString().contains(", b = 32, ").contains("; estimated ").contains("for the whole solve");
    String set = checkpoint + ".rank-*-of-2";
    assertThat(result.linesContaining("note: saving the solve to " + set + " every 0.00 s")).hasSize(1);
    assertThat(result.linesContaining("checkpoint saved: 3 of 4 pivot iterations in " + set)).hasSize(1);
    assertThat(result.output()).contains("checkpoint: started afresh; 3 saves")
        .contains("checkpoint " + set + " deleted: the solve is complete and stored");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
          .containsExactly("d.npy", "d.npy.json", "g.edges");
    }
    Path plain = dir.resolve("plain.npy");
    MpiRun.Result unbroken = MpiRun.run(mpirun, 2, Tropic.class, List.of("apsp", graph.toString(), "-o",
        plain.toString(), "--distributed", "--block", "32", "--threads", "1"), TIMEOUT);
    assertThat(unbroken.exitCode()).as(unbroken.output()).isZero();
    String told = unbroken.output();
    assertThat(told.indexOf("plan: distributed Floyd–Warshall of 100 vertices")).as(told).isNotNegative()
        .isLessThan(told.indexOf("distributed Floyd–Warshall: n=100"));
    assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(plain));
  }

  /**
   * A job without --checkpoint stopped by SIGTERM in its solve ended its log at a progress line, as a hang's would:
   * rank 0 now says it was stopped and that the same command starts afresh, once, and no result is left.
   */
  @Test
  void aJobStoppedWithoutACheckpointSaysSoOnce(@TempDir Path dir) throws Exception {
    Path graph = Files.writeString(dir.resolve("g.edges"), ring(2500));
    Path out = dir.resolve("d.npy");
    Path log = dir.resolve("job.log");
    Process run = MpiRun.start(mpirun, 2, Tropic.class, List.of("apsp", graph.toString(), "-o", out.toString(),
        "--distributed", "--block", "32", "--threads", "1"), log);
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (!Files.readString(log).contains("distributed Floyd–Warshall") && run.isAlive()
        && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    Assumptions.assumeTrue(run.isAlive() && !Files.readString(log).contains("wrote "),
        "the job ended before it could be stopped");
    run.descendants().forEach(ProcessHandle::destroy); // SIGTERM to the ranks, as a batch system's limit sends
    assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String text = Files.readString(log);
    assertThat(text.lines().filter(l -> l.contains("tropic apsp: stopped; no --checkpoint was given, so the same"
        + " command starts afresh"))).as(text).hasSize(1);
    assertThat(out).doesNotExist();
  }

  /**
   * A negative cycle met in a distributed solve named only a vertex that reaches it; the error now names the cycle
   * itself, as on one node, once, and every rank exits without a result.
   */
  @Test
  void aNegativeCycleIsReportedOnceWithTheCycleItself(@TempDir Path dir) throws IOException {
    // 50 → 51 → 50 of length -11: duplicate arcs keep the smaller weight, so the ring's 50 → 51 becomes -10
    Path graph = Files.writeString(dir.resolve("g.edges"), ring(100) + "50 51 -10\n51 50 -1\n");
    Path out = dir.resolve("d.npy");
    MpiRun.Result result = MpiRun.run(mpirun, 2, Tropic.class, List.of("apsp", graph.toString(), "-o",
        out.toString(), "--distributed", "--block", "32", "--threads", "1"), TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isEqualTo(1);
    assertThat(result.linesContaining("negative cycle: a closed walk from vertex")).as(result.output()).hasSize(1);
    assertThat(result.linesContaining("; one such cycle: ")).as(result.output()).hasSize(1);
    assertThat(result.output()).containsAnyOf("50 → 51 → 50 (2 arcs, length -11.0)",
        "51 → 50 → 51 (2 arcs, length -11.0)");
    assertThat(out).doesNotExist();
  }

  /** A directed ring of {@code n} vertices with a chord from each: whole weights. */
  private static String ring(int n) {
    StringBuilder edges = new StringBuilder("# directed=True\n");
    for (int u = 0; u < n; u++) {
      edges.append(u).append(' ').append((u + 1) % n).append(" 1\n");
      edges.append(u).append(' ').append((u * 7 + 3) % n).append(' ').append(1 + u % 5).append('\n');
    }
    return edges.toString();
  }

  /** Without -P or --grid the model is about the ranks it was started on, as its calibration is. */
  @Test
  void theModelDefaultsToTheJobsRanks() {
    MpiRun.Result result = MpiRun.run(mpirun, 3, Tropic.class, List.of("model", "-n", "100000", "--machine",
        "frontier"), TIMEOUT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.linesContaining("n = 100000 on 3 processes")).as(result.output()).isNotEmpty();
  }
}
