/**
 * Graph analytics as short compositions of the sparse products of {@code org.tropic.sparse} (HPC-KG §2.2–2.4):
 * shallow (neighbours, degrees), deep (BFS levels, k-hop neighbourhoods, weighted traversal from seeds) and wide
 * (eigenvector, PageRank, Katz and subgraph centrality; the spectrum range by Lanczos), all over a
 * {@link org.tropic.analytics.SparseGraph} and answering in the graph's original vertex ids.
 */
package org.tropic.analytics;
