package org.tropic.dist;

/**
 * A broadcast in flight on the MPI thread. {@link #progress()} polls MPI (which is also what moves the data
 * along) and never blocks.
 */
interface Transfer {

  /** Polls; true once this rank's part is complete (received, and relayed where it relays). */
  boolean progress();

  /** How many leading bytes of the message are here (all of them at the root). */
  long bytesArrived();
}
