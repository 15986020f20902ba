package org.tropic.apsp;

/**
 * What a user asks of an APSP run: the algorithm ({@link Algorithm#AUTO} to let the planner choose), the
 * Floyd–Warshall options (block size, threads, arithmetic, lookahead; threads apply to Dijkstra too), the memory
 * the run may use, and the device it may run on.
 *
 * @param memoryBudgetBytes bytes the result and the solver's working memory may take; 0 means what the JVM can
 *     still allocate
 * @param device where to compute; {@link Device#AUTO} lets the planner use a GPU back end when one is present
 */
public record ApspRequest(Algorithm algorithm, FloydWarshallOptions floydWarshall, long memoryBudgetBytes,
    Device device) {

  public ApspRequest {
    if (device == null) {
      throw new IllegalArgumentException("device must be auto, cpu or gpu, not null");
    }
  }

  /** A CPU-only request, as before devices existed. */
  public ApspRequest(Algorithm algorithm, FloydWarshallOptions floydWarshall, long memoryBudgetBytes) {
    this(algorithm, floydWarshall, memoryBudgetBytes, Device.CPU);
  }

  public static ApspRequest defaults() {
    return new ApspRequest(Algorithm.AUTO, FloydWarshallOptions.defaults(), 0);
  }

  public ApspRequest withAlgorithm(Algorithm a) {
    return new ApspRequest(a, floydWarshall, memoryBudgetBytes, device);
  }

  public ApspRequest withFloydWarshall(FloydWarshallOptions options) {
    return new ApspRequest(algorithm, options, memoryBudgetBytes, device);
  }

  public ApspRequest withDevice(Device d) {
    return new ApspRequest(algorithm, floydWarshall, memoryBudgetBytes, d);
  }
}
