/**
 * The partitioned APSP benchmark: partitioned APSP against blocked Floyd–Warshall and Dijkstra from every source on
 * the graphs it is meant for (power grids, a 2D mesh, a road network), timed in one run ({@link
 * org.tropic.bench.partition.PartitionedBench}).
 */
package org.tropic.bench.partition;
