package org.tropic.bench.gpu;

import org.tropic.bench.CommandLines;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of {@link GpuBench}, read by picocli from {@link Options}.
 *
 * @param srgemmSide m = n of the timed SRGEMM
 * @param srgemmDepth k of the timed SRGEMM
 * @param checkSide m = n of the SRGEMM checked element by element against the CPU
 * @param fwMaxN the largest n of the end-to-end Floyd–Warshall (the largest that fits is used up to it)
 * @param cpuN n of the CPU comparison (CPU and GPU on the same graph)
 * @param block the GPU tile side (0: the default rule)
 * @param streams offload streams
 * @param threads CPU threads (0: all)
 * @param seed seed of the random inputs (default: the clock, so each run is fresh)
 */
record GpuBenchArgs(int srgemmSide, int srgemmDepth, int checkSide, int fwMaxN, int cpuN, int block, int streams,
    int threads, long seed) {

  /** The usage text printed by {@code --help} and after a bad option. */
  static final String USAGE = CommandLines.usage(new Options());

  /**
   * Reads the options and checks the SRGEMM shapes the kernels need.
   *
   * @throws IllegalArgumentException naming the option and value that are wrong
   */
  static GpuBenchArgs parse(String[] args) {
    Options o = new Options();
    CommandLines.parse(o, args);
    requireMultiple("--srgemm-side", o.srgemmSide, 128);
    requireMultiple("--check-side", o.checkSide, 128);
    requireMultiple("--srgemm-k", o.srgemmDepth, 16);
    return new GpuBenchArgs(o.srgemmSide, o.srgemmDepth, o.checkSide, o.fwMaxN, o.cpuN, o.block, o.streams,
        o.threads, o.seed);
  }

  private static void requireMultiple(String option, int value, int of) {
    if (value <= 0 || value % of != 0) {
      throw new IllegalArgumentException("Invalid value for option '" + option + "': must be a positive multiple of "
          + of + ", got " + value);
    }
  }

  int effectiveThreads() {
    return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
  }

  /** The command line as picocli sees it. */
  @Command(name = "GpuBench", customSynopsis = "GpuBench [options]", sortOptions = false)
  static final class Options {
    @Option(order = 1, names = "--srgemm-side", paramLabel = "N",
        description = "m = n of the timed SRGEMM, a multiple of 128 (default: 16384)")
    int srgemmSide = 16_384;

    @Option(order = 2, names = "--srgemm-k", paramLabel = "K",
        description = "k of the timed SRGEMM, a multiple of 16 (default: 1024)")
    int srgemmDepth = 1024;

    @Option(order = 3, names = "--check-side", paramLabel = "N",
        description = "m = n of the SRGEMM checked element by element against the CPU, a multiple of 128 "
            + "(default: 4096)")
    int checkSide = 4096;

    @Option(order = 4, names = "--fw-max-n", paramLabel = "N",
        description = "largest n of the end-to-end Floyd–Warshall; the largest that fits is used up to it "
            + "(default: 65536)")
    int fwMaxN = 65_536;

    @Option(order = 5, names = "--cpu-n", paramLabel = "N",
        description = "n of the CPU comparison, CPU and GPU on the same graph (default: 8192)")
    int cpuN = 8192;

    @Option(order = 6, names = "--block", paramLabel = "B", description = "GPU tile side"
        + " (default: 0, the default rule)")
    int block;

    @Option(order = 7, names = "--streams", paramLabel = "S", description = "offload streams (default: 3)")
    int streams = 3;

    @Option(order = 8, names = "--threads", paramLabel = "T", description = "CPU threads (default: 0, all)")
    int threads;

    @Option(order = 9, names = "--seed", paramLabel = "N",
        description = "seed of the random inputs (default: the clock, so each run is fresh)")
    long seed = System.nanoTime();

    @Option(order = 10, names = {"-h", "--help"}, usageHelp = true, description = "this text")
    boolean help;
  }
}
