package org.tropic.mpi;

/**
 * What a completed receive reports.
 *
 * @param source the sender's rank
 * @param tag the message's tag
 * @param count the number of elements that arrived
 */
public record ReceiveStatus(int source, int tag, int count) {}
