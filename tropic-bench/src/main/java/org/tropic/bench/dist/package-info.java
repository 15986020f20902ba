/**
 * Benchmarks of the distributed solver, run under {@code mpirun}: broadcast bandwidth by algorithm and message size,
 * and whole solves of each variant against the DSNAPSHOT baseline and the cost model.
 */
package org.tropic.bench.dist;
