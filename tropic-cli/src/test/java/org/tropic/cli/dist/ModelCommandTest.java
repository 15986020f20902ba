package org.tropic.cli.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.tropic.cli.Tropic;
import org.tropic.dist.BroadcastAlgorithm;
import org.tropic.dist.DistributedOptions;
import org.tropic.dist.ProcessGrid;
import picocli.CommandLine;

class ModelCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine command = Tropic.commandLine();
    command.setOut(new PrintWriter(out, true));
    command.setErr(new PrintWriter(err, true));
    String[] model = new String[args.length + 1];
    model[0] = "model";
    System.arraycopy(args, 0, model, 1, args.length);
    return command.execute(model);
  }

  @Test
  void projectsFrontiersFastestRunBesideThePaper() {
    assertThat(run("--machine", "frontier")).isZero();
    assertThat(out.toString()).contains("n = 7060000 on 147200 processes, grid 368x400, b = 768")
        .contains("T_ideal").contains("paper: COAST's fastest run").contains("between ideal and worst");
  }

  @Test
  void longTimesAlsoReadInDaysOrYears() {
    assertThat(run("--machine", "summit", "-n", "4.1e6")).isZero();
    assertThat(out.toString()).contains("n = 4100000 on 1 process, grid 1x1")
        .containsPattern("T_ideal = .* s \\(\\d+\\.\\d years\\)");
  }

  @Test
  void jsonCarriesThePredictionAndThePapersRun() throws Exception {
    assertThat(run("--machine", "frontier", "--json")).isZero();
    var report = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
    // the vertex count by the name apsp, update and info give it (the table still says n)
    assertThat(report.at("/problem/vertices").asLong()).isEqualTo(7_060_000);
    assertThat(report.get("problem").has("n")).isFalse();
    assertThat(report.at("/problem/grid").asText()).isEqualTo("368x400");
    double ideal = report.at("/prediction/ideal_seconds").asDouble();
    double worst = report.at("/prediction/worst_seconds").asDouble();
    assertThat(ideal).isPositive().isLessThanOrEqualTo(worst);
    assertThat(report.at("/paper/what").asText()).contains("COAST");
    assertThat(report.at("/paper/position_between_ideal_and_worst").asDouble()).isBetween(0.0, 1.0);
    // a unit in the name, as latency_seconds has: bytes per second, not bits or GB (null: Frontier's is a fit)
    assertThat(report.get("machine").has("bandwidth_bytes_per_second")).isTrue();
    assertThat(report.get("machine").has("bandwidth")).isFalse();
  }

  /** One vertex in one tile on one process: the critical path is that tile's closure, all of T_worst. */
  @Test
  void onOneProcessTheReportedCriticalPathIsNoLongerThanTWorst() throws Exception {
    assertThat(run("--machine", "summit", "-n", "1", "--json")).isZero();
    var report = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
    assertThat(report.at("/problem/grid").asText()).isEqualTo("1x1");
    assertThat(report.at("/machine/bandwidth_bytes_per_second").asDouble()).isEqualTo(25e9); // Summit's 25 GB/s
    assertThat(report.at("/prediction/critical_path_seconds").asDouble())
        .isEqualTo(report.at("/prediction/worst_seconds").asDouble());
  }

  @Test
  void recommendsASquareGridForSummitParameters() {
    assertThat(run("--machine", "summit", "-n", "1e6", "-P", "64")).isZero();
    assertThat(out.toString()).containsPattern("grid 8x8 \\(recommended\\), b = \\d+ \\(recommended\\)");
  }

  @Test
  void badInputExitsWithTwo() {
    assertThat(run("--machine", "frontier", "-n", "1000", "--grid", "2by2")).isEqualTo(2);
    assertThat(err.toString()).contains("'2by2'");
    assertThat(run("--machine", "mars", "-n", "1000")).isEqualTo(2);
    assertThat(run("--machine", "summit", "-n", "4.5")).isEqualTo(2);
  }

  /**
   * n = 8000 in tiles of 4096 is 2 tile columns: a 1x4 grid leaves two ranks without one, which apsp --distributed
   * refuses. The model once predicted it anyway, with a critical path longer than its T_worst.
   */
  @Test
  void aGridWithMoreProcessColumnsThanTilesIsRefusedAsTheRunRefusesIt() {
    assertThat(run("--machine", "summit", "-n", "8000", "--grid", "1x4", "-b", "4096")).isEqualTo(2);
    assertThat(err.toString()).contains("grid 1x4 has more process rows or columns than the 2 tile rows of the"
        + " matrix (n=8000, b=4096)");
    assertThat(out.toString()).doesNotContain("T_worst");
    assertThat(run("--machine", "summit", "-n", "8000", "--grid", "1x2", "-b", "4096")).isZero();
  }

  /** A block larger than the matrix is one padded tile, as the run takes it: fine on one rank, not on two. */
  @Test
  void aBlockLargerThanTheMatrixIsOneTileAsInTheRun() {
    assertThat(run("--machine", "summit", "-n", "34", "-b", "64", "-P", "1")).as(err.toString()).isZero();
    assertThat(out.toString()).contains("n = 34 on 1 process, grid 1x1 (recommended), b = 64");
    assertThat(run("--machine", "summit", "-n", "34", "-b", "64", "-P", "2")).isEqualTo(2);
    assertThat(err.toString()).contains("no grid of 2 ranks fits 1×1 tiles (n=34, b=64)");
  }

  /** Flags the model could not use are refused before it calibrates anything, not ignored. */
  @Test
  void mismatchedFlagsAreRefusedBeforeCalibration() {
    assertThat(run("--machine", "summit", "-n", "4096", "--latency", "1e-6")).isEqualTo(2);
    assertThat(err.toString()).contains("--latency is for --machine local");
    assertThat(run("-n", "4096", "--latency=-1")).isEqualTo(2);
    assertThat(err.toString()).contains("'--latency'");
    assertThat(run("--machine", "summit", "-n", "1e30")).isEqualTo(2);
    assertThat(err.toString()).contains("is more than 9223372036854775807");
    assertThat(run("--machine", "summit", "-n", "4096", "--threads", "2")).isEqualTo(2);
    assertThat(err.toString()).contains("--threads is for --machine local");
    assertThat(run("--machine", "frontier", "-n", "4096", "--arithmetic", "int32")).isEqualTo(2);
    assertThat(err.toString()).contains("--arithmetic is for --machine local");
    assertThat(run("-n", "100", "--grid", "3x2", "-P", "4")).isEqualTo(2);
    assertThat(err.toString()).contains("grid 3x2 has 6 processes, not 4");
    assertThat(run("--machine", "local")).isEqualTo(2);
    assertThat(err.toString()).contains("--vertices is required");
    int beyond = Runtime.getRuntime().availableProcessors() + 1;
    assertThat(run("-n", "4096", "--threads", String.valueOf(beyond))).isEqualTo(2);
    assertThat(err.toString()).contains("--threads " + beyond + " is more than the " + (beyond - 1) + " processors");
    // predicted, then refused by the run
    assertThat(run("-n", "100", "-b", "33")).isEqualTo(2);
    assertThat(err.toString()).contains("-b 33: 'tropic apsp --distributed' takes a tile size that is a multiple of"
        + " 32, such as 32 or 64");
    assertThat(out.toString()).isEmpty();
  }

  /**
   * The fastest plan for 100,000 vertices on 16 Frontier ranks (b = 1024) takes 3.1 GiB a process; with --memory
   * 3GiB the model recommends one that fits and says why, and with 200 MiB it says nothing of 16 fits and how many
   * would.
   */
  @Test
  void recommendsOnlyWhatFitsTheMemoryAndSaysWhenNothingDoes() throws Exception {
    assertThat(run("--machine", "frontier", "-n", "1e5", "-P", "16", "--memory", "3GiB", "--json")).isZero();
    var report = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
    assertThat(report.at("/prediction/memory_fits").asBoolean()).isTrue();
    assertThat(report.at("/prediction/memory_limit_bytes_per_process").asLong()).isEqualTo(3L << 30);
    assertThat(report.at("/prediction/memory_bytes_per_process").asLong()).isLessThanOrEqualTo(3L << 30);
    assertThat(report.at("/prediction/memory_note").asText()).startsWith("chosen for memory: the fastest");
    out.getBuffer().setLength(0);
    assertThat(run("--machine", "frontier", "-n", "1e5", "-P", "16", "--memory", "200m")).isZero();
    assertThat(out.toString()).contains("of 200.0 MiB").contains("does not fit: the busiest process's share takes")
        .containsPattern("[\\d,]+ processes of 200.0 MiB each would fit");
  }

  /**
   * Locally --memory is each rank's heap (-Xmx), counted as the run counts it: less a twentieth and what a rank
   * holds before its share. It was taken whole as room for the share, so power (4,941 vertices) on two ranks of
   * --memory 64m got b = 96 at 56.1 MiB, and the run with -Xmx64m, 52.1 MiB free, refused it.
   */
  @Test
  void locallyTheMemoryIsARanksHeapLessWhatTheRunKeeps() throws Exception {
    assertThat(run("-n", "4941", "-P", "2", "--memory", "64m", "--json")).isZero();
    var report = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
    long heap = 64L << 20;
    assertThat(report.at("/prediction/heap_bytes_per_process").asLong()).isEqualTo(heap);
    assertThat(report.at("/prediction/memory_limit_bytes_per_process").asLong())
        .isEqualTo(ModelMemory.localLimit(heap, 1, RankCollector.forJob(2)));
    assertThat(report.at("/prediction/memory_fits").asBoolean()).isTrue();
    assertThat(report.at("/prediction/memory_bytes_per_process").asLong()).isLessThanOrEqualTo(52L << 20);
  }

  @Test
  void aMemoryThatIsNotASizeIsRefused() {
    assertThat(run("--machine", "summit", "-n", "1000", "--memory", "12x")).isEqualTo(2);
    assertThat(err.toString()).contains("'12x' is not a size");
  }

  @Test
  void distributedFlagsBecomeOptions() {
    DistributedFlags flags = new DistributedFlags();
    new CommandLine(flags).parseArgs("--distributed", "--grid", "2x3", "--bcast", "ring2");
    assertThat(flags.enabled()).isTrue();
    DistributedOptions options = flags.toOptions(64, 2, null, false);
    assertThat(options.grid()).isEqualTo(new ProcessGrid(2, 3));
    assertThat(options.broadcast()).isEqualTo(BroadcastAlgorithm.RING2);
    assertThat(options.lookahead()).isFalse();
    assertThat(options.blockSize()).isEqualTo(64);
    assertThat(options.chunkBytes()).isEqualTo(4L << 20);
  }
}
