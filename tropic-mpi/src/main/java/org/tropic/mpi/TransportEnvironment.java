package org.tropic.mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;

/**
 * Sets the process environment, through libc's {@code setenv}, so that MPI's transport libraries leave the JVM's
 * signal handlers alone. {@link System#getenv()} is a snapshot taken at start-up and cannot be changed from Java;
 * native libraries read the real environment, which is why this goes through libc.
 */
final class TransportEnvironment {
  /** Each pair: a variable and the value that stops one transport from installing a SIGSEGV/SIGBUS handler. */
  private static final String[][] QUIET = {
      {"UCX_ERROR_SIGNALS", ""},
      {"IPATH_NO_BACKTRACE", "1"},
      {"HFI_NO_BACKTRACE", "1"},
  };

  private TransportEnvironment() {}

  static void quietTransportSignalHandlers() {
    Linker linker = Linker.nativeLinker();
    MethodHandle setenv = linker.downcallHandle(
        linker.defaultLookup().find("setenv").orElseThrow(
            () -> new MpiUnavailableException("libc's setenv is not available to the JVM")),
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    try (Arena arena = Arena.ofConfined()) {
      for (String[] pair : QUIET) {
        int rc = (int) setenv.invokeExact(arena.allocateFrom(pair[0]), arena.allocateFrom(pair[1]), 1);
        if (rc != 0) {
          throw new MpiUnavailableException("setenv(" + pair[0] + ") failed before loading MPI");
        }
      }
    } catch (MpiUnavailableException e) {
      throw e;
    } catch (Throwable e) {
      throw new MpiUnavailableException("cannot set the transport environment before loading MPI: " + e, e);
    }
  }
}
