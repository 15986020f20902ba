package org.tropic.partition;

/**
 * The part of METIS 5 that Tropic uses: multilevel k-way partitioning (Karypis &amp; Kumar, JPDC 48(1), 1998),
 * the partitioner of the partitioned APSP algorithm (Djidjev, Chapuis et al., IPDPS'14 §III-B). Obtain it with
 * {@link MetisLibrary#load()}.
 */
public interface Metis {

  /**
   * {@code METIS_PartGraphKway} with unit vertex and edge weights, the default imbalance (3%), minimising the
   * edge cut, and a fixed random seed so that the same input gives the same partition.
   *
   * @param graph the undirected graph, at least one edge
   * @param parts k, between 2 and the vertex count
   * @param seed METIS's random seed
   * @return the part of each vertex and the number of edges cut
   * @throws IllegalStateException if METIS reports an error
   */
  KwayPartition partGraphKway(SymmetricAdjacency graph, int parts, int seed);

  /**
   * A METIS k-way result.
   *
   * @param partOf the part of each vertex, {@code 0..parts-1}
   * @param edgeCut the number of undirected edges whose ends lie in different parts
   */
  record KwayPartition(int[] partOf, int edgeCut) {}
}
