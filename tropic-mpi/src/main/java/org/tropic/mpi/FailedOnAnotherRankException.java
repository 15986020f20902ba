package org.tropic.mpi;

/**
 * This rank did its part, but the ranks agreed that another one failed and reports it: the job must end without
 * this rank printing the same message again ({@link Mpi#abort(Throwable, int)} stays quiet for it).
 */
public final class FailedOnAnotherRankException extends RuntimeException {

  /**
   * @param rank the rank that reports the failure
   */
  public FailedOnAnotherRankException(int rank) {
    super("rank " + rank + " failed and reports why");
  }
}
