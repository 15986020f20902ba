package org.tropic.apsp;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;
import org.tropic.semiring.PackedPanel;

/**
 * Chooses the Floyd–Warshall tile size b from kernel rates measured on this machine, in this JVM, the first time
 * they are needed (about 100 ms per arithmetic path). For each candidate b (a multiple of 32, so micro-kernel blocks
 * are never ragged) the model predicts
 *
 * <pre>
 *   T(b) = max( 2·(⌈n/b⌉·b)³ / (S(P)·rate(b)) · imbalance,  ⌈n/b⌉ · (closure(b) + 2·multiply(b)) )
 * </pre>
 *
 * the larger of the padded work spread over P threads (with the tail of ⌈n/b⌉² tasks per iteration that does not
 * divide evenly among P) and the critical path of diagonal closures and panel updates that lookahead cannot hide.
 * S(P) ≤ P is the {@link #speedup} measured with all cores multiplying at once.
 * Large b runs the kernel from L2 less well and lengthens the critical path; small b pays more per-task overhead in
 * rate(b). The measured rates are also what the planner uses to estimate time. Where the matrix exceeds the
 * last-level cache, the bulk term is divided by the {@link #memoryEfficiency}: C tiles and B panels then come from
 * memory, which the in-cache rates do not see.
 *
 * <p>Candidates whose outer-product task does not fit one core's L2 (A panel, B panel and C tile: 3·b²·4 bytes) are
 * not chosen where the L2 size is known: the calibration multiplies one tile set over and over, in cache, and cannot
 * see the overflow. On the 2-core development VM (1 MiB L2) b = 320 (1.2 MB) predicted within 5% of b = 256 and was
 * picked, yet solved n = 8192 in 3.63–3.75 s against 3.29–3.39 s for b = 256.
 */
public final class BlockSizeModel {
  static final int[] CANDIDATES = {32, 64, 96, 128, 192, 256, 320, 384, 512};
  /** Predicted times this close to the best count as a tie, which the larger tile wins. */
  static final double TIE_TOLERANCE = 0.05;
  /** Interleaved passes over the candidates; each candidate keeps its best pass. */
  private static final int PASSES = 3;
  /** The longest {@link #warmUp} runs, still compiling: a bound its callers' estimates can name. */
  public static final double WARM_UP_SECONDS = 2.5;
  private static final Map<MinPlusKernels, BlockSizeModel> MODELS = new ConcurrentHashMap<>();
  private static volatile Path cacheFolder;

  private final MinPlusKernels kernels;
  /** Where measurements are kept between JVMs, or {@code null}: measured in each. */
  private final CalibrationCache cache;
  private final Map<Arithmetic, Rates> rates = new EnumMap<>(Arithmetic.class);
  private final Map<Arithmetic, Double> memoryEfficiency = new EnumMap<>(Arithmetic.class);
  /** The paths whose kernels the JIT has compiled in this JVM, by a calibration or {@link #warmUp(Arithmetic)}. */
  private final Set<Arithmetic> warm = EnumSet.noneOf(Arithmetic.class);

  private BlockSizeModel(MinPlusKernels kernels, CalibrationCache cache) {
    this.kernels = kernels;
    this.cache = cache;
  }

  /**
   * The model for these kernels on this machine, calibrated lazily once per JVM, or read from the folder given to
   * {@link #keepCalibrationsIn} where a fresh measurement of this machine is kept there.
   */
  public static BlockSizeModel forMachine(MinPlusKernels kernels) {
    return MODELS.computeIfAbsent(kernels, k -> new BlockSizeModel(k, cacheFolder == null ? null
        : new CalibrationCache(cacheFolder, k)));
  }

  /**
   * Keeps the models' measurements in {@code folder} (one file per machine signature, see {@link CalibrationCache})
   * and reads them from there, for the models {@link #forMachine} makes from now on: the command line sets it once,
   * before any plan; library users who set nothing measure in every JVM.
   */
  public static void keepCalibrationsIn(Path folder) {
    cacheFolder = folder;
  }

  /** A model of its own, not yet calibrated: for tests of what calibrating costs a plan. */
  static BlockSizeModel uncalibrated(MinPlusKernels kernels) {
    return new BlockSizeModel(kernels, null);
  }

  /** A model of its own that keeps its measurements in {@code cache}. */
  static BlockSizeModel cached(MinPlusKernels kernels, CalibrationCache cache) {
    return new BlockSizeModel(kernels, cache);
  }

  /**
   * Whether the rates for {@code arithmetic} are measured, here or in the cache: a prediction for it then costs
   * nothing more.
   */
  public synchronized boolean calibrated(Arithmetic arithmetic) {
    if (!rates.containsKey(arithmetic)) {
      stored(arithmetic).ifPresent(r -> rates.put(arithmetic, r));
    }
    return rates.containsKey(arithmetic);
  }

  /**
   * The largest tile size whose predicted time is within 5% ({@link #TIE_TOLERANCE}) of the smallest. Rates measured
   * on a b × b tile in cache flatter small tiles: in a real solve their C tiles come from memory at twice the bytes
   * per flop of tiles twice as large, and there are more tasks to hand out. On this 2-core VM b = 128 and 256 measured
   * within 3% of each other, and noise picked 128 in 8 of 10 fresh JVMs, though 256 solved n = 8192 10% faster.
   */
  public int choose(int n, int threads, Arithmetic arithmetic) {
    return choose(n, threads, arithmetic, false);
  }

  /** As {@link #choose(int, int, Arithmetic)}, for a solve on the upper triangle of tiles when {@code symmetric}. */
  public int choose(int n, int threads, Arithmetic arithmetic, boolean symmetric) {
    return choose(n, threads, arithmetic, symmetric, b -> true);
  }

  /**
   * As {@link #choose(int, int, Arithmetic, boolean)}, among the tile sizes that {@code allowed} accepts only: the
   * planner's those whose tiles and panels fit the heap. A tile of 384 or 512 floats a side is humongous in G1's
   * 1 MiB regions and takes 1.8–2× its bytes, so the fastest size can need far more heap than a slower one.
   *
   * @return the chosen size, or 0 if {@code allowed} accepts none of the candidates (n > 128)
   */
  public int choose(int n, int threads, Arithmetic arithmetic, boolean symmetric, IntPredicate allowed) {
    if (n <= 128) {
      return Math.max(32, (n + 31) / 32 * 32); // one tile: nothing to schedule, no calibration worth its time
    }
    int usable = usableCandidates(CpuCaches.L2_BYTES);
    double[] predicted = new double[usable];
    double bestTime = Double.POSITIVE_INFINITY;
    for (int c = 0; c < usable; c++) {
      predicted[c] = allowed.test(CANDIDATES[c]) ? predictSeconds(n, threads, arithmetic, CANDIDATES[c], symmetric)
          : Double.POSITIVE_INFINITY;
      bestTime = Math.min(bestTime, predicted[c]);
    }
    if (bestTime == Double.POSITIVE_INFINITY) {
      return 0;
    }
    for (int c = usable - 1; c >= 0; c--) {
      if (predicted[c] <= bestTime * (1 + TIE_TOLERANCE)) {
        return CANDIDATES[c];
      }
    }
    throw new AssertionError("the best candidate is within the tolerance of itself");
  }

  /** The tile sizes {@link #choose} considers on this machine, smallest first. */
  static int[] usableCandidates() {
    return Arrays.copyOf(CANDIDATES, usableCandidates(CpuCaches.L2_BYTES));
  }

  /**
   * How many of the {@link #CANDIDATES}, smallest first, keep one outer-product task's A, B and C (3·b²·4 bytes)
   * within an L2 of {@code l2Bytes}; all of them if the size is unknown (0), and always the smallest.
   */
  static int usableCandidates(long l2Bytes) {
    int usable = 1;
    while (usable < CANDIDATES.length
        && (l2Bytes <= 0 || 3L * CANDIDATES[usable] * CANDIDATES[usable] * Float.BYTES <= l2Bytes)) {
      usable++;
    }
    return usable;
  }

  /** Predicted solve time in seconds for n vertices, tile size b. */
  public double predictSeconds(int n, int threads, Arithmetic arithmetic, int b) {
    return predictSeconds(n, threads, arithmetic, b, false);
  }

  /** As above; a symmetric solve has a task per tile on or above the diagonal, not per tile. */
  public double predictSeconds(int n, int threads, Arithmetic arithmetic, int b, boolean symmetric) {
    return predictSeconds(n, threads, arithmetic, b, symmetric, 1);
  }

  /**
   * As above, for a graph whose sparsity leaves {@code timeShare} of a dense solve's time ({@link PanelFill}); the
   * critical path of diagonal and panel tiles is taken as dense.
   */
  public double predictSeconds(int n, int threads, Arithmetic arithmetic, int b, boolean symmetric,
      double timeShare) {
    Rates r = ratesFor(arithmetic);
    int index = indexOf(b);
    double multiplyRate = index >= 0 ? r.multiply[index] : r.multiply[nearestIndex(b)];
    double closureRate = index >= 0 ? r.closure[index] : r.closure[nearestIndex(b)];
    long tiles = (n + b - 1) / b;
    double tileWork = 2.0 * b * b * b;
    double tasksPerIteration = symmetric ? tiles * (tiles + 1) / 2.0 : (double) tiles * tiles;
    double imbalance = Math.ceil(tasksPerIteration / threads) / (tasksPerIteration / threads);
    int busy = (int) Math.min(threads, tasksPerIteration);
    // the ragged last tile row and column are multiplied at their occupied size, not padded to b
    double occupied = Math.pow((double) n / (tiles * b), 3);
    double bulk = tiles * tasksPerIteration * tileWork * occupied * timeShare
        / (speedup(arithmetic, busy) * multiplyRate) * imbalance;
    if (TiledDistanceMatrix.storageBytes(n, b, symmetric) > lastLevelCacheBytes()) {
      bulk /= memoryEfficiency(arithmetic);
    }
    double critical = tiles * (tileWork / closureRate + 2 * tileWork / multiplyRate);
    return Math.max(bulk, critical);
  }

  /**
   * All cores' multiply rate on b = 256 tiles when each task's C tile and B panel come from memory, over the same
   * rate in cache: what a Floyd–Warshall solve whose matrix exceeds the last-level cache gets of the in-cache rates.
   * Measured once per arithmetic path, the first time a prediction needs it (0.1–0.2 s and 2 × the last-level
   * cache of memory). On the 2-core development VM Floyd–Warshall at n = 8192 runs at 94–98% of this streamed
   * rate. It read 0.81–0.89 for nonnegative-float and int32 until the kernel came to sweep C along its rows
   * (twelfth session), and 0.89–0.93 since; 0.94–0.97 for exact-float. In [0.25, 1]; 1 where the heap cannot spare
   * the memory.
   */
  public double memoryEfficiency(Arithmetic arithmetic) {
    synchronized (memoryEfficiency) {
      return memoryEfficiency.computeIfAbsent(arithmetic, a -> {
        Optional<Double> stored = cache == null ? Optional.empty()
            : cache.get(a, "memory-efficiency").map(v -> CalibrationCache.split(v, 1)).map(v -> v[0]);
        if (stored.isPresent()) {
          return stored.get();
        }
        double measured = measureMemoryEfficiency(a);
        if (cache != null) {
          cache.put(a, "memory-efficiency", Double.toString(measured));
        }
        return measured;
      });
    }
  }

  /** The measured single-thread multiply rate in flop/s (2 per update) for the candidate closest to b. */
  public double multiplyRate(Arithmetic arithmetic, int b) {
    return ratesFor(arithmetic).multiply[nearestIndex(b)];
  }

  /**
   * How many times one thread's rate {@code threads} threads reach together. It is measured with every core
   * multiplying at once, because all-core clocks and shared caches and execution units keep it below the thread
   * count. Below all cores it is interpolated linearly. More threads than cores add nothing.
   */
  public double speedup(Arithmetic arithmetic, int threads) {
    Rates r = ratesFor(arithmetic);
    return speedup(threads, r.cores(), r.allCoresEfficiency());
  }

  /**
   * The speedup of {@code threads} threads on {@code cores} cores whose all-core efficiency (all cores' rate over
   * {@code cores} times one's) is {@code efficiency}, at least 1/cores: from 1 on one thread to cores × efficiency on
   * all, linearly. Interpolating the efficiency per thread instead made the speedup fall towards all cores where it
   * was low (4 cores at 0.25: 1.5 on 3 threads, 1.0 on 4), so the planner would have predicted more threads slower.
   */
  static double speedup(int threads, int cores, double efficiency) {
    int t = Math.max(1, Math.min(threads, cores));
    if (cores == 1) {
      return 1;
    }
    double gained = Math.max(0, cores * efficiency - 1); // at 1/cores exactly, the product may round below 1
    return 1 + gained * (t - 1) / (cores - 1);
  }

  private synchronized Rates ratesFor(Arithmetic arithmetic) {
    return rates.computeIfAbsent(arithmetic, a -> stored(a).orElseGet(() -> {
      Rates measured = measure(a);
      if (cache != null) {
        cache.put(a, "multiply", CalibrationCache.join(measured.multiply()), "closure",
            CalibrationCache.join(measured.closure()), "all-cores-efficiency",
            Double.toString(measured.allCoresEfficiency()));
      }
      return measured;
    }));
  }

  /**
   * Has the JIT compile the kernels of {@code arithmetic} in this JVM, unless a calibration here already did: rates
   * read from the cache spare the measurements, not the compilation, which is most of a calibration's time. A solve
   * started on kernels still interpreted (about 1000× slower) pays it in its first tiles, unseen by the estimate's
   * start-up ({@link ColdStart}, measured after a calibration): hep-th by fw took 19 s once that way against 3–17 s
   * after one, on a heavily loaded 2-core VM. The planner calls it for the plans that run the kernels.
   */
  public synchronized void warmUp(Arithmetic arithmetic) {
    if (!warm.contains(arithmetic)) {
      warmUp(arithmetic, new Random(1));
      warm.add(arithmetic);
    }
  }

  /** Whether the kernels of {@code arithmetic} have been compiled in this JVM by this model. */
  public synchronized boolean warm(Arithmetic arithmetic) {
    return warm.contains(arithmetic);
  }

  /** The rates the cache holds for {@code arithmetic}, if any, whole and well formed. */
  private Optional<Rates> stored(Arithmetic arithmetic) {
    if (cache == null) {
      return Optional.empty();
    }
    double[] multiply = cache.get(arithmetic, "multiply").map(v -> CalibrationCache.split(v, CANDIDATES.length))
        .orElse(null);
    double[] closure = cache.get(arithmetic, "closure").map(v -> CalibrationCache.split(v, CANDIDATES.length))
        .orElse(null);
    double[] efficiency = cache.get(arithmetic, "all-cores-efficiency").map(v -> CalibrationCache.split(v, 1))
        .orElse(null);
    if (multiply == null || closure == null || efficiency == null || efficiency[0] > 1) {
      return Optional.empty();
    }
    return Optional.of(new Rates(multiply, closure, Runtime.getRuntime().availableProcessors(), efficiency[0]));
  }

  /**
   * Each candidate's rates, the best of {@value #PASSES} short timings taken in interleaved passes over all
   * candidates. A neighbour on a shared machine only ever slows a timing down, so the best is the machine's rate;
   * interleaving keeps one burst of interference from marking down a single candidate (one 4 ms timing each had
   * swung the choice between b = 96, 128 and 256 from one JVM to the next).
   */
  private Rates measure(Arithmetic arithmetic) {
    Random random = new Random(1);
    double[] multiply = new double[CANDIDATES.length];
    double[] closure = new double[CANDIDATES.length];
    warmUp(arithmetic, random);
    warm.add(arithmetic);
    for (int pass = 0; pass < PASSES; pass++) {
      for (int c = 0; c < CANDIDATES.length; c++) {
        multiply[c] = Math.max(multiply[c], timeMultiply(arithmetic, CANDIDATES[c], random, 0.002));
        closure[c] = Math.max(closure[c], timeClosure(arithmetic, CANDIDATES[c], random, 0.001));
      }
    }
    int cores = Runtime.getRuntime().availableProcessors();
    return new Rates(multiply, closure, cores, allCoresEfficiency(arithmetic, cores));
  }

  /**
   * All cores' multiply rate over the thread count times one thread's, both at b = 256: each the best of
   * {@value #PASSES} rounds measured back to back, for the same reason as {@link #measure}. Kept within
   * [1/cores, 1]. (The median of three ratios, used before, still swung between 1.0 and 2.0 on 2 cores from one JVM
   * to the next: one disturbed all-core round is enough to halve a ratio.)
   */
  private double allCoresEfficiency(Arithmetic arithmetic, int cores) {
    if (cores == 1) {
      return 1;
    }
    double single = 0;
    double all = 0;
    for (int round = 0; round < PASSES; round++) {
      single = Math.max(single, timeMultiply(arithmetic, 256, new Random(round), 0.01));
      all = Math.max(all, allCoresRate(arithmetic, cores));
    }
    return Math.clamp(all / (cores * single), 1.0 / cores, 1.0);
  }

  /** The summed multiply rate of one thread per core, all started together, each on its own tiles in cache. */
  private double allCoresRate(Arithmetic arithmetic, int cores) {
    return allCoresRate(cores, slot -> timeMultiply(arithmetic, 256, new Random(slot), 0.01));
  }

  /** The sum of {@code rateOfCore} over one thread per core, all started together. */
  private static double allCoresRate(int cores, IntToDoubleFunction rateOfCore) {
    double[] rates = new double[cores];
    CountDownLatch start = new CountDownLatch(1);
    Thread[] helpers = new Thread[cores - 1];
    for (int t = 1; t < cores; t++) {
      int slot = t;
      helpers[t - 1] = Thread.ofPlatform().daemon().name("tropic-calibrate-" + t).start(() -> {
        awaitQuietly(start);
        rates[slot] = rateOfCore.applyAsDouble(slot);
      });
    }
    start.countDown();
    rates[0] = rateOfCore.applyAsDouble(0);
    for (Thread helper : helpers) {
      try {
        helper.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return rates[0] * cores; // no measurement: assume linear scaling, as before there was one
      }
    }
    return Arrays.stream(rates).sum();
  }

  /** The last-level cache in bytes, as read from sysfs; 32 MiB, a common L3, where it cannot be read. */
  public static long lastLevelCacheBytes() {
    return CpuCaches.LAST_LEVEL_BYTES > 0 ? CpuCaches.LAST_LEVEL_BYTES : 32L << 20;
  }

  /**
   * Each core sweeps its own C tiles and B panels, together twice the last-level cache, with one A panel per 16
   * tiles as Floyd–Warshall's row-by-row order reuses it; the best of {@value #PASSES} sweeps against the best of
   * {@value #PASSES} in-cache all-core rounds.
   */
  private double measureMemoryEfficiency(Arithmetic arithmetic) {
    int cores = Runtime.getRuntime().availableProcessors();
    int b = 256;
    long pairBytes = 2L * b * b * Float.BYTES;
    long spare = Runtime.getRuntime().maxMemory() / 8;
    int sets = (int) Math.min(Math.max(2 * lastLevelCacheBytes() / (pairBytes * cores), 16), 256);
    if ((long) sets * pairBytes * cores > spare) {
      return 1; // a heap this small holds no matrix larger than the cache anyway
    }
    ratesFor(arithmetic); // compiled kernels first
    Streamed[] perCore = new Streamed[cores];
    for (int t = 0; t < cores; t++) {
      perCore[t] = new Streamed(arithmetic, b, sets, t);
    }
    double streamed = 0;
    double inCache = 0;
    for (int pass = 0; pass < PASSES; pass++) {
      streamed = Math.max(streamed, allCoresRate(cores, t -> perCore[t].sweepRate()));
      inCache = Math.max(inCache, allCoresRate(arithmetic, cores));
    }
    return Math.clamp(streamed / inCache, 0.25, 1.0);
  }

  /** One core's working set for {@link #measureMemoryEfficiency}: C tiles and packed B panels from memory. */
  private final class Streamed {
    private final Arithmetic arithmetic;
    private final int b;
    private final float[][] c;
    private final PackedPanel[] right;
    private final PackedPanel[] left;

    Streamed(Arithmetic arithmetic, int b, int sets, int seed) {
      this.arithmetic = arithmetic;
      this.b = b;
      Random random = new Random(seed);
      float[] tile = randomTile(arithmetic, b, random);
      c = new float[sets][];
      right = new PackedPanel[sets];
      left = new PackedPanel[(sets + 15) / 16];
      for (int s = 0; s < sets; s++) {
        c[s] = tile.clone();
        right[s] = kernels.packRight(arithmetic, b, b, tile, 0, b);
      }
      for (int s = 0; s < left.length; s++) {
        left[s] = kernels.packLeft(arithmetic, b, b, randomTile(arithmetic, b, random), 0, b);
      }
    }

    /** The rate of one sweep over the tiles, after one untimed sweep that evicts what setting up left cached. */
    double sweepRate() {
      sweep();
      long start = System.nanoTime();
      sweep();
      return 2.0 * b * b * b * c.length / ((System.nanoTime() - start) / 1e9);
    }

    private void sweep() {
      for (int s = 0; s < c.length; s++) {
        kernels.multiplyMin(arithmetic, left[s / 16], right[s], c[s], 0, b);
      }
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Runs both kernels until the JIT has compiled them, so that no candidate is timed in the interpreter: the Vector
   * API runs about 1000× slower before C2 compiles the micro-kernel. (A fixed 30 ms warm-up left every candidate
   * below 512 timed at ~0.1 GFLOP/s in a cold JVM; the model then always chose b = 512 and predicted times 1000×
   * too long.) Large calls reach the compile thresholds quickly but may run on-stack-replaced code while small calls
   * still enter the interpreted method, so warmth is judged on small calls: three successive b = 32 rates within
   * 25% of each other (a shared machine is noisy) after at least 0.2 s. At most 2.5 s.
   */
  private void warmUp(Arithmetic arithmetic, Random random) {
    long start = System.nanoTime();
    double previous = 0;
    int steady = 0;
    while (true) {
      timeMultiply(arithmetic, 256, random, 0.01);
      timeClosure(arithmetic, 128, random, 0.005);
      double rate = Math.min(timeMultiply(arithmetic, 32, random, 0.005),
          timeClosure(arithmetic, 32, random, 0.005));
      double elapsed = (System.nanoTime() - start) / 1e9;
      steady = previous > 0 && Math.abs(rate - previous) <= 0.25 * previous ? steady + 1 : 0;
      if (steady >= 2 && elapsed >= 0.2 || elapsed >= WARM_UP_SECONDS) {
        return;
      }
      previous = rate;
    }
  }

  private double timeMultiply(Arithmetic arithmetic, int b, Random random, double seconds) {
    float[] a = randomTile(arithmetic, b, random);
    float[] c = randomTile(arithmetic, b, random);
    PackedPanel left = kernels.packLeft(arithmetic, b, b, a, 0, b);
    PackedPanel right = kernels.packRight(arithmetic, b, b, randomTile(arithmetic, b, random), 0, b);
    long start = System.nanoTime();
    long repetitions = 0;
    long elapsed;
    do {
      kernels.multiplyMin(arithmetic, left, right, c, 0, b);
      repetitions++;
      elapsed = System.nanoTime() - start;
    } while (elapsed < seconds * 1e9);
    return 2.0 * b * b * b * repetitions / (elapsed / 1e9);
  }

  private double timeClosure(Arithmetic arithmetic, int b, Random random, double seconds) {
    float[] t = randomTile(arithmetic, b, random);
    long start = System.nanoTime();
    long repetitions = 0;
    long elapsed;
    do {
      kernels.closure(arithmetic, b, t, 0, b);
      repetitions++;
      elapsed = System.nanoTime() - start;
    } while (elapsed < seconds * 1e9);
    return 2.0 * b * b * b * repetitions / (elapsed / 1e9);
  }

  private static float[] randomTile(Arithmetic arithmetic, int b, Random random) {
    float[] t = new float[b * b];
    for (int i = 0; i < t.length; i++) {
      t[i] = arithmetic.encode(random.nextInt(1000));
    }
    for (int i = 0; i < b; i++) {
      t[i * b + i] = arithmetic.encode(0f);
    }
    return t;
  }

  private static int indexOf(int b) {
    for (int i = 0; i < CANDIDATES.length; i++) {
      if (CANDIDATES[i] == b) {
        return i;
      }
    }
    return -1;
  }

  private static int nearestIndex(int b) {
    int best = 0;
    for (int i = 1; i < CANDIDATES.length; i++) {
      if (Math.abs(CANDIDATES[i] - b) < Math.abs(CANDIDATES[best] - b)) {
        best = i;
      }
    }
    return best;
  }

  /**
   * One arithmetic path's measurements: single-thread rates per candidate b, and how well all cores scale.
   *
   * @param allCoresEfficiency all cores' rate over cores × one thread's
   */
  private record Rates(double[] multiply, double[] closure, int cores, double allCoresEfficiency) {}
}
