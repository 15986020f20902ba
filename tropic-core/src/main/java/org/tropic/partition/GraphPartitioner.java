package org.tropic.partition;

import org.tropic.graph.Graph;

/**
 * Splits a graph into parts joined by few arcs. Partitioned APSP is exact for any partition; a good one (small cut,
 * balanced parts) only makes it fast. {@link MetisPartitioner} is the one to use.
 */
@FunctionalInterface
public interface GraphPartitioner {

  /**
   * A partition of {@code graph} into at most {@code parts} parts (some may be empty).
   *
   * @param parts the number of parts wanted, ≥ 1
   */
  Partition partition(Graph graph, int parts);
}
