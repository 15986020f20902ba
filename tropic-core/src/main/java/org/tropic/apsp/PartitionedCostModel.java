package org.tropic.apsp;

import java.util.Objects;
import org.tropic.semiring.Arithmetic;
import org.tropic.semiring.MinPlusKernels;

/**
 * Predicts the time of {@link PartitionedApsp} from the partition alone (component and boundary sizes) and the
 * kernel rates {@link BlockSizeModel} measured on this machine, so a planner can weigh it against Floyd–Warshall
 * and Dijkstra before anything is solved. With components of sizes s<sub>i</sub>, boundaries b<sub>i</sub>,
 * n = Σ s<sub>i</sub> and B = Σ b<sub>i</sub>:
 *
 * <ul>
 *   <li>step 1: Σ FW(s<sub>i</sub>), components run side by side on the threads;
 *   <li>step 2: FW(B) on all threads (recursion can only lower it, so this is an upper bound);
 *   <li>steps 3–4: B·Σ s<sub>i</sub>b<sub>i</sub> + n·Σ b<sub>j</sub>s<sub>j</sub> min-plus updates at the kernel
 *       rate for inner dimensions of about B/k;
 *   <li>writing the n² output three times (allocate, fill, decode) at a nominal memory bandwidth.
 * </ul>
 */
public final class PartitionedCostModel {
  /** Bytes per second one thread streams when filling the output; several threads share the memory bus. */
  static final double BANDWIDTH_PER_THREAD = 4e9;
  static final int MEMORY_BOUND_THREADS = 8;

  private PartitionedCostModel() {}

  /** The predicted time for {@code report}'s partition; see the class comment. */
  public static double estimateSeconds(PartitionReport report, int threads, Arithmetic arithmetic,
      MinPlusKernels kernels) {
    return estimateSeconds(report.componentSizes(), report.boundarySizes(), threads, arithmetic, kernels);
  }

  /**
   * The predicted time in seconds for components of the given sizes and boundary sizes.
   *
   * @return +∞ if a component is too large for the block layout ({@link #MAX_COMPONENT} vertices)
   */
  public static double estimateSeconds(int[] componentSizes, int[] boundarySizes, int threads,
      Arithmetic arithmetic, MinPlusKernels kernels) {
    Objects.requireNonNull(arithmetic, "arithmetic");
    if (componentSizes.length != boundarySizes.length || threads < 1) {
      throw new IllegalArgumentException(componentSizes.length + " component sizes, " + boundarySizes.length
          + " boundary sizes, " + threads + " threads");
    }
    BlockSizeModel model = BlockSizeModel.forMachine(kernels);
    int k = componentSizes.length;
    long n = 0;
    long boundary = 0;
    double stepOneTotal = 0;
    double stepOneLongest = 0;
    int concurrent = Math.max(1, Math.min(k, threads));
    int threadsPerComponent = Math.max(1, threads / concurrent);
    double boundaryWeighted = 0;
    for (int c = 0; c < k; c++) {
      int s = componentSizes[c];
      if (s > MAX_COMPONENT) {
        return Double.POSITIVE_INFINITY;
      }
      n += s;
      boundary += boundarySizes[c];
      double t = floydWarshallSeconds(model, s, threadsPerComponent, arithmetic);
      stepOneTotal += t;
      stepOneLongest = Math.max(stepOneLongest, t);
      boundaryWeighted += (double) s * boundarySizes[c];
    }
    double stepOne = Math.max(stepOneTotal / concurrent, stepOneLongest);
    double stepTwo = boundary == 0 ? 0 : floydWarshallSeconds(model, (int) boundary, threads, arithmetic);
    double updates = boundary * boundaryWeighted + n * boundaryWeighted;
    int innerDimension = (int) Math.max(32, Math.min(512, boundary / Math.max(1, k)));
    double stepFour = updates == 0 ? 0
        : 2 * updates / (model.multiplyRate(arithmetic, innerDimension) * threads);
    double output = 3.0 * 4 * n * n / (BANDWIDTH_PER_THREAD * Math.min(threads, MEMORY_BOUND_THREADS));
    return stepOne + stepTwo + stepFour + output;
  }

  /** The largest component the block layout holds: one block of s² floats must fit a Java array. */
  public static final int MAX_COMPONENT = 46_340;

  static double floydWarshallSeconds(BlockSizeModel model, int n, int threads, Arithmetic arithmetic) {
    if (n == 0) {
      return 0;
    }
    return model.predictSeconds(n, threads, arithmetic, model.choose(n, threads, arithmetic));
  }

  /** The min-plus updates steps 3–4 perform: B·Σ s<sub>i</sub>b<sub>i</sub> + n·Σ b<sub>j</sub>s<sub>j</sub>. */
  static long crossUpdates(int[] componentSizes, int[] boundarySizes) {
    long n = 0;
    long boundary = 0;
    long weighted = 0;
    for (int c = 0; c < componentSizes.length; c++) {
      n += componentSizes[c];
      boundary += boundarySizes[c];
      weighted += (long) componentSizes[c] * boundarySizes[c];
    }
    return (boundary + n) * weighted;
  }
}
