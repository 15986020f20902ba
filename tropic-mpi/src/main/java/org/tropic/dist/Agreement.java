package org.tropic.dist;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.tropic.mpi.Communicator;
import org.tropic.mpi.Datatype;
import org.tropic.mpi.FailedOnAnotherRankException;
import org.tropic.mpi.ReduceOp;

/**
 * A local step every rank runs before the solve (reading the graph, checking the plan and the heap), followed by
 * one collective vote: either every rank goes on, or the lowest rank that failed throws its failure and every
 * other rank throws {@link FailedOnAnotherRankException}. Bad input then reaches the user once, from one rank,
 * instead of once per rank, and no rank goes on into the collectives that follow while another has stopped.
 */
final class Agreement {

  private Agreement() {}

  /**
   * Runs {@code step} on this rank and votes (collective: every rank of {@code world} must call it).
   *
   * @return the step's value, when it succeeded on every rank
   * @throws Exception the step's own failure, on the lowest rank that failed
   * @throws FailedOnAnotherRankException on every other rank, when some rank failed
   */
  static <T> T onEveryRank(Communicator world, Callable<T> step) throws Exception {
    T value = null;
    Exception failure = null;
    try {
      value = step.call();
    } catch (Exception e) {
      failure = e;
    }
    long reporter = world.allreduce(failure == null ? (long) world.size() : world.rank(), ReduceOp.MIN);
    if (reporter == world.size()) {
      return value;
    }
    if (reporter == world.rank()) {
      throw failure;
    }
    throw new FailedOnAnotherRankException((int) reporter);
  }

  /**
   * Rank 0's {@code value} on every rank (collective): a choice only rank 0 makes, such as where a checkpoint stretch
   * ends from its clock, which every rank must then follow.
   */
  static long fromRankZero(Communicator world, long value) {
    return world.allreduce(world.rank() == 0 ? value : Long.MIN_VALUE, ReduceOp.MAX);
  }

  /** {@code text} as given on {@code root}, on every rank (collective; other ranks' argument is ignored). */
  static String broadcast(Communicator world, int root, String text) {
    byte[] bytes = world.rank() == root ? text.getBytes(StandardCharsets.UTF_8) : new byte[0];
    int length = (int) world.allreduce((long) bytes.length, ReduceOp.MAX);
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment buffer = arena.allocate(Math.max(1, length));
      if (world.rank() == root) {
        MemorySegment.copy(bytes, 0, buffer, ValueLayout.JAVA_BYTE, 0, length);
      }
      world.bcast(buffer.asSlice(0, length), Datatype.BYTE, root);
      return new String(buffer.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }
  }
}
