package org.tropic.sparse;

/** How vertices are renumbered before a {@link BlockCoo} is built; the permutation is kept to map answers back. */
public enum VertexOrder {
  /** Keep the graph's ids. */
  NONE,
  /** Reverse Cuthill–McKee on the symmetrised graph: a small bandwidth, non-zeros clustered near the diagonal. */
  RCM
}
