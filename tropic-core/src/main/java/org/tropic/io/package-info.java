/**
 * Graph readers (edge lists, Matrix Market, DIMACS, SIF) with errors that name file, line and text, and the
 * {@code .npy} distance store with its JSON sidecar.
 */
package org.tropic.io;
