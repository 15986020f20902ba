package org.tropic.mpi;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A multi-rank check of the binding, run by {@link MpiMultiRankTest} under {@code mpirun}: each rank exercises the
 * calls against the others and prints {@code OK rank R of P}, or fails through {@link Mpi#abort(Throwable)}. With
 * the argument {@code fail-on=R}, rank R throws after the first collective, to show the job aborts instead of
 * hanging.
 */
public final class MpiSelfCheck {

  private MpiSelfCheck() {}

  public static void main(String[] args) {
    int failOn = args.length > 0 && args[0].startsWith("fail-on=") ? Integer.parseInt(args[0].substring(8)) : -1;
    Mpi mpi = Mpi.init();
    try {
      check(mpi, failOn);
      System.out.println("OK rank " + mpi.world().rank() + " of " + mpi.world().size());
      System.out.flush();
      mpi.finalizeMpi();
    } catch (Throwable e) {
      mpi.abort(e);
    }
  }

  private static void check(Mpi mpi, int failOn) {
    Communicator world = mpi.world();
    int rank = world.rank();
    int size = world.size();
    expect(world.allreduce((long) rank, ReduceOp.SUM) == (long) size * (size - 1) / 2, "allreduce sum");
    expect(world.allreduce((double) rank - 3, ReduceOp.MIN) == -3.0, "allreduce min");
    if (rank == failOn) {
      throw new IllegalStateException("deliberate failure on rank " + rank + " to test MPI_Abort");
    }
    try (Arena arena = Arena.ofConfined()) {
      // A ring of non-blocking point-to-point messages: rank r sends r·1000 + i to r+1.
      MemorySegment out = arena.allocate(JAVA_FLOAT, 5000);
      MemorySegment in = arena.allocate(JAVA_FLOAT, 5000);
      for (int i = 0; i < 5000; i++) {
        out.setAtIndex(JAVA_FLOAT, i, rank * 1000f + i);
      }
      int previous = (rank + size - 1) % size;
      Request receive = world.irecv(in, Datatype.FLOAT, previous, 5);
      Request send = world.isend(out, Datatype.FLOAT, (rank + 1) % size, 5);
      while (!receive.test() || !send.test()) {
        Thread.onSpinWait();
      }
      expect(in.getAtIndex(JAVA_FLOAT, 4999) == previous * 1000f + 4999, "ring isend/irecv");
      // Blocking send/recv between pairs.
      MemorySegment value = arena.allocate(JAVA_INT);
      if (rank % 2 == 0 && rank + 1 < size) {
        value.set(JAVA_INT, 0, 77 + rank);
        world.send(value, Datatype.INT, rank + 1, 6);
      } else if (rank % 2 == 1) {
        ReceiveStatus status = world.recv(value, Datatype.INT, Communicator.ANY_SOURCE, 6);
        expect(status.source() == rank - 1 && status.count() == 1 && value.get(JAVA_INT, 0) == 77 + rank - 1,
            "send/recv status " + status);
      }
      // A broadcast from every root, blocking and non-blocking.
      for (int root = 0; root < size; root++) {
        MemorySegment buffer = arena.allocate(JAVA_INT, 3);
        if (rank == root) {
          buffer.setAtIndex(JAVA_INT, 2, root * 11);
        }
        world.bcast(buffer, Datatype.INT, root);
        expect(buffer.getAtIndex(JAVA_INT, 2) == root * 11, "bcast from " + root);
        MemorySegment again = arena.allocate(JAVA_INT, 3);
        if (rank == root) {
          again.setAtIndex(JAVA_INT, 1, -root);
        }
        world.ibcast(again, Datatype.INT, root).await();
        expect(again.getAtIndex(JAVA_INT, 1) == -root, "ibcast from " + root);
      }
    }
    // Split into halves: each half sums its world ranks.
    Communicator half = world.split(rank % 2, rank);
    long expected = 0;
    for (int r = rank % 2; r < size; r += 2) {
      expected += r;
    }
    expect(half.allreduce((long) rank, ReduceOp.SUM) == expected, "split + allreduce");
    expect(half.rank() == rank / 2, "split key order");
    half.free();
    world.barrier();
  }

  private static void expect(boolean condition, String what) {
    if (!condition) {
      throw new IllegalStateException("self-check failed: " + what);
    }
  }
}
