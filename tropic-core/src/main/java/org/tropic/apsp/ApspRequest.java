package org.tropic.apsp;

/**
 * What a user asks of an APSP run: the algorithm ({@link Algorithm#AUTO} to let the planner choose), the
 * Floyd–Warshall options (block size, threads, arithmetic, lookahead; threads apply to Dijkstra too) and the memory
 * the run may use.
 *
 * @param memoryBudgetBytes bytes the result and the solver's working memory may take; 0 means what the JVM can
 *     still allocate
 */
public record ApspRequest(Algorithm algorithm, FloydWarshallOptions floydWarshall, long memoryBudgetBytes) {

  public static ApspRequest defaults() {
    return new ApspRequest(Algorithm.AUTO, FloydWarshallOptions.defaults(), 0);
  }

  public ApspRequest withAlgorithm(Algorithm a) {
    return new ApspRequest(a, floydWarshall, memoryBudgetBytes);
  }

  public ApspRequest withFloydWarshall(FloydWarshallOptions options) {
    return new ApspRequest(algorithm, options, memoryBudgetBytes);
  }
}
