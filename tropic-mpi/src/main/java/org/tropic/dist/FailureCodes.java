package org.tropic.dist;

import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import org.tropic.apsp.MemoryBudgetException;
import org.tropic.io.GraphInputException;
import org.tropic.io.NpyFormatException;
import org.tropic.io.OutputLocationException;

/**
 * The exit status a failed distributed job ends with, passed to {@code MPI_Abort} (mpirun exits with it): the
 * same as a single-node {@code tropic apsp} for the same failure, 2 for bad input or usage (a missing or
 * malformed graph, a grid that does not match {@code -np}, too big for the ranks' heaps), 1 for anything else.
 */
final class FailureCodes {
  static final int FAILED = 1;
  static final int BAD_INPUT = 2;

  private FailureCodes() {}

  static int of(Throwable failure) {
    Throwable cause = failure instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : failure;
    boolean badInput = cause instanceof IllegalArgumentException || cause instanceof GraphInputException
        || cause instanceof MemoryBudgetException || cause instanceof NoSuchFileException
        || cause instanceof NpyFormatException || cause instanceof OutputLocationException;
    return badInput ? BAD_INPUT : FAILED;
  }
}
