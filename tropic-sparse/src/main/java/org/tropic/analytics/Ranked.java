package org.tropic.analytics;

/**
 * A vertex and its score in a ranking.
 *
 * @param vertex original vertex id
 * @param name the vertex's label, or its id in decimal
 * @param score the score it is ranked by
 */
public record Ranked(int vertex, String name, double score) {}
