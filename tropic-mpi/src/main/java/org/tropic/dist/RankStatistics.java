package org.tropic.dist;

/**
 * What a distributed solve cost on one rank.
 *
 * @param solveSeconds wall time of the solve on this rank (tile loading to decoded result)
 * @param computeSeconds time the compute threads spent in tile tasks, summed over threads
 * @param pointToPointBytesSent bytes this rank sent point to point (the ring broadcasts' relays)
 * @param libraryBytesAsRoot bytes this rank broadcast as root through the library's broadcast
 * @param messageBufferBytes off-heap bytes allocated for messages (bounded by the iterations in flight)
 */
public record RankStatistics(double solveSeconds, double computeSeconds, long pointToPointBytesSent,
    long libraryBytesAsRoot, long messageBufferBytes) {}
