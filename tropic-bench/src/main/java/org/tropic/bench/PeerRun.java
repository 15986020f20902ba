package org.tropic.bench;

/**
 * One timed run of a peer library.
 *
 * @param peer the library and its version, e.g. {@code scipy 1.17.1}
 * @param seconds the time of the all-pairs computation alone, as the peer measured or as timed around its call
 * @param distances the peer's distances at the sampled pairs, in float64
 */
public record PeerRun(String peer, double seconds, double[] distances) {}
