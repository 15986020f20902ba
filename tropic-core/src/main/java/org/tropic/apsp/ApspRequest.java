package org.tropic.apsp;

/**
 * What a user asks of an APSP run: the algorithm ({@link Algorithm#AUTO} to let the planner choose), the
 * Floyd–Warshall options (block size, threads, arithmetic, lookahead; threads apply to Dijkstra too), the memory
 * the run may use, and the device it may run on.
 *
 * @param parts the number of parts for partitioned APSP; 0 lets its cost model choose
 * @param memoryBudgetBytes bytes the result and the solver's working memory may take; 0 means what the JVM can
 *     still allocate
 * @param device where to compute; {@link Device#AUTO} lets the planner use a GPU back end when one is present
 * @param checkpoint where Floyd–Warshall on the CPU saves its state and resumes from, or {@code null} for none
 */
public record ApspRequest(Algorithm algorithm, FloydWarshallOptions floydWarshall, int parts,
    long memoryBudgetBytes, Device device, FloydWarshallCheckpoint checkpoint) {

  /** A request without a checkpoint. */
  public ApspRequest(Algorithm algorithm, FloydWarshallOptions floydWarshall, int parts, long memoryBudgetBytes,
      Device device) {
    this(algorithm, floydWarshall, parts, memoryBudgetBytes, device, null);
  }

  public ApspRequest {
    if (parts < 0) {
      throw new IllegalArgumentException("parts must be ≥ 0 (0 = automatic), got " + parts);
    }
    if (device == null) {
      throw new IllegalArgumentException("device must be auto, cpu or gpu, not null");
    }
    if (checkpoint != null && (algorithm != Algorithm.FW || device != Device.CPU)) {
      throw new IllegalArgumentException("a checkpoint is saved by Floyd–Warshall on the CPU only, not by "
          + algorithm.label() + " on " + device);
    }
  }

  public static ApspRequest defaults() {
    return new ApspRequest(Algorithm.AUTO, FloydWarshallOptions.defaults(), 0, 0, Device.CPU);
  }

  public ApspRequest withAlgorithm(Algorithm a) {
    return new ApspRequest(a, floydWarshall, parts, memoryBudgetBytes, device, checkpoint);
  }

  public ApspRequest withFloydWarshall(FloydWarshallOptions options) {
    return new ApspRequest(algorithm, options, parts, memoryBudgetBytes, device, checkpoint);
  }

  public ApspRequest withParts(int k) {
    return new ApspRequest(algorithm, floydWarshall, k, memoryBudgetBytes, device, checkpoint);
  }

  public ApspRequest withDevice(Device d) {
    return new ApspRequest(algorithm, floydWarshall, parts, memoryBudgetBytes, d, checkpoint);
  }

  /** This request saving Floyd–Warshall's state to {@code c} and resuming from it ({@code null}: none). */
  public ApspRequest withCheckpoint(FloydWarshallCheckpoint c) {
    return new ApspRequest(algorithm, floydWarshall, parts, memoryBudgetBytes, device, c);
  }

  /** The partitioned solver's options that follow from this request. */
  PartitionedOptions partitionedOptions() {
    return new PartitionedOptions(parts, floydWarshall.threads(), floydWarshall.arithmetic(),
        PartitionedOptions.Recursion.WHEN_CHEAPER, floydWarshall.symmetry());
  }
}
