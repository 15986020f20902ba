package org.tropic.discovery;

import org.tropic.kg.EdgeKind;

/**
 * One edge of a discovered path with the evidence behind it.
 *
 * @param from the node id the step leaves
 * @param to the node id it reaches
 * @param kind the edge's kind
 * @param relation the curated relation, or {@code null} for literature edges
 * @param weight the edge's similarity in (0, 1]
 * @param length its length on the path (−log weight, or 1 for a curated edge)
 * @param count its evidence count (predications, occurrences, citations; 0 for curated edges, which have none)
 * @param firstYear the first year it is evidenced, 0 if unknown
 */
public record PathStep(String from, String to, EdgeKind kind, String relation, float weight, float length,
    long count, int firstYear) {
  /** Whether the edge is curated: it has a relation and no evidence count (its 0 is "none", not "zero"). */
  public boolean curated() {
    return relation != null;
  }
}
