/**
 * The distributed blocked Floyd–Warshall of DSNAPSHOT (SC20) and COAST (SC22): b×b tiles dealt block-cyclically
 * to a Pr×Pc process grid, diagonal and panel broadcasts over MPI (library, ring or ring-2-modified, pipelined in
 * chunks), lookahead, the .npy result written by every rank at its tiles' offsets, and the cost model (eqs. 2–5,
 * HyPerMod) that predicts and explains run times.
 */
package org.tropic.dist;
