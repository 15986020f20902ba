package org.tropic.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.EnumMap;
import java.util.Map;

/**
 * The loaded Open MPI library: downcall handles for the functions Tropic calls and the handle values of the
 * predefined objects. Open MPI's C handles ({@code MPI_Comm}, {@code MPI_Datatype}, {@code MPI_Op},
 * {@code MPI_Request}) are pointers, and the predefined ones are the addresses of exported globals:
 * {@code MPI_COMM_WORLD} is {@code &ompi_mpi_comm_world}, {@code MPI_FLOAT} is {@code &ompi_mpi_float}. MPICH's
 * are integers ({@code libmpich.so.12}, {@code MPI_COMM_WORLD == 0x44000000}); that ABI is refused with a message
 * rather than bound by guesswork.
 *
 * <p>Loading first sets {@code UCX_ERROR_SIGNALS=""}, {@code IPATH_NO_BACKTRACE=1} and {@code HFI_NO_BACKTRACE=1}
 * through libc's {@code setenv}: UCX and the PSM libraries otherwise install their own SIGSEGV handlers, which
 * swallow the signals the JVM uses for null checks and safepoints and crash it.
 */
final class MpiLibrary {
  /** The Open MPI 3.x–5.x shared library (ABI version 40). */
  static final String OPEN_MPI = "libmpi.so.40";
  /** MPICH's library, recognised only to refuse it clearly. */
  static final String MPICH = "libmpich.so.12";
  /** A system property naming another file to load (a full path), e.g. a private Open MPI build. */
  static final String LIBRARY_PROPERTY = "tropic.mpi.library";
  /** {@code MPI_THREAD_FUNNELED}: only the thread that initialised MPI calls it. */
  static final int THREAD_FUNNELED = 1;
  /** Open MPI's {@code MPI_Status} is 24 bytes; room for any implementation's. */
  static final long STATUS_BYTES = 64;
  static final long STATUS_SOURCE_OFFSET = 0;
  static final long STATUS_TAG_OFFSET = 4;

  final MemorySegment commWorld;
  final MemorySegment commNull;
  final MemorySegment requestNull;
  final Map<Datatype, MemorySegment> datatypes = new EnumMap<>(Datatype.class);
  final Map<ReduceOp, MemorySegment> ops = new EnumMap<>(ReduceOp.class);
  final String path;

  final MethodHandle initThread;
  final MethodHandle finalizeMpi;
  final MethodHandle finalized;
  final MethodHandle abort;
  final MethodHandle commRank;
  final MethodHandle commSize;
  final MethodHandle commSplit;
  final MethodHandle commFree;
  final MethodHandle bcast;
  final MethodHandle ibcast;
  final MethodHandle send;
  final MethodHandle recv;
  final MethodHandle isend;
  final MethodHandle irecv;
  final MethodHandle test;
  final MethodHandle waitRequest;
  final MethodHandle getCount;
  final MethodHandle allreduce;
  final MethodHandle barrier;
  final MethodHandle errorString;
  final MethodHandle libraryVersion;
  final MethodHandle wtime;

  private MpiLibrary(SymbolLookup lookup, String path) {
    this.path = path;
    Linker linker = Linker.nativeLinker();
    this.commWorld = global(lookup, "ompi_mpi_comm_world");
    this.commNull = global(lookup, "ompi_mpi_comm_null");
    this.requestNull = global(lookup, "ompi_request_null");
    for (Datatype type : Datatype.values()) {
      datatypes.put(type, global(lookup, type.symbol()));
    }
    for (ReduceOp op : ReduceOp.values()) {
      ops.put(op, global(lookup, op.symbol()));
    }
    // int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
    initThread = function(linker, lookup, "MPI_Init_thread", JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS);
    finalizeMpi = function(linker, lookup, "MPI_Finalize", JAVA_INT);
    finalized = function(linker, lookup, "MPI_Finalized", JAVA_INT, ADDRESS);
    abort = function(linker, lookup, "MPI_Abort", JAVA_INT, ADDRESS, JAVA_INT);
    commRank = function(linker, lookup, "MPI_Comm_rank", JAVA_INT, ADDRESS, ADDRESS);
    commSize = function(linker, lookup, "MPI_Comm_size", JAVA_INT, ADDRESS, ADDRESS);
    // int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
    commSplit = function(linker, lookup, "MPI_Comm_split", JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS);
    commFree = function(linker, lookup, "MPI_Comm_free", JAVA_INT, ADDRESS);
    // int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
    bcast = function(linker, lookup, "MPI_Bcast", JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS);
    ibcast = function(linker, lookup, "MPI_Ibcast", JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS,
        ADDRESS);
    // int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
    send = function(linker, lookup, "MPI_Send", JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS);
    // int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *st)
    recv = function(linker, lookup, "MPI_Recv", JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS,
        ADDRESS);
    isend = function(linker, lookup, "MPI_Isend", JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT,
        ADDRESS, ADDRESS);
    irecv = function(linker, lookup, "MPI_Irecv", JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT,
        ADDRESS, ADDRESS);
    // int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
    test = function(linker, lookup, "MPI_Test", JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
    waitRequest = function(linker, lookup, "MPI_Wait", JAVA_INT, ADDRESS, ADDRESS);
    getCount = function(linker, lookup, "MPI_Get_count", JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
    // int MPI_Allreduce(const void *send, void *recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
    allreduce = function(linker, lookup, "MPI_Allreduce", JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS,
        ADDRESS);
    barrier = function(linker, lookup, "MPI_Barrier", JAVA_INT, ADDRESS);
    errorString = function(linker, lookup, "MPI_Error_string", JAVA_INT, JAVA_INT, ADDRESS, ADDRESS);
    libraryVersion = function(linker, lookup, "MPI_Get_library_version", JAVA_INT, ADDRESS, ADDRESS);
    wtime = function(linker, lookup, "MPI_Wtime", JAVA_DOUBLE);
  }

  /**
   * Loads Open MPI once per process.
   *
   * @throws MpiUnavailableException saying what is missing or why the library found is not used
   */
  static MpiLibrary load() {
    TransportEnvironment.quietTransportSignalHandlers();
    String override = System.getProperty(LIBRARY_PROPERTY);
    String name = override != null && !override.isBlank() ? override : OPEN_MPI;
    SymbolLookup lookup;
    try {
      lookup = SymbolLookup.libraryLookup(name, Arena.global());
    } catch (IllegalArgumentException e) {
      throw new MpiUnavailableException(missingMessage(name), e);
    }
    if (lookup.find("ompi_mpi_comm_world").isEmpty()) {
      throw new MpiUnavailableException(name + " exports no ompi_mpi_comm_world, so it is not Open MPI. Tropic"
          + " binds Open MPI's ABI, where handles are addresses of exported globals; MPICH-family libraries use"
          + " integer handles and are not supported. Install Open MPI (Debian/Ubuntu: apt-get install openmpi-bin"
          + " libopenmpi-dev) and run under its mpirun.");
    }
    return new MpiLibrary(lookup, name);
  }

  private static String missingMessage(String name) {
    String message = "cannot load the MPI library " + name + ": distributed runs need Open MPI (Debian/Ubuntu:"
        + " apt-get install openmpi-bin libopenmpi-dev; Fedora: dnf install openmpi; or -D" + LIBRARY_PROPERTY
        + "=/path/to/libmpi.so.40)";
    if (!name.equals(OPEN_MPI)) {
      return message;
    }
    try {
      SymbolLookup.libraryLookup(MPICH, Arena.ofAuto());
      return message + ". MPICH (" + MPICH + ") is installed, but its integer handles are a different ABI that"
          + " Tropic does not bind: install Open MPI beside it and start the job with Open MPI's mpirun.";
    } catch (IllegalArgumentException e) {
      return message + ".";
    }
  }

  private static MemorySegment global(SymbolLookup lookup, String symbol) {
    return lookup.find(symbol).orElseThrow(() -> new MpiUnavailableException(
        "the MPI library lacks the Open MPI global " + symbol + "; is it a supported Open MPI (3.x to 5.x)?"));
  }

  private static MethodHandle function(Linker linker, SymbolLookup lookup, String name,
      java.lang.foreign.MemoryLayout result, java.lang.foreign.MemoryLayout... arguments) {
    MemorySegment address = lookup.find(name).orElseThrow(() -> new MpiUnavailableException(
        "the MPI library lacks " + name + "; Tropic needs an MPI-3 library (Open MPI 3.x to 5.x)"));
    return linker.downcallHandle(address, FunctionDescriptor.of(result, arguments));
  }
}
