package org.tropic.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.ScalarMinPlusKernels;

/** A whole run at tiny sizes with the scalar kernels and the reference solver. */
class BenchRunnerTest {

  @Test
  void aQuickRunFillsEveryPartAndWritesJson(@TempDir Path dir) throws Exception {
    BenchConfig config = BenchArgs.parse("--quick", "--arithmetic", "exact-float,int32", "--threads", "1,2",
        "--fw-threads", "2", "--sizes", "48", "--peer-n", "40", "--jgrapht-max-n", "30", "--samples", "50",
        "--graph", SharedData.file("suitesparse/karate.mtx").toString(), "--json", dir.resolve("r.json").toString(),
        "--python", dir.resolve("no-such-python").toString());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BenchResults r = BenchRunner.run(config, new PrintStream(bytes, true, StandardCharsets.UTF_8),
        new ScalarMinPlusKernels(), new ReferenceFloydWarshall());
    String out = bytes.toString(StandardCharsets.UTF_8);

    assertThat(r.clocks()).extracting(ClockMeasurement::threads).containsExactly(1, 2);
    assertThat(r.kernels()).hasSize(4).allMatch(KernelResult::verified);
    assertThat(r.kernels()).extracting(KernelResult::arithmetic)
        .containsExactly(Arithmetic.EXACT_FLOAT, Arithmetic.EXACT_FLOAT, Arithmetic.INT32, Arithmetic.INT32);
    assertThat(r.floydWarshall()).extracting(FwResult::graph).containsExactly("random n=48 d=16 real", "karate",
        "random n=40 d=16 real", "random n=30 d=16 real", "karate");
    FwResult karate = r.floydWarshall().get(1);
    assertThat(karate.arithmetic()).isEqualTo(Arithmetic.INT32);
    assertThat(karate.kernelGflops()).isEqualTo(r.kernels().get(3).gflops().median());
    assertThat(r.floydWarshall().getFirst().kernelGflops()).isNaN();
    // per graph: SciPy's FW and Dijkstra skipped; JGraphT skipped, or run and set against Tropic's FW and auto
    assertThat(r.peers()).extracting(PeerResult::graph).containsExactly("random n=40 d=16 real",
        "random n=40 d=16 real", "random n=40 d=16 real", "random n=30 d=16 real", "random n=30 d=16 real",
        "random n=30 d=16 real", "random n=30 d=16 real", "karate", "karate", "karate");
    assertThat(r.peers().get(0).skipped()).startsWith("no Python with SciPy found (tried " + dir);
    assertThat(r.peers().get(2).skipped()).contains("above the JGraphT limit 30");
    // n = 30: auto searches from every vertex
    assertThat(r.peers().subList(5, 7)).extracting(PeerResult::tropic).containsExactly("fw", "auto: dijkstra");
    assertThat(r.peers().stream().filter(PeerResult::ran)).hasSize(2).allMatch(p -> p.agreement().agrees());
    assertThat(r.notes()).anyMatch(n -> n.startsWith("SciPy: no Python with SciPy found"));
    assertThat(r.notes()).anyMatch(n -> n.contains("measured at n=30"));
    assertThat(r.targets()).isNotEmpty();
    assertThat(BenchMain.exitCode(r, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
        .isZero();

    assertThat(out).contains("# clock on 2 thread(s)").contains("Kernel multiplyMin").contains("Targets");
    assertThat(Files.readString(dir.resolve("r.json"))).contains("\"kernels\"");
  }

  /** A symmetric graph file is solved twice, on the upper triangle and on every tile, and the gain noted. */
  @Test
  void aSymmetricGraphIsAlsoTimedOnEveryTile() {
    BenchConfig config = BenchArgs.parse("--quick", "--parts", "fw", "--fw-threads", "2", "--sizes", "40",
        "--block-size", "32", "--graph", SharedData.file("suitesparse/karate.mtx").toString());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BenchResults r = BenchRunner.run(config, new PrintStream(bytes, true, StandardCharsets.UTF_8));

    assertThat(r.floydWarshall()).extracting(FwResult::graph).containsExactly("random n=40 d=16 real", "karate",
        "karate");
    assertThat(r.floydWarshall().get(0).solver()).doesNotContain("upper-triangle"); // a random digraph
    assertThat(r.floydWarshall().get(1).solver()).endsWith("/upper-triangle");
    assertThat(r.floydWarshall().get(2).solver()).doesNotContain("upper-triangle");
    assertThat(r.floydWarshall().subList(1, 3)).allMatch(f -> f.check() != null && f.check().agrees());
    assertThat(r.notes()).anyMatch(n -> n.startsWith("karate is symmetric: the upper triangle solved it in"));
    assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("# karate is symmetric");
  }

  /** More threads than processors take turns on the same cores: the peak must not count a core per thread. */
  @Test
  void thePeakOfMoreThreadsThanProcessorsCountsTheProcessors() {
    int processors = Runtime.getRuntime().availableProcessors();
    BenchConfig config = BenchArgs.parse("--quick", "--parts", "kernel", "--arithmetic", "int32", "--threads",
        Integer.toString(processors + 1), "--kernel-size", "8", "--clock-ghz", "2");
    BenchResults r = BenchRunner.run(config, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8), new ScalarMinPlusKernels(), new ReferenceFloydWarshall());

    assertThat(r.peaks()).singleElement().extracting(MinPlusPeak::cores).isEqualTo(processors);
    KernelResult k = r.kernels().getFirst();
    assertThat(k.threads()).isEqualTo(processors + 1);
    assertThat(k.peakGflops()).isEqualTo(2.0 * processors * MinPlusPeak.INT_FLOPS_PER_CYCLE);
    assertThat(r.notes()).contains((processors + 1) + " threads share " + processors + " cores: their peak counts "
        + processors + " cores, as the extra threads add no arithmetic units");
  }

  @Test
  void mainExitCodes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    assertThat(BenchMain.execute(new String[] {"--help"}, o, e)).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage: tropic bench");
    assertThat(BenchMain.execute(new String[] {"--sizes", "x"}, o, e)).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("tropic bench: ", "'--sizes'", "'x' is not a whole number");
    out.reset();
    assertThat(BenchMain.execute(new String[] {"--parts", "fw", "--graph", "/no/such/file.mtx"}, o, e))
        .isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--graph /no/such/file.mtx: no such file");
    assertThat(out.size()).isZero(); // refused before any benchmark
    assertThat(List.of(BenchPart.values())).extracting(BenchPart::label).containsExactly("kernel", "fw", "peers");
  }
}
