package org.tropic.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.tropic.apsp.HeapAdvice;
import org.tropic.io.Units;

/**
 * This process's MPI session: loads Open MPI ({@link MpiLibrary}), initialises it with
 * {@code MPI_THREAD_FUNNELED}, and hands out {@link #world()}. Every MPI call must come from the platform thread that
 * called {@link #init()}; calls from any other thread throw rather than corrupt MPI's state, because Open MPI is
 * not built thread-safe by every distribution. Compute threads hand their results to that thread instead.
 *
 * <p>MPI can be initialised once per process and, once finalised, never again (an MPI rule), so this is a
 * process-wide singleton. A job whose rank fails must end with {@link #abort(Throwable)}, which prints the failure
 * and calls {@code MPI_Abort} so the other ranks do not wait forever.
 */
public final class Mpi {
  private static Mpi instance;
  private static boolean finalizedOnce;

  final MpiLibrary lib;
  private final Thread owner;
  /** Scratch cells for out-parameters, reused by every call on the owner thread. */
  private final Arena arena;
  private final MemorySegment intCell;
  private final MemorySegment secondIntCell;
  private final MemorySegment addressCell;
  private final int providedThreadLevel;
  private final Communicator world;
  private long pointToPointBytesSent;
  private boolean finalized;

  private Mpi(MpiLibrary lib) {
    this.lib = lib;
    this.owner = Thread.currentThread();
    this.arena = Arena.ofConfined();
    this.intCell = arena.allocate(JAVA_INT);
    this.secondIntCell = arena.allocate(JAVA_INT);
    this.addressCell = arena.allocate(ADDRESS);
    int rc;
    try {
      rc = (int) lib.initThread.invokeExact(MemorySegment.NULL, MemorySegment.NULL, MpiLibrary.THREAD_FUNNELED,
          intCell);
    } catch (Throwable e) {
      throw new MpiUnavailableException("MPI_Init_thread could not be called: " + e, e);
    }
    if (rc != 0) {
      throw new MpiUnavailableException("MPI_Init_thread failed with error " + rc + " (is this process started"
          + " by Open MPI's mpirun, and can it reach its daemon?)");
    }
    this.providedThreadLevel = intCell.get(JAVA_INT, 0);
    if (providedThreadLevel < MpiLibrary.THREAD_FUNNELED) {
      throw new MpiUnavailableException("MPI provides thread level " + providedThreadLevel
          + " but Tropic needs MPI_THREAD_FUNNELED (1): its compute threads run beside the MPI thread");
    }
    this.world = new Communicator(this, lib.commWorld, true);
  }

  /**
   * Loads and initialises MPI on the calling thread, or returns the session this thread already started.
   *
   * @throws MpiUnavailableException if Open MPI is missing or does not start
   * @throws IllegalStateException if MPI was already finalised in this process, or another thread owns it
   */
  public static synchronized Mpi init() {
    if (finalizedOnce) {
      throw new IllegalStateException("MPI was finalised in this process and cannot be initialised again"
          + " (an MPI rule): run each MPI job in its own process");
    }
    if (instance != null) {
      instance.checkThread("init");
      return instance;
    }
    instance = new Mpi(MpiLibrary.load());
    return instance;
  }

  /** Whether this process has initialised MPI (and perhaps finalised it since). */
  public static synchronized boolean started() {
    return instance != null || finalizedOnce;
  }

  /** MPI_COMM_WORLD. */
  public Communicator world() {
    return world;
  }

  /** The thread level MPI granted (1 = funneled, 2 = serialized, 3 = multiple). */
  public int providedThreadLevel() {
    return providedThreadLevel;
  }

  /** The file the library was loaded from, as named to the dynamic linker. */
  public String libraryName() {
    return lib.path;
  }

  /** {@code MPI_Get_library_version}: the implementation's own description of itself. */
  public String libraryVersion() {
    checkThread("MPI_Get_library_version");
    try (Arena local = Arena.ofConfined()) {
      MemorySegment text = local.allocate(8192);
      check((int) lib.libraryVersion.invokeExact(text, intCell), "MPI_Get_library_version");
      int length = Math.min(intCell.get(JAVA_INT, 0), 8191);
      return new String(text.asSlice(0, length).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
          StandardCharsets.UTF_8).strip();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** Bytes this process has passed to {@code MPI_Send}/{@code MPI_Isend} so far (collectives not counted). */
  public long pointToPointBytesSent() {
    return pointToPointBytesSent;
  }

  void countSent(long bytes) {
    pointToPointBytesSent += bytes;
  }

  /**
   * {@code MPI_Finalize}. Every rank must call it after its last communication; afterwards no MPI call may be made
   * in this process.
   */
  public void finalizeMpi() {
    checkThread("MPI_Finalize");
    if (finalized) {
      return;
    }
    int rc;
    try {
      rc = (int) lib.finalizeMpi.invokeExact();
    } catch (Throwable e) {
      throw new IllegalStateException("MPI_Finalize could not be called", e);
    }
    finalized = true;
    synchronized (Mpi.class) {
      finalizedOnce = true;
      instance = null;
    }
    arena.close();
    check(rc, "MPI_Finalize");
  }

  /**
   * Ends the whole job because this rank failed: prints {@code rank R of P failed: MESSAGE} to standard error (with
   * the cause chain, and the stack trace for unexpected failures) and calls {@code MPI_Abort} on MPI_COMM_WORLD,
   * which terminates every rank. Does not return.
   *
   * @param failure what went wrong on this rank
   */
  public void abort(Throwable failure) {
    abort(failure, 1, System.err);
  }

  /**
   * As {@link #abort(Throwable)}, ending the job with {@code errorCode}, which mpirun passes on as its exit status
   * (2 for bad input, as a single-node run exits). A {@link FailedOnAnotherRankException} prints nothing: the rank
   * that failed reports, and its {@code MPI_Abort} ends this one too; this rank aborts itself only if that has not
   * happened within a minute.
   */
  public void abort(Throwable failure, int errorCode) {
    abort(failure, errorCode, System.err);
  }

  void abort(Throwable failure, PrintStream err) {
    abort(failure, 1, err);
  }

  private void abort(Throwable failure, int errorCode, PrintStream err) {
    checkThread("MPI_Abort");
    if (failure instanceof FailedOnAnotherRankException) {
      awaitTheReportingRanksAbort();
      callAbort(errorCode);
    }
    err.print(failureReport(failure, world.rank(), world.size()));
    err.flush();
    System.out.flush();
    callAbort(errorCode);
  }

  private static void awaitTheReportingRanksAbort() {
    try {
      Thread.sleep(60_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void callAbort(int errorCode) {
    try {
      int rc = (int) lib.abort.invokeExact(world.handle(), errorCode);
      throw new IllegalStateException("MPI_Abort returned " + rc);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("MPI_Abort could not be called", e);
    }
  }

  /**
   * What a failed rank prints: {@code tropic: rank R of P failed: MESSAGE}, the cause chain, and the stack trace of
   * an unexpected failure. A heap run out of (a compute thread's allocation, say) is not a bug but a job too big for
   * the heap each rank was given: one line with that heap's size and the remedy, as on one node, no stack trace.
   */
  static String failureReport(Throwable failure, int rank, int size) {
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    String prefix = "tropic: rank " + rank + " of " + size + " failed: ";
    OutOfMemoryError outOfMemory = outOfMemoryBehind(failure);
    if (outOfMemory != null) {
      out.println(prefix + "ran out of memory (" + outOfMemory.getMessage() + "; each rank's heap is at most "
          + Units.bytes(Runtime.getRuntime().maxMemory()) + "): " + HeapAdvice.doubled().advisePerRank("run on more"
          + " ranks or nodes (mpirun -np P), or give a smaller job"));
      out.flush();
      return text.toString();
    }
    String message = failure.getMessage() != null ? failure.getMessage() : failure.toString();
    out.println(prefix + message);
    for (Throwable cause = failure.getCause(); cause != null; cause = cause.getCause()) {
      // A failure that adds context to its cause's message (the graph's name) already said it: no second line.
      if (cause.getMessage() == null || !message.contains(cause.getMessage())) {
        out.println("  caused by: " + cause);
      }
    }
    if (!expected(failure)) {
      failure.printStackTrace(out);
    }
    out.flush();
    return text.toString();
  }

  private static OutOfMemoryError outOfMemoryBehind(Throwable failure) {
    for (Throwable c = failure; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof OutOfMemoryError oom) {
        return oom;
      }
    }
    return null;
  }

  /** Bad input, I/O and Tropic's own domain errors are reported by message; anything else is a bug: trace it. */
  private static boolean expected(Throwable failure) {
    return failure instanceof IllegalArgumentException || failure instanceof java.io.IOException
        || failure instanceof java.io.UncheckedIOException || failure instanceof MpiException
        || failure instanceof RuntimeException && failure.getClass().getName().startsWith("org.tropic.");
  }

  /** Whether {@link #finalizeMpi()} has run. */
  public boolean isFinalized() {
    return finalized;
  }

  // ---- helpers for Communicator and Request ----

  void checkThread(String call) {
    if (Thread.currentThread() != owner) {
      throw new IllegalStateException(call + " called from thread '" + Thread.currentThread().getName()
          + "' but MPI belongs to thread '" + owner.getName() + "', which initialised it (MPI_THREAD_FUNNELED)");
    }
    if (finalized) {
      throw new IllegalStateException(call + " called after MPI_Finalize");
    }
  }

  MemorySegment intCell() {
    return intCell;
  }

  MemorySegment secondIntCell() {
    return secondIntCell;
  }

  MemorySegment addressCell() {
    return addressCell;
  }

  void check(int rc, String call) {
    if (rc != 0) {
      throw new MpiException(call, rc, errorString(rc));
    }
  }

  private String errorString(int code) {
    try (Arena local = Arena.ofConfined()) {
      MemorySegment text = local.allocate(1024);
      MemorySegment length = local.allocate(JAVA_INT);
      int rc = (int) lib.errorString.invokeExact(code, text, length);
      if (rc != 0) {
        return "(no description)";
      }
      return text.getString(0);
    } catch (Throwable e) {
      return "(no description: " + e + ")";
    }
  }
}
