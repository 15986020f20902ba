package org.tropic.apsp;

/**
 * What a user asks of an APSP run: the algorithm ({@link Algorithm#AUTO} to let the planner choose), the
 * Floyd–Warshall options (block size, threads, arithmetic, lookahead; threads apply to Dijkstra too) and the memory
 * the run may use.
 *
 * @param parts the number of parts for partitioned APSP; 0 lets its cost model choose
 * @param memoryBudgetBytes bytes the result and the solver's working memory may take; 0 means what the JVM can
 *     still allocate
 */
public record ApspRequest(Algorithm algorithm, FloydWarshallOptions floydWarshall, int parts,
    long memoryBudgetBytes) {

  public ApspRequest {
    if (parts < 0) {
      throw new IllegalArgumentException("parts must be ≥ 0 (0 = automatic), got " + parts);
    }
  }

  public static ApspRequest defaults() {
    return new ApspRequest(Algorithm.AUTO, FloydWarshallOptions.defaults(), 0, 0);
  }

  public ApspRequest withAlgorithm(Algorithm a) {
    return new ApspRequest(a, floydWarshall, parts, memoryBudgetBytes);
  }

  public ApspRequest withFloydWarshall(FloydWarshallOptions options) {
    return new ApspRequest(algorithm, options, parts, memoryBudgetBytes);
  }

  public ApspRequest withParts(int k) {
    return new ApspRequest(algorithm, floydWarshall, k, memoryBudgetBytes);
  }

  /** The partitioned solver's options that follow from this request. */
  PartitionedOptions partitionedOptions() {
    return new PartitionedOptions(parts, floydWarshall.threads(), floydWarshall.arithmetic(),
        PartitionedOptions.Recursion.WHEN_CHEAPER);
  }
}
