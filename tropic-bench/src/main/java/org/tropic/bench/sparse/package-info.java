/**
 * {@link org.tropic.bench.sparse.SparseBench}: SpMV and BFS on BlockCoo against a plain CSR SpMV in Java, the
 * machine's STREAM-style copy bandwidth and (when installed) SuiteSparse:GraphBLAS, all measured in one run.
 */
package org.tropic.bench.sparse;
