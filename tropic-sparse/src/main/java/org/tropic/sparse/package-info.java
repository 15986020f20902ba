/**
 * The blocked-COO sparse matrix of HPC-KG ({@link org.tropic.sparse.BlockCoo}: 16-bit in-block indices, optional
 * float32 values), its element and vertex orderings, and the multithreaded SpMV/SpMM kernels over the (+,×),
 * (min,+) and boolean (or,and) semirings that every analytic in {@code org.tropic.analytics} is composed of.
 */
package org.tropic.sparse;
