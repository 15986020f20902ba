package org.tropic.apsp;

import org.tropic.semiring.Arithmetic;

/**
 * The planner's decision, printed before a run starts.
 *
 * @param algorithm the algorithm that will run
 * @param arithmetic the arithmetic path (Floyd–Warshall), or {@code null} for Dijkstra and batched Bellman–Ford
 * @param blockSize the Floyd–Warshall tile size, batched Bellman–Ford's targets per batch, or 0
 * @param threads worker threads
 * @param estimatedSeconds predicted solve time of the chosen algorithm
 * @param estimatedBytes predicted peak memory of the result and working set
 * @param floydWarshallSeconds predicted Floyd–Warshall time (for the report)
 * @param dijkstraSeconds predicted Dijkstra-from-all time (for the report); NaN where not estimated
 * @param batchedSeconds predicted batched Bellman–Ford time (for the report); NaN where not estimated
 * @param partitionedSeconds predicted partitioned time (for the report); NaN where METIS is missing or not tried
 * @param partitioned the partition a partitioned run will use, or {@code null}
 * @param reason one line on why this algorithm
 * @param device where it runs: {@code cpu}, or the {@link ApspBackend#device()} of a back end
 * @param deviceNote one line on the device choice (e.g. why no GPU is used), or empty
 */
public record ApspPlan(Algorithm algorithm, Arithmetic arithmetic, int blockSize, int threads,
    double estimatedSeconds, long estimatedBytes, double floydWarshallSeconds, double dijkstraSeconds,
    double batchedSeconds, double partitionedSeconds, PartitionedApsp.Prepared partitioned, String reason,
    String device, String deviceNote) {

  /** The device label of plans that run on this machine's CPU. */
  public static final String CPU = "cpu";

  /** Whether this plan runs on the CPU. */
  public boolean onCpu() {
    return CPU.equals(device);
  }

  /** The same plan with another reason (a caller that narrowed the choice says how). */
  public ApspPlan withReason(String why) {
    return new ApspPlan(algorithm, arithmetic, blockSize, threads, estimatedSeconds, estimatedBytes,
        floydWarshallSeconds, dijkstraSeconds, batchedSeconds, partitionedSeconds, partitioned, why, device,
        deviceNote);
  }

  /** The same plan with a device note added (the planner explains a fallback this way). */
  public ApspPlan withDeviceNote(String note) {
    return new ApspPlan(algorithm, arithmetic, blockSize, threads, estimatedSeconds, estimatedBytes,
        floydWarshallSeconds, dijkstraSeconds, batchedSeconds, partitionedSeconds, partitioned, reason, device,
        note);
  }
}
