package org.tropic.mpi;

/**
 * MPI cannot be used in this process: the library is missing, is not Open MPI, or refused to start. The message
 * says what was looked for and how to install it; nothing else in Tropic needs MPI, so callers report this and
 * carry on without distributed runs.
 */
public final class MpiUnavailableException extends RuntimeException {

  public MpiUnavailableException(String message) {
    super(message);
  }

  public MpiUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
