package org.tropic.sparse;

/**
 * Which way a graph's arcs lie in a {@link BlockCoo}. Kernels parallelise over block rows and never write a row from
 * two threads, so the orientation decides which products are race-free: {@link #TRANSPOSE} computes "pull" products
 * {@code y[v] = Σ over arcs u→v of w·x[u]} — what BFS frontiers, PageRank and centralities need.
 */
public enum Orientation {
  /** Row u, column v holds the arc u→v (the adjacency matrix A). */
  ADJACENCY,
  /** Row v, column u holds the arc u→v (Aᵀ, in-arcs by row). */
  TRANSPOSE
}
