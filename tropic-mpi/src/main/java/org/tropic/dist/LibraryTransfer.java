package org.tropic.dist;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.tropic.mpi.Communicator;
import org.tropic.mpi.Datatype;
import org.tropic.mpi.Request;

/**
 * The library's broadcast: {@code MPI_Ibcast} when non-blocking (the diagonal tile in the ring modes), or
 * {@code MPI_Bcast} done at once (the baseline). Messages beyond MPI's int count go as several broadcasts of at most
 * 1 GiB, in the same order on every rank.
 */
final class LibraryTransfer implements Transfer {
  private static final long MAX_PIECE = 1L << 30;
  private final MemorySegment buffer;
  private final List<Request> requests = new ArrayList<>();
  private boolean complete;

  private LibraryTransfer(MemorySegment buffer) {
    this.buffer = buffer;
  }

  /** Starts a non-blocking broadcast. */
  static LibraryTransfer start(Communicator comm, MemorySegment buffer, int root) {
    LibraryTransfer transfer = new LibraryTransfer(buffer);
    for (long from = 0; from < buffer.byteSize(); from += MAX_PIECE) {
      MemorySegment piece = buffer.asSlice(from, Math.min(MAX_PIECE, buffer.byteSize() - from));
      transfer.requests.add(comm.ibcast(piece, Datatype.BYTE, root));
    }
    return transfer;
  }

  /** Broadcasts with blocking {@code MPI_Bcast}; the returned transfer is already complete. */
  static LibraryTransfer runBlocking(Communicator comm, MemorySegment buffer, int root) {
    for (long from = 0; from < buffer.byteSize(); from += MAX_PIECE) {
      comm.bcast(buffer.asSlice(from, Math.min(MAX_PIECE, buffer.byteSize() - from)), Datatype.BYTE, root);
    }
    LibraryTransfer done = new LibraryTransfer(buffer);
    done.complete = true;
    return done;
  }

  @Override
  public boolean progress() {
    if (!complete) {
      requests.removeIf(Request::test);
      complete = requests.isEmpty();
    }
    return complete;
  }

  @Override
  public long bytesArrived() {
    return complete ? buffer.byteSize() : 0;
  }
}
