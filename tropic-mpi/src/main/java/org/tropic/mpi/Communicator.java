package org.tropic.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * An MPI communicator: a group of ranks that address each other by number, with the point-to-point, collective
 * and non-blocking calls the distributed solver uses. Buffers are off-heap {@link MemorySegment}s (MPI keeps using
 * a non-blocking call's buffer after the call returns, which the garbage collector would not allow for a heap
 * array); the element count is the segment's size divided by the {@link Datatype}'s, and must fit in an
 * {@code int}, as MPI-3's C interface requires. Only the thread that initialised {@link Mpi} may call these.
 */
public final class Communicator {
  private final Mpi mpi;
  private final MemorySegment handle;
  private final boolean world;
  private final int rank;
  private final int size;
  private boolean freed;

  Communicator(Mpi mpi, MemorySegment handle, boolean world) {
    this.mpi = mpi;
    this.handle = handle;
    this.world = world;
    try {
      mpi.check((int) mpi.lib.commRank.invokeExact(handle, mpi.intCell()), "MPI_Comm_rank");
      this.rank = mpi.intCell().get(JAVA_INT, 0);
      mpi.check((int) mpi.lib.commSize.invokeExact(handle, mpi.intCell()), "MPI_Comm_size");
      this.size = mpi.intCell().get(JAVA_INT, 0);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** This process's rank in the communicator, 0..size−1. */
  public int rank() {
    return rank;
  }

  /** The number of ranks. */
  public int size() {
    return size;
  }

  /** The session this communicator belongs to. */
  public Mpi mpi() {
    return mpi;
  }

  MemorySegment handle() {
    checkUsable("communicator");
    return handle;
  }

  /**
   * {@code MPI_Comm_split}: ranks giving the same {@code color} form a new communicator, ordered by {@code key} (ties
   * by rank here). Collective: every rank must call it.
   */
  public Communicator split(int color, int key) {
    if (color < 0) {
      throw new IllegalArgumentException("color must be ≥ 0 (MPI_UNDEFINED is not supported here), got " + color);
    }
    mpi.checkThread("MPI_Comm_split");
    call("MPI_Comm_split", () -> (int) mpi.lib.commSplit.invokeExact(handle(), color, key, mpi.addressCell()));
    MemorySegment created = mpi.addressCell().get(ADDRESS, 0);
    return new Communicator(mpi, created, false);
  }

  /** {@code MPI_Comm_free}; collective. MPI_COMM_WORLD cannot be freed. */
  public void free() {
    if (world) {
      throw new IllegalStateException("MPI_COMM_WORLD cannot be freed");
    }
    if (freed) {
      return;
    }
    mpi.checkThread("MPI_Comm_free");
    mpi.addressCell().set(ADDRESS, 0, handle);
    call("MPI_Comm_free", () -> (int) mpi.lib.commFree.invokeExact(mpi.addressCell()));
    freed = true;
  }

  /** {@code MPI_Bcast} of the whole segment from {@code root}; blocks until this rank's part is done. */
  public void bcast(MemorySegment buffer, Datatype type, int root) {
    int count = count(buffer, type, "MPI_Bcast");
    checkRank(root, "root");
    MemorySegment datatype = mpi.lib.datatypes.get(type);
    call("MPI_Bcast", () -> (int) mpi.lib.bcast.invokeExact(buffer, count, datatype, root, handle()));
  }

  /** {@code MPI_Ibcast}: a non-blocking broadcast; the buffer must stay alive and untouched until it completes. */
  public Request ibcast(MemorySegment buffer, Datatype type, int root) {
    int count = count(buffer, type, "MPI_Ibcast");
    checkRank(root, "root");
    MemorySegment datatype = mpi.lib.datatypes.get(type);
    Request request = new Request(mpi, "MPI_Ibcast");
    call("MPI_Ibcast", () -> (int) mpi.lib.ibcast.invokeExact(buffer, count, datatype, root, handle(),
        request.cell()));
    return request;
  }

  /** {@code MPI_Send}: blocks until the buffer may be reused. */
  public void send(MemorySegment buffer, Datatype type, int destination, int tag) {
    int count = count(buffer, type, "MPI_Send");
    checkRank(destination, "destination");
    checkTag(tag);
    MemorySegment datatype = mpi.lib.datatypes.get(type);
    call("MPI_Send", () -> (int) mpi.lib.send.invokeExact(buffer, count, datatype, destination, tag, handle()));
    mpi.countSent(buffer.byteSize());
  }

  /**
   * {@code MPI_Recv} into the segment from {@code source} (or −1 for any) with {@code tag} (or −1 for any).
   *
   * @return who sent it, with which tag, and how many elements arrived
   */
  public ReceiveStatus recv(MemorySegment buffer, Datatype type, int source, int tag) {
    int count = count(buffer, type, "MPI_Recv");
    if (source != ANY_SOURCE) {
      checkRank(source, "source");
    }
    if (tag != ANY_TAG) {
      checkTag(tag);
    }
    MemorySegment datatype = mpi.lib.datatypes.get(type);
    try (Arena local = Arena.ofConfined()) {
      MemorySegment status = local.allocate(MpiLibrary.STATUS_BYTES, 8);
      call("MPI_Recv", () -> (int) mpi.lib.recv.invokeExact(buffer, count, datatype, source, tag, handle(),
          status));
      call("MPI_Get_count", () -> (int) mpi.lib.getCount.invokeExact(status, datatype, mpi.intCell()));
      return new ReceiveStatus(status.get(JAVA_INT, MpiLibrary.STATUS_SOURCE_OFFSET),
          status.get(JAVA_INT, MpiLibrary.STATUS_TAG_OFFSET), mpi.intCell().get(JAVA_INT, 0));
    }
  }

  /** {@code MPI_Isend}; the buffer must stay alive and untouched until the request completes. */
  public Request isend(MemorySegment buffer, Datatype type, int destination, int tag) {
    int count = count(buffer, type, "MPI_Isend");
    checkRank(destination, "destination");
    checkTag(tag);
    MemorySegment datatype = mpi.lib.datatypes.get(type);
    Request request = new Request(mpi, "MPI_Isend");
    call("MPI_Isend", () -> (int) mpi.lib.isend.invokeExact(buffer, count, datatype, destination, tag, handle(),
        request.cell()));
    mpi.countSent(buffer.byteSize());
    return request;
  }

  /** {@code MPI_Irecv}; the buffer must stay alive until the request completes. */
  public Request irecv(MemorySegment buffer, Datatype type, int source, int tag) {
    int count = count(buffer, type, "MPI_Irecv");
    if (source != ANY_SOURCE) {
      checkRank(source, "source");
    }
    if (tag != ANY_TAG) {
      checkTag(tag);
    }
    MemorySegment datatype = mpi.lib.datatypes.get(type);
    Request request = new Request(mpi, "MPI_Irecv");
    call("MPI_Irecv", () -> (int) mpi.lib.irecv.invokeExact(buffer, count, datatype, source, tag, handle(),
        request.cell()));
    return request;
  }

  /** {@code MPI_Allreduce} of {@code send} into {@code receive} (same size, or the same segment is not allowed). */
  public void allreduce(MemorySegment send, MemorySegment receive, Datatype type, ReduceOp op) {
    int count = count(send, type, "MPI_Allreduce");
    if (receive.byteSize() != send.byteSize()) {
      throw new IllegalArgumentException("MPI_Allreduce: send buffer has " + send.byteSize()
          + " bytes, receive buffer " + receive.byteSize());
    }
    if (receive.isNative() && send.address() == receive.address()) {
      throw new IllegalArgumentException("MPI_Allreduce: send and receive buffers must differ");
    }
    checkNative(receive, "MPI_Allreduce");
    MemorySegment datatype = mpi.lib.datatypes.get(type);
    MemorySegment operation = mpi.lib.ops.get(op);
    call("MPI_Allreduce", () -> (int) mpi.lib.allreduce.invokeExact(send, receive, count, datatype, operation,
        handle()));
  }

  /** The reduction of one {@code long} over all ranks. */
  public long allreduce(long value, ReduceOp op) {
    try (Arena local = Arena.ofConfined()) {
      MemorySegment send = local.allocate(JAVA_LONG);
      MemorySegment receive = local.allocate(JAVA_LONG);
      send.set(JAVA_LONG, 0, value);
      allreduce(send, receive, Datatype.LONG, op);
      return receive.get(JAVA_LONG, 0);
    }
  }

  /** The reduction of one {@code double} over all ranks. */
  public double allreduce(double value, ReduceOp op) {
    try (Arena local = Arena.ofConfined()) {
      MemorySegment send = local.allocate(JAVA_DOUBLE);
      MemorySegment receive = local.allocate(JAVA_DOUBLE);
      send.set(JAVA_DOUBLE, 0, value);
      allreduce(send, receive, Datatype.DOUBLE, op);
      return receive.get(JAVA_DOUBLE, 0);
    }
  }

  /** {@code MPI_Barrier}. */
  public void barrier() {
    call("MPI_Barrier", () -> (int) mpi.lib.barrier.invokeExact(handle()));
  }

  /** {@code MPI_ANY_SOURCE}. */
  public static final int ANY_SOURCE = -1;
  /** {@code MPI_ANY_TAG}. */
  public static final int ANY_TAG = -1;
  /** The largest tag every MPI implementation must accept ({@code MPI_TAG_UB} is at least this). */
  public static final int MAX_PORTABLE_TAG = 32767;

  // ---- checks ----

  private int count(MemorySegment buffer, Datatype type, String call) {
    checkNative(buffer, call);
    mpi.checkThread(call);
    long bytes = buffer.byteSize();
    if (bytes % type.bytes() != 0) {
      throw new IllegalArgumentException(call + ": buffer of " + bytes + " bytes is not a whole number of "
          + type + " elements");
    }
    long count = bytes / type.bytes();
    if (count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(call + ": " + count + " elements exceed MPI's int count; split the"
          + " message");
    }
    return (int) count;
  }

  private static void checkNative(MemorySegment buffer, String call) {
    if (!buffer.isNative()) {
      throw new IllegalArgumentException(call + " needs an off-heap buffer (Arena.allocate), not a heap segment");
    }
  }

  private void checkRank(int other, String what) {
    if (other < 0 || other >= size) {
      throw new IllegalArgumentException(what + " rank " + other + " is outside 0.." + (size - 1));
    }
  }

  private static void checkTag(int tag) {
    if (tag < 0 || tag > MAX_PORTABLE_TAG) {
      throw new IllegalArgumentException("tag " + tag + " is outside 0.." + MAX_PORTABLE_TAG);
    }
  }

  private void checkUsable(String what) {
    if (freed) {
      throw new IllegalStateException(what + " used after MPI_Comm_free");
    }
  }

  @FunctionalInterface
  private interface NativeCall {
    int invoke() throws Throwable;
  }

  private void call(String name, NativeCall body) {
    mpi.checkThread(name);
    int rc;
    try {
      rc = body.invoke();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(name + " could not be called", e);
    }
    mpi.check(rc, name);
  }

  @Override
  public String toString() {
    return (world ? "MPI_COMM_WORLD" : "communicator") + " rank " + rank + " of " + size;
  }
}
