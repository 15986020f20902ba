/**
 * All-pairs shortest paths: blocked Floyd–Warshall on the tile kernels, Dijkstra from every source (with Johnson's
 * reweighting), the planner that picks between them, {@link org.tropic.apsp.DistanceMatrix} and path queries.
 */
package org.tropic.apsp;
