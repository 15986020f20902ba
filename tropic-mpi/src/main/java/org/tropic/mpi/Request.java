package org.tropic.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A non-blocking MPI operation in flight ({@code MPI_Request}). Poll with {@link #test()} — which is also what
 * makes Open MPI progress the transfer — or block with {@link #await()}. Its buffer must stay alive and untouched
 * until it is complete.
 */
public final class Request {
  private final Mpi mpi;
  private final String call;
  private final Arena arena;
  private final MemorySegment cell;
  private boolean complete;

  Request(Mpi mpi, String call) {
    this.mpi = mpi;
    this.call = call;
    this.arena = Arena.ofConfined();
    this.cell = arena.allocate(ADDRESS);
  }

  /** Where MPI writes the request handle. */
  MemorySegment cell() {
    return cell;
  }

  /** {@code MPI_Test}: whether the operation has completed (then it is released); never blocks. */
  public boolean test() {
    if (complete) {
      return true;
    }
    mpi.checkThread("MPI_Test");
    int rc;
    try {
      rc = (int) mpi.lib.test.invokeExact(cell, mpi.intCell(), MemorySegment.NULL);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("MPI_Test could not be called", e);
    }
    mpi.check(rc, "MPI_Test (" + call + ")");
    if (mpi.intCell().get(JAVA_INT, 0) != 0) {
      release();
    }
    return complete;
  }

  /** {@code MPI_Wait}: blocks until the operation has completed. */
  public void await() {
    if (complete) {
      return;
    }
    mpi.checkThread("MPI_Wait");
    int rc;
    try {
      rc = (int) mpi.lib.waitRequest.invokeExact(cell, MemorySegment.NULL);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("MPI_Wait could not be called", e);
    }
    mpi.check(rc, "MPI_Wait (" + call + ")");
    release();
  }

  /** Whether {@link #test()} or {@link #await()} has seen it complete. */
  public boolean isComplete() {
    return complete;
  }

  private void release() {
    complete = true;
    arena.close();
  }

  @Override
  public String toString() {
    return call + (complete ? " (complete)" : " (in flight)");
  }
}
