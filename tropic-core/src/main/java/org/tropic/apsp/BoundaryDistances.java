package org.tropic.apsp;

/**
 * The exact distances between all boundary vertices (step 2's result, Lemma 1 of IPDPS'14), indexed by boundary
 * index and read row by row in the solve's storage form.
 */
interface BoundaryDistances {

  /** Copies the stored row of boundary vertex {@code i} (every boundary column, in boundary-index order). */
  void copyStoredRow(int i, float[] dst, int offset);

  /** How the boundary graph was partitioned in turn, or {@code null} if it was closed directly. */
  PartitionReport partition();
}
