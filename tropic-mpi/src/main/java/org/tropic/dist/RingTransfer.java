package org.tropic.dist;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.tropic.mpi.Communicator;
import org.tropic.mpi.Datatype;
import org.tropic.mpi.Request;

/**
 * A non-blocking, pipelined ring broadcast (ParallelFw §3.3, COAST §IV-B and §VII-C): the message is cut into
 * chunks; every rank but the root posts a receive for each chunk from its predecessor at once and relays each chunk
 * to its successors as soon as it arrives, so a long ring works like a pipeline and the first ranks can use the
 * leading chunks while later ones are still on the wire. Costs {@code (P−1)α + wβ} (plain ring) rather than a
 * tree's {@code log P·(α + wβ)}. Chunks of one broadcast share a tag: MPI delivers messages between two ranks with
 * the same tag in order, so the k-th receive gets the k-th chunk.
 */
final class RingTransfer implements Transfer {
  private final MemorySegment buffer;
  private final long chunkBytes;
  private final int[] successors;
  private final Communicator comm;
  private final int tag;
  private final Request[] receives;
  private final List<Request> sends = new ArrayList<>();
  private final int chunks;
  private int arrivedChunks;

  RingTransfer(Communicator comm, MemorySegment buffer, RingTopology topology, int tag, long chunkBytes) {
    this.comm = comm;
    this.buffer = buffer;
    this.chunkBytes = chunkBytes;
    this.tag = tag;
    this.chunks = (int) Math.max(1, (buffer.byteSize() + chunkBytes - 1) / chunkBytes);
    this.successors = topology.successors(comm.rank());
    int predecessor = topology.predecessor(comm.rank());
    if (predecessor < 0) {
      receives = new Request[0];
      arrivedChunks = chunks;
      for (int c = 0; c < chunks; c++) {
        relay(c);
      }
    } else {
      receives = new Request[chunks];
      for (int c = 0; c < chunks; c++) {
        receives[c] = comm.irecv(chunk(c), Datatype.BYTE, predecessor, tag);
      }
    }
  }

  @Override
  public boolean progress() {
    while (arrivedChunks < chunks && receives[arrivedChunks].test()) {
      relay(arrivedChunks);
      arrivedChunks++;
    }
    sends.removeIf(Request::test);
    return arrivedChunks == chunks && sends.isEmpty();
  }

  @Override
  public long bytesArrived() {
    return Math.min(buffer.byteSize(), arrivedChunks * chunkBytes);
  }

  private void relay(int c) {
    for (int successor : successors) {
      sends.add(comm.isend(chunk(c), Datatype.BYTE, successor, tag));
    }
  }

  private MemorySegment chunk(int c) {
    long from = c * chunkBytes;
    return buffer.asSlice(from, Math.min(chunkBytes, buffer.byteSize() - from));
  }
}
