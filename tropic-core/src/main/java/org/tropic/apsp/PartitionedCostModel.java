package org.tropic.apsp;

import java.util.Objects;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Predicts the time of {@link PartitionedApsp} from the partition alone (component and boundary sizes) and the
 * kernel rate {@link BlockSizeModel} measured on this machine, so a planner can weigh it against Floyd–Warshall
 * and Dijkstra before anything is solved. With components of sizes s<sub>i</sub>, boundaries b<sub>i</sub>,
 * n = Σ s<sub>i</sub>, B = Σ b<sub>i</sub> and R the kernel's per-thread rate:
 *
 * <ul>
 *   <li>step 1: Σ 2s<sub>i</sub>³ / (R·e<sub>FW</sub>), the components side by side on the threads;
 *   <li>step 2: 2B³ / (R·e<sub>FW</sub>) on all the threads its tiles can keep busy (recursion can only lower it,
 *       so this is an upper bound);
 *   <li>steps 3–4: (B + n)·Σ s<sub>i</sub>b<sub>i</sub> updates, 2 flops each, at R·d/(d + 16) for an inner
 *       dimension d = B/k (short k loops spend more time loading and storing C);
 *   <li>the n² output allocated (first touch: page faults and zeroing) in step 1, then filled and updated in steps
 *       3–4 at a nominal memory bandwidth.
 * </ul>
 *
 * Threads multiply R by the measured {@link BlockSizeModel#speedup} S(P) ≤ P rather than by P. On a symmetric graph
 * steps 1 and 2 solve the upper triangle of tiles only: T(T + 1)/2 of T² tiles for T tiles a side.
 *
 * <p>R is the best rate measured over the tile-size candidates: a rate is only ever lowered by other work on the
 * machine, so the best is the least disturbed, and one descheduled measurement cannot inflate a prediction 100×.
 */
public final class PartitionedCostModel {
  /**
   * Bytes per second one thread allocates fresh memory at, page faults and zeroing included. On the 2-core
   * development VM, as-22july06's 2.1 GB output took 0.85–1.2 s to allocate on 2 threads in a heap that was not
   * pre-touched, and 0.55–0.7 s in one that was.
   */
  static final double FIRST_TOUCH_PER_THREAD = 1e9;
  /**
   * Bytes per second one thread streams when filling and updating the output; several threads share the memory bus.
   * Measured on the same VM and graph, without pre-touch: steps 3–4 took 1.3 s longer than with 4 GB/s, because
   * their first writes still fault pages in. With a pre-touched heap this overestimates them.
   */
  static final double BANDWIDTH_PER_THREAD = 1.2e9;
  static final int MEMORY_BOUND_THREADS = 8;
  /** Blocked Floyd–Warshall's rate relative to the multiply kernel (closures, panels, scheduling). */
  static final double FLOYD_WARSHALL_EFFICIENCY = 0.7;

  private PartitionedCostModel() {}

  /**
   * A prediction phase by phase, in seconds, matching the phases {@link PartitionedTimings} measures: step 1 with
   * allocating the output, step 2, and steps 3–4 with filling it.
   */
  public record Estimate(double components, double boundary, double products) {
    public double total() {
      return components + boundary + products;
    }
  }

  /** The predicted time for {@code report}'s partition, phase by phase; see the class comment. */
  public static Estimate estimate(PartitionReport report, int threads, Arithmetic arithmetic,
      MinPlusKernels kernels, boolean symmetric) {
    return estimate(report.componentSizes(), report.boundarySizes(), threads, arithmetic, kernels, symmetric);
  }

  /**
   * The predicted time for components of the given sizes and boundary sizes, phase by phase; every phase +∞ if a
   * component is too large for the row-block layout ({@link PartitionedDistanceMatrix#fits}).
   */
  public static Estimate estimate(int[] componentSizes, int[] boundarySizes, int threads, Arithmetic arithmetic,
      MinPlusKernels kernels, boolean symmetric) {
    Objects.requireNonNull(arithmetic, "arithmetic");
    if (componentSizes.length != boundarySizes.length || threads < 1) {
      throw new IllegalArgumentException(componentSizes.length + " component sizes, " + boundarySizes.length
          + " boundary sizes, " + threads + " threads");
    }
    double rate = kernelRate(kernels, arithmetic);
    BlockSizeModel model = BlockSizeModel.forMachine(kernels);
    int k = componentSizes.length;
    long n = 0;
    long boundary = 0;
    double stepOneTotal = 0;
    double stepOneLongest = 0;
    int concurrent = Math.max(1, Math.min(k, threads));
    int threadsEach = Math.max(1, threads / concurrent);
    long vertices = 0;
    for (int s : componentSizes) {
      vertices += s;
    }
    for (int c = 0; c < k; c++) {
      int s = componentSizes[c];
      if (!PartitionedDistanceMatrix.fits(s, (int) Math.min(Integer.MAX_VALUE, vertices))) {
        double never = Double.POSITIVE_INFINITY;
        return new Estimate(never, never, never);
      }
      n += s;
      boundary += boundarySizes[c];
      double t = floydWarshallSeconds(s, threadsEach, rate, model, arithmetic, symmetric);
      stepOneTotal += t;
      stepOneLongest = Math.max(stepOneLongest, t);
    }
    // concurrent solves of threadsEach threads share the cores: together they reach S(concurrent · threadsEach),
    // not concurrent · S(threadsEach)
    double sharing = concurrent * model.speedup(arithmetic, threadsEach)
        / model.speedup(arithmetic, concurrent * threadsEach);
    double stepOne = Math.max(stepOneTotal / concurrent * sharing, stepOneLongest);
    double stepTwo = floydWarshallSeconds(boundary, threads, rate, model, arithmetic, symmetric);
    double inner = (double) boundary / Math.max(1, k);
    double stepFour = 2.0 * crossUpdates(componentSizes, boundarySizes)
        / (rate * inner / (inner + 16) * model.speedup(arithmetic, threads));
    double allocate = allocateSeconds(n, threads);
    double output = outputSeconds(n, threads) - allocate;
    // allocation falls in step 1 (components allocate their row blocks), the two passes that fill the output
    // in steps 3–4
    return new Estimate(stepOne + allocate, stepTwo, (boundary == 0 ? 0 : stepFour) + output);
  }

  /** Allocating the n² output: first touch, page faults and zeroing, over the memory-bound threads. */
  static double allocateSeconds(long n, int threads) {
    return 4.0 * n * n / (FIRST_TOUCH_PER_THREAD * Math.min(threads, MEMORY_BOUND_THREADS));
  }

  /**
   * The part of the estimate no kernel rate enters: allocating the n² output, then filling and updating it (two
   * passes at the nominal bandwidth). A lower bound on the whole estimate, known before calibrating or partitioning.
   */
  static double outputSeconds(long n, int threads) {
    return allocateSeconds(n, threads)
        + 2 * 4.0 * n * n / (BANDWIDTH_PER_THREAD * Math.min(threads, MEMORY_BOUND_THREADS));
  }

  /** The Floyd–Warshall estimate the boundary solver weighs recursion against, on the same terms. */
  static double floydWarshallSeconds(MinPlusKernels kernels, Arithmetic arithmetic, long n, int threads,
      boolean symmetric) {
    return floydWarshallSeconds(n, threads, kernelRate(kernels, arithmetic), BlockSizeModel.forMachine(kernels),
        arithmetic, symmetric);
  }

  /**
   * 2n³ flops at the kernel rate times the FW efficiency, sped up by as many threads as 128-wide tiles keep busy
   * ({@link BlockSizeModel#speedup}).
   */
  private static double floydWarshallSeconds(long n, int threads, double rate, BlockSizeModel model,
      Arithmetic arithmetic, boolean symmetric) {
    if (n == 0) { // no boundary vertex: nothing to solve, and the upper triangle's share of no tile would be NaN
      return 0;
    }
    double tiles = Math.ceil(n / 128.0);
    double solved = symmetric ? (tiles + 1) / (2 * tiles) : 1; // the share of tiles with tasks
    int busy = (int) Math.max(1, Math.min(threads, tiles * tiles * solved));
    return solved * 2.0 * n * n * n / (rate * FLOYD_WARSHALL_EFFICIENCY * model.speedup(arithmetic, busy));
  }

  /** The best single-thread multiply rate measured for this arithmetic, in flop/s. */
  static double kernelRate(MinPlusKernels kernels, Arithmetic arithmetic) {
    BlockSizeModel model = BlockSizeModel.forMachine(kernels);
    double best = 0;
    for (int b : BlockSizeModel.CANDIDATES) {
      best = Math.max(best, model.multiplyRate(arithmetic, b));
    }
    return best;
  }

  /**
   * The min-plus updates steps 3–4 perform: B·Σ s<sub>i</sub>b<sub>i</sub> for the distances to the boundary, and
   * Σ s<sub>i</sub>b<sub>j</sub>s<sub>j</sub> over components i with a boundary for the products.
   */
  static long crossUpdates(int[] componentSizes, int[] boundarySizes) {
    long boundary = 0;
    long weighted = 0;
    long leaving = 0;
    for (int c = 0; c < componentSizes.length; c++) {
      boundary += boundarySizes[c];
      weighted += (long) componentSizes[c] * boundarySizes[c];
      leaving += boundarySizes[c] > 0 ? componentSizes[c] : 0;
    }
    return (boundary + leaving) * weighted;
  }
}
