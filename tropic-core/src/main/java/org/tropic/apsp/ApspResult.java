package org.tropic.apsp;

/**
 * A finished APSP run.
 *
 * @param distances the distances, in memory
 * @param plan what ran
 * @param solveSeconds wall time of the solve alone (no input or output)
 */
public record ApspResult(DistanceMatrix distances, ApspPlan plan, double solveSeconds) {

  /** Min-plus updates per second as GFLOP/s (2 flops per update, 2n³ for Floyd–Warshall). */
  public double floydWarshallGflops() {
    double n = distances.size();
    return solveSeconds > 0 ? 2 * n * n * n / solveSeconds / 1e9 : 0;
  }
}
