package org.tropic.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.tropic.semiring.Arithmetic;

/**
 * Turns {@code tropic bench} command-line options into a {@link BenchConfig}. Kept free of any CLI library so the
 * {@code tropic} command can hand its remaining arguments straight over and {@link BenchMain} can run alone.
 */
public final class BenchArgs {
  /** The option summary printed by {@code --help}. */
  public static final String USAGE = """
      Usage: tropic bench [options]
      Measures the min-plus kernel against the machine's peak, end-to-end Floyd-Warshall against the kernel, and
      Tropic against SciPy and JGraphT on the same graphs; prints a table (and JSON with --json).
      Lists are comma-separated. Exit codes: 0 done, 1 a result was wrong (kernel, solver or peer disagreed),
      2 bad options.

        --parts LIST              kernel,fw,peers (default: all three; the clock is always measured)
        --quick                   tiny sizes and few repetitions: a smoke run of every part in seconds
                                  (options after it override its settings)
        --scalar                  time the scalar reference kernels instead of the best ones
      kernel:
        --arithmetic LIST         exact-float,nonnegative-float,int32 (default: all)
        --threads LIST            thread counts (default: 1 and all cores)
        --kernel-size N           m = n = k of each thread's panels (default 256, stays in L2)
        --kernel-warmup N         untimed rounds (default 3)
        --kernel-rounds N         timed rounds, median reported (default 7)
        --round-ms N              length of one kernel round in ms (default 200)
      peak:
        --clock-ghz X             use this clock instead of measuring it
        --clock-rounds N          timed rounds of the clock probe (default 5)
        --float-flops-per-cycle N per core, exact-float path (default 32)
        --int-flops-per-cycle N   per core, non-negative float and int32 paths (default 64)
      end to end:
        --sizes LIST              n of the random graphs (default 4096,8192)
        --graph FILE              also run a graph file (.mtx or edge list, .gz allowed); repeatable
        --fw-threads N            threads of the solver (default: all cores)
        --fw-arithmetic PATH      auto (default), exact-float, nonnegative-float or int32
        --fw-warmup N             untimed solves (default 1)
        --fw-runs N               timed solves, median reported (default 3)
        --check-sources N         rows checked against Dijkstra (default 4)
        --no-memory               do not measure memory
        --block-size N            tile size of the blocked solver (default 0: the cost model chooses)
        --no-lookahead            turn off the solver's lookahead
        --degree N                out-degree of random graphs (default 16)
        --weights KIND            real (default) or integer
        --seed N                  seed of random graphs (default 42)
      peers:
        --peer-n N                n of the random graph for SciPy and JGraphT (default 4000)
        --scipy-max-n N           largest n SciPy runs at (default 8192)
        --jgrapht-max-n N         largest n JGraphT runs at (default 2000; a graph of this n is added if smaller)
        --samples N               pairs compared with each peer (default 1000)
        --python PATH             Python with SciPy (default: python3 on PATH, then /usr/bin/python3)
        --peer-timeout S          limit of one SciPy run in seconds (default 3600)
      output:
        --json FILE               also write the results as JSON
        --help                    this text
      """;

  /** Options that take a value; the rest of the names are flags. */
  static final Set<String> VALUE_OPTIONS = Set.of(
      "--parts", "--arithmetic", "--threads", "--kernel-size", "--kernel-warmup", "--kernel-rounds", "--round-ms",
      "--clock-ghz", "--clock-rounds", "--float-flops-per-cycle", "--int-flops-per-cycle", "--sizes", "--graph",
      "--fw-threads", "--fw-arithmetic", "--fw-warmup", "--fw-runs", "--check-sources", "--block-size", "--degree",
      "--weights", "--seed", "--peer-n", "--scipy-max-n", "--jgrapht-max-n", "--samples", "--python",
      "--peer-timeout", "--json");

  private BenchArgs() {}

  /**
   * Parses options; {@code --help} is not handled here (see {@link BenchMain}).
   *
   * @throws IllegalArgumentException naming the option and value that are wrong
   */
  public static BenchConfig parse(String... args) {
    BenchConfig.Builder b = BenchConfig.builder();
    BenchConfig defaults = b.build();
    KernelOptions kernel = KernelOptions.of(defaults.kernel());
    FwOptions fw = FwOptions.of(defaults.fw());
    List<Path> graphs = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      String name = arg;
      String value = null;
      int eq = arg.indexOf('=');
      if (arg.startsWith("--") && eq > 0) {
        name = arg.substring(0, eq);
        value = arg.substring(eq + 1);
      }
      if (isFlag(name)) {
        if (value != null) {
          throw new IllegalArgumentException("option " + name + " takes no value, got '" + arg + "'");
        }
        switch (name) {
          case "--quick" -> {
            b.kernelThreads(List.of(1)).fwSizes(List.of(192)).peerSize(160).jgraphtMaxN(160).clockRounds(1)
                .samplePairs(100).blockSize(64);
            kernel = new KernelOptions(64, 1, 2, 20);
            fw = new FwOptions(0, 1, 2, true);
          }
          case "--scalar" -> b.scalarKernels(true);
          case "--no-memory" -> fw = fw.withMemory(false);
          case "--no-lookahead" -> b.lookahead(false);
          default -> throw new IllegalStateException(name);
        }
        continue;
      }
      if (!VALUE_OPTIONS.contains(name)) {
        throw new IllegalArgumentException("unknown option '" + arg + "' (see --help)");
      }
      if (value == null) {
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException("option " + name + " needs a value");
        }
        value = args[++i];
      }
      String v = value;
      String option = name;
      switch (option) {
        case "--parts" -> b.parts(parts(v));
        case "--arithmetic" -> b.kernelArithmetics(list(name, v, Arithmetic::ofLabel));
        case "--threads" -> b.kernelThreads(list(option, v, s -> positive(option, s)));
        case "--kernel-size" -> kernel = kernel.withSize(positive(name, v));
        case "--kernel-warmup" -> kernel = kernel.withWarmup(nonNegative(name, v));
        case "--kernel-rounds" -> kernel = kernel.withRounds(positive(name, v));
        case "--round-ms" -> kernel = kernel.withMillis(positive(name, v));
        case "--clock-ghz" -> b.clockGhz(positiveReal(name, v));
        case "--clock-rounds" -> b.clockRounds(positive(name, v));
        case "--float-flops-per-cycle" -> b.floatFlopsPerCycle(positive(name, v));
        case "--int-flops-per-cycle" -> b.intFlopsPerCycle(positive(name, v));
        case "--sizes" -> b.fwSizes(list(option, v, s -> positive(option, s)));
        case "--graph" -> graphs.add(Path.of(v));
        case "--fw-threads" -> b.fwThreads(positive(name, v));
        case "--fw-arithmetic" -> b.fwArithmetic(v.equals("auto") ? null : wrap(name, v, Arithmetic::ofLabel));
        case "--fw-warmup" -> fw = fw.withWarmup(nonNegative(name, v));
        case "--fw-runs" -> fw = fw.withRuns(positive(name, v));
        case "--check-sources" -> fw = fw.withCheckSources(nonNegative(name, v));
        case "--block-size" -> b.blockSize(nonNegative(name, v));
        case "--degree" -> b.degree(nonNegative(name, v));
        case "--weights" -> b.weights(wrap(name, v, RandomGraphs.Weights::ofLabel));
        case "--seed" -> b.seed(wrap(name, v, Long::parseLong));
        case "--peer-n" -> b.peerSize(positive(name, v));
        case "--scipy-max-n" -> b.scipyMaxN(nonNegative(name, v));
        case "--jgrapht-max-n" -> b.jgraphtMaxN(nonNegative(name, v));
        case "--samples" -> b.samplePairs(positive(name, v));
        case "--python" -> b.python(v);
        case "--peer-timeout" -> b.peerTimeoutSeconds(positive(name, v));
        case "--json" -> b.jsonOut(Path.of(v));
        default -> throw new IllegalArgumentException("unknown option '" + arg + "' (see --help)");
      }
    }
    return b.graphFiles(graphs).kernel(kernel.toOptions()).fw(fw.toOptions()).build();
  }

  /** Whether the arguments ask for the usage text. */
  public static boolean wantsHelp(String... args) {
    return List.of(args).contains("--help") || List.of(args).contains("-h");
  }

  private static boolean isFlag(String name) {
    return switch (name) {
      case "--quick", "--scalar", "--no-memory", "--no-lookahead" -> true;
      default -> false;
    };
  }

  private static Set<BenchPart> parts(String v) {
    return EnumSet.copyOf(list("--parts", v, BenchPart::ofLabel));
  }

  private static <T> List<T> list(String option, String v, Function<String, T> parse) {
    List<T> values = new ArrayList<>();
    for (String item : v.split(",")) {
      if (!item.isBlank()) {
        values.add(wrap(option, item.strip(), parse));
      }
    }
    if (values.isEmpty()) {
      throw new IllegalArgumentException("option " + option + " needs at least one value, got '" + v + "'");
    }
    return values;
  }

  private static <T> T wrap(String option, String v, Function<String, T> parse) {
    try {
      return parse.apply(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + option + ": '" + v + "' is not a number", e);
    } catch (IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("option ")) {
        throw e;
      }
      throw new IllegalArgumentException("option " + option + ": " + e.getMessage(), e);
    }
  }

  private static int positive(String option, String v) {
    int n = wrap(option, v, Integer::parseInt);
    if (n < 1) {
      throw new IllegalArgumentException("option " + option + " must be at least 1, got " + v);
    }
    return n;
  }

  private static int nonNegative(String option, String v) {
    int n = wrap(option, v, Integer::parseInt);
    if (n < 0) {
      throw new IllegalArgumentException("option " + option + " must not be negative, got " + v);
    }
    return n;
  }

  private static double positiveReal(String option, String v) {
    double x = wrap(option, v, Double::parseDouble);
    if (!(x > 0) || Double.isInfinite(x)) {
      throw new IllegalArgumentException("option " + option + " must be a positive number, got " + v);
    }
    return x;
  }

  /** Kernel options being assembled (the record validates only when complete). */
  private record KernelOptions(int size, int warmup, int rounds, int millis) {
    static KernelOptions of(KernelBench.Options o) {
      return new KernelOptions(o.size(), o.warmupRounds(), o.rounds(), o.roundMillis());
    }

    KernelOptions withSize(int v) {
      return new KernelOptions(v, warmup, rounds, millis);
    }

    KernelOptions withWarmup(int v) {
      return new KernelOptions(size, v, rounds, millis);
    }

    KernelOptions withRounds(int v) {
      return new KernelOptions(size, warmup, v, millis);
    }

    KernelOptions withMillis(int v) {
      return new KernelOptions(size, warmup, rounds, v);
    }

    KernelBench.Options toOptions() {
      return new KernelBench.Options(size, warmup, rounds, millis);
    }
  }

  /** End-to-end options being assembled. */
  private record FwOptions(int warmup, int runs, int checkSources, boolean memory) {
    static FwOptions of(FloydWarshallBench.Options o) {
      return new FwOptions(o.warmupRuns(), o.runs(), o.checkSources(), o.measureMemory());
    }

    FwOptions withWarmup(int v) {
      return new FwOptions(v, runs, checkSources, memory);
    }

    FwOptions withRuns(int v) {
      return new FwOptions(warmup, v, checkSources, memory);
    }

    FwOptions withCheckSources(int v) {
      return new FwOptions(warmup, runs, v, memory);
    }

    FwOptions withMemory(boolean v) {
      return new FwOptions(warmup, runs, checkSources, v);
    }

    FloydWarshallBench.Options toOptions() {
      return new FloydWarshallBench.Options(warmup, runs, checkSources, memory);
    }
  }
}
