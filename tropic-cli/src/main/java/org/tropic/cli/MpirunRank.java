package org.tropic.cli;

import org.tropic.mpi.Mpi;

/**
 * Which rank of an {@code mpirun} job this process is, read from Open MPI's environment before MPI starts. Under
 * {@code mpirun -np P} every rank parses the same arguments and checks the same options, so a usage error found
 * before MPI starts would be printed P times; ranks other than 0 keep quiet about those and exit with the same code.
 * Once MPI has started, failures are a rank's own and every rank reports its own ({@link Mpi#abort}).
 */
public final class MpirunRank {
  private MpirunRank() {}

  /** This process's rank in its job, 0 outside {@code mpirun}. */
  public static int rank() {
    return environmentInt("OMPI_COMM_WORLD_RANK", 0);
  }

  /** The ranks of this process's job, 1 outside {@code mpirun}. */
  public static int ranks() {
    return Math.max(1, environmentInt("OMPI_COMM_WORLD_SIZE", 1));
  }

  /** The ranks of this process's job on this node, 1 outside {@code mpirun}. */
  public static int ranksOnThisNode() {
    return Math.max(1, environmentInt("OMPI_COMM_WORLD_LOCAL_SIZE", 1));
  }

  /** Whether an error found now would only repeat what rank 0 prints: a rank other than 0, before MPI started. */
  static boolean repeatsRankZero() {
    return rank() != 0 && !Mpi.started();
  }

  /**
   * Holds a quiet rank's failing exit until rank 0 has reported: mpirun ends the whole job at the first rank that
   * exits non-zero, so a quiet rank leaving first would silence rank 0's message too. Rank 0's own exit ends this
   * process; if it never comes (rank 0 found nothing wrong), this one exits after {@code seconds}.
   */
  static void awaitRankZerosReport(int seconds) {
    try {
      Thread.sleep(seconds * 1000L);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static int environmentInt(String name, int otherwise) {
    String value = System.getenv(name);
    try {
      return value == null ? otherwise : Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }
}
