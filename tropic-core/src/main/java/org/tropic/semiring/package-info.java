/**
 * The two tile kernels every dense solver is built from — {@code multiplyMin} (C ← min(C, A ⊗ B)) and
 * {@code closure} (Floyd–Warshall inside a tile) — over the tropical (min, +) semiring, in three arithmetic paths.
 */
package org.tropic.semiring;
