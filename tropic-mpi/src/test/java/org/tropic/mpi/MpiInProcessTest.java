package org.tropic.mpi;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The binding against the real Open MPI, in this JVM as a one-rank job (an MPI singleton). MPI can be initialised
 * once per process, so every in-process check lives in this class; JUnit runs them on one thread, the one that
 * initialised MPI.
 */
class MpiInProcessTest {
  private static Mpi mpi;

  @BeforeAll
  static void start() {
    MpiAvailability.assumeOpenMpi();
    mpi = Mpi.init();
  }

  @AfterAll
  static void stop() {
    if (mpi != null) {
      mpi.finalizeMpi();
      assertThat(mpi.isFinalized()).isTrue();
      assertThatThrownBy(Mpi::init).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("cannot be initialised again");
    }
  }

  @Test
  void worldIsOneRankWithFunneledThreads() {
    assertThat(mpi.world().rank()).isZero();
    assertThat(mpi.world().size()).isOne();
    assertThat(mpi.providedThreadLevel()).isGreaterThanOrEqualTo(1);
    assertThat(mpi.libraryVersion()).containsIgnoringCase("Open MPI");
    assertThat(Mpi.init()).isSameAs(mpi);
  }

  @Test
  void nonBlockingSendToSelfDelivers() {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment out = arena.allocate(JAVA_FLOAT, 1000);
      MemorySegment in = arena.allocate(JAVA_FLOAT, 1000);
      for (int i = 0; i < 1000; i++) {
        out.setAtIndex(JAVA_FLOAT, i, i * 0.5f - 7);
      }
      long sentBefore = mpi.pointToPointBytesSent();
      Request receive = mpi.world().irecv(in, Datatype.FLOAT, 0, 42);
      assertThat(receive.isComplete()).isFalse();
      Request send = mpi.world().isend(out, Datatype.FLOAT, 0, 42);
      receive.await();
      while (!send.test()) {
        Thread.onSpinWait();
      }
      assertThat(in.mismatch(out)).isEqualTo(-1);
      assertThat(mpi.pointToPointBytesSent() - sentBefore).isEqualTo(4000);
    }
  }

  @Test
  void blockingSendAndReceiveReportStatus() {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment out = arena.allocate(JAVA_INT, 3);
      out.setAtIndex(JAVA_INT, 0, 11);
      out.setAtIndex(JAVA_INT, 1, 22);
      out.setAtIndex(JAVA_INT, 2, 33);
      MemorySegment in = arena.allocate(JAVA_INT, 8);
      Request send = mpi.world().isend(out, Datatype.INT, 0, 7);
      ReceiveStatus status = mpi.world().recv(in, Datatype.INT, Communicator.ANY_SOURCE, Communicator.ANY_TAG);
      send.await();
      assertThat(status).isEqualTo(new ReceiveStatus(0, 7, 3));
      assertThat(in.getAtIndex(JAVA_INT, 2)).isEqualTo(33);
    }
  }

  @Test
  void collectivesOnOneRank() {
    assertThat(mpi.world().allreduce(5L, ReduceOp.SUM)).isEqualTo(5L);
    assertThat(mpi.world().allreduce(-2.5, ReduceOp.MIN)).isEqualTo(-2.5);
    mpi.world().barrier();
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment buffer = arena.allocate(JAVA_FLOAT, 4);
      buffer.setAtIndex(JAVA_FLOAT, 3, 1.25f);
      mpi.world().bcast(buffer, Datatype.FLOAT, 0);
      mpi.world().ibcast(buffer, Datatype.FLOAT, 0).await();
      assertThat(buffer.getAtIndex(JAVA_FLOAT, 3)).isEqualTo(1.25f);
    }
    Communicator split = mpi.world().split(3, 0);
    assertThat(split.size()).isOne();
    assertThat(split.allreduce(9L, ReduceOp.MAX)).isEqualTo(9L);
    split.free();
    assertThatThrownBy(split::barrier).isInstanceOf(IllegalStateException.class).hasMessageContaining("free");
  }

  @Test
  void refusesMisuse() {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment buffer = arena.allocate(10);
      assertThatThrownBy(() -> mpi.world().send(buffer, Datatype.FLOAT, 0, 1))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole number of FLOAT");
      assertThatThrownBy(() -> mpi.world().send(MemorySegment.ofArray(new float[2]), Datatype.FLOAT, 0, 1))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("off-heap");
      assertThatThrownBy(() -> mpi.world().isend(arena.allocate(4), Datatype.FLOAT, 1, 1))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outside 0..0");
      assertThatThrownBy(() -> mpi.world().isend(arena.allocate(4), Datatype.FLOAT, 0, 40000))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tag");
    }
    CompletableFuture<Throwable> fromOtherThread = CompletableFuture.supplyAsync(() -> {
      try {
        mpi.world().barrier();
        return null;
      } catch (Throwable e) {
        return e;
      }
    });
    assertThat(fromOtherThread.join()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("MPI_THREAD_FUNNELED");
  }
}
