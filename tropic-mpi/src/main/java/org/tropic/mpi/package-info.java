/**
 * MPI bound through the Foreign Function &amp; Memory API to the system's Open MPI ({@code libmpi.so.40}): no JNI,
 * no {@code mpi.jar}. {@link org.tropic.mpi.Mpi} loads and initialises the library; {@link
 * org.tropic.mpi.Communicator} carries the calls the distributed solver needs, on off-heap buffers, all from the one
 * platform thread that initialised MPI.
 */
package org.tropic.mpi;
