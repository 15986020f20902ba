package org.tropic.dist;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.tropic.mpi.Communicator;

/**
 * One broadcast of a whole buffer with a chosen algorithm, to completion: the building block the solver uses,
 * offered on its own for benchmarks and other collectives. Collective: every rank of {@code comm} calls it with
 * the same root, algorithm, chunk size and buffer size.
 */
public final class Broadcast {
  /** The tag ring broadcasts started here use; the solver's tags stay below it. */
  static final int TAG = 9000;

  private Broadcast() {}

  /**
   * Broadcasts {@code buffer} from {@code root}: {@code MPI_Bcast} for {@link BroadcastAlgorithm#LIBRARY}, else a
   * (ring-2-modified) ring pipelined in chunks of {@code chunkBytes}, polled until this rank's part is done.
   */
  public static void run(Communicator comm, MemorySegment buffer, int root, BroadcastAlgorithm algorithm,
      long chunkBytes) {
    Objects.requireNonNull(algorithm, "algorithm");
    if (chunkBytes < 1) {
      throw new IllegalArgumentException("chunk size must be positive, got " + chunkBytes);
    }
    if (algorithm == BroadcastAlgorithm.LIBRARY) {
      LibraryTransfer.runBlocking(comm, buffer, root);
      return;
    }
    RingTopology topology = new RingTopology(comm.size(), root, algorithm == BroadcastAlgorithm.RING2);
    Transfer transfer = new RingTransfer(comm, buffer, topology, TAG, Math.min(chunkBytes, 1L << 30));
    while (!transfer.progress()) {
      Thread.onSpinWait();
    }
  }
}
