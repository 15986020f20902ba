/**
 * All-pairs shortest paths: blocked Floyd–Warshall on the tile kernels, batched Bellman–Ford with a batch of targets
 * in SIMD lanes, Dijkstra from every source (with Johnson's reweighting), METIS-partitioned APSP, the planner that
 * picks between them, {@link org.tropic.apsp.DistanceMatrix} and path queries.
 */
package org.tropic.apsp;
