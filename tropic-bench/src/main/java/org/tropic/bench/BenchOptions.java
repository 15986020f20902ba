package org.tropic.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.tropic.bench.OptionConverters.ArithmeticLabel;
import org.tropic.bench.OptionConverters.ArithmeticOrAuto;
import org.tropic.bench.OptionConverters.NonNegativeInt;
import org.tropic.bench.OptionConverters.PartLabel;
import org.tropic.bench.OptionConverters.PositiveInt;
import org.tropic.bench.OptionConverters.PositiveReal;
import org.tropic.bench.OptionConverters.WeightsLabel;
import org.tropic.semiring.Arithmetic;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The picocli options of {@code tropic bench}; {@link BenchArgs} turns them into a {@link BenchConfig}. Every field
 * starts at {@link BenchConfig}'s default, and options are applied in command-line order, so {@code --quick} resets
 * what it covers and later options override it. {@code order} keeps {@code --help} in the order of this file; the
 * list options are setter methods so that a repeated option replaces the list, as a repeated number option does.
 */
@Command(name = "tropic bench", customSynopsis = "tropic bench [options]", sortOptions = false,
    description = {
        "Measures the min-plus kernel against the machine's peak, end-to-end Floyd–Warshall against the kernel, and "
            + "Tropic against SciPy and JGraphT on the same graphs; prints a table (and JSON with --json).",
        "Lists are comma-separated. Exit codes: 0 done, 1 a result was wrong (kernel, solver or peer disagreed), "
            + "2 bad options, a --json file that cannot be written, sizes too big for the heap or a --python "
            + "without SciPy (refused before the run).", ""})
final class BenchOptions {
  private static final BenchConfig DEFAULTS = BenchConfig.builder().build();

  @Spec
  CommandSpec spec;

  Set<BenchPart> parts = DEFAULTS.parts();
  List<Arithmetic> kernelArithmetics = DEFAULTS.kernelArithmetics();
  List<Integer> kernelThreads = DEFAULTS.kernelThreads();
  List<Integer> fwSizes = DEFAULTS.fwSizes();

  @Option(order = 1, names = "--parts", paramLabel = "LIST",
      description = "kernel,fw,peers (default: all three; the clock is always measured)")
  void parts(String list) {
    parts = EnumSet.copyOf(CommandLines.commaList(spec, "--parts", list, new PartLabel()));
  }

  @Option(order = 2, names = "--quick", description = {"tiny sizes and few repetitions: a smoke run of every part in "
      + "seconds (options after it override its settings)"})
  void quick(boolean on) {
    if (on) {
      kernelThreads = List.of(1);
      fwSizes = List.of(192);
      peerSize = 160;
      jgraphtMaxN = 160;
      clockRounds = 1;
      samplePairs = 100;
      blockSize = 64;
      kernelSize = 64;
      kernelWarmup = 1;
      kernelRounds = 2;
      roundMillis = 20;
      fwWarmup = 1; // none timed Tropic cold against the peers: 2.08 s against 0.11 s warm, "0.1x" JGraphT
      fwRuns = 1;
      checkSources = 2;
      noMemory = false;
    }
  }

  @Option(order = 3, names = "--scalar", description = "time the scalar reference kernels instead of the best ones")
  boolean scalar;

  @Option(order = 4, names = "--arithmetic", paramLabel = "LIST",
      description = "kernel: exact-float,nonnegative-float,int32 (default: all)")
  void arithmetic(String list) {
    kernelArithmetics = CommandLines.commaList(spec, "--arithmetic", list, new ArithmeticLabel());
  }

  @Option(order = 5, names = "--threads", paramLabel = "LIST",
      description = "kernel: thread counts (default: 1 and all cores)")
  void threads(String list) {
    kernelThreads = CommandLines.commaList(spec, "--threads", list, new PositiveInt());
  }

  @Option(order = 6, names = "--kernel-size", paramLabel = "N", converter = PositiveInt.class,
      description = "kernel: m = n = k of each thread's panels (default: 256, stays in L2)")
  int kernelSize = DEFAULTS.kernel().size();

  @Option(order = 7, names = "--kernel-warmup", paramLabel = "N", converter = NonNegativeInt.class,
      description = "kernel: untimed rounds (default: 3), for 2 s at least")
  int kernelWarmup = DEFAULTS.kernel().warmupRounds();

  @Option(order = 8, names = "--kernel-rounds", paramLabel = "N", converter = PositiveInt.class,
      description = "kernel: timed rounds, median reported (default: 7)")
  int kernelRounds = DEFAULTS.kernel().rounds();

  @Option(order = 9, names = "--round-ms", paramLabel = "N", converter = PositiveInt.class,
      description = "kernel: length of one kernel round in ms (default: 200)")
  int roundMillis = DEFAULTS.kernel().roundMillis();

  @Option(order = 10, names = "--clock-ghz", paramLabel = "X", converter = PositiveReal.class,
      description = "peak: use this clock instead of measuring it")
  double clockGhz = DEFAULTS.clockGhz();

  @Option(order = 11, names = "--clock-rounds", paramLabel = "N", converter = PositiveInt.class,
      description = "peak: timed rounds of the clock probe (default: 5)")
  int clockRounds = DEFAULTS.clockRounds();

  @Option(order = 12, names = "--float-flops-per-cycle", paramLabel = "N", converter = PositiveInt.class,
      description = "peak: per core, exact-float path (default: 32)")
  int floatFlopsPerCycle = DEFAULTS.floatFlopsPerCycle();

  @Option(order = 13, names = "--int-flops-per-cycle", paramLabel = "N", converter = PositiveInt.class,
      description = "peak: per core, non-negative float and int32 paths (default: 64)")
  int intFlopsPerCycle = DEFAULTS.intFlopsPerCycle();

  @Option(order = 14, names = "--sizes", paramLabel = "LIST",
      description = "end to end: n of the random graphs (default: 4096,8192)")
  void sizes(String list) {
    fwSizes = CommandLines.commaList(spec, "--sizes", list, new PositiveInt());
  }

  @Option(order = 15, names = "--graph", paramLabel = "FILE",
      description = "end to end: also run a graph file (.mtx or edge list, .gz allowed); repeatable")
  List<Path> graphFiles = new ArrayList<>();

  @Option(order = 16, names = "--fw-threads", paramLabel = "N", converter = PositiveInt.class,
      description = "end to end: threads of the solver (default: all cores)")
  int fwThreads = DEFAULTS.fwThreads();

  @Option(order = 17, names = "--fw-arithmetic", paramLabel = "KIND", converter = ArithmeticOrAuto.class,
      description = "end to end: auto (default), exact-float, nonnegative-float or int32")
  Arithmetic fwArithmetic = DEFAULTS.fwArithmetic();

  @Option(order = 18, names = "--fw-warmup", paramLabel = "N", converter = NonNegativeInt.class,
      description = "end to end: untimed solves (default: 1)")
  int fwWarmup = DEFAULTS.fw().warmupRuns();

  @Option(order = 19, names = "--fw-runs", paramLabel = "N", converter = PositiveInt.class,
      description = "end to end: timed solves, median reported (default: 3)")
  int fwRuns = DEFAULTS.fw().runs();

  @Option(order = 20, names = "--check-sources", paramLabel = "N", converter = NonNegativeInt.class,
      description = "end to end: rows checked against Dijkstra (default: 4)")
  int checkSources = DEFAULTS.fw().checkSources();

  @Option(order = 21, names = "--no-memory", description = "end to end: do not measure memory")
  boolean noMemory = !DEFAULTS.fw().measureMemory();

  @Option(order = 22, names = "--block-size", paramLabel = "N", converter = NonNegativeInt.class,
      description = "end to end: tile size of the blocked solver (default: 0, the cost model chooses)")
  int blockSize = DEFAULTS.blockSize();

  @Option(order = 23, names = "--no-lookahead", description = "end to end: turn off the solver's lookahead")
  boolean noLookahead = !DEFAULTS.lookahead();

  @Option(order = 24, names = "--no-symmetry",
      description = "end to end: solve all tiles of symmetric graphs, not just the upper triangle")
  boolean noSymmetry = !DEFAULTS.symmetry();

  @Option(order = 25, names = "--degree", paramLabel = "N", converter = NonNegativeInt.class,
      description = "end to end: out-degree of random graphs (default: 16)")
  int degree = DEFAULTS.degree();

  @Option(order = 26, names = "--weights", paramLabel = "KIND", converter = WeightsLabel.class,
      description = "end to end: real (default) or integer")
  RandomGraphs.Weights weights = DEFAULTS.weights();

  @Option(order = 27, names = "--seed", paramLabel = "S",
      description = "end to end: seed of random graphs (default: 42)")
  long seed = DEFAULTS.seed();

  @Option(order = 28, names = "--peer-n", paramLabel = "N", converter = PositiveInt.class,
      description = "peers: n of the random graph for SciPy and JGraphT (default: 4000)")
  int peerSize = DEFAULTS.peerSize();

  @Option(order = 29, names = "--scipy-max-n", paramLabel = "N", converter = NonNegativeInt.class,
      description = "peers: largest n SciPy runs at (default: 8192)")
  int scipyMaxN = DEFAULTS.scipyMaxN();

  @Option(order = 30, names = "--jgrapht-max-n", paramLabel = "N", converter = NonNegativeInt.class,
      description = "peers: largest n JGraphT runs at (default: 2000; a graph of this n is added if smaller)")
  int jgraphtMaxN = DEFAULTS.jgraphtMaxN();

  @Option(order = 31, names = "--samples", paramLabel = "N", converter = PositiveInt.class,
      description = "peers: pairs compared with each peer (default: 1000)")
  int samplePairs = DEFAULTS.samplePairs();

  @Option(order = 32, names = "--python", paramLabel = "PATH",
      description = "peers: Python with SciPy, refused before the run if it cannot import it (default: the first "
          + "of python3 on PATH, /usr/bin/python3 and python that imports it; none: SciPy's rows say so)")
  String python = DEFAULTS.python();

  @Option(order = 33, names = "--peer-timeout", paramLabel = "S", converter = PositiveInt.class,
      description = "peers: limit of one SciPy run in seconds (default: 3600)")
  long peerTimeoutSeconds = DEFAULTS.peerTimeoutSeconds();

  @Option(order = 34, names = "--json", paramLabel = "FILE", description = "output: also write the results as JSON")
  Path jsonOut = DEFAULTS.jsonOut();

  @Option(order = 35, names = {"-h", "--help"}, usageHelp = true, description = "this text")
  boolean help;

  /** The configuration these options describe. */
  BenchConfig toConfig() {
    return BenchConfig.builder().parts(parts).kernelArithmetics(kernelArithmetics).kernelThreads(kernelThreads)
        .kernel(new KernelBench.Options(kernelSize, kernelWarmup, kernelRounds, roundMillis)).fwSizes(fwSizes)
        .graphFiles(graphFiles).fwThreads(fwThreads).fwArithmetic(fwArithmetic)
        .fw(new FloydWarshallBench.Options(fwWarmup, fwRuns, checkSources, !noMemory)).blockSize(blockSize)
        .lookahead(!noLookahead).symmetry(!noSymmetry).degree(degree).weights(weights).seed(seed)
        .peerSize(peerSize).scipyMaxN(scipyMaxN)
        .jgraphtMaxN(jgraphtMaxN).samplePairs(samplePairs).python(python).peerTimeoutSeconds(peerTimeoutSeconds)
        .clockGhz(clockGhz).clockRounds(clockRounds).floatFlopsPerCycle(floatFlopsPerCycle)
        .intFlopsPerCycle(intFlopsPerCycle).scalarKernels(scalar).jsonOut(jsonOut).build();
  }
}
