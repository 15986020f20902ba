package org.tropic.mpi;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Skips MPI tests, with the reason, where Open MPI or its {@code mpirun} is not installed. */
public final class MpiAvailability {
  private static final String[] LIBRARY_DIRECTORIES = {
      "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib",
      "/usr/lib64/openmpi/lib", "/opt/openmpi/lib"};

  private MpiAvailability() {}

  /** Skips unless {@code libmpi.so.40} can be found. */
  public static void assumeOpenMpi() {
    assumeTrue(openMpiLibrary().isPresent(), "Open MPI (libmpi.so.40) is not installed: apt-get install"
        + " openmpi-bin libopenmpi-dev to run the MPI tests");
  }

  /** The {@code mpirun} on the PATH, or skips the test saying it is missing. */
  public static Path assumeMpirun() {
    assumeOpenMpi();
    Optional<Path> mpirun = onPath("mpirun");
    assumeTrue(mpirun.isPresent(), "mpirun is not on the PATH: apt-get install openmpi-bin to run the multi-rank"
        + " MPI tests");
    return mpirun.get();
  }

  static Optional<Path> openMpiLibrary() {
    String ld = System.getenv().getOrDefault("LD_LIBRARY_PATH", "");
    for (String directory : (ld + ":" + String.join(":", LIBRARY_DIRECTORIES)).split(":")) {
      if (!directory.isEmpty()) {
        Path candidate = Path.of(directory, MpiLibrary.OPEN_MPI);
        if (Files.exists(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  static Optional<Path> onPath(String program) {
    for (String directory : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!directory.isEmpty()) {
        Path candidate = Path.of(directory, program);
        if (Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }
}
