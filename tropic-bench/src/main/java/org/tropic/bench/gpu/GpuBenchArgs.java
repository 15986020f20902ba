package org.tropic.bench.gpu;

/**
 * The options of {@link GpuBench}, as {@code --name value} pairs.
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

  static GpuBenchArgs parse(String[] args) {
    int srgemmSide = 16_384;
    int srgemmDepth = 1024;
    int checkSide = 4096;
    int fwMaxN = 65_536;
    int cpuN = 8192;
    int block = 0;
    int streams = 3;
    int threads = 0;
    long seed = System.nanoTime();
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(name + " needs a value");
      }
      String value = args[++i];
      switch (name) {
        case "--srgemm-side" -> srgemmSide = Integer.parseInt(value);
        case "--srgemm-k" -> srgemmDepth = Integer.parseInt(value);
        case "--check-side" -> checkSide = Integer.parseInt(value);
        case "--fw-max-n" -> fwMaxN = Integer.parseInt(value);
        case "--cpu-n" -> cpuN = Integer.parseInt(value);
        case "--block" -> block = Integer.parseInt(value);
        case "--streams" -> streams = Integer.parseInt(value);
        case "--threads" -> threads = Integer.parseInt(value);
        case "--seed" -> seed = Long.parseLong(value);
        default -> throw new IllegalArgumentException("unknown option " + name + " (--srgemm-side, --srgemm-k,"
            + " --check-side, --fw-max-n, --cpu-n, --block, --streams, --threads, --seed)");
      }
    }
    for (int side : new int[] {srgemmSide, checkSide}) {
      if (side <= 0 || side % 128 != 0) {
        throw new IllegalArgumentException("SRGEMM sides must be positive multiples of 128, got " + side);
      }
    }
    if (srgemmDepth <= 0 || srgemmDepth % 16 != 0) {
      throw new IllegalArgumentException("--srgemm-k must be a positive multiple of 16, got " + srgemmDepth);
    }
    return new GpuBenchArgs(srgemmSide, srgemmDepth, checkSide, fwMaxN, cpuN, block, streams, threads, seed);
  }

  int effectiveThreads() {
    return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
  }
}
