package org.tropic.mpi;

/** An MPI call returned an error code; the message names the call and quotes MPI's own explanation. */
public final class MpiException extends RuntimeException {
  private final int errorCode;

  public MpiException(String call, int errorCode, String mpiMessage) {
    super(call + " failed with MPI error " + errorCode + ": " + mpiMessage);
    this.errorCode = errorCode;
  }

  /** The MPI error code the call returned. */
  public int errorCode() {
    return errorCode;
  }
}
