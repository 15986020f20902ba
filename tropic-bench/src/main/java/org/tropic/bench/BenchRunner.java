package org.tropic.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.tropic.apsp.BlockSizeModel;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.ScalarMinPlusKernels;

/**
 * Runs the benchmark parts a {@link BenchConfig} asks for, prints one progress line per measurement as it goes
 * and the full report at the end, and returns the numbers. This is what {@code tropic bench} calls:
 * <pre>{@code
 * BenchResults results = BenchRunner.run(BenchArgs.parse(args), System.out);
 * }</pre>
 * Order: the clock (per thread count), the kernel (per path and thread count), end-to-end FW (random graphs, then
 * graph files), the peers, and last the targets judged against all of it.
 */
public final class BenchRunner {
  private BenchRunner() {}

  /** Runs with the best kernels (or the scalar ones if configured) and the blocked Floyd–Warshall. */
  public static BenchResults run(BenchConfig config, PrintStream out) {
    MinPlusKernels kernels = config.scalarKernels() ? new ScalarMinPlusKernels() : MinPlusKernels.best();
    return run(config, out, kernels, ApspSolver.blockedFloydWarshall(kernels, config.blockSize(), config.lookahead(),
        config.symmetry()));
  }

  /** Runs with the given kernels and all-pairs solver (tests pass a reference solver). */
  public static BenchResults run(BenchConfig config, PrintStream out, MinPlusKernels kernels, ApspSolver solver) {
    BenchEnvironment environment = BenchEnvironment.current(kernels.name(), solver.name());
    List<String> notes = new ArrayList<>();
    out.println("# Tropic bench: " + kernels.name() + ", " + solver.name() + ", "
        + environment.availableProcessors() + " cores");

    TreeSet<Integer> threadCounts = new TreeSet<>();
    if (config.runs(BenchPart.KERNEL)) {
      threadCounts.addAll(config.kernelThreads());
      if (config.runs(BenchPart.FW) || config.runs(BenchPart.PEERS)) {
        threadCounts.add(config.fwThreads());
      }
    }
    List<ClockMeasurement> clocks = new ArrayList<>();
    List<MinPlusPeak> peaks = new ArrayList<>();
    Map<Integer, MinPlusPeak> peakOfThreads = new HashMap<>();
    for (int threads : threadCounts) {
      ClockMeasurement clock = Double.isNaN(config.clockGhz())
          ? ClockProbe.measure(threads, config.clockRounds(), 100)
          : ClockMeasurement.given(config.clockGhz(), threads);
      clocks.add(clock);
      MinPlusPeak peak = new MinPlusPeak(clock.ghz().median(), peakCores(threads,
          environment.availableProcessors()), config.floatFlopsPerCycle(), config.intFlopsPerCycle());
      peaks.add(peak);
      peakOfThreads.put(threads, peak);
      out.printf(Locale.ROOT, "# clock on %d thread(s): %.3f GHz %s%n", threads, clock.ghz().median(), clock.note());
      if (threads > peak.cores()) {
        notes.add(threads + " threads share " + peak.cores() + " cores: their peak counts " + peak.cores()
            + " cores, as the extra threads add no arithmetic units");
      }
      if (!clock.trustworthy() && Double.isNaN(config.clockGhz())) {
        notes.add("clock on " + threads + " thread(s) is " + clock.note());
      }
    }

    List<KernelResult> kernelResults = new ArrayList<>();
    if (config.runs(BenchPart.KERNEL)) {
      for (Arithmetic arithmetic : config.kernelArithmetics()) {
        for (int threads : threadCounts) {
          KernelResult k = KernelBench.run(kernels, arithmetic, threads, config.kernel(), peakOfThreads.get(threads));
          kernelResults.add(k);
          out.printf(Locale.ROOT, "# kernel %s on %d thread(s): %.1f GFLOP/s (%.1f%% of %s peak)%s%n",
              arithmetic.label(), threads, k.gflops().median(), 100 * k.fractionOfPeak(), k.peakKind(),
              k.verified() ? "" : " WRONG: " + k.mismatch());
        }
      }
    } else {
      notes.add("kernel not run: end-to-end rates have no kernel rate to compare with");
    }

    boolean solves = config.runs(BenchPart.FW) || config.runs(BenchPart.PEERS);
    List<GraphCase> fileCases = solves ? readGraphs(config.graphFiles()) : List.of();
    List<FwResult> fwResults = new ArrayList<>();
    if (config.runs(BenchPart.FW)) {
      List<GraphCase> cases = new ArrayList<>();
      for (int n : config.fwSizes()) {
        cases.add(GraphCase.random(n, config.degree(), config.weights(), config.seed()));
      }
      cases.addAll(fileCases);
      for (GraphCase c : cases) {
        Arithmetic path = FloydWarshallBench.arithmeticFor(c.graph(), config.fwArithmetic());
        double kernelRate = kernelRate(kernelResults, path, config.fwThreads());
        FwResult f = FloydWarshallBench.run(solver, c, path, config.fwThreads(), config.fw(), kernelRate);
        fwResults.add(f);
        printFw(out, f);
        Optional<ApspSolver> everyTile = solver.everyTileTwin(c.graph(), path, config.fwThreads());
        if (everyTile.isPresent()) {
          // a symmetric graph: time the full solve too, so the upper triangle's gain is a ratio from this run
          FwResult full = FloydWarshallBench.run(everyTile.get(), c, path, config.fwThreads(), config.fw(),
              kernelRate);
          fwResults.add(full);
          printFw(out, full);
          String gain = String.format(Locale.ROOT, "%s is symmetric: the upper triangle solved it in %.3f s, every "
              + "tile in %.3f s (%.2fx)", c.name(), f.seconds().median(), full.seconds().median(),
              full.seconds().median() / f.seconds().median());
          out.println("# " + gain);
          notes.add(gain);
        }
      }
    }

    memoryNote(kernels, fwResults).ifPresent(note -> {
      out.println("# " + note);
      notes.add(note);
    });

    List<PeerResult> peerResults = new ArrayList<>();
    if (config.runs(BenchPart.PEERS)) {
      PeerBench.Options peerOptions = peerOptions(config, out);
      if (peerOptions.scipy().isEmpty()) {
        notes.add("SciPy: " + peerOptions.scipyMissing());
      }
      List<GraphCase> cases = new ArrayList<>();
      cases.add(GraphCase.random(config.peerSize(), config.degree(), config.weights(), config.seed()));
      if (config.jgraphtMaxN() < config.peerSize()) {
        cases.add(GraphCase.random(config.jgraphtMaxN(), config.degree(), config.weights(), config.seed()));
        notes.add("JGraphT's Floyd-Warshall is too slow at n=" + config.peerSize() + "; its ratio is measured at n="
            + config.jgraphtMaxN() + " (raise --jgrapht-max-n to measure it at the target size)");
      }
      cases.addAll(fileCases);
      FloydWarshallBench.Options tropicOptions = new FloydWarshallBench.Options(config.fw().warmupRuns(),
          config.fw().runs(), config.fw().checkSources(), false);
      for (GraphCase c : cases) {
        Arithmetic path = FloydWarshallBench.arithmeticFor(c.graph(), config.fwArithmetic());
        List<FwResult> tropicRuns = new ArrayList<>();
        List<PeerResult> rows = PeerBench.run(solver, c, path, config.fwThreads(), tropicOptions, peerOptions,
            kernelRate(kernelResults, path, config.fwThreads()), tropicRuns);
        for (PeerResult p : rows) {
          out.printf(Locale.ROOT, "# peer %s on %s: %s%n", p.peer(), c.name(), p.ran()
              ? String.format(Locale.ROOT, "%.3f s vs Tropic %.3f s = %.1fx, %s", p.peerSeconds(),
                  p.tropicSeconds(), p.speedup(), p.agreement().summary())
              : "skipped: " + p.skipped());
        }
        peerResults.addAll(rows);
        fwResults.addAll(tropicRuns);
      }
    }

    List<TargetCheck> targets = TargetCheck.evaluate(kernelResults, fwResults, peerResults);
    BenchResults results = new BenchResults(environment, clocks, peaks, kernelResults, fwResults, peerResults,
        targets, notes);
    out.println();
    out.print(BenchReport.text(results));
    if (config.jsonOut() != null) {
      try {
        BenchReport.writeJson(results, config.jsonOut());
        out.println("\nJSON written to " + config.jsonOut());
      } catch (IOException e) {
        String why = String.valueOf(e.getMessage());
        throw new UncheckedIOException(why.contains(config.jsonOut().getFileName().toString()) ? why
            : "cannot write " + config.jsonOut() + ": " + why, e);
      }
    }
    return results;
  }

  /**
   * The cores a peak for {@code threads} threads counts: threads beyond the processors only take turns on them, so
   * {@code --threads 8} on 2 cores had a peak of 8 cores and reported a quarter of the real share of it.
   */
  static int peakCores(int threads, int processors) {
    return Math.min(threads, processors);
  }

  /** The kernel's median rate for a path and thread count, NaN if it was not measured. */
  static double kernelRate(List<KernelResult> kernels, Arithmetic arithmetic, int threads) {
    for (KernelResult k : kernels) {
      if (k.arithmetic() == arithmetic && k.threads() == threads) {
        return k.gflops().median();
      }
    }
    return Double.NaN;
  }

  private static PeerBench.Options peerOptions(BenchConfig config, PrintStream out) {
    List<String> why = new ArrayList<>();
    Optional<ScipyPeer> scipy = ScipyPeer.find(config.python(), why);
    String missing = scipy.isPresent() ? ""
        : "no Python with SciPy found (tried " + String.join("; ", why) + "); install python3-scipy or pass --python";
    out.println("# scipy: " + scipy.map(s -> s.version() + " via " + s.python()).orElse(missing));
    return new PeerBench.Options(scipy, missing, config.scipyMaxN(), config.jgraphtMaxN(), config.samplePairs(),
        config.peerTimeoutSeconds());
  }

  private static List<GraphCase> readGraphs(List<Path> files) {
    List<GraphCase> cases = new ArrayList<>();
    for (Path file : files) {
      try {
        cases.add(new GraphCase(GraphFiles.describe(file), GraphFiles.read(file)));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read graph " + file + ": " + e.getMessage(), e);
      }
    }
    return cases;
  }

  private static void printFw(PrintStream out, FwResult f) {
    out.printf(Locale.ROOT, "# all pairs %s (%s, %d threads): %.3f s, %.1f GFLOP/s%s, %s%n", f.graph(),
        f.arithmetic().label(), f.threads(), f.seconds().median(), f.gflops().median(),
        Double.isNaN(f.fractionOfKernel()) ? "" : String.format(Locale.ROOT, " (%.1f%% of kernel)",
            100 * f.fractionOfKernel()),
        f.check() == null ? f.checkNote() : f.check().summary());
  }

  /**
   * How much of the in-cache kernel rate memory leaves a solve whose matrix exceeds the last-level cache, next to
   * the largest such solve's share of the kernel: on the development VM Floyd–Warshall at n = 8192 ran at about the
   * rate of the kernel with its C tiles and B panels streamed from memory, so that is the limit its share meets.
   */
  private static Optional<String> memoryNote(MinPlusKernels kernels, List<FwResult> fwResults) {
    Optional<FwResult> largest = fwResults.stream()
        .filter(f -> !Double.isNaN(f.fractionOfKernel())
            && (long) f.n() * f.n() * Float.BYTES > BlockSizeModel.lastLevelCacheBytes())
        .max(Comparator.comparingInt(FwResult::n));
    return largest.map(f -> {
      double efficiency = BlockSizeModel.forMachine(kernels).memoryEfficiency(f.arithmetic());
      return String.format(Locale.ROOT, "memory: with C tiles and B panels streamed from memory (2x the %d MiB "
          + "last-level cache), the %s kernel ran at %.2fx its in-cache rate on all cores; FW at n=%d reached "
          + "%.1f%% of the in-cache kernel, %.1f%% of the streamed one", BlockSizeModel.lastLevelCacheBytes() >> 20,
          f.arithmetic().label(), efficiency, f.n(), 100 * f.fractionOfKernel(),
          100 * f.fractionOfKernel() / efficiency);
    });
  }
}
